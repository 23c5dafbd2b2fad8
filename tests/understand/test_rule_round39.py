"""Issue 9, round 39 (phrasings written before the code; the lead's own, from the development leftovers): a
bare number is a count of transactions only where "last"/"latest" stands right before it or a word for
transactions right after it, never because the sentence ends with "last" ("send 50 to whoever I paid
last": 50 is the amount); money paid to a person named by the customer's history is a transfer, as to a
person named ("pay 50 to whoever I paid last")."""

from __future__ import annotations

from typing import Any

import pytest
from tests.understand.conftest import run


@pytest.mark.parametrize(
    "text",
    [
        "send 50 to whoever I paid last",
        "transfer 50 to the person I sent money to last",
        "can you send 50 to the same guy I paid last",
    ],
)
def test_a_bare_number_before_a_payee_paid_last_is_the_amount(runner: Any, text: str) -> None:
    result = run(runner, text, "c_002")
    assert result.intent.value == "transfer_money"
    assert result.action.value == "confirm"
    assert result.entities.amount_minor == 5000
    assert result.entities.recipient_id == "p_101"


@pytest.mark.parametrize(
    "text",
    [
        "pay 50 to whoever I paid last",
        "pay the person I paid last 50 dollars",
    ],
)
def test_paying_a_person_named_by_the_history_is_a_transfer(runner: Any, text: str) -> None:
    result = run(runner, text, "c_002")
    assert result.intent.value == "transfer_money"
    assert result.action.value == "confirm"
    assert result.entities.amount_minor == 5000
    assert result.entities.recipient_id == "p_101"


@pytest.mark.parametrize(
    ("text", "count"),
    [
        ("show me my last 3", 3),
        ("what were the 4 transactions I made last", 4),
    ],
)
def test_a_number_after_last_or_before_transactions_still_counts(runner: Any, text: str, count: int) -> None:
    result = run(runner, text, "c_002")
    assert result.intent.value == "recent_transactions"
    assert result.action.value == "execute"
    assert result.entities.amount_minor is None
