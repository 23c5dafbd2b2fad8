"""The clock: injectable, settable in tests, and the range every time from outside must fall in."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
from pydantic import ValidationError

from teller.clock import LATEST, ManualClock, SystemClock, in_range
from teller.domain.turn import TurnRequest


def test_manual_clock_stands_still_until_moved() -> None:
    """A ManualClock returns its time until `set` or `advance` moves it."""
    start = datetime(2026, 11, 21, 9, tzinfo=UTC)
    clock = ManualClock(start)
    assert clock.now() == clock.now() == start
    assert clock.advance(timedelta(days=1)) == start + timedelta(days=1) == clock.now()
    clock.set(start)
    assert clock.now() == start


def test_system_clock_is_aware_utc() -> None:
    """The system clock reads an aware UTC instant."""
    assert SystemClock().now().utcoffset() == timedelta(0)


@pytest.mark.parametrize(
    "value",
    [
        "9999-12-31T23:59:59+00:00",
        "0001-01-01T00:00:00+09:00",
        "1999-12-31T23:59:59+00:00",
        "2100-01-01T00:00:00+00:00",
    ],
)
def test_times_out_of_range_are_refused(value: str) -> None:
    """Years 9999 and 0001 (and anything outside 2000-2099) are a ValueError, so a 422, never an overflow."""
    with pytest.raises(ValueError, match="out of range"):
        in_range(datetime.fromisoformat(value))
    with pytest.raises(ValidationError):
        TurnRequest(id="t", customer_id="c_001", text="hi", now=datetime.fromisoformat(value))


def test_naive_times_are_refused() -> None:
    """A time without an offset is ambiguous and refused."""
    with pytest.raises(ValueError, match="offset"):
        in_range(datetime(2026, 11, 21, 9))
    assert in_range(LATEST - timedelta(microseconds=1)) < LATEST
