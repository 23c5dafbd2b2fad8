"""Connection-level limits uvicorn does not have: read deadlines and a bounded connection count.

`guarded_protocol(limits)` returns uvicorn's httptools protocol with four additions:

- **Header deadline**: a request's headers must arrive within `header_timeout_s` of its first byte
  (or of the connection opening): a slow-header ("slowloris") or silent connection is answered 408
  and closed. A request head over `max_header_bytes` is answered 431 and closed.
- **Body deadline**: the whole body must arrive within `body_timeout_s` of the headers, plus one
  second per `body_min_rate` bytes it declares (a 2 MiB upload gets 32 s more at 64 KiB/s). A body
  shorter than its Content-Length no longer holds a connection forever: at the deadline the client
  gets 408 (if nothing was answered yet), the app sees a disconnect, and the connection is closed.
- **Connection caps**: at most `max_connections` open connections (HTTP and WebSocket), and at most
  `max_connections_per_address` from one client address; a connection over either is closed at
  once, before anything is read from it.

uvicorn's own keep-alive timeout still closes idle connections between requests; WebSockets leave
these timers at the upgrade (the stream route has its own idle timeout). This subclasses a uvicorn
class, whose version is pinned in pyproject.toml; `tests/api/test_connections.py` checks it against
the real server.
"""

from __future__ import annotations

import asyncio
from collections import Counter
from dataclasses import dataclass
from typing import Any

from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol


@dataclass(frozen=True, slots=True)
class ConnectionLimits:
    header_timeout_s: float = 10.0
    body_timeout_s: float = 10.0
    body_min_rate: float = 64 * 1024  # bytes per second a declared body may take beyond body_timeout_s
    max_header_bytes: int = 64 * 1024
    max_connections: int = 1024
    max_connections_per_address: int = 128


def _response(status: int, reason: str) -> bytes:
    body = b'{"error": {"code": "%s", "message": "%s"}}' % (reason.encode(), _MESSAGES[status])
    return (
        b"HTTP/1.1 %d %s\r\ncontent-type: application/json\r\ncontent-length: %d\r\n"
        b"connection: close\r\ncache-control: no-store\r\n\r\n%s"
        % (status, _REASONS[status], len(body), body)
    )


_REASONS = {408: b"Request Timeout", 431: b"Request Header Fields Too Large"}
_MESSAGES = {
    408: b"the request did not arrive in time",
    431: b"the request head is too large",
}


def guarded_protocol(limits: ConnectionLimits) -> type[HttpToolsProtocol]:
    """uvicorn's httptools protocol class with `limits` applied (pass it as `Config(http=...)`)."""
    per_address: Counter[str] = Counter()  # open connections by client address (event loop only)

    class GuardedHttpToolsProtocol(HttpToolsProtocol):
        def __init__(self, *args: Any, **kwargs: Any) -> None:
            super().__init__(*args, **kwargs)
            self._deadline: asyncio.TimerHandle | None = None
            self._head_bytes = 0
            self._in_head = True
            self._tail = b""  # the last bytes of the head so far, to find its end across chunks
            self._address: str | None = None

        def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
            super().connection_made(transport)
            address = self.client[0] if self.client else ""
            if (
                len(self.connections) > limits.max_connections
                or per_address[address] >= limits.max_connections_per_address
            ):
                transport.abort()  # refused before anything is read; connection_lost cleans up
                return
            self._address = address
            per_address[address] += 1
            self._arm(limits.header_timeout_s)

        def connection_lost(self, exc: Exception | None) -> None:
            self._disarm()
            if self._address is not None:
                per_address[self._address] -= 1
                if per_address[self._address] <= 0:
                    del per_address[self._address]
                self._address = None
            super().connection_lost(exc)

        def data_received(self, data: bytes) -> None:
            if self._in_head:
                # Count only the head: up to the blank line that ends it, if it is in this chunk.
                window = self._tail + data
                end = window.find(b"\r\n\r\n")
                self._head_bytes += len(data) if end < 0 else max(0, end + 4 - len(self._tail))
                self._tail = window[-3:]
                if self._head_bytes > limits.max_header_bytes:
                    self._refuse(431, "header_too_large")
                    return
                if self._deadline is None:  # the first byte of a new request on a kept-alive connection
                    self._arm(limits.header_timeout_s)
            super().data_received(data)

        def on_headers_complete(self) -> None:
            self._in_head = False
            declared = next((v for n, v in self.headers if n == b"content-length"), b"0")
            size = int(declared) if declared.isdigit() else 0
            self._arm(limits.body_timeout_s + size / limits.body_min_rate)
            super().on_headers_complete()

        def on_message_complete(self) -> None:
            self._disarm()
            super().on_message_complete()

        def on_response_complete(self) -> None:
            self._in_head, self._head_bytes, self._tail = True, 0, b""
            super().on_response_complete()

        def handle_websocket_upgrade(self) -> None:
            # The WebSocket protocol takes the connection over (this one never sees connection_lost):
            # streams are bounded by the stream route's own caps from here on.
            self._disarm()
            if self._address is not None:
                per_address[self._address] -= 1
                if per_address[self._address] <= 0:
                    del per_address[self._address]
                self._address = None
            super().handle_websocket_upgrade()

        def _arm(self, seconds: float) -> None:
            self._disarm()
            self._deadline = self.loop.call_later(seconds, self._expired)

        def _disarm(self) -> None:
            if self._deadline is not None:
                self._deadline.cancel()
                self._deadline = None

        def _expired(self) -> None:
            self._deadline = None
            self._refuse(408, "request_timeout")

        def _refuse(self, status: int, code: str) -> None:
            """Answer `status` unless a response has begun, stop the app's reads, and close."""
            self._disarm()
            if self.transport.is_closing():
                return
            cycle = self.cycle
            if cycle is None or not cycle.response_started:
                self.transport.write(_response(status, code))
            if cycle is not None and not cycle.response_complete:
                cycle.disconnected = True  # the app's receive() now answers http.disconnect
                cycle.message_event.set()
            self.transport.close()

    return GuardedHttpToolsProtocol
