"""Issue 9, round 26 (second part, phrasings written before the code): a day named only as "after" a season,
a holiday or a date is no day Teller can pay on; it is asked, never dropped (お盆明けに… confirmed a transfer
now) and never read as that day itself ("after christmas" was paid on the 25th); "before" a day is a deadline
that paying now meets; a part of a month or a week (the start of december, mid december) is asked."""

from __future__ import annotations

from datetime import datetime
from typing import Any

import pytest
from tests.understand.conftest import NOW, acts, run


@pytest.mark.parametrize(
    "text",
    [
        "お盆明けに佐藤健太さんに1万円",
        "正月明けに電気代払って",
        "GW明けに伊藤くんに3000円送って",
        "ゴールデンウィーク明けに水道代払って",
        "夏休み明けに中村さんに5000円",
        "出張明けに鈴木さんに1万円振り込んで",
    ],
)
def test_a_season_ended_is_asked_not_dropped(runner: Any, text: str) -> None:
    result = run(runner, text, "c_001")
    assert not acts(result), (result.action.value, result.entities.execute_on)
    assert "execute_on" in (result.missing or []), (result.action.value, result.reason, result.missing)


@pytest.mark.parametrize(
    "text",
    [
        "after christmas send maria 50",
        "send maria 50 after thanksgiving",
        "send david 15 after the 1st",
        "pay verizon after friday",
        "send david 20 sometime after new year's day",
    ],
)
def test_after_a_day_is_no_day_of_its_own(runner: Any, text: str) -> None:
    result = run(runner, text, "c_002")
    assert not acts(result), (result.action.value, result.entities.execute_on)


@pytest.mark.parametrize(
    ("text", "customer", "day"),
    [
        ("send maria 50 the day after christmas", "c_002", "2026-12-26"),
        ("pay con ed on christmas eve", "c_002", "2026-12-24"),
        ("連休明けに電気代払っといて", "c_001", "2026-11-24"),
        ("週明けに鈴木さんに1万円振り込んで", "c_001", "2026-11-23"),
        ("クリスマスに山本さんに5000円", "c_001", "2026-12-25"),
    ],
)
def test_days_counted_from_a_holiday_still_resolve(runner: Any, text: str, customer: str, day: str) -> None:
    result = run(runner, text, customer)
    assert result.action.value == "confirm", result.reason
    assert str(result.entities.execute_on) == day, result.entities.execute_on


@pytest.mark.parametrize(
    ("text", "customer"),
    [
        ("pay con ed before christmas", "c_002"),
        ("get Catherine $60 before the 25th", "c_002"),
        ("send david 20 before friday", "c_002"),
        ("pay the water bill before december 5", "c_002"),
    ],
)
def test_before_a_day_is_paid_now(runner: Any, text: str, customer: str) -> None:
    result = run(runner, text, customer)
    assert result.action.value == "confirm", result.reason
    assert result.entities.execute_on in (None, NOW[customer].date()), result.entities.execute_on  # today


@pytest.mark.parametrize(
    "text",
    [
        "pay the water bill at the start of december",
        "send david 30 mid december",
        "send maria 25 toward the end of next week",
        "pay con ed in the new year",
        "send maria 20 early next month",
    ],
)
def test_a_part_of_a_month_or_week_is_asked(runner: Any, text: str) -> None:
    result = run(runner, text, "c_002")
    assert not acts(result), (result.action.value, result.entities.execute_on)


# Amounts, probed with our own phrasings while blind round 40 (amounts) was being written.


@pytest.mark.parametrize(
    "text", ["send maria 1.250 dollars", "send david $2.500 tomorrow", "pay con ed 1.425"]
)
def test_a_dot_before_three_digits_may_group_thousands_so_it_is_asked(runner: Any, text: str) -> None:
    result = run(runner, text, "c_002")
    assert not acts(result), (result.action.value, result.entities.amount_minor)


