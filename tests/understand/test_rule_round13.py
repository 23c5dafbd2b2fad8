"""Issue 9, round 13 (blind rounds 17 and 18's development misses as rules): a day pointed back to
("that day", その日), an occasion said with its date, a weekday beside its date, the last weekday of a
month, a period that says what the money is for, haste and reasons that change nothing, "schedule" as a
money verb, whether a payment went out, narration in the polite past, "can you…" after what it follows.

The customer's "now" is Saturday 2026-11-21 (tests/understand/conftest.py)."""

from __future__ import annotations

from datetime import date
from typing import Any

import pytest
from tests.understand.conftest import acts, run

from teller.normalize.dates import find_dates
from teller.normalize.text import fold


@pytest.mark.parametrize(
    ("text", "customer", "day"),
    [
        # a day pointed back to is the day said before
        ("my rent is due on the 1st so send catherine wright 900 that day", "c_002", "2026-12-01"),
        ("the 4th is my payday, pay the verizon bill on the same day", "c_002", "2026-12-04"),
        ("10日はボーナスの日なので、その日に佐藤健さんへ2万円送ってください", "c_001", "2026-12-10"),
        ("28日が給料日だから、当日に鈴木一郎さんに1万円振り込んで", "c_001", "2026-11-28"),
        # an occasion or a weekday said with its date is that date
        ("on my birthday, the 3rd, send 40 to david lee", "c_002", "2026-12-03"),
        ("send maria garcia 75 on payday which is the 26th", "c_002", "2026-11-26"),
        ("給料日の25日に山本さんへ1万円送金して", "c_001", "2026-11-25"),
        ("pay xfinity on wednesday, december 2nd", "c_002", "2026-12-02"),
        ("send david lee 20 on thursday the 26th", "c_002", "2026-11-26"),
    ],
)
def test_a_day_pointed_back_to_or_said_twice_is_that_day(
    runner: Any, text: str, customer: str, day: str
) -> None:
    result = run(runner, text, customer)
    assert result.action.value == "confirm", result.reason
    assert result.entities.execute_on == date.fromisoformat(day)


@pytest.mark.parametrize(
    ("text", "customer"),
    [
        ("send catherine wright 900 that day", "c_002"),
        ("rent is due the 1st and the gas on the 5th, send maria garcia 50 that day", "c_002"),
        ("その日に佐藤健さんへ2万円送って", "c_001"),
    ],
)
def test_a_day_pointed_back_to_with_none_or_two_before_is_asked(
    runner: Any, text: str, customer: str
) -> None:
    result = run(runner, text, customer)
    assert not acts(result)
    assert result.reason is not None and result.reason.value == "unparsed_date"


@pytest.mark.parametrize(
    ("text", "customer"),
    [
        ("send david lee 20 on friday the 26th", "c_002"),  # the 26th is a Thursday
        ("send 40 to david lee on my birthday", "c_002"),
        ("今週中に佐藤健さんへ3000円送って", "c_001"),
    ],
)
def test_a_day_that_does_not_agree_or_is_not_one_day_is_asked(runner: Any, text: str, customer: str) -> None:
    assert not acts(run(runner, text, customer))


@pytest.mark.parametrize(
    ("text", "day"),
    [
        ("on the last thursday of the month", "2026-11-26"),
        ("the final monday of next month", "2026-12-28"),
        ("来月の最終金曜日に", "2026-12-25"),
        ("今月末の月曜日", "2026-11-30"),
    ],
)
def test_the_last_weekday_of_a_month(text: str, day: str) -> None:
    found = find_dates(fold(text), today=date(2026, 11, 21), country="US" if text.isascii() else "JP")
    assert [d.value.isoformat() for d in found] == [day]


@pytest.mark.parametrize(
    "text",
    [
        "send aoife brennan 60, it's for this month's phone plan",
        "pay david lee 35 for the groceries this week",
        "pay verizon, the bill is $85.99 this month",
    ],
)
def test_a_period_that_says_what_for_is_no_date(runner: Any, text: str) -> None:
    result = run(runner, text)
    assert result.action.value == "confirm", result.reason
    assert result.entities.execute_on is None


def test_a_period_as_the_only_when_is_asked(runner: Any) -> None:
    assert not acts(run(runner, "send aoife brennan 60 this month"))


@pytest.mark.parametrize(
    ("text", "customer"),
    [
        ("lock my debit card before anyone else can use it", "c_002"),
        ("send maria garcia 30 while i remember", "c_002"),
        ("pay the water bill, i don't want any more late fees", "c_002"),
        ("悪用される前にデビットカードを止めて", "c_001"),
    ],
)
def test_haste_and_reasons_change_nothing(runner: Any, text: str, customer: str) -> None:
    assert acts(run(runner, text, customer))


@pytest.mark.parametrize(
    "text",
    [
        "send maria garcia 30 before i get paid",
        "pay the water bill, i don't want to pay it",
        "don't pay verizon",
    ],
)
def test_conditions_and_negated_commands_still_do_not_act(runner: Any, text: str) -> None:
    assert not acts(run(runner, text))


@pytest.mark.parametrize(
    "text",
    ["schedule $45 to aoife brennan for tuesday", "i owe david lee 60, please schedule it for the 1st"],
)
def test_schedule_moves_money(runner: Any, text: str) -> None:
    result = run(runner, text)
    assert (result.intent.value, result.action.value) == ("transfer_money", "confirm")


@pytest.mark.parametrize("text", ["schedule a meeting with my advisor", "can you check my schedule"])
def test_schedule_without_money_is_no_transfer(runner: Any, text: str) -> None:
    assert run(runner, text).intent.value != "transfer_money"


