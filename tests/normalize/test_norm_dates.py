"""find_dates: dates said relative to `today`, in English and Japanese."""

from __future__ import annotations

from datetime import date, timedelta

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from num2words import num2words

from teller.normalize import find_dates, fold

SAT = date(2026, 11, 21)  # a Saturday
FRI = date(2026, 11, 20)
MON = date(2026, 11, 16)
WEEKDAYS = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"]
FAST = settings(max_examples=300, deadline=None)

CASES = [
    ("today", SAT, "2026-11-21"),
    ("tonight", SAT, "2026-11-21"),
    ("tomorrow", SAT, "2026-11-22"),
    ("tomorrow morning", SAT, "2026-11-22"),
    ("tomorrow evening", FRI, "2026-11-21"),
    ("the day after tomorrow", SAT, "2026-11-23"),
    ("in 3 days", SAT, "2026-11-24"),
    ("in three days", SAT, "2026-11-24"),
    ("in a week", SAT, "2026-11-28"),
    ("on monday", SAT, "2026-11-23"),
    ("monday", MON, "2026-11-23"),
    ("this friday", SAT, "2026-11-27"),
    ("this friday", FRI, "2026-11-27"),
    ("this friday", MON, "2026-11-20"),
    ("next friday", SAT, "2026-11-27"),
    ("next friday", FRI, "2026-11-27"),
    ("next friday", MON, "2026-11-27"),
    ("next week", SAT, "2026-11-23"),
    ("next week", MON, "2026-11-23"),
    ("on the 28th", SAT, "2026-11-28"),
    ("the 28th", SAT, "2026-11-28"),
    ("the 21st", SAT, "2026-11-21"),
    ("the 20th", SAT, "2026-12-20"),
    ("december 1st", SAT, "2026-12-01"),
    ("dec 1", SAT, "2026-12-01"),
    ("1 december", SAT, "2026-12-01"),
    ("the first of december", SAT, "2026-12-01"),
    ("12/1", SAT, "2026-12-01"),
    ("11/2", SAT, "2026-11-02"),  # passed 19 days ago: that day (a payment on it is refused), not next year's
    ("3/2", SAT, "2027-03-02"),  # passed long ago: next year's
    ("2026-12-01", SAT, "2026-12-01"),
    ("january 5", date(2026, 12, 30), "2027-01-05"),
    ("february 29", SAT, "2028-02-29"),
    ("今日", SAT, "2026-11-21"),
    ("明日", SAT, "2026-11-22"),
    ("あした", SAT, "2026-11-22"),
    ("あす", SAT, "2026-11-22"),
    ("明後日", SAT, "2026-11-23"),
    ("あさって", SAT, "2026-11-23"),
    ("来週の月曜日", SAT, "2026-11-23"),
    ("来週月曜", FRI, "2026-11-23"),
    ("来週の金曜日", MON, "2026-11-27"),
    ("今週の金曜日", MON, "2026-11-20"),
    ("月曜日", SAT, "2026-11-23"),
    ("25日", SAT, "2026-11-25"),
    ("15日", SAT, "2026-12-15"),
    ("12月1日", SAT, "2026-12-01"),
    ("十二月一日", SAT, "2026-12-01"),
    ("2026年12月1日", SAT, "2026-12-01"),
    ("3日後", SAT, "2026-11-24"),
    ("三日後", SAT, "2026-11-24"),
    ("the 5th of next month", SAT, "2026-12-05"),
    ("the 25th of next month", SAT, "2026-12-25"),
    ("来月の25日", SAT, "2026-12-25"),
    ("再来月の1日", SAT, "2027-01-01"),
    ("three days from now", SAT, "2026-11-24"),
    ("2027/01/05", SAT, "2027-01-05"),
    ("monday next week", SAT, "2026-11-23"),
    ("last friday", SAT, "2026-11-20"),
    ("先週の金曜日", MON, "2026-11-13"),
    ("再来週の水曜", SAT, "2026-12-02"),
    ("明日の朝", SAT, "2026-11-22"),
]


@pytest.mark.parametrize(("spoken", "today", "expected"), CASES)
def test_date_phrases(spoken: str, today: date, expected: str) -> None:
    """Each phrase is one date spanning all of it, resolved against today."""
    text = fold(spoken)
    found = find_dates(text, today=today)
    assert [(e.start, e.end, e.value.isoformat()) for e in found] == [(0, len(text), expected)]


IN_SENTENCE = [
    ("send five thousand yen to sato ken tomorrow morning", "tomorrow morning", "2026-11-22"),
    ("pay the gas bill on monday please", "on monday", "2026-11-23"),
    ("move 500 dollars next friday", "next friday", "2026-11-27"),
    ("schedule it for december 1st", "december 1st", "2026-12-01"),
    ("佐藤さんに明日五千円送って", "明日", "2026-11-22"),
    ("来週の月曜日に家賃を払って", "来週の月曜日", "2026-11-23"),
    ("月曜日に送金して", "月曜日", "2026-11-23"),
    ("毎月25日に払う", "25日", "2026-11-25"),
    ("二十日までに払って", "二十日", "2026-12-20"),
    ("二十五日に払って", "二十五日", "2026-11-25"),
]


@pytest.mark.parametrize(("sentence", "surface", "expected"), IN_SENTENCE)
def test_date_inside_sentence(sentence: str, surface: str, expected: str) -> None:
    """The date in a sentence is found with its exact surface, and nothing else is."""
    found = find_dates(fold(sentence), today=SAT)
    assert [(e.surface, e.value.isoformat()) for e in found] == [(surface, expected)]


