"""The app's outermost layer: one log line per request, security headers, and the last-resort 500.

`Edge` wraps the whole Starlette stack (`TellerApp.build_middleware_stack`), so it sees every
request, including those refused by admission and those whose handler raised:

- **One structured line per request**, written when its response is done (or the client left): the
  route template (never the raw path or query), method, status, milliseconds, the error code if
  any, the customer id once authenticated, and the turn's outcome fields when a turn ran (put there
  by the service through `note`). A 504 or a 500 leaves its line like any other. An exception that
  escapes the app is logged in that same line (redacted), answered 500 if nothing was sent yet, and
  not re-raised, so uvicorn adds no second line. A WebSocket leaves one line when it ends.
- **Security headers** on every HTTP response (account data must not be cached or sniffed):
  `Cache-Control: no-store` unless the app chose a policy, `X-Content-Type-Options: nosniff`,
  `Referrer-Policy: no-referrer`, `X-Frame-Options: DENY` and a Content-Security-Policy that allows
  only same-origin scripts, styles and connections (the web console's own scripts and its
  WebSocket), plus `Permissions-Policy` allowing the microphone to this origin only.
"""

from __future__ import annotations

import contextvars
import logging
import time
from typing import Any

import orjson
from starlette.types import ASGIApp, Message, Receive, Scope, Send

log = logging.getLogger("teller.api.requests")

_fields: contextvars.ContextVar[dict[str, Any] | None] = contextvars.ContextVar(
    "teller_request", default=None
)

SECURITY_HEADERS: tuple[tuple[bytes, bytes], ...] = (
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"no-referrer"),
    (b"x-frame-options", b"DENY"),
    (
        b"content-security-policy",
        b"default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
        b"connect-src 'self'; media-src 'self' blob:; object-src 'none'; base-uri 'none'; "
        b"frame-ancestors 'none'; form-action 'self'",
    ),
    (b"permissions-policy", b"microphone=(self), camera=(), geolocation=(), payment=()"),
    (b"cross-origin-opener-policy", b"same-origin"),
    (b"cross-origin-resource-policy", b"same-origin"),
)
_NO_STORE = (b"cache-control", b"no-store")


def note(**fields: Any) -> bool:
    """Add fields to the current HTTP request's log line; False outside one (e.g. in a WebSocket)."""
    current = _fields.get()
    if current is None or current.get("method") == "WS":
        return False
    current.update(fields)
    return True


def with_security_headers(headers: list[tuple[bytes, bytes]]) -> list[tuple[bytes, bytes]]:
    names = {name.lower() for name, _ in headers}
    out = list(headers)
    if b"cache-control" not in names:
        out.append(_NO_STORE)
    out.extend(h for h in SECURITY_HEADERS if h[0] not in names)
    return out


class Edge:
    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        fields: dict[str, Any] = {"method": scope.get("method", "GET")} if scope["type"] == "http" else {}
        if scope["type"] == "websocket":
            fields["method"] = "WS"
        token = _fields.set(fields)
        t0 = time.perf_counter()
        started = False
        status: int | str = 0

        async def wrapped(message: Message) -> None:
            nonlocal started, status
            kind = message["type"]
            if kind == "http.response.start":
                started = True
                status = message["status"]
                message = {**message, "headers": with_security_headers(list(message.get("headers", [])))}
            elif kind == "websocket.accept":
                started, status = True, 101
            elif kind == "websocket.http.response.start":
                started, status = True, message["status"]
                message = {**message, "headers": with_security_headers(list(message.get("headers", [])))}
            elif kind == "websocket.close":
                fields.setdefault("close_code", message.get("code", 1000))
                status = status or 403  # closed before accepting: the server answers 403
            await send(message)

        exc_info: BaseException | None = None
        try:
            await self.app(scope, receive, wrapped)
        except Exception as exc:  # the last resort: one line, one 500, nothing re-raised
            exc_info = exc
            if scope["type"] == "http" and not started:
                await _send_500(send)
                status = 500
        finally:
            _fields.reset(token)
            self._log(scope, status, time.perf_counter() - t0, fields, exc_info)

    @staticmethod
    def _log(
        scope: Scope, status: int | str, seconds: float, fields: dict[str, Any], exc: BaseException | None
    ) -> None:
        route = getattr(scope.get("route"), "path", None) or "unmatched"
        entry: dict[str, Any] = {
            "route": route,
            "status": status or 499,  # 499: the client left before any answer
            "ms": round(seconds * 1000, 3),
            **fields,
        }
        if exc is not None:
            entry["status"] = 500
            log.error("request", exc_info=exc, extra={"fields": entry})
        else:
            log.info("request", extra={"fields": entry})


async def _send_500(send: Send) -> None:
    body = orjson.dumps({"error": {"code": "internal", "message": "internal error"}})
    headers = [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode())]
    await send({"type": "http.response.start", "status": 500, "headers": with_security_headers(headers)})
    await send({"type": "http.response.body", "body": body})
