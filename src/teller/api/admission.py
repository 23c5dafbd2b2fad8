"""Bounded admission: at most `limit` requests under `prefix` in flight; the next gets 429 + Retry-After.

There is no queue. A refused request costs microseconds, so a saturated server keeps serving the
admitted ones at normal latency instead of letting every request wait behind an unbounded backlog.
The counter needs no lock: it only changes on the event loop.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Protocol

import orjson
from starlette.types import ASGIApp, Message, Receive, Scope, Send


class Observer(Protocol):
    def __call__(self, route: str, method: str, status: int, seconds: float) -> None: ...


class Admission:
    """Admission control plus the HTTP latency clock (admitted requests only; see metrics.py)."""

    def __init__(
        self,
        app: ASGIApp,
        *,
        limit: int,
        retry_after_s: int,
        prefix: str = "/v1/",
        on_reject: Callable[[], None] | None = None,
        observe: Observer | None = None,
    ) -> None:
        self.app = app
        self._observe = observe
        self.limit = limit
        self.prefix = prefix
        self.in_flight = 0
        self._on_reject = on_reject
        self._body = orjson.dumps(
            {"error": {"code": "overloaded", "message": "server is at capacity; retry after a moment"}}
        )
        self._headers = [
            (b"content-type", b"application/json"),
            (b"content-length", str(len(self._body)).encode()),
            (b"retry-after", str(retry_after_s).encode()),
        ]

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or not scope["path"].startswith(self.prefix):
            await self.app(scope, receive, send)
            return
        if self.in_flight >= self.limit:
            if self._on_reject is not None:
                self._on_reject()
            await send({"type": "http.response.start", "status": 429, "headers": self._headers})
            await send({"type": "http.response.body", "body": self._body})
            return
        self.in_flight += 1
        status = 500
        t0 = time.perf_counter()

        async def watch(message: Message) -> None:
            nonlocal status
            if message["type"] == "http.response.start":
                status = message["status"]
            await send(message)

        try:
            await self.app(scope, receive, watch)
        finally:
            self.in_flight -= 1
            if self._observe is not None:
                route = getattr(scope.get("route"), "path", "unmatched")
                self._observe(route, scope["method"], status, time.perf_counter() - t0)
