"""Issue 9, round 30 (phrasings written before the code, from the kinds blind round 49's development part
showed): a decimal said before a magnitude word is that many of it ("2.5 hundred", "one point five k"); a
share of an amount split N ways is the amount over N; a payee named by their account's last digits is that
payee; buying something is not a payment."""

from __future__ import annotations

from typing import Any

import pytest
from tests.understand.conftest import acts, run


@pytest.mark.parametrize(
    ("text", "payee", "amount"),
    [
        ("send three point five hundred to david lee", "p_104", 35000),
        ("pay maria 1.2 hundred dollars", "p_101", 12000),
        ("send one point five k to aoife brennan", "p_111", 150000),
        ("transfer two point two five k to catherine wright", "p_108", 225000),
    ],
)
def test_a_decimal_before_a_magnitude_word_is_that_many_of_it(
    runner: Any, text: str, payee: str, amount: int
) -> None:
    result = run(runner, text, "c_002")
    assert result.entities.amount_minor in (amount, None), result.entities.amount_minor
    if acts(result):
        assert result.entities.amount_minor == amount
        assert result.entities.recipient_id == payee


@pytest.mark.parametrize(
    ("text", "customer", "payee", "amount"),
    [
        (
            "Aoife covered the $80 groceries and we're splitting it four ways, send her my share",
            "c_002",
            "p_111",
            2000,
        ),
        ("david lee paid $90 for dinner, we split it 3 ways. send him my part", "c_002", "p_104", 3000),
        ("高橋さんが夕食代9000円払ってくれた、3人で割り勘だから私の分送って", "c_001", "p_005", 3000),
    ],
)
def test_a_share_of_an_amount_split_n_ways_is_the_amount_over_n(
    runner: Any, text: str, customer: str, payee: str, amount: int
) -> None:
    result = run(runner, text, customer)
    assert result.intent.value == "transfer_money", (result.intent.value, result.action.value)
    assert result.action.value == "confirm", (result.reason, result.entities.amount_minor)
    assert result.entities.amount_minor == amount
    assert result.entities.recipient_id == payee


def test_a_split_that_leaves_a_fraction_of_a_cent_is_asked_about(runner: Any) -> None:
    result = run(runner, "maria paid the $100 bill, we split it three ways, send her my share", "c_002")
    assert not acts(result), (result.action.value, result.entities.amount_minor)


@pytest.mark.parametrize(
    ("text", "customer", "payee", "amount"),
    [
        ("send $25 to the account ending in 4545", "c_002", "p_104", 2500),
        ("transfer 60 dollars to the acct ending 9191", "c_002", "p_108", 6000),
        ("末尾6671の口座に3000円振り込んで", "c_001", "p_011", 3000),
        ("下4桁が2208の人に5000円送金して", "c_001", "p_005", 5000),
    ],
)
def test_a_payee_named_by_their_accounts_last_digits_is_that_payee(
    runner: Any, text: str, customer: str, payee: str, amount: int
) -> None:
    result = run(runner, text, customer)
    assert result.intent.value == "transfer_money", (result.intent.value, result.action.value)
    assert result.action.value == "confirm", result.reason
    assert result.entities.recipient_id == payee
    assert result.entities.amount_minor == amount


@pytest.mark.parametrize(
    ("text", "customer"),
    [
        ("send $25 to the account ending in 7777", "c_002"),  # no payee's account ends so
        ("末尾0000の口座に3000円振り込んで", "c_001"),
    ],
)
def test_last_digits_no_payee_has_name_nobody(runner: Any, text: str, customer: str) -> None:
    result = run(runner, text, customer)
    assert not acts(result), (result.action.value, result.entities.recipient_id)


def test_the_customers_own_account_by_its_digits_is_still_the_source(runner: Any) -> None:
    result = run(runner, "send maria $20 from the account ending in 5567", "c_002")
    assert result.entities.recipient_id == "p_101"
    assert result.entities.account_id == "a_102"


@pytest.mark.parametrize(
    ("text", "customer"),
    [
        ("buy 50 dollars of ethereum", "c_002"),
        ("can you buy me a $25 amazon gift card", "c_002"),
        ("Amazonでギフト券を3000円分買っといて", "c_001"),
    ],
)
def test_buying_something_is_not_a_payment(runner: Any, text: str, customer: str) -> None:
    result = run(runner, text, customer)
    assert result.intent.value not in ("transfer_money", "bill_payment"), result.intent.value
    assert not acts(result)
