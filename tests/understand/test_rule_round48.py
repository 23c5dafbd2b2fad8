"""Issue 9, round 48 (phrasings written before the code; the lead's own, after blind round 62's kinds): how
many transactions, as a recognizer writes it — "last to/too transactions" is two, "last fore" four; a count
said in kana (さん けん, ごけん) or kanji alone (直近 五件) is the count, and asks for the read."""

from __future__ import annotations

from typing import Any

import pytest
from tests.understand.conftest import run


@pytest.mark.parametrize(
    ("text", "customer", "count"),
    [
        ("show my last to transactions", "c_002", 2),
        ("what were my last too purchases", "c_002", 2),
        ("show me my last fore charges", "c_002", 4),
        ("さいきん の とりひき さん けん みせて", "c_001", 3),
        ("さいごの ごけん の とりひき おしえて", "c_001", 5),
        ("直近 五件 見せて", "c_001", 5),
        ("最近の三件を見せて", "c_001", 3),
    ],
)
def test_a_count_as_a_recognizer_writes_it(runner: Any, text: str, customer: str, count: int) -> None:
    result = run(runner, text, customer)
    assert result.intent.value == "recent_transactions"
    assert result.action.value == "execute"
    assert result.entities.count == count


@pytest.mark.parametrize(
    ("text", "customer"),
    [
        ("send maria garcia the last to payments I owe her", "c_002"),
        ("佐藤健太さんに三件分まとめて送って", "c_001"),
    ],
)
def test_a_count_beside_a_payment_is_no_read(runner: Any, text: str, customer: str) -> None:
    assert run(runner, text, customer).intent.value != "recent_transactions"
