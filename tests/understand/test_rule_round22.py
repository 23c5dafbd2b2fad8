"""Issue 9, round 22 (blind rounds 26 and 27's development misses as rules; phrasings written before the
code, none copied from the blind sets): a day said only roughly is asked about, a plan or a maybe is no
order, a repeated payment is no one-off, a complaint about what a bill costs pays nothing, a time of day
with no day is asked about, a new order after a payment told about (also with "do"/お願い), an
uncertainty told before an order does not hold the order, and a past day told in a story is not the day
to send."""

from __future__ import annotations

from datetime import date, datetime
from typing import Any

import pytest
from tests.understand.conftest import acts, run


@pytest.mark.parametrize(
    ("text", "customer"),
    [
        ("send david lee 40 dollars around the 15th", "c_002"),
        ("pay the con ed bill sometime around the end of the month", "c_002"),
        ("send maria garcia $25 in a few days", "c_002"),
        ("pay verizon in a couple of days", "c_002"),
        ("send aoife brennan 60 one of these days", "c_002"),
        ("send catherine wright $80 on the 3rd or so", "c_002"),
        ("15日ごろに伊藤翔さんに5000円送って", "c_001"),
        ("月末あたりに水道代を払って", "c_001"),
        ("2、3日後に山本大輔さんに1万円送って", "c_001"),
        ("近いうちに小林陽子さんに2000円送って", "c_001"),
        ("来月の頭くらいに電気代払っといて", "c_001"),
    ],
)
def test_a_day_said_only_roughly_is_asked_about(runner: Any, text: str, customer: str) -> None:
    result = run(runner, text, customer)
    assert not acts(result), (result.action.value, result.entities.execute_on)


@pytest.mark.parametrize(
    ("text", "customer", "day"),
    [
        ("send david lee $40 on the 15th", "c_002", date(2026, 12, 15)),
        ("15日に伊藤翔さんに5000円送って", "c_001", date(2026, 12, 15)),
        ("pay the con ed bill at the end of the month", "c_002", date(2026, 11, 30)),
    ],
)
def test_a_day_said_exactly_still_acts(runner: Any, text: str, customer: str, day: date) -> None:
    result = run(runner, text, customer)
    assert (result.action.value, result.entities.execute_on) == ("confirm", day)


@pytest.mark.parametrize(
    ("text", "customer"),
    [
        ("I might send david lee $50 tomorrow", "c_002"),
        ("i'm planning to pay the verizon bill on friday", "c_002"),
        ("thinking about sending maria garcia 100 bucks", "c_002"),
        ("I'll probably send aoife brennan 20 next week", "c_002"),
        ("I was going to send catherine wright $45", "c_002"),
        ("明日伊藤翔さんに5000円送るつもりです", "c_001"),
        ("来週あたりガス代払おうかな", "c_001"),
        ("山本大輔さんに1万円送るかもしれない", "c_001"),
        ("小林陽子さんに3000円送る予定", "c_001"),
        ("電気代を払おうと思ってる", "c_001"),
    ],
)
def test_a_plan_or_a_maybe_is_no_order(runner: Any, text: str, customer: str) -> None:
    result = run(runner, text, customer)
    assert not acts(result), result.action.value


@pytest.mark.parametrize(
    ("text", "customer", "field", "value"),
    [
        ("I'd like to send david lee $50 tomorrow", "c_002", "recipient_id", "p_104"),
        ("could you maybe pay the verizon bill", "c_002", "biller_id", "b_102"),
        ("伊藤翔さんに送るつもりだったけど、今5000円送って", "c_001", "recipient_id", "p_006"),
        ("明日伊藤翔さんに5000円送ってください", "c_001", "recipient_id", "p_006"),
    ],
)
def test_an_order_with_a_polite_maybe_or_after_a_plan_still_acts(
    runner: Any, text: str, customer: str, field: str, value: str
) -> None:
    result = run(runner, text, customer)
    assert (result.action.value, getattr(result.entities, field)) == ("confirm", value), result.reason


@pytest.mark.parametrize(
    ("text", "customer"),
    [
        ("set up a monthly transfer of 100 to david lee", "c_002"),
        ("can you make a weekly payment of $20 to maria garcia", "c_002"),
        ("伊藤翔さんへの毎週の送金を3000円で設定して", "c_001"),
    ],
)
def test_a_repeated_payment_is_no_one_off(runner: Any, text: str, customer: str) -> None:
    result = run(runner, text, customer)
    assert not acts(result), result.action.value


@pytest.mark.parametrize(
    ("text", "customer"),
    [
        ("the con ed bill is way too high this month, 142 dollars!", "c_002"),
        ("verizon went up to $85.99 again ugh", "c_002"),
        ("ガス代、今月6380円って高すぎない？", "c_001"),
        ("水道代が4210円に上がってて驚いた", "c_001"),
    ],
)
def test_a_complaint_about_what_a_bill_costs_pays_nothing(runner: Any, text: str, customer: str) -> None:
    result = run(runner, text, customer)
    assert not acts(result), result.action.value


def test_an_order_said_with_a_complaint_still_acts(runner: Any) -> None:
    result = run(runner, "ガス代が高すぎるけど、払っておいて", "c_001")
    assert (result.action.value, result.entities.biller_id) == ("confirm", "b_002")


