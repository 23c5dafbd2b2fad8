"""General fixes from blind round 2: typos, capability questions, 'who can I pay', counts, currencies."""

from __future__ import annotations

from typing import Any

import pytest
from tests.understand.conftest import run


@pytest.mark.parametrize(
    ("text", "intent", "action"),
    [
        ("whats my blance", "balance_inquiry", "execute"),
        ("chek my balence", "balance_inquiry", "execute"),
        ("who are my payes", "recipient_lookup", "execute"),
        ("show my transactoins", "recent_transactions", "execute"),
        ("unlcok my credit card", "card_unlock", "confirm"),
    ],
)
def test_keyboard_typos_of_command_words(runner: Any, text: str, intent: str, action: str) -> None:
    """A command keyword typed with one slip still names the command."""
    result = run(runner, text)
    assert (result.intent.value, result.action.value) == (intent, action)


def test_typo_in_card_type_and_biller_alias(runner: Any) -> None:
    """'debti' is still the debit card and 'electirc' still the electric biller."""
    assert run(runner, "lock my debti card").entities.card_id == "k_101"
    assert run(runner, "pay my electirc bill").entities.biller_id == "b_101"


@pytest.mark.parametrize(
    "text",
    [
        "can i send money to someone abroad",
        "can i transfer money to another bank",
        "is it possible to send money overseas",
        "can i send money internationally",
    ],
)
def test_capability_questions_with_no_one_in_particular_are_qna(runner: Any, text: str) -> None:
    """'Can I send money abroad' asks how, it is not a transfer to 'someone abroad'."""
    assert run(runner, text).intent.value == "qna"


def test_a_polite_question_to_a_payee_stays_a_transfer(runner: Any) -> None:
    """'Can I send money to David Lee' names a payee: a transfer that asks for the amount."""
    result = run(runner, "can i send money to david lee")
    assert (result.intent.value, result.action.value) == ("transfer_money", "ask_slot")
    assert result.entities.recipient_id == "p_104"


@pytest.mark.parametrize(
    ("text", "customer"),
    [
        ("who can i send money to", "c_002"),
        ("show me everyone i can send money to", "c_002"),
        ("誰に送金できる？", "c_001"),
        ("送金できる相手を教えて", "c_001"),
    ],
)
def test_asking_who_can_be_paid_lists_payees(runner: Any, text: str, customer: str) -> None:
    """When the recipient is the question itself, the customer wants the payee list."""
    assert run(runner, text, customer).intent.value == "recipient_lookup"


@pytest.mark.parametrize(
    ("text", "count"),
    [
        ("list my 4 most recent transactions", 4),
        ("show my 3 latest purchases", 3),
        ("show me 10 recent transactions", 10),
    ],
)
def test_count_before_most_recent(runner: Any, text: str, count: int) -> None:
    """'N most recent transactions' carries the count like 'last N transactions'."""
    assert run(runner, text).entities.count == count


def test_how_many_of_a_currency_is_a_balance_of_that_account(runner: Any) -> None:
    """'How many dollars do I have' asks the balance of the dollar account."""
    result = run(runner, "how many dollars do I have", "c_001")
    assert (result.intent.value, result.entities.account_id) == ("balance_inquiry", "a_002")


def test_how_much_do_i_have_to_pay_is_not_a_balance(runner: Any) -> None:
    """'How much do I have to pay to send a wire' is a fee question."""
    assert run(runner, "how much do i have to pay to send a wire").intent.value == "qna"


def test_short_weekday_sets_the_transfer_date(runner: Any) -> None:
    """'next wed' schedules the transfer for Wednesday of next week."""
    result = run(runner, "send 50 dollars to david lee next wed")
    assert result.entities.execute_on.isoformat() == "2026-11-25"
