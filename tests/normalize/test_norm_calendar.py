"""find_dates, issue 9 rule 5: month ends, N days/weeks on, public holidays and business days by country."""

from __future__ import annotations

from datetime import date

import pytest

from teller.normalize import find_dates, fold

SAT = date(2026, 11, 21)
DEC10 = date(2026, 12, 10)
JAN31 = date(2027, 1, 31)


@pytest.mark.parametrize(
    ("text", "today", "country", "expected"),
    [
        ("end of the month", SAT, "US", "2026-11-30"),
        ("at the end of this month", SAT, "US", "2026-11-30"),
        ("end of next month", SAT, "US", "2026-12-31"),
        ("by the end of the month", JAN31, "US", "2027-01-31"),
        ("end of next month", JAN31, "US", "2027-02-28"),
        ("the last day of the month", SAT, "US", "2026-11-30"),
        ("月末", SAT, "JP", "2026-11-30"),
        ("今月末", SAT, "JP", "2026-11-30"),
        ("来月末", SAT, "JP", "2026-12-31"),
        ("来月末", JAN31, "JP", "2027-02-28"),
        ("at the end of december", SAT, "US", "2026-12-31"),
        ("the end of november", SAT, "US", "2026-11-30"),
        ("at the end of october", SAT, "US", "2027-10-31"),
        ("on the last day of february", SAT, "US", "2027-02-28"),
        ("at the end of last month", SAT, "US", "2026-10-31"),
        ("12月末", SAT, "JP", "2026-12-31"),
        ("十二月末", SAT, "JP", "2026-12-31"),
        ("2月の末日", SAT, "JP", "2027-02-28"),
        ("先月末", SAT, "JP", "2026-10-31"),
        ("先月の月末", SAT, "JP", "2026-10-31"),
        ("今月の最終日", SAT, "JP", "2026-11-30"),
        ("in two weeks", SAT, "US", "2026-12-05"),
        ("in 10 days", SAT, "US", "2026-12-01"),
        ("ten days from now", SAT, "US", "2026-12-01"),
        ("10日後", SAT, "JP", "2026-12-01"),
        ("十日後", SAT, "JP", "2026-12-01"),
        ("2週間後", SAT, "JP", "2026-12-05"),
        ("thanksgiving", SAT, "US", "2026-11-26"),
        ("on christmas", SAT, "US", "2026-12-25"),
        ("christmas eve", SAT, "US", "2026-12-24"),
        ("new year's day", SAT, "US", "2027-01-01"),
        ("new years eve", SAT, "US", "2026-12-31"),
        ("independence day", SAT, "US", "2027-07-04"),
        ("memorial day", SAT, "US", "2027-05-31"),
        ("勤労感謝の日", SAT, "JP", "2026-11-23"),
        ("元日", SAT, "JP", "2027-01-01"),
        ("天皇誕生日", SAT, "JP", "2027-02-23"),
        ("クリスマス", SAT, "JP", "2026-12-25"),
        ("大晦日", SAT, "JP", "2026-12-31"),
        ("the first business day of next month", SAT, "US", "2026-12-01"),
        ("the first business day of next month", DEC10, "US", "2027-01-04"),
        ("来月の最初の営業日", DEC10, "JP", "2027-01-04"),
        ("来月の第1営業日", SAT, "JP", "2026-12-01"),
        ("next business day", SAT, "US", "2026-11-23"),
        ("翌営業日", SAT, "JP", "2026-11-24"),
    ],
)
def test_calendar_phrases(text: str, today: date, country: str, expected: str) -> None:
    """Each phrase resolves to the one date a customer of that country means."""
    found = find_dates(fold(text), today=today, country=country)
    assert [e.value.isoformat() for e in found] == [expected]


def test_the_holiday_calendar_is_the_customers() -> None:
    """勤労感謝の日 (Nov 23) is a Japanese holiday: the next JP business day after Sat Nov 21 is Tue Nov 24,
    the next US one is Mon Nov 23."""
    jp = find_dates("翌営業日", today=SAT, country="JP")
    us = find_dates("next business day", today=SAT, country="US")
    assert (jp[0].value, us[0].value) == (date(2026, 11, 24), date(2026, 11, 23))


@pytest.mark.parametrize(
    "text",
    [
        "payday",
        "my birthday",
        "november 31st",
        "the 31st of november",
        "給料日",
        "誕生日",
        "11月31日",
        "2月30日",
    ],
)
def test_date_like_phrases_that_cannot_be_resolved_are_reported(text: str) -> None:
    """No date is invented, and the phrase is reported as date-like so the turn can ask."""
    from teller.normalize.dates import find_date_like

    assert find_dates(fold(text), today=SAT, country="US") == []
    assert find_date_like(fold(text), today=SAT, country="US")