@pytest.mark.parametrize(
    ("text", "customer"),
    [
        ("pay the water bill in the morning", "c_002"),
        ("send maria garcia $30 in the evening", "c_002"),
        ("夜に伊藤翔さんに3000円送って", "c_001"),
    ],
)
def test_a_time_of_day_with_no_day_is_asked_about(runner: Any, text: str, customer: str) -> None:
    late = {
        "c_002": datetime.fromisoformat("2026-11-21T23:10:00-05:00"),
        "c_001": datetime.fromisoformat("2026-11-21T23:10:00+09:00"),
    }
    result = run(runner, text, customer, now=late[customer])
    assert not acts(result), (result.action.value, result.entities.execute_on)


def test_a_time_of_day_with_its_day_acts_on_that_day(runner: Any) -> None:
    result = run(runner, "pay the water bill tomorrow morning", "c_002")
    assert (result.action.value, result.entities.execute_on) == ("confirm", date(2026, 11, 22))


@pytest.mark.parametrize(
    ("text", "customer", "biller"),
    [
        ("I already paid the gas, uh, the con ed bill last week, now do the verizon one", "c_002", "b_102"),
        ("paid xfinity on monday. can you take care of the water bill", "c_002", "b_104"),
        ("ガス代は先週払ったので、電気代をお願いします", "c_001", "b_001"),
        ("水道代はもう払ったから、今日はドコモの方をお願い", "c_001", "b_003"),
    ],
)
def test_a_new_bill_asked_after_a_payment_told_about_is_paid(
    runner: Any, text: str, customer: str, biller: str
) -> None:
    result = run(runner, text, customer)
    assert (result.intent.value, result.action.value, result.entities.biller_id) == (
        "bill_payment",
        "confirm",
        biller,
    ), result.reason


@pytest.mark.parametrize(
    ("text", "customer", "card"),
    [
        ("I don't know if I left it at the bar or lost it, freeze my debit card", "c_002", "k_101"),
        ("not sure where it went - lock the debit card please", "c_002", "k_101"),
        ("どこで落としたか覚えてないけど、クレジットカードを止めて", "c_001", "k_002"),
    ],
)
def test_an_uncertainty_told_before_a_lock_does_not_hold_it(
    runner: Any, text: str, customer: str, card: str
) -> None:
    result = run(runner, text, customer)
    assert (result.intent.value, result.action.value, result.entities.card_id) == (
        "card_lock",
        "execute",
        card,
    )


@pytest.mark.parametrize(
    ("text", "customer", "payee", "amount"),
    [
        ("山本さんが昨日飲み代を出してくれたから、3000円送って", "c_001", "p_009", 3000),
        (
            "先週の土曜に小林さんがチケット代8000円を立て替えてくれたので、今返しておいて",
            "c_001",
            "p_011",
            8000,
        ),
        ("david lee covered the cab on tuesday, send him $22", "c_002", "p_104", 2200),
    ],
)
def test_a_past_day_told_in_a_story_is_not_the_day_to_send(
    runner: Any, text: str, customer: str, payee: str, amount: int
) -> None:
    result = run(runner, text, customer)
    assert (result.action.value, result.entities.recipient_id, result.entities.amount_minor) == (
        "confirm",
        payee,
        amount,
    ), result.reason
    assert result.entities.execute_on is None


@pytest.mark.parametrize(
    ("text", "customer", "card"),
    [
        ("put a hold on my debit card", "c_002", "k_101"),
        ("can you place a temporary hold on the debit card", "c_002", "k_101"),
        ("switch off my debit card for a bit", "c_002", "k_101"),
        ("デビットカードをストップして", "c_001", "k_001"),
        ("クレジットカードを一旦ストップしてください", "c_001", "k_002"),
    ],
)
def test_a_hold_or_a_stop_on_a_card_locks_it(runner: Any, text: str, customer: str, card: str) -> None:
    result = run(runner, text, customer)
    assert (result.intent.value, result.action.value, result.entities.card_id) == (
        "card_lock",
        "execute",
        card,
    )


@pytest.mark.parametrize(
    ("text", "customer"),
    [
        ("why is there a hold on my debit card", "c_002"),
        ("is there a hold on my debit card?", "c_002"),
        ("デビットカードがストップされてるのはなぜ？", "c_001"),
    ],
)
def test_a_hold_asked_about_is_no_lock(runner: Any, text: str, customer: str) -> None:
    assert not acts(run(runner, text, customer))


@pytest.mark.parametrize(
    ("text", "field", "value"),
    [
        ("よろしければ明後日山本大輔さんに1万円送ってください", "recipient_id", "p_009"),
        ("差し支えなければ電気代を払っておいて", "biller_id", "b_001"),
        ("もし可能でしたら小林陽子さんに2000円お願いします", "recipient_id", "p_011"),
    ],
)
def test_a_polite_if_you_can_is_no_condition(runner: Any, text: str, field: str, value: str) -> None:
    result = run(runner, text, "c_001")
    assert (result.action.value, getattr(result.entities, field)) == ("confirm", value), result.reason


@pytest.mark.parametrize(
    "text", ["給料が入ったら山本大輔さんに1万円送って", "残高が十分あるなら小林陽子さんに2000円送って"]
)
def test_a_condition_on_an_event_still_holds(runner: Any, text: str) -> None:
    assert not acts(run(runner, text, "c_001"))
