"""Bounded admission: at most `limit` requests under `prefix` in flight; the next gets 429 + Retry-After.

There is no queue. A refused request costs microseconds, so a saturated server keeps serving the
admitted ones at normal latency instead of letting every request wait behind an unbounded backlog.
The counter needs no lock: it only changes on the event loop.
"""

from __future__ import annotations

from collections.abc import Callable

import orjson
from starlette.types import ASGIApp, Receive, Scope, Send


class Admission:
    def __init__(
        self,
        app: ASGIApp,
        *,
        limit: int,
        retry_after_s: int,
        prefix: str = "/v1/",
        on_reject: Callable[[], None] | None = None,
    ) -> None:
        self.app = app
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
        try:
            await self.app(scope, receive, send)
        finally:
            self.in_flight -= 1