@pytest.mark.parametrize(
    ("text", "customer"),
    [
        ("has my phone bill gone out yet", "c_002"),
        ("did the mortgage get taken", "c_002"),
        ("how much did i blow on takeout", "c_002"),
        ("電気代もう引き落とされてる？", "c_001"),
        ("ボーナス、もう入った？", "c_001"),
    ],
)
def test_whether_a_payment_went_out_is_read(runner: Any, text: str, customer: str) -> None:
    result = run(runner, text, customer)
    assert (result.intent.value, result.action.value) == ("recent_transactions", "execute")


@pytest.mark.parametrize(
    ("text", "customer"),
    [("勝手に電気代が引き落とされた", "c_001"), ("why hasn't my phone bill gone out", "c_002")],
)
def test_a_payment_that_went_wrong_is_still_a_problem(runner: Any, text: str, customer: str) -> None:
    assert run(runner, text, customer).intent.value == "qna"


@pytest.mark.parametrize(
    ("text", "acted"),
    [
        ("加藤さんにはもう現金で返しておきました", False),
        ("東京ガスはもう払っておきましたよ", False),
        ("加藤さんに4000円返しておいて", True),
    ],
)
def test_narration_in_the_polite_past_does_not_act(runner: Any, text: str, acted: bool) -> None:
    assert acts(run(runner, text, "c_001")) is acted


@pytest.mark.parametrize(
    "text",
    [
        "maria paid for our cab last night, could you send her 22 dollars?",
        "i lost my debit card on the train, so can you lock it?",
        "my friend covered lunch. could you send him 15 dollars? david lee, i mean.",
    ],
)
def test_can_you_after_what_it_follows_from_is_a_request(runner: Any, text: str) -> None:
    assert acts(run(runner, text))


def test_a_name_said_after_i_mean_beside_another_name_is_still_asked(runner: Any) -> None:
    """ "…to maria garcia? aoife, i mean": two people named, a correction — asked, not guessed."""
    assert not acts(run(runner, "send 15 dollars to maria garcia? aoife, i mean"))


@pytest.mark.parametrize(
    ("text", "customer"),
    [
        ("is the dmv open on mondays", "c_002"),
        ("any idea what time the library closes tonight", "c_002"),
        ("スーパーって何時まで営業してる？", "c_001"),
    ],
)
def test_another_places_hours_are_not_banking(runner: Any, text: str, customer: str) -> None:
    assert run(runner, text, customer).intent.value == "out_of_scope"


@pytest.mark.parametrize(
    ("text", "customer"),
    [("is the 34th street branch open on saturday", "c_002"), ("駅前の支店は土曜日も開いてますか", "c_001")],
)
def test_the_banks_own_hours_are_a_question_for_the_bank(runner: Any, text: str, customer: str) -> None:
    assert run(runner, text, customer).intent.value == "qna"


@pytest.mark.parametrize(
    ("text", "acted"),
    [
        ("来月5日に東京電力へ8000円払うように予約できますか", True),
        ("山本さんに3万円、12月3日に振り込むよう予約できますか？", True),
        ("振込の予約ってできますか", False),
    ],
)
def test_asking_whether_a_named_payment_can_be_booked_is_a_request(
    runner: Any, text: str, acted: bool
) -> None:
    """支払うように予約できますか with everything named waits for a yes; asked about in general, answered."""
    assert acts(run(runner, text, "c_001")) is acted


@pytest.mark.parametrize(
    ("text", "customer"),
    [
        ("could you freeze my capital one card", "c_002"),
        ("i have two cards with you, lock one of them", "c_002"),
        ("lock either of my cards", "c_002"),
        ("カードのどちらかを止めて", "c_001"),
    ],
)
def test_a_card_not_held_or_one_of_several_is_asked(runner: Any, text: str, customer: str) -> None:
    """c_002's credit card is locked already: "one of them" still says there is a choice to make."""
    result = run(runner, text, customer)
    assert not acts(result)
    assert result.action.value == "clarify"


@pytest.mark.parametrize(
    ("text", "customer", "acted"),
    [
        ("i paid david lee 30 yesterday, could you send him the receipt", "c_002", False),
        ("i sent maria 45 on monday. forward her the confirmation email", "c_002", False),
        ("山本さんに5000円払ったので、領収書を送ってください", "c_001", False),
        ("send maria garcia 40 for the photos", "c_002", True),
        ("send david lee the 25 i owe him", "c_002", True),
    ],
)
def test_a_thing_sent_that_is_not_money_moves_no_money(
    runner: Any, text: str, customer: str, acted: bool
) -> None:
    """The amount told in the story is not sent with a receipt; money sent for photos still is."""
    assert acts(run(runner, text, customer)) is acted


@pytest.mark.parametrize(
    ("text", "customer"),
    [
        ("please schedule a transfer of 80 to aoife brennan", "c_002"),
        ("伊藤さんへの3000円の送金を予約して", "c_001"),
    ],
)
def test_schedule_with_no_day_asks_for_the_day(runner: Any, text: str, customer: str) -> None:
    result = run(runner, text, customer)
    assert result.action.value == "ask_slot" and "execute_on" in result.missing


def test_then_at_the_end_points_back_to_the_day_said(runner: Any) -> None:
    result = run(runner, "my rent to catherine wright is due on the 1st, send her 900 then")
    assert (result.action.value, result.entities.execute_on) == ("confirm", date(2026, 12, 1))


def test_then_with_no_day_before_it_is_in_that_case(runner: Any) -> None:
    """ "alright, send david lee 20 then": then is "in that case", no day to ask about."""
    result = run(runner, "alright, send david lee 20 then")
    assert (result.action.value, result.entities.execute_on) == ("confirm", None)
