"""Issue 9, round 25 (phrasings written before the code): a bill payment that names a second bill the
customer has no biller for does not pay the other one alone; a payee, an amount and a day and nothing
else is a transfer on that day."""

from __future__ import annotations

from typing import Any

import pytest
from tests.understand.conftest import acts, run


@pytest.mark.parametrize(
    ("text", "customer"),
    [
        ("pay the gas bill and the water bill", "c_002"),
        ("pay my gas and water", "c_002"),
        ("can you pay the internet and the trash bill", "c_002"),
        ("pay con ed and my car insurance", "c_002"),
        ("please pay rent and the verizon bill", "c_002"),
        ("ガス代と家賃を払って", "c_001"),
        ("水道代と保険料を払っておいて", "c_001"),
        ("電気代と受信料、払っといて", "c_001"),
        ("携帯代とジムの会費を払いたいです", "c_001"),
    ],
)
def test_a_second_bill_of_no_biller_does_not_pay_the_other_alone(runner: Any, text: str, customer: str) -> None:
    result = run(runner, text, customer)
    assert not acts(result), (result.intent.value, result.action.value, result.entities.biller_id)


@pytest.mark.parametrize(
    ("text", "customer", "biller"),
    [
        ("pay the water bill for the apartment", "c_002", "b_104"),
        ("pay con ed, it's my electric bill", "c_002", "b_101"),
        ("pay the internet bill, not the phone bill", "c_002", "b_103"),
        ("pay my verizon cell phone bill", "c_002", "b_102"),
        ("ガス代を払って、水道代はまだいいです", "c_001", "b_002"),
        ("東京電力の電気代を払って", "c_001", "b_001"),
    ],
)
def test_one_bill_named_with_its_own_words_is_still_paid(runner: Any, text: str, customer: str, biller: str) -> None:
    result = run(runner, text, customer)
    assert (result.action.value, result.entities.biller_id) == ("confirm", biller), result.reason


@pytest.mark.parametrize(
    ("text", "customer", "payee", "amount", "day"),
    [
        ("maria 20 tomorrow", "c_002", "p_101", 2000, "2026-11-22"),
        ("david lee $40 on friday", "c_002", "p_104", 4000, "2026-11-27"),
        ("鈴木一郎さん 3000円 明日", "c_001", "p_004", 3000, "2026-11-22"),
    ],
)
def test_a_payee_an_amount_and_a_day_are_a_transfer_on_that_day(
    runner: Any, text: str, customer: str, payee: str, amount: int, day: str
) -> None:
    result = run(runner, text, customer)
    e = result.entities
    got = (result.action.value, e.recipient_id, e.amount_minor, e.execute_on and e.execute_on.isoformat())
    assert got == ("confirm", payee, amount, day), result.reason


@pytest.mark.parametrize(
    ("text", "customer"),
    [
        ("maria 20 yesterday", "c_002"),
        ("maria 20 sometime", "c_002"),
        ("鈴木一郎さん 3000円 昨日", "c_001"),
    ],
)
def test_a_terse_transfer_on_a_past_or_unread_day_is_not_proposed(runner: Any, text: str, customer: str) -> None:
    result = run(runner, text, customer)
    assert result.action.value != "confirm", (result.intent.value, result.entities)


@pytest.mark.parametrize(
    ("text", "customer"),
    [
        ("電気代を払って、全額はまだいいです", "c_001"),  # written after it was found confirming the whole bill
        ("ガス代払って。全部はいいや", "c_001"),
        ("水道代を払ってください、満額は結構です", "c_001"),
        ("pay con ed, not the whole thing", "c_002"),
        ("pay the verizon bill, not all of it", "c_002"),
    ],
)
def test_a_bill_whose_whole_amount_is_set_aside_is_not_proposed_whole(runner: Any, text: str, customer: str) -> None:
    result = run(runner, text, customer)
    assert result.action.value != "confirm", (result.entities.biller_id, result.entities.amount_minor)
