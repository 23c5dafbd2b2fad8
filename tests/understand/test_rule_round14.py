"""Issue 9, round 14 (blind round 19's development misses as rules: customers the team did not picture):
chat shorthand ("2" for to, "4" for for), a command word with two letters swapped, a bare scale word
before a currency ("hundred dollar"), which people the customer can pay, asked in learner's English."""

from __future__ import annotations

from datetime import date
from typing import Any

import pytest
from tests.understand.conftest import acts, run


@pytest.mark.parametrize(
    ("text", "payee", "minor"),
    [
        ("send 40 2 david lee", "p_104", 4000),
        ("pls transfer 25 bucks 2 aoife brennan", "p_111", 2500),
        ("send 30 2 catherine wright 4 the pizza", "p_108", 3000),
    ],
)
def test_chat_shorthand_two_is_to(runner: Any, text: str, payee: str, minor: int) -> None:
    result = run(runner, text)
    assert result.action.value == "confirm", result.reason
    assert (result.entities.recipient_id, result.entities.amount_minor) == (payee, minor)


def test_a_two_that_is_a_number_stays_a_number(runner: Any) -> None:
    """ "send 2 dollars to david lee": 2 is the amount, not "to"."""
    result = run(runner, "send 2 dollars to david lee")
    assert (result.action.value, result.entities.amount_minor) == ("confirm", 200)


@pytest.mark.parametrize(
    ("text", "intent"),
    [
        ("whats my blaance", "balance_inquiry"),
        ("balnace pls", "balance_inquiry"),
        ("lokc my debit card", "card_lock"),
    ],
)
def test_a_command_word_with_two_letters_swapped_is_read(runner: Any, text: str, intent: str) -> None:
    assert run(runner, text).intent.value == intent


@pytest.mark.parametrize(
    ("text", "minor"),
    [
        ("i want pay hundred dollar to maria garcia", 10000),
        ("please to send thousand dollar for david lee", 100000),
        ("send hundred bucks to aoife brennan", 10000),
    ],
)
def test_a_bare_scale_word_before_a_currency_is_one_of_it(runner: Any, text: str, minor: int) -> None:
    result = run(runner, text)
    assert (result.intent.value, result.entities.amount_minor) == ("transfer_money", minor)


def test_a_bare_hundred_without_a_currency_is_not_guessed(runner: Any) -> None:
    """ "send maria garcia a few hundred": no amount to propose."""
    assert not acts(run(runner, "send maria garcia a few hundred"))


@pytest.mark.parametrize(
    "text",
    [
        "which people i can send money? give me list",
        "what persons are saved for send money",
        "to whom i can transfer, show the list please",
    ],
)
def test_which_people_the_customer_can_pay_is_the_payee_list(runner: Any, text: str) -> None:
    result = run(runner, text)
    assert (result.intent.value, result.action.value) == ("recipient_lookup", "execute")


@pytest.mark.parametrize(
    ("text", "minor"),
    [
        ("wire twenty-six hundred dollars to david lee", 260000),
        ("send fifteen hundred dollars to maria garcia", 150000),
    ],
)
def test_a_counted_scale_word_keeps_its_count(runner: Any, text: str, minor: int) -> None:
    assert run(runner, text).entities.amount_minor == minor


@pytest.mark.parametrize(
    ("text", "customer", "card"),
    [
        ("please freeze the card that ends in ninety nine twenty", "c_001", "k_002"),
        ("lock my card, the last four are eighty eight thirty", "c_002", "k_101"),
    ],
)
def test_the_last_four_said_as_a_number_names_the_card(
    runner: Any, text: str, customer: str, card: str
) -> None:
    result = run(runner, text, customer)
    assert (result.action.value, result.entities.card_id) == ("execute", card)


def test_last_four_that_fit_no_card_still_ask(runner: Any) -> None:
    assert run(runner, "lock the card ending in forty two", "c_001").action.value == "clarify"


def test_a_two_that_counts_days_is_no_to(runner: Any) -> None:
    """ "2 days from now" is a date of its own, never dropped into "to" (it had been: sent at once)."""
    result = run(runner, "send 50 2 days from now to maria garcia")
    assert (result.action.value, result.entities.execute_on) == ("confirm", date(2026, 11, 23))


def test_a_two_that_counts_times_is_asked(runner: Any) -> None:
    assert not acts(run(runner, "pay david lee 30 2 times"))
