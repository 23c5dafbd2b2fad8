"""Issue 9, round 43 (phrasings written before the code; the lead's own, after blind round 25's kinds): an
order said first keeps its force when a question or another ask follows it, after a comma, a dash or
"and then" ("send maria $25 — when will she get it?", "lock my debit card and then tell me my balance");
a question first is still a question."""

from __future__ import annotations

from typing import Any

import pytest
from tests.understand.conftest import run


@pytest.mark.parametrize(
    ("text", "customer", "intent", "action", "key", "value"),
    [
        (
            "send Maria Garcia $25 — when will she get it?",
            "c_002", "transfer_money", "confirm", "recipient_id", "p_101",
        ),
        (
            "pay the xfinity bill - is there a fee for paying today?",
            "c_002", "bill_payment", "confirm", "biller_id", "b_103",
        ),
        (
            "lock my debit card and then tell me my balance",
            "c_002", "card_lock", "execute", "card_id", "k_101",
        ),
        (
            "lock my credit card — I left it at the restaurant — and how long does a new one take?",
            "c_001", "card_lock", "execute", "card_id", "k_002",
        ),
    ],
)  # fmt: skip
def test_an_order_first_keeps_its_force(
    runner: Any, text: str, customer: str, intent: str, action: str, key: str, value: str
) -> None:
    result = run(runner, text, customer)
    assert result.intent.value == intent
    assert result.action.value == action
    assert getattr(result.entities, key) == value


@pytest.mark.parametrize(
    "text",
    [
        "how do I send money to maria — is there a fee?",
        "can I lock my card and how long does it take?",
        "what happens if I pay the xfinity bill late - is there a fee?",
    ],
)
def test_a_question_first_is_still_a_question(runner: Any, text: str) -> None:
    assert run(runner, text, "c_002").action.value not in ("execute", "confirm")
