"""Issue 9, rule 5: month ends, in N days/weeks, holidays and named days, business days, other clauses."""

from __future__ import annotations

from datetime import datetime
from typing import Any

import pytest
from tests.understand.conftest import acts, run


@pytest.mark.parametrize(
    ("text", "customer", "execute_on"),
    [
        ("send 50 dollars to david lee at the end of the month", "c_002", "2026-11-30"),
        ("send 50 dollars to david lee end of next month", "c_002", "2026-12-31"),
        ("send 50 dollars to david lee in two weeks", "c_002", "2026-12-05"),
        ("send 50 dollars to david lee in 10 days", "c_002", "2026-12-01"),
        ("send 50 dollars to david lee on thanksgiving", "c_002", "2026-11-26"),
        ("send 50 dollars to david lee on christmas day", "c_002", "2026-12-25"),
        ("send 50 dollars to david lee on new year's day", "c_002", "2027-01-01"),
        ("send 50 dollars to david lee on the first business day of next month", "c_002", "2026-12-01"),
        ("月末に佐藤健さんに5000円振り込んで", "c_001", "2026-11-30"),
        ("来月末に佐藤健さんに5000円振り込んで", "c_001", "2026-12-31"),
        ("10日後に佐藤健さんに5000円送金して", "c_001", "2026-12-01"),
        ("2週間後に佐藤健さんに5000円送金して", "c_001", "2026-12-05"),
        ("勤労感謝の日に佐藤健さんに5000円送って", "c_001", "2026-11-23"),
        ("元日に佐藤健さんに5000円送って", "c_001", "2027-01-01"),
        ("クリスマスに佐藤健さんに5000円送って", "c_001", "2026-12-25"),
        ("来月の最初の営業日に佐藤健さんに5000円送って", "c_001", "2026-12-01"),
    ],
)
def test_calendar_dates_reach_the_transfer(runner: Any, text: str, customer: str, execute_on: str) -> None:
    """The date the customer named is the execution date; it is never dropped to 'now'."""
    result = run(runner, text, customer)
    assert result.action.value == "confirm", (result.action, result.reason)
    assert result.entities.execute_on is not None and result.entities.execute_on.isoformat() == execute_on


@pytest.mark.parametrize(
    ("customer", "now", "text"),
    [
        (
            "c_002",
            "2026-12-10T09:00:00-05:00",
            "send 50 dollars to david lee on the first business day of next month",
        ),
        ("c_001", "2026-12-10T09:00:00+09:00", "来月の最初の営業日に佐藤健さんに5000円送って"),
    ],
)
def test_first_business_day_skips_the_holiday_and_weekend(
    runner: Any, customer: str, now: str, text: str
) -> None:
    """January 2027 starts on a Friday holiday and a weekend: the first business day is Monday the 4th."""
    result = run(runner, text, customer, now=datetime.fromisoformat(now))
    assert result.entities.execute_on is not None
    assert result.entities.execute_on.isoformat() == "2027-01-04"


@pytest.mark.parametrize(
    ("text", "customer"),
    [
        ("we had lunch yesterday, send 18 dollars to david lee", "c_002"),
        ("david lee covered dinner last friday so send him 18 dollars", "c_002"),
        ("昨日ランチをごちそうになったので、佐藤健さんに2000円送って", "c_001"),
    ],
)
def test_a_date_of_another_clause_is_not_the_execution_date(runner: Any, text: str, customer: str) -> None:
    """'I had lunch with her yesterday, send her $18': yesterday is when lunch was, not the transfer."""
    result = run(runner, text, customer)
    assert result.entities.execute_on is None
    assert result.reason != "date_in_past"
    assert result.action.value in ("confirm", "clarify", "ask_slot")


@pytest.mark.parametrize(
    ("text", "customer"),
    [
        ("send 50 dollars to david lee on payday", "c_002"),
        ("send 50 dollars to david lee after my birthday", "c_002"),
        ("send 50 dollars to david lee on the 31st of november", "c_002"),
        ("send 50 dollars to david lee on the last weekday before the holidays", "c_002"),
        ("給料日に佐藤健さんに5000円送って", "c_001"),
        ("誕生日の前日に佐藤健さんに5000円送って", "c_001"),
        ("11月31日に佐藤健さんに5000円送って", "c_001"),
    ],
)
def test_a_date_phrase_that_cannot_be_resolved_is_asked_about(runner: Any, text: str, customer: str) -> None:
    """Payday, birthdays, impossible dates: the turn asks for the date instead of sending now."""
    result = run(runner, text, customer)
    assert not acts(result), (result.action, result.entities)
    assert result.action.value in ("ask_slot", "clarify")
    assert result.reason == "unparsed_date"
    assert any(t.rule == "unparsed_date" for t in result.trace)
