"""Issue 9, round 10 (blind round 14's development misses as rules): a day counted from a named day in
Japanese and by a count in English, everyday names of holidays, an account by its last digits, what is
in an account, two requests in one turn, a clause that says what not to pay, the debit card's everyday
names, another surname beside a registered name, account activity."""

from __future__ import annotations

from datetime import date
from typing import Any

import pytest
from tests.understand.conftest import acts, run

from teller.normalize.dates import find_dates
from teller.normalize.text import fold


@pytest.mark.parametrize(
    ("text", "country", "expected"),
    [
        ("大晦日の前日に", "JP", "2026-12-30"),
        ("クリスマスイブの次の日", "JP", "2026-12-25"),
        ("元旦の翌日", "JP", "2027-01-02"),
        ("勤労感謝の日の前の日に", "JP", "2026-11-22"),
        ("クリスマスの3日前", "JP", "2026-12-22"),
        ("元日の翌営業日に", "JP", "2027-01-04"),
        ("天皇誕生日の前営業日", "JP", "2027-02-22"),
        ("three days before christmas", "US", "2026-12-22"),
        ("2 business days after new year's day", "US", "2027-01-05"),
        ("the day before presidents day", "US", "2027-02-14"),
        ("the tuesday after mlk day", "US", "2027-01-19"),
    ],
)
def test_a_day_counted_from_a_named_day_is_one_date(text: str, country: str, expected: str) -> None:
    """前日 / 次の日 / N日前 / 翌営業日 after a named day move it (the Japanese forms had been dropped and
    the named day itself paid on); English counts days and business days; MLK / presidents day name the
    holidays whose official names nobody says."""
    found = find_dates(fold(text), today=date(2026, 11, 20), country=country)
    assert [d.value.isoformat() for d in found] == [expected]


@pytest.mark.parametrize(
    ("text", "customer", "account"),
    [
        ("transfer 60 dollars to catherine wright out of the account ending with 5567", "c_002", "a_102"),
        ("末尾7781の口座からマリアガルシアさんに100ドル送金して", "c_001", "a_002"),
    ],
)
def test_an_account_by_its_last_digits_is_the_one_paid_from(
    runner: Any, text: str, customer: str, account: str
) -> None:
    """Its digits are accounted for, not unexplained words (it had asked "I didn't understand (0042)")."""
    result = run(runner, text, customer)
    assert (result.action.value, result.entities.account_id) == ("confirm", account)


@pytest.mark.parametrize(
    "text", ["how much is in my account ending in 1111", "show me the transactions on the acct ending 999"]
)
def test_an_account_by_digits_none_of_theirs_is_not_read(runner: Any, text: str) -> None:
    result = run(runner, text, "c_002")
    assert (result.action.value, result.reason.value if result.reason else None) == (
        "clarify",
        "unknown_account",
    )


@pytest.mark.parametrize(
    ("text", "account"),
    [
        ("what's in the checking account right now", "a_101"),
        ("tell me what's sitting in my savings", "a_102"),
    ],
)
def test_what_is_in_an_account_is_its_balance(runner: Any, text: str, account: str) -> None:
    result = run(runner, text, "c_002")
    assert (result.intent.value, result.action.value, result.entities.account_id) == (
        "balance_inquiry",
        "execute",
        account,
    )


def test_what_is_in_an_account_agreement_is_no_balance_rule(runner: Any) -> None:
    result = run(runner, "what's in the checking account terms and conditions", "c_002")
    assert result.intent.value != "balance_inquiry"


@pytest.mark.parametrize(
    ("text", "customer", "intent"),
    [
        ("pay the gas bill, then tell me my balance", "c_001", "bill_payment"),
        ("ガス代を払って、それから残高を見せて", "c_001", "bill_payment"),
        ("show my balance and then send david lee 30 dollars", "c_002", "transfer_money"),
    ],
)
def test_two_requests_the_one_that_changes_something_leads(
    runner: Any, text: str, customer: str, intent: str
) -> None:
    """A read beside a payment is not taken for a question about the bill (it had answered how bills
    are paid); the payment is proposed, never executed."""
    result = run(runner, text, customer)
    assert result.intent.value == intent
    assert result.action.value in ("confirm", "clarify", "ask_slot")


@pytest.mark.parametrize(
    "text", ["what will my balance be after I pay the water bill", "how much is left if I pay the phone bill"]
)
def test_a_balance_after_a_payment_is_no_payment(runner: Any, text: str) -> None:
    assert not acts(run(runner, text, "c_002"))


@pytest.mark.parametrize(
    ("text", "customer", "biller"),
    [
        ("do not pay verizon, pay the cable bill", "c_002", "b_103"),
        ("電気はまだいいので、ガス代を払っておいて", "c_001", "b_002"),
    ],
)
def test_a_bill_said_not_to_be_paid_is_not_the_one_paid(
    runner: Any, text: str, customer: str, biller: str
) -> None:
    result = run(runner, text, customer)
    assert (result.action.value, result.entities.biller_id) == ("confirm", biller)


@pytest.mark.parametrize(
    ("text", "customer"),
    [
        ("don't pay con edison, just pay the bill", "c_002"),
        ("don't send anything to david lee yet, send the money", "c_002"),
        ("東京ガスはまだいいから、払っといて", "c_001"),
    ],
)
def test_what_was_said_not_to_be_paid_is_never_paid_instead(runner: Any, text: str, customer: str) -> None:
    """With nothing else named, the refused biller or payee is not the fallback: the turn asks."""
    result = run(runner, text, customer)
    assert not acts(result)
    assert result.entities.biller_id is None and result.entities.recipient_id is None


@pytest.mark.parametrize(
    ("text", "customer", "card"),
    [
        ("please lock my atm card", "c_002", "k_101"),
        ("freeze the cash card", "c_002", "k_101"),
        ("キャッシュカードをロックして", "c_001", "k_001"),
    ],
)
def test_the_debit_card_by_its_everyday_names(runner: Any, text: str, customer: str, card: str) -> None:
    result = run(runner, text, customer)
    assert (result.intent.value, result.entities.card_id) == ("card_lock", card)


@pytest.mark.parametrize(
    ("text", "customer"),
    [
        ("send 25 dollars to david miller", "c_002"),
        ("wire 300 to catherine smith", "c_002"),
        ("鈴木二郎さんに5000円振り込んで", "c_001"),
        ("高田美咲さんに2000円送って", "c_001"),
    ],
)
def test_another_surname_beside_a_registered_name_is_not_that_payee(
    runner: Any, text: str, customer: str
) -> None:
    """The turn asks who, and shows no payee as chosen (a clarify had carried David Lee's id)."""
    result = run(runner, text, customer)
    assert not acts(result)
    assert result.entities.recipient_id is None


@pytest.mark.parametrize(
    "text", ["what's my account activity this month", "show me recent activity on checking"]
)
def test_account_activity_is_the_transactions(runner: Any, text: str) -> None:
    assert run(runner, text, "c_002").intent.value == "recent_transactions"
