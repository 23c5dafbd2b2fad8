"""Issue 9, round 47 (phrasings written before the code; the lead's own, after blind rounds 66-67's
development failures): あした said as a clause of its own is the day, not a story told in the past (it ends
in た); text typed in half-width katakana (ｽｽﾞｷｻﾝﾆ…ｵｸｯﾃ) is read as the kana it is; "bal?" alone asks for
the balance."""

from __future__ import annotations

from typing import Any

import pytest
from tests.understand.conftest import run


@pytest.mark.parametrize(
    ("text", "day"),
    [
        ("あした、佐藤健太さんに3000円送って", "2026-11-22"),
        ("あした、東京ガスの請求払っといて", "2026-11-22"),
        ("えっと、あした、鈴木一郎さんに5000円お願い", "2026-11-22"),
    ],
)
def test_ashita_as_a_clause_of_its_own_is_the_day(runner: Any, text: str, day: str) -> None:
    result = run(runner, text, "c_001")
    assert result.action.value == "confirm"
    assert str(result.entities.execute_on) == day


@pytest.mark.parametrize(
    ("text", "intent", "key", "value"),
    [
        ("ｽｽﾞｷｲﾁﾛｳｻﾝﾆ5000ｴﾝｵｸｯﾃ", "transfer_money", "recipient_id", "p_004"),
        ("ｻﾄｳｹﾝﾀｻﾝﾆ3000ｴﾝﾌﾘｺﾝﾃﾞ", "transfer_money", "recipient_id", "p_003"),
        ("ｸﾚｶﾛｯｸｼﾃ", "card_lock", "card_id", "k_002"),
    ],
)
def test_half_width_katakana_is_read_as_kana(
    runner: Any, text: str, intent: str, key: str, value: str
) -> None:
    result = run(runner, text, "c_001")
    assert result.intent.value == intent
    assert result.action.value in ("confirm", "execute")
    assert getattr(result.entities, key) == value


@pytest.mark.parametrize("text", ["bal?", "bal pls", "chk bal"])
def test_bal_alone_asks_for_the_balance(runner: Any, text: str) -> None:
    result = run(runner, text, "c_002")
    assert result.intent.value == "balance_inquiry"
    assert result.action.value == "execute"
