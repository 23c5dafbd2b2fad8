"""Issue 9, round 24 (phrasings written before the code): a money verb in the past tense with a recall ending
(〜たっけ, 〜たよね, 〜たかな, 〜たんだっけ) asks whether money moved; it never moves money again, while an order in
another clause still acts."""

from __future__ import annotations

from typing import Any

import pytest
from tests.understand.conftest import acts, run


@pytest.mark.parametrize(
    "text",
    [
        "伊藤翔さんに3000円送ったっけ",
        "高橋さんに2000円もう返したっけ？",
        "渡辺直美さんに5000円渡したよね",
        "先週山本さんに1万円送ったんだっけ",
        "中村さくらさんに送金、もうしたっけ",
        "小林さんに3000円送ったかな",
        "鈴木一郎さんに1500円振り込んだよね？",
    ],
)
def test_a_past_money_verb_asked_back_to_memory_moves_nothing(runner: Any, text: str) -> None:
    result = run(runner, text, "c_001")
    assert not acts(result), (result.intent.value, result.action.value)


@pytest.mark.parametrize(
    ("text", "payee", "amount"),
    [
        ("鈴木一郎さんに送ったっけ。まあいいや、2000円送って", "p_004", 2000),
        ("伊藤翔さんに送ったかな、わからないから念のため3000円送っておいて", "p_006", 3000),
    ],
)
def test_an_order_beside_the_recall_still_acts(runner: Any, text: str, payee: str, amount: int) -> None:
    result = run(runner, text, "c_001")
    assert (result.action.value, result.entities.recipient_id, result.entities.amount_minor) == (
        "confirm",
        payee,
        amount,
    ), result.reason
