"""A condition on an event around a command (`understand/conditions.py`): its own clause, said as when."""

from __future__ import annotations

from typing import Any

import pytest
from tests.understand.conftest import acts, run

from teller.normalize.text import fold
from teller.understand.conditions import condition_spans, without_conditions
from teller.understand.forms import utterance_form


@pytest.mark.parametrize(
    ("text", "clause"),
    [
        ("pay the xfinity bill as soon as my refund lands", "as soon as my refund lands"),
        ("when my refund arrives pay the con ed bill", "when my refund arrives"),
        ("once the refund clears, send maria $40", "once the refund clears"),
        ("返金が入り次第、電気代を払って", "返金が入り次第"),
        ("返金されたら佐藤さんに送って", "返金されたら"),
    ],
)
def test_the_condition_clause_is_found(text: str, clause: str) -> None:
    """The marker, its subject and verb, up to a break or the command's verb with its object."""
    folded = fold(text)
    assert [folded[s:e].strip() for s, e in condition_spans(folded)] == [clause]


def test_a_question_inside_a_condition_is_one_clause() -> None:
    """'if i freeze my card can i still use apple pay': 'pay' has no object, the clause runs on."""
    folded = "if i freeze my debit card can i still use apple pay"
    assert without_conditions(folded).strip() == ""
    assert utterance_form(folded) == "question"


def test_a_command_after_a_when_clause_is_a_request() -> None:
    """'when my paycheck comes in, send david $20' orders something; it does not ask when."""
    assert utterance_form("when my paycheck comes in, send david $20") == "request"
    assert utterance_form("when will my paycheck come in") == "question"


@pytest.mark.parametrize(
    ("text", "customer", "intent"),
    [
        ("transfer $60 to david lee as soon as the refund from delta comes in", "c_002", "transfer_money"),
        ("when my refund shows up pay the verizon bill", "c_002", "bill_payment"),
        ("返金が届いたらガス代を払って", "c_001", "bill_payment"),
    ],
)
def test_a_refund_as_the_condition_is_no_problem_report(
    runner: Any, text: str, customer: str, intent: str
) -> None:
    """The command is understood and holds on its condition; it is not answered as a refund problem."""
    r = run(runner, text, customer)
    assert r.intent.value == intent and not acts(r)
