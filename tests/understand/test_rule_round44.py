"""Issue 9, round 44 (phrasings written before the code; the lead's own, after blind round 65's kinds): when a
turn holds an order and, in another sentence or clause, a question or a story ("send maria 30 and also how
do I raise my limit?", "…so annoying. anyway send david lee 40"), what the other part is about does not
turn the order into a question; what makes an order no order (a repeat, a condition, a test) still counts
wherever it is said."""

from __future__ import annotations

from typing import Any

import pytest
from tests.understand.conftest import run


@pytest.mark.parametrize(
    ("text", "customer", "intent", "action", "key", "value"),
    [
        (
            "send maria garcia 30 and also how do I raise my limit?",
            "c_002", "transfer_money", "confirm", "recipient_id", "p_101",
        ),
        (
            "鈴木一郎さんに1万円振り込んで。あと、限度額ってどうやって上げるの？",
            "c_001", "transfer_money", "confirm", "recipient_id", "p_004",
        ),
        (
            "pay the con ed bill and tell me what's left after",
            "c_002", "bill_payment", "confirm", "biller_id", "b_101",
        ),
        (
            "I got charged twice at Target last week, so annoying. anyway send david lee 40",
            "c_002", "transfer_money", "confirm", "recipient_id", "p_104",
        ),
        (
            "東京ガスの請求払っといて。ところでポイントってどうやって貯まるの？",
            "c_001", "bill_payment", "confirm", "biller_id", "b_002",
        ),
    ],
)  # fmt: skip
def test_the_other_part_does_not_turn_the_order_into_a_question(
    runner: Any, text: str, customer: str, intent: str, action: str, key: str, value: str
) -> None:
    result = run(runner, text, customer)
    assert result.intent.value == intent
    assert result.action.value == action
    assert getattr(result.entities, key) == value


@pytest.mark.parametrize(
    ("text", "customer"),
    [
        (
            "send maria garcia 30 every month and how do I change it later?",
            "c_002",
        ),
        (
            "send maria garcia 30. only if my paycheck came in",
            "c_002",
        ),
        (
            "this is just a test, send maria garcia 30",
            "c_002",
        ),
        (
            "how do I raise my limit? is it hard?",
            "c_002",
        ),
        (
            "鈴木一郎さんに1万円振り込んで。毎月ね",
            "c_001",
        ),
    ],
)
def test_what_makes_an_order_no_order_still_counts_anywhere(runner: Any, text: str, customer: str) -> None:
    assert run(runner, text, customer).action.value not in ("execute", "confirm")


# (written with the code, after a held-out bisection: a payment told as made beside an order in another part
# keeps the turn a question — the order may be about that payment)
@pytest.mark.parametrize(
    ("text", "customer"),
    [
        ("昨日佐藤健太さんに送金しました。もう一回送って", "c_001"),
        ("I sent david lee money yesterday. do it again", "c_002"),
    ],
)
def test_a_payment_told_as_made_beside_an_order_does_not_act(runner: Any, text: str, customer: str) -> None:
    assert run(runner, text, customer).action.value not in ("execute", "confirm")