@pytest.mark.parametrize(
    ("text", "amount"), [("send maria 12.50 dollars", 1250), ("send david $1.5k", 150000)]
)
def test_cents_and_thousands_said_plainly_still_act(runner: Any, text: str, amount: int) -> None:
    result = run(runner, text, "c_002")
    assert (result.action.value, result.entities.amount_minor) == ("confirm", amount), result.reason


@pytest.mark.parametrize(
    "text",
    [
        "send maria a quarter of my balance",
        "send maria half my balance",
        "transfer 10% of my savings balance to david",
    ],
)
def test_a_share_of_the_balance_sent_is_a_transfer_whose_amount_is_asked(runner: Any, text: str) -> None:
    result = run(runner, text, "c_002")
    assert result.intent.value == "transfer_money", (result.intent.value, result.action.value)
    assert not acts(result), (result.action.value, result.entities.amount_minor)


def test_half_an_odd_bill_is_proposed_to_the_cent_not_refused(runner: Any) -> None:
    result = run(runner, "pay half the con ed bill", "c_002")  # $142.37 due
    assert (result.action.value, result.entities.amount_minor) == ("confirm", 7119), result.reason


# Found by blind rounds 40 and 41's development parts.


@pytest.mark.parametrize(
    "text", ["関西電力の電気代を払いたい", "中部電力の電気代払っといて", "大阪ガスのガス代を払って"]
)
def test_another_power_companys_bill_is_not_the_registered_ones(runner: Any, text: str) -> None:
    result = run(runner, text, "c_001")
    assert not acts(result), (result.action.value, result.entities.biller_id)


@pytest.mark.parametrize(
    ("text", "biller"), [("東京電力の電気代を払って", "b_001"), ("電力会社の電気代払って", "b_001")]
)
def test_the_registered_power_company_is_still_paid(runner: Any, text: str, biller: str) -> None:
    result = run(runner, text, "c_001")
    assert (result.action.value, result.entities.biller_id) == ("confirm", biller), result.reason


@pytest.mark.parametrize(
    ("text", "customer", "amount"),
    [
        ("pay docomo a quarter of the bill", "c_001", 2200),
        ("pay a quarter of the verizon bill", "c_002", 2150),  # 85.99 / 4 = 21.4975
        ("水道代の半分を払って", "c_001", 2105),
        ("ドコモの請求の4分の1を払って", "c_001", 2200),
    ],
)
def test_a_share_of_a_bill_is_that_share_of_what_is_due(
    runner: Any, text: str, customer: str, amount: int
) -> None:
    result = run(runner, text, customer)
    assert (result.action.value, result.entities.amount_minor) == ("confirm", amount), result.reason


@pytest.mark.parametrize(
    ("text", "customer"),
    [
        ("ガス代を2万円払って", "c_001"),
        ("pay con ed 500 dollars", "c_002"),
        ("pay the water bill $100", "c_002"),
    ],
)
def test_paying_a_bill_more_than_is_due_asks(runner: Any, text: str, customer: str) -> None:
    result = run(runner, text, customer)
    assert not acts(result), (result.action.value, result.entities.amount_minor)


@pytest.mark.parametrize(
    ("text", "amount"),
    [
        ("pay con ed 100 dollars", 10000),
        ("pay verizon $85.99", 8599),
        ("pay xfinity 80 bucks", 8000),  # (found by the development sets: a bill rounded up is paid as said)
        ("pay the verizon bill, make it an even 90", 9000),
    ],
)
def test_a_bill_paid_up_to_what_is_due_or_rounded_up_acts(runner: Any, text: str, amount: int) -> None:
    result = run(runner, text, "c_002")
    assert (result.action.value, result.entities.amount_minor) == ("confirm", amount), result.reason


@pytest.mark.parametrize(
    ("text", "amount"), [("渡辺さんに十万振り込んで", 100000), ("伊藤さんに三千送って", 3000)]
)
def test_a_kanji_amount_without_yen_is_yen(runner: Any, text: str, amount: int) -> None:
    result = run(runner, text, "c_001")
    assert (result.action.value, result.entities.amount_minor) == ("confirm", amount), result.reason


