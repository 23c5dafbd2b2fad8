"""Which account the words name (`understand/accounts.py`): own, kept elsewhere, or a past balance."""

from __future__ import annotations

from typing import Any

import pytest
from tests.understand.conftest import acts, run


@pytest.mark.parametrize(
    ("text", "customer"),
    [
        ("what's the balance on my venmo account", "c_002"),
        ("list the transactions on my discover account", "c_002"),
        ("how much is in my account at citibank", "c_002"),
        ("what's my cash app balance", "c_002"),
        ("三井住友の口座の残高はいくら", "c_001"),
        ("LINE Payの残高を教えて", "c_001"),
    ],
)
def test_a_read_of_an_account_kept_elsewhere_asks_which_of_theirs(
    runner: Any, text: str, customer: str
) -> None:
    """A balance or a history of another bank's, a wallet's or a company's account lists the customer's."""
    r = run(runner, text, customer)
    assert r.action.value == "clarify" and r.reason.value == "unknown_account"
    assert {c.kind for c in r.candidates} == {"account"} and len(r.candidates) == 2


@pytest.mark.parametrize(
    ("text", "customer"),
    [
        ("send 30 dollars to sarah johnson from my wells fargo account", "c_002"),
        ("pay the verizon bill from my cash app", "c_002"),
        ("みずほの口座から鈴木一郎さんに2万円送金して", "c_001"),
    ],
)
def test_money_from_an_account_kept_elsewhere_is_not_proposed(runner: Any, text: str, customer: str) -> None:
    """A payment whose source is none of the customer's accounts asks, never proposes from another."""
    r = run(runner, text, customer)
    assert not acts(r) and r.reason.value == "unknown_account"


@pytest.mark.parametrize(
    ("text", "customer", "account"),
    [
        ("what's the balance in my everyday checking account", "c_002", "a_101"),
        ("show the transactions on my high-yield savings account", "c_002", "a_102"),
        ("send 30 dollars to sarah johnson from my savings", "c_002", "a_102"),
        # a sentence's full stop is no part of the account's name (spoken transcripts end with one)
        ("Send $40 to David Lee from my savings.", "c_002", "a_102"),
        ("Pay the water bill from my checking account.", "c_002", "a_101"),
        ("米ドルの口座の残高を見せて", "c_001", "a_002"),
        ("末尾4056の口座の残高", "c_001", "a_001"),
    ],
)
def test_the_customers_own_accounts_still_act(runner: Any, text: str, customer: str, account: str) -> None:
    """Own accounts by type, label, currency or last digits are read or paid from as before."""
    r = run(runner, text, customer)
    assert acts(r) and r.entities.account_id == account


def test_money_to_an_account_at_another_bank_is_the_payees(runner: Any) -> None:
    """佐藤さんの…口座に: the payee's account receives; the customer's is not named."""
    r = run(runner, "佐藤健さんのみずほ銀行の口座に5000円振り込んで", "c_001")
    assert r.action.value == "confirm" and r.entities.recipient_id == "p_001"


@pytest.mark.parametrize(
    ("text", "customer"),
    [
        ("what did my savings balance look like last week", "c_002"),
        ("what was my checking balance two months ago", "c_002"),
        ("3ヶ月前の残高はいくらでしたか", "c_001"),
        ("昨日の残高を教えて", "c_001"),
    ],
)
def test_a_balance_at_a_past_time_asks_and_keeps_the_intent(runner: Any, text: str, customer: str) -> None:
    """Only today's balance can be read: a past one is asked about, still a balance inquiry."""
    r = run(runner, text, customer)
    assert r.intent.value == "balance_inquiry" and r.action.value == "clarify"
    assert r.reason.value == "past_balance"


@pytest.mark.parametrize(
    ("text", "customer"),
    [
        ("what is my balance now", "c_002"),
        ("i paid rent last week, what's my checking balance", "c_002"),
        ("先週家賃を払ったから、今の残高を教えて", "c_001"),
    ],
)
def test_todays_balance_with_a_past_clause_beside_it_is_read(runner: Any, text: str, customer: str) -> None:
    """A past time told in another clause, or the balance asked for now, reads today's balance."""
    r = run(runner, text, customer)
    assert r.intent.value == "balance_inquiry" and r.action.value == "execute"
