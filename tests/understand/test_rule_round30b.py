"""Issue 9, round 30 (second part; these phrasings were written after the code, from blind round 48's
development part, and are new wordings of its two rules): a reminder asked with a time between "remind me"
and what to do is a reminder, never the payment; when money moves, asked of a payment in general, is a
question."""

from __future__ import annotations

from typing import Any

import pytest
from tests.understand.conftest import acts, run


@pytest.mark.parametrize(
    "text",
    [
        "remind me next Tuesday to send david lee 50 dollars",
        "can you remind me at 6pm tonight about the con ed bill",
        "remind us on the 1st that rent is due",
    ],
)
def test_a_reminder_with_a_time_is_no_payment(runner: Any, text: str) -> None:
    result = run(runner, text, "c_002")
    assert not acts(result), (result.intent.value, result.action.value)


@pytest.mark.parametrize(
    "text",
    [
        "if I set up a payment for Christmas day, when would it actually go out?",
        "when would the transfer reach her if I send it tonight",
        "if i pay verizon on a sunday when does it post",
    ],
)
def test_when_money_moves_asked_in_general_is_a_question(runner: Any, text: str) -> None:
    result = run(runner, text, "c_002")
    assert result.intent.value == "qna", (result.intent.value, result.action.value)


def test_a_dated_order_still_acts_with_its_date(runner: Any) -> None:
    result = run(runner, "send maria $30 on friday, when will she get it?", "c_002")
    assert result.intent.value == "transfer_money"
    assert result.action.value == "confirm"
    assert result.entities.execute_on is not None


@pytest.mark.parametrize(
    ("text", "customer"),
    [
        ("send maria $20 today", "c_002"),
        ("pay the water bill tonight", "c_002"),
        ("今日中に中村さくらさんに3000円送って", "c_001"),
    ],
)
def test_a_payment_dated_today_is_made_now(runner: Any, text: str, customer: str) -> None:
    """The contract's `execute_on` is null for now; a payment dated today is made now (`value_day`), so the
    proposal says now, as for a payment with no day."""
    result = run(runner, text, customer)
    assert result.action.value == "confirm", (result.intent.value, result.reason)
    assert result.entities.execute_on is None