@pytest.mark.parametrize(
    "spoken",
    ["feb 30", "february 30th", "the 30th of february", "2026-02-30", "13/1", "2/30", "2026年2月30日",
     "2月30日", "send 5 dollars", "3日間", "fridays", "一日に3回", "三日で"],
)  # fmt: skip
def test_impossible_or_absent_dates(spoken: str) -> None:
    """Impossible dates and non-dates give no extraction and never raise."""
    assert find_dates(fold(spoken), today=SAT) == []


def test_day_of_month_past_end_of_next_month_is_dropped() -> None:
    """A day that has passed and does not exist next month is not guessed at."""
    assert find_dates("the 30th", today=date(2027, 1, 31)) == []


def test_dates_beyond_the_calendar_are_dropped() -> None:
    """Offsets that leave the representable calendar give no extraction instead of raising."""
    assert find_dates("in 5 days", today=date.max) == []
    assert find_dates("yesterday", today=date.min) == []
    assert find_dates("in 99999999999999999999 days", today=SAT) == []
    assert find_dates("12345日後", today=SAT) == []


def test_rules_name_the_convention() -> None:
    """Weekday finds say which convention placed them."""
    rules = [e.rule for e in find_dates("monday or next friday or last tuesday", today=SAT)]
    assert rules == ["weekday", "weekday_next", "weekday_last"]


@FAST
@given(st.dates(min_value=date(2000, 1, 1), max_value=date(2090, 12, 31)), st.sampled_from(range(7)))
def test_bare_weekday_is_within_the_coming_week(today: date, weekday: int) -> None:
    """'on X' is 1..7 days after today and falls on X."""
    (found,) = find_dates(f"on {WEEKDAYS[weekday]}", today=today)
    assert 1 <= (found.value - today).days <= 7
    assert found.value.weekday() == weekday


@FAST
@given(st.dates(min_value=date(2000, 1, 1), max_value=date(2090, 12, 31)), st.sampled_from(range(7)))
def test_next_weekday_is_in_next_calendar_week(today: date, weekday: int) -> None:
    """'next X' and 来週のX曜日 fall on X in the Monday-started week after today's."""
    next_monday = today + timedelta(days=7 - today.weekday())
    (en,) = find_dates(f"next {WEEKDAYS[weekday]}", today=today)
    (ja,) = find_dates(f"来週の{'月火水木金土日'[weekday]}曜日", today=today)
    assert en.value == ja.value == next_monday + timedelta(days=weekday)


@FAST
@given(st.dates(min_value=date(2000, 1, 1), max_value=date(2090, 12, 31)), st.integers(0, 2000))
def test_in_n_days(today: date, n: int) -> None:
    """'in N days' and N日後 are exactly N days after today."""
    (en,) = find_dates(f"in {n} days", today=today)
    (ja,) = find_dates(f"{n}日後", today=today)
    assert en.value == ja.value == today + timedelta(days=n)


@FAST
@given(st.dates(min_value=date(2000, 1, 1), max_value=date(2090, 12, 31)), st.integers(0, 700))
def test_month_day_is_next_occurrence(today: date, ahead: int) -> None:
    """A month and day without a year resolve to the next such date on or after today, unless this
    year's passed in the last 120 days (then it is that day)."""
    target = today + timedelta(days=ahead)
    if target.month == 2 and target.day == 29:
        return  # a leap day may be years away; covered by an example test
    spoken = [
        target.strftime("%B %d").lower(),
        f"{target.day} {target.strftime('%b').lower()}",
        f"{target.month}/{target.day}",
        f"{target.month}月{target.day}日",
    ]
    for text in spoken:
        (found,) = find_dates(text, today=today)
        first = found.value
        assert (first.month, first.day) == (target.month, target.day)
        if first < today:
            assert first.year == today.year and (today - first).days <= 120
        else:
            assert first <= target
            assert not (
                today.year == first.year - 1 and 0 < (today - first.replace(year=today.year)).days <= 120
            )


@FAST
@given(st.dates(min_value=date(1990, 1, 1), max_value=date(2099, 12, 31)), st.dates())
def test_iso_dates_are_exact(day: date, today: date) -> None:
    """ISO and year-month-day dates resolve to exactly that day whatever today is."""
    for text in (day.isoformat(), f"{day.year}年{day.month}月{day.day}日"):
        (found,) = find_dates(text, today=today)
        assert found.value == day


@pytest.mark.parametrize("day", range(1, 32))
def test_spoken_ordinal_days(day: int) -> None:
    """Every day of the month spoken as an ordinal word (num2words) after a month name reads back."""
    (found,) = find_dates(f"december {num2words(day, to='ordinal')}", today=date(2026, 1, 1))
    assert found.value == date(2026, 12, day)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("send it next wed", "2026-11-25"),
        ("pay him on thurs", "2026-11-26"),
        ("by fri please", "2026-11-27"),
        ("tues", "2026-11-24"),
        ("on sat.", "2026-11-28"),
        ("last fri", "2026-11-20"),
    ],
)
def test_typed_short_weekdays(text: str, expected: str) -> None:
    """Abbreviated weekdays (wed, thurs, tues) follow the same conventions as the full names."""
    assert [e.value.isoformat() for e in find_dates(text, today=SAT)] == [expected]


@pytest.mark.parametrize("text", ["i sat down", "the sun is out", "wed", "a fri"])
def test_three_letter_weekday_words_need_a_cue(text: str) -> None:
    """sat, sun, wed are everyday words: without on/next/by before them they are no date."""
    assert find_dates(text, today=SAT) == []
