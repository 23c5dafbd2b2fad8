"""The clock: the one source of "now" for expiry, limits, posting, scheduling and audit.

    Clock          the protocol: `now()` returns an aware datetime
    SystemClock    the server's wall clock (UTC); what every service uses unless a test injects one
    ManualClock    a settable clock for tests: `set`, `advance`; thread-safe

A client never supplies this time. A turn may carry a *reference* time (`TurnRequest.now`) for
evaluation replays (`teller ask/batch --now`, or the API's opt-in replay mode): it only moves what
words like "tomorrow" mean and which day policy previews; confirmations, expiry, the ledger and the
audit log always read the clock.
"""

from __future__ import annotations

import threading
from datetime import UTC, datetime, timedelta
from typing import Protocol

# Times Teller accepts from outside (replayed `now`, `--until`): far enough apart for any real use,
# near enough that date arithmetic (a day later, a year of schedule) can never overflow.
EARLIEST = datetime(2000, 1, 1, tzinfo=UTC)
LATEST = datetime(2100, 1, 1, tzinfo=UTC)


class Clock(Protocol):
    def now(self) -> datetime:
        """The current instant, timezone-aware."""
        ...


class SystemClock:
    """The server's wall clock, in UTC."""

    def now(self) -> datetime:
        return datetime.now(UTC)


class ManualClock:
    """A clock that stands still until told otherwise (tests, simulations)."""

    def __init__(self, start: datetime) -> None:
        self._now = _aware(start)
        self._lock = threading.Lock()

    def now(self) -> datetime:
        with self._lock:
            return self._now

    def set(self, value: datetime) -> None:
        with self._lock:
            self._now = _aware(value)

    def advance(self, delta: timedelta) -> datetime:
        with self._lock:
            self._now += delta
            return self._now


def in_range(value: datetime) -> datetime:
    """`value` if it is aware and between EARLIEST and LATEST; ValueError (saying which) otherwise."""
    _aware(value)
    if not EARLIEST <= value < LATEST:
        raise ValueError(
            f"{value.isoformat()} is out of range: times must fall in {EARLIEST.year}-{LATEST.year - 1}"
        )
    return value


def _aware(value: datetime) -> datetime:
    if value.tzinfo is None or value.utcoffset() is None:
        raise ValueError("a time must carry a UTC offset, e.g. 2026-11-21T09:00:00+09:00")
    return value
