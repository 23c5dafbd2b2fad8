"""Pure fairness bookkeeping: token buckets and counters keyed by customer or client address.

No I/O and no clock of its own: every call takes `now` (monotonic seconds). Keys are bounded: past
`max_keys` the least recently used key is forgotten (a forgotten key starts again with a full
bucket, which only ever errs towards serving).
"""

from __future__ import annotations

import math
from collections import OrderedDict


class TokenBuckets:
    """One bucket per key: `burst` tokens, refilled at `rate` per second; a request takes one."""

    def __init__(self, *, rate: float, burst: float, max_keys: int = 10_000) -> None:
        self.rate = rate
        self.burst = burst
        self._max = max_keys
        self._buckets: OrderedDict[str, tuple[float, float]] = OrderedDict()  # key → (tokens, at)

    def _level(self, key: str, now: float) -> float:
        tokens, at = self._buckets.get(key, (self.burst, now))
        return min(self.burst, tokens + (now - at) * self.rate)

    def _store(self, key: str, tokens: float, now: float) -> None:
        self._buckets[key] = (tokens, now)
        self._buckets.move_to_end(key)
        while len(self._buckets) > self._max:
            self._buckets.popitem(last=False)

    def take(self, key: str, now: float) -> float:
        """0.0 when `key` had a token (now taken); otherwise the seconds until it will have one."""
        tokens = self._level(key, now)
        if tokens >= 1.0:
            self._store(key, tokens - 1.0, now)
            return 0.0
        self._store(key, tokens, now)
        return (1.0 - tokens) / self.rate

    def empty(self, key: str, now: float) -> float:
        """Like `take` without taking: 0.0 when a token is there, else the seconds until one is."""
        tokens = self._level(key, now)
        return 0.0 if tokens >= 1.0 else (1.0 - tokens) / self.rate


class Concurrency:
    """How many requests each key has in flight; `enter` refuses past `limit`."""

    def __init__(self, limit: int) -> None:
        self.limit = limit
        self._counts: dict[str, int] = {}

    def enter(self, key: str) -> bool:
        count = self._counts.get(key, 0)
        if count >= self.limit:
            return False
        self._counts[key] = count + 1
        return True

    def leave(self, key: str) -> None:
        count = self._counts.get(key, 0) - 1
        if count > 0:
            self._counts[key] = count
        else:
            self._counts.pop(key, None)

    def __getitem__(self, key: str) -> int:
        return self._counts.get(key, 0)


def retry_after(seconds: float) -> int:
    """Whole seconds for a Retry-After header (at least 1)."""
    return max(1, math.ceil(seconds))
