"""What the API load generators share (`bench/load.py`, `bench/bank_load.py`).

`Tally` counts answers by status and holds the latency percentiles of one level; `read_response`
reads one HTTP/1.1 answer from a keep-alive stream (the generators write prebuilt requests and need
a few µs of client CPU each, not an HTTP library's); `tree_cpu_s` reads a process tree's CPU time.
"""

from __future__ import annotations

import asyncio
import os
import socket
from dataclasses import dataclass, field
from pathlib import Path


@dataclass(kw_only=True)
class Tally:
    """Answers of one load level by status, and the latency percentiles of its 200s (ms)."""

    sent: int = 0
    ok: int = 0
    rejected_429: int = 0
    client_4xx: int = 0
    server_5xx: int = 0
    transport_errors: int = 0
    p50_ms: float = 0.0
    p95_ms: float = 0.0
    p99_ms: float = 0.0
    max_ms: float = 0.0
    status_codes: dict[str, int] = field(default_factory=dict)

    def count(self, status: int) -> bool:
        """Count one answer; True when it is a 200."""
        self.sent += 1
        self.status_codes[str(status)] = self.status_codes.get(str(status), 0) + 1
        self.ok += status == 200
        self.rejected_429 += status == 429
        self.server_5xx += status >= 500
        self.client_4xx += 400 <= status < 500 and status != 429
        return status == 200

    def set_latencies(self, latencies_ms: list[float]) -> None:
        """p50/p95/p99/max of the 200s' latencies."""
        self.p50_ms, self.p95_ms, self.p99_ms = (pct(latencies_ms, q) for q in (0.50, 0.95, 0.99))
        self.max_ms = round(max(latencies_ms), 2) if latencies_ms else 0.0


def pct(values: list[float], q: float) -> float:
    """The q-quantile (nearest rank, rounded to 0.01) of `values`; 0.0 when there are none."""
    ordered = sorted(values)
    return round(ordered[min(len(ordered) - 1, int(q * len(ordered)))], 2) if ordered else 0.0


def tree_cpu_s(pid: int | None) -> float | None:
    """User + system CPU seconds of `pid` and its descendants now alive (Linux /proc), or None."""
    if pid is None:
        return None
    total, todo, tick = 0.0, [pid], os.sysconf("SC_CLK_TCK")
    while todo:
        p = todo.pop()
        try:
            fields = Path(f"/proc/{p}/stat").read_text().rsplit(")", 1)[1].split()
            for task in Path(f"/proc/{p}/task").iterdir():
                todo += [int(c) for c in (task / "children").read_text().split()]
        except OSError:
            continue
        total += (int(fields[11]) + int(fields[12])) / tick
    return total


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


async def read_response(reader: asyncio.StreamReader) -> tuple[int, bytes]:
    """(status, body) of one HTTP/1.1 answer with a Content-Length."""
    status = int((await reader.readline()).split(b" ", 2)[1])
    length = 0
    while (line := await reader.readline()) not in (b"\r\n", b""):
        name, _, value = line.partition(b":")
        if name.lower() == b"content-length":
            length = int(value)
    return status, await reader.readexactly(length)
