"""Stage timing for one turn.

Each span measures wall time with `time.perf_counter_ns` from entering to leaving the `with`
block of that stage in the runner; `total` runs from the runner's first line to the finished
result, so it includes the small glue between stages.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from contextlib import contextmanager


class StageClock:
    """Collects per-stage durations in milliseconds (repeated stages add up)."""

    def __init__(self) -> None:
        self._start = time.perf_counter_ns()
        self.ms: dict[str, float] = {}

    @contextmanager
    def stage(self, name: str) -> Iterator[None]:
        started = time.perf_counter_ns()
        try:
            yield
        finally:
            elapsed = (time.perf_counter_ns() - started) / 1e6
            self.ms[name] = round(self.ms.get(name, 0.0) + elapsed, 4)

    def finish(self) -> dict[str, float]:
        self.ms["total"] = round((time.perf_counter_ns() - self._start) / 1e6, 4)
        return self.ms
