"""Issue 9, round 33 (phrasings written before the code): an amount told as what a bill or a payment
came to in an earlier period (last month's gas bill was ¥6,120, "it was 200 last month") is a story,
never the amount to pay; the bill is paid at what is due now, and a transfer with no other amount asks."""

from __future__ import annotations

from typing import Any

import pytest
from tests.understand.conftest import run


@pytest.mark.parametrize(
    ("text", "customer", "biller", "due"),
    [
        ("the water bill was 50 last month, pay the water bill", "c_002", "b_104", 6150),
        ("pay the electric bill, it was 200 last month", "c_002", "b_101", 14237),
        ("last time my verizon bill was like 70 bucks, pay it please", "c_002", "b_102", 8599),
        ("前回の水道代は3980円でしたが、今回分を支払ってください", "c_001", "b_004", 4210),
        ("電気代払っといて。先月は9800円だったよ", "c_001", "b_001", 12400),
        ("先月の携帯代、7000円だったんだけど今月のも払って", "c_001", "b_003", 8800),
    ],
)
def test_a_bills_amount_in_an_earlier_period_is_not_paid(
    runner: Any, text: str, customer: str, biller: str, due: int
) -> None:
    result = run(runner, text, customer)
    if result.action.value == "confirm":  # paid at what is due now, or asked
        assert (result.entities.biller_id, result.entities.amount_minor) == (biller, due)
    else:
        assert result.action.value in ("clarify", "ask_slot"), (result.action, result.entities)


@pytest.mark.parametrize(
    ("text", "customer", "old"),
    [
        ("the rent was 900 last month, send maria the rent", "c_002", 90000),
        ("先月の家賃は8万円だった、渡辺さんに家賃を送って", "c_001", 80000),
        ("last week's dinner was 45 dollars, send david money for this week's", "c_002", 4500),
    ],
)
def test_a_transfer_never_sends_an_amount_told_of_an_earlier_period(
    runner: Any, text: str, customer: str, old: int
) -> None:
    result = run(runner, text, customer)
    assert result.action.value not in ("confirm", "execute"), (result.action, result.entities)
    assert result.entities.amount_minor != old


@pytest.mark.parametrize(
    ("text", "customer", "biller", "amount"),
    [
        ("my phone bill came to 85.99 this month, pay it", "c_002", "b_102", 8599),
        ("ガス代は6380円です、払ってください", "c_001", "b_002", 6380),
        ("the electric bill was 142.37, pay it", "c_002", "b_101", 14237),
        ("the water bill was 50 last month, pay 61.50 this time", "c_002", "b_104", 6150),
    ],
)
def test_an_amount_of_this_bill_or_said_for_now_is_paid(
    runner: Any, text: str, customer: str, biller: str, amount: int
) -> None:
    result = run(runner, text, customer)
    assert (result.intent.value, result.action.value) == ("bill_payment", "confirm"), result.reason
    assert (result.entities.biller_id, result.entities.amount_minor) == (biller, amount)


def test_a_new_amount_after_an_earlier_periods_amount_is_sent(runner: Any) -> None:
    result = run(runner, "先月は1万円だったけど、今月は2万円を佐藤健太さんに送って", "c_001")
    assert (result.intent.value, result.action.value) == ("transfer_money", "confirm"), result.reason
    assert (result.entities.recipient_id, result.entities.amount_minor) == ("p_003", 20000)
