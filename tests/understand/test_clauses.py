"""A payment already made in one clause, a new request in the next (`teller.understand.clauses`)."""

from __future__ import annotations

import pytest

from teller.understand.clauses import new_request_after_payment, request_marker


@pytest.mark.parametrize(
    "text",
    [
        "i already paid the gas bill, please pay the water bill too",
        "i sent maria 30 dollars yesterday and i need to send her another 20",
        "ガス代はもう払ったから、水道代も払ってください",
        "先週鈴木さんに振り込んだけど、もう5000円送りたい",
    ],
)
def test_a_new_request_after_a_payment_made_starts_where_its_clause_starts(text: str) -> None:
    """The boundary falls after the story, before the new request (which holds the command's words)."""
    at = new_request_after_payment(text)
    assert at is not None
    assert 0 < at < len(text)
    assert request_marker(text)[0].start == at


@pytest.mark.parametrize(
    "text",
    [
        "i sent david 40 dollars by mistake yesterday, can i get it back",  # about the payment made
        "間違えて佐藤さんに振り込んでしまったので、取り消したい",
        "i just paid my electric bill",  # nothing asked after it
        "send 50 dollars to david lee",  # no payment told about
        "i paid my rent, why is my balance so low",  # a question, not a request
    ],
)
def test_no_new_request_when_the_rest_is_about_the_payment_made_or_there_is_no_story(text: str) -> None:
    """No boundary: the payment-made rule keeps the turn from becoming a new payment."""
    assert new_request_after_payment(text) is None
    assert request_marker(text) == ()