def test_dollars_then_a_number_below_a_hundred_are_cents(runner: Any) -> None:
    result = run(runner, "send 5 dollars 50 to Catherine Wright", "c_002")
    assert (result.action.value, result.entities.amount_minor) == ("confirm", 550), result.reason


def test_a_share_of_the_balance_sent_to_a_payee_of_common_words_is_a_transfer(runner: Any) -> None:
    result = run(
        runner,
        "send half my balance to Only Payee",
        "c_003",
        datetime.fromisoformat("2026-11-21T09:00:00+00:00"),
    )
    assert result.intent.value == "transfer_money", (result.intent.value, result.action.value)


# Written after the fix above showed them: a fraction is no amount of its own (ドコモの請求の4分の1
# proposed ¥1 on main), and a fraction of an amount said is that share, or the whole amount is not proposed.
@pytest.mark.parametrize(
    ("text", "amount"), [("3万円の3分の1を伊藤さんに送って", 10000), ("伊藤さんに3万円の4分の1送って", 7500)]
)
def test_a_fraction_of_an_amount_said_is_that_share(runner: Any, text: str, amount: int) -> None:
    result = run(runner, text, "c_001")
    assert (result.action.value, result.entities.amount_minor) == ("confirm", amount), result.reason


@pytest.mark.parametrize("text", ["伊藤さんに3分の1送って", "伊藤さんに1万円、3分の2くらい送って"])
def test_a_fraction_of_nothing_said_is_not_an_amount(runner: Any, text: str) -> None:
    result = run(runner, text, "c_001")
    assert not acts(result), (result.action.value, result.entities.amount_minor)


@pytest.mark.parametrize(
    "text", ["佐藤健太さんに1万円以内で送って", "高橋さんに5000円までで振り込んで", "伊藤さんに3千円以内"]
)
def test_an_amount_said_as_a_ceiling_in_japanese_is_vague(runner: Any, text: str) -> None:
    result = run(runner, text, "c_001")
    assert not acts(result), (result.action.value, result.entities.amount_minor)


@pytest.mark.parametrize(
    "text",
    ["what's the balance of account 9999", "balance of account #9999", "how much is in account number 0001"],
)
def test_an_account_by_digits_none_of_theirs_is_not_read_as_theirs(runner: Any, text: str) -> None:
    result = run(runner, text, "c_002")
    assert not acts(result), (result.action.value, result.entities.account_id)


@pytest.mark.parametrize(
    ("text", "account"), [("what's in account 5567", "a_102"), ("balance of account 0042", "a_101")]
)
def test_an_account_by_its_own_digits_is_read(runner: Any, text: str, account: str) -> None:
    result = run(runner, text, "c_002")
    assert (result.action.value, result.entities.account_id) == ("execute", account), result.reason


# Probed with our own phrasings of blind round 39's theme (asking about vs asking for).
@pytest.mark.parametrize(
    "text",
    [
        "can my wife lock my card",
        "could my son pay the con ed bill for me",
        "could my wife send maria 50 from my account",
        "can my daughter see my balance",
        "is my husband able to unlock my card",
        "can my accountant check my transactions",
    ],
)
def test_whether_someone_else_can_do_it_is_a_question(runner: Any, text: str) -> None:
    result = run(runner, text, "c_002")
    assert not acts(result), (result.intent.value, result.action.value)


@pytest.mark.parametrize(
    ("text", "intent"), [("can you lock my card", "card_lock"), ("could you send maria 50", "transfer_money")]
)
def test_asked_of_teller_it_is_still_a_request(runner: Any, text: str, intent: str) -> None:
    result = run(runner, text, "c_002")
    assert result.intent.value == intent and acts(result), (result.intent.value, result.action.value)
