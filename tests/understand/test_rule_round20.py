"""Issue 9, round 20 (blind round 24's development misses as rules: the line between a banking command and
everything near it; phrasings written before the code, none copied from the blind set): a balance of a
store's or another company's card, a transfer of things that are not money, an account named by its
currency code in Japanese, a command followed by a question about it, and "schedule the <biller> payment"."""

from __future__ import annotations

from typing import Any

import pytest
from tests.understand.conftest import acts, run


@pytest.mark.parametrize(
    "text",
    [
        "what's the balance on my target card",
        "how much is left on my amazon card",
        "check my costco card balance",
    ],
)
def test_the_balance_of_a_card_the_bank_did_not_issue_is_not_read(runner: Any, text: str) -> None:
    assert not acts(run(runner, text))


@pytest.mark.parametrize(
    "text",
    [
        "transfer my contacts to my new phone",
        "move my saved games over to the new console",
        "transfer my photos from my old phone",
        "send my playlist to david lee",
    ],
)
def test_a_transfer_of_things_that_are_not_money_is_not_a_payment(runner: Any, text: str) -> None:
    assert not acts(run(runner, text))


def test_moving_money_between_own_accounts_is_still_money(runner: Any) -> None:
    result = run(runner, "transfer my savings to david lee, 50 dollars")
    assert result.intent.value == "transfer_money"


@pytest.mark.parametrize("text", ["JPY口座の残高を教えて", "USDの口座の残高は？"])
def test_an_account_named_by_its_currency_code_is_that_account(runner: Any, text: str) -> None:
    result = run(runner, text, "c_001")
    expected = "a_001" if text.startswith("JPY") else "a_002"
    assert (result.intent.value, result.action.value, result.entities.account_id) == (
        "balance_inquiry",
        "execute",
        expected,
    )


@pytest.mark.parametrize(
    ("text", "customer", "payee", "minor"),
    [
        ("send david lee $75, and when will he get it?", "c_002", "p_104", 7500),
        ("pay maria garcia 40 dollars and is there a fee for that?", "c_002", "p_101", 4000),
        ("佐藤健太さんに3万円振り込んでください。いつ着きますか？", "c_001", "p_003", 30000),
    ],
)
def test_a_command_followed_by_a_question_about_it_is_proposed(
    runner: Any, text: str, customer: str, payee: str, minor: int
) -> None:
    result = run(runner, text, customer)
    assert result.action.value == "confirm", (result.intent, result.reason)
    assert (result.entities.recipient_id, result.entities.amount_minor) == (payee, minor)


@pytest.mark.parametrize(
    "text", ["how long does it take to send david lee $75?", "is there a fee to pay maria garcia 40 dollars?"]
)
def test_a_question_about_a_command_is_still_a_question(runner: Any, text: str) -> None:
    assert run(runner, text).action.value != "confirm"


@pytest.mark.parametrize(
    ("text", "biller"),
    [
        ("schedule the con ed payment for the 28th", "b_101"),
        ("schedule my water payment on the 29th", "b_104"),
    ],
)
def test_scheduling_a_billers_payment_on_a_day(runner: Any, text: str, biller: str) -> None:
    result = run(runner, text)
    assert (result.intent.value, result.action.value, result.entities.biller_id) == (
        "bill_payment",
        "confirm",
        biller,
    )
