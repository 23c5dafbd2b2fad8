"""Issue 9, round 38 (phrasings written before the code; the lead's own, after blind round 59's kinds): a
loan's balance, a wallet's balance and a balance on a day to come are none of the customer's accounts'
balances now, and are asked about, never read out as the account's."""

from __future__ import annotations

from typing import Any

import pytest
from tests.understand.conftest import acts, run


@pytest.mark.parametrize(
    ("text", "customer"),
    [
        ("how much do I still owe on my student loan", "c_002"),
        ("what's left to pay on the mortgage", "c_002"),
        ("ローンの残りっていくら？", "c_001"),
        ("奨学金の残高を教えて", "c_001"),
    ],
)
def test_a_loans_balance_is_no_accounts_balance(runner: Any, text: str, customer: str) -> None:
    assert not acts(run(runner, text, customer))


@pytest.mark.parametrize(
    ("text", "customer"),
    [
        ("what's the balance in my cash app", "c_002"),
        ("how much money is sitting in paypal", "c_002"),
        ("メルペイにいくらある？", "c_001"),
        ("楽天ペイの残高見せて", "c_001"),
    ],
)
def test_a_wallets_balance_is_no_accounts_balance(runner: Any, text: str, customer: str) -> None:
    assert not acts(run(runner, text, customer))


@pytest.mark.parametrize(
    ("text", "customer"),
    [
        ("what will my checking balance be on the 1st", "c_002"),
        ("how much will I have left after payday", "c_002"),
        ("月末の残高はどうなりそう？", "c_001"),
        ("来月の残高を予想して", "c_001"),
    ],
)
def test_a_balance_on_a_day_to_come_is_asked_about(runner: Any, text: str, customer: str) -> None:
    assert not acts(run(runner, text, customer))


@pytest.mark.parametrize(
    ("text", "customer"),
    [
        ("how much did I send through venmo last week", "c_002"),
        ("what's my checking balance right now", "c_002"),
        ("今の残高いくら？", "c_001"),
    ],
)
def test_the_accounts_own_reads_still_read(runner: Any, text: str, customer: str) -> None:
    assert run(runner, text, customer).action.value == "execute"
