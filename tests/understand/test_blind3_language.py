"""General fixes from blind round 3: questions about when a service runs are QnA, commands stay commands."""

from __future__ import annotations

from typing import Any

import pytest
from tests.understand.conftest import run


@pytest.mark.parametrize(
    ("text", "customer"),
    [
        ("can i transfer money on weekends", "c_002"),
        ("can i send money at night", "c_002"),
        ("do transfers go through on holidays", "c_002"),
        ("is it possible to wire money after hours", "c_002"),
        ("休日でも送金できる？", "c_001"),
    ],
)
def test_questions_about_when_a_service_runs_are_qna(runner: Any, text: str, customer: str) -> None:
    """A timing question with no amount and no payee is answered, not started as a transfer."""
    result = run(runner, text, customer)
    assert (result.intent.value, result.action.value) == ("qna", "answer")


def test_the_same_words_with_an_amount_and_payee_stay_a_command(runner: Any) -> None:
    """'can you transfer 50 dollars to david lee' is a request, so it is confirmed, not answered."""
    result = run(runner, "can you transfer 50 dollars to david lee")
    assert (result.intent.value, result.action.value) == ("transfer_money", "confirm")
    assert result.entities.recipient_id == "p_104"


def test_a_weekend_date_on_a_command_is_not_a_question(runner: Any) -> None:
    """'send 50 dollars to david lee on the weekend' is still a transfer awaiting confirmation."""
    result = run(runner, "send 50 dollars to david lee on the weekend")
    assert (result.intent.value, result.action.value) == ("transfer_money", "confirm")
