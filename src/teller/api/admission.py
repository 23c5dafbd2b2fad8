"""Fair admission for everything under `/v1/`: nothing queues, and no one customer takes all of it.

In order, for each HTTP request (and the checks that apply to a WebSocket handshake):

1. a key in the query string (`?key=`, `?token=`, … or any `tk_…` value) is refused (400
   `key_in_query`): URLs end up in logs, histories and proxies; keys go in the Authorization header;
2. a client address that sent too many unknown keys is refused before its key is even looked at
   (429 `auth_throttled`): each unknown key presented takes a token from the address's bucket
   (`auth_failures_burst`, refilled at `auth_failures_per_s`);
3. at most `max_in_flight` requests in flight in all (429 `overloaded`);
4. per customer key: at most `max_in_flight_per_key` in flight and a token bucket of
   `burst_per_key` refilled at `rate_per_key_s` (429 `rate_limited`, Retry-After when a token is due).

Refusals for a key's or an address's own excess (`rate_limited`, `auth_throttled`) are answered
after `refusal_delay_s`: a client that ignores Retry-After and retries at once would otherwise keep
the event loop busy refusing it, which every other customer would feel. The wait is a timer, holds
no worker and no admission slot, and its connections count against the per-address cap.

A refused request costs microseconds, so a saturated server keeps serving the admitted ones at
normal latency instead of letting everyone wait behind one customer's backlog. Counters change only
on the event loop, so they need no lock. The admitted request's latency is observed here too (see
metrics.py).
"""

from __future__ import annotations

import asyncio
import re
import time
from collections.abc import Callable
from typing import Protocol
from urllib.parse import parse_qsl

import orjson
from fastapi.security.utils import get_authorization_scheme_param
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from teller.api.auth import KeyRing
from teller.api.fairness import Concurrency, TokenBuckets, retry_after
from teller.api.settings import ApiSettings


class Observer(Protocol):
    def __call__(self, route: str, method: str, status: int, seconds: float) -> None: ...


_KEY_PARAMS = frozenset(
    {"key", "api_key", "apikey", "access_token", "token", "auth", "authorization", "bearer"}
)
_KEY_VALUE = re.compile(r"tk_[A-Za-z0-9_]{8,}")
_MESSAGES = {
    "overloaded": "server is at capacity; retry after a moment",
    "rate_limited": "too many requests for this key; retry after the time in Retry-After",
    "auth_throttled": "too many failed authentications from this address; retry later",
    "key_in_query": "API keys are not accepted in the URL; send them as `Authorization: Bearer <key>`",
}


def key_in_query(scope: Scope) -> bool:
    """Whether the query string carries something that looks like a credential."""
    raw: bytes = scope.get("query_string", b"")
    if not raw:
        return False
    for name, value in parse_qsl(raw.decode("latin-1"), keep_blank_values=True):
        if name.lower() in _KEY_PARAMS or _KEY_VALUE.search(value):
            return True
    return False


def bearer(scope: Scope) -> str | None:
    """The bearer key of the request's (first) Authorization header, if any."""
    for name, value in scope["headers"]:
        if name == b"authorization":
            scheme, key = get_authorization_scheme_param(value.decode("latin-1"))
            return key if key and scheme.lower() == "bearer" else None
    return None


def client_address(scope: Scope) -> str:
    client = scope.get("client")
    return str(client[0]) if client else ""


class Gate:
    """The admission decisions, shared by the HTTP middleware and the WebSocket route."""

    def __init__(
        self, api: ApiSettings, keyring: KeyRing, clock: Callable[[], float] = time.monotonic
    ) -> None:
        self.api = api
        self.keyring = keyring
        self.clock = clock
        self.failures = TokenBuckets(rate=api.auth_failures_per_s, burst=api.auth_failures_burst)
        self.rates = TokenBuckets(rate=api.rate_per_key_s, burst=api.burst_per_key)
        self.per_key = Concurrency(api.max_in_flight_per_key)

    def throttled(self, address: str) -> float:
        """Seconds until `address` may try a key again (0.0: now)."""
        return self.failures.empty(address, self.clock())

    def authenticate(self, scope: Scope, key: str | None = None) -> str | None:
        """The customer `key` (default: the request's bearer key) names; a miss takes a token from
        its address's bucket."""
        key = key if key is not None else bearer(scope)
        if not key:  # no key at all guesses nothing (the console's first page, a health probe)
            return None
        customer = self.keyring.customer_for(key)
        if customer is None:
            self.failures.take(client_address(scope), self.clock())
        return customer

    def rate(self, customer: str) -> float:
        """0.0 when the customer's bucket had a token (now taken), else seconds until it has one."""
        return self.rates.take(customer, self.clock())


class Admission:
    """Admission control plus the HTTP latency clock (admitted requests only; see metrics.py)."""

    def __init__(
        self,
        app: ASGIApp,
        *,
        gate: Gate,
        prefix: str = "/v1/",
        on_reject: Callable[[str], None] | None = None,
        observe: Observer | None = None,
    ) -> None:
        self.app = app
        self.gate = gate
        self.limit = gate.api.max_in_flight
        self.retry_after_s = gate.api.retry_after_s
        self.prefix = prefix
        self.in_flight = 0
        self._on_reject = on_reject
        self._observe = observe

    async def _refuse(self, send: Send, code: str, seconds: float | None = None) -> None:
        if self._on_reject is not None:
            self._on_reject(code)
        if code in ("rate_limited", "auth_throttled") and self.gate.api.refusal_delay_s:
            await asyncio.sleep(self.gate.api.refusal_delay_s)
        body = orjson.dumps({"error": {"code": code, "message": _MESSAGES[code]}})
        headers = [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode())]
        status = 400 if code == "key_in_query" else 429
        if status == 429:
            wait = retry_after(seconds) if seconds else self.retry_after_s
            headers.append((b"retry-after", str(wait).encode()))
        await send({"type": "http.response.start", "status": status, "headers": headers})
        await send({"type": "http.response.body", "body": body})

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or not scope["path"].startswith(self.prefix):
            await self.app(scope, receive, send)
            return
        gate = self.gate
        if key_in_query(scope):
            await self._refuse(send, "key_in_query")
            return
        wait = gate.throttled(client_address(scope))
        if wait:
            await self._refuse(send, "auth_throttled", wait)
            return
        if self.in_flight >= self.limit:
            await self._refuse(send, "overloaded")
            return
        customer = gate.authenticate(scope)
        if customer is not None:  # unknown keys go on to be answered 401 by the route, as always
            if not gate.per_key.enter(customer):
                await self._refuse(send, "rate_limited", 1.0)
                return
            wait = gate.rate(customer)
            if wait:
                gate.per_key.leave(customer)
                await self._refuse(send, "rate_limited", wait)
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
            if customer is not None:
                gate.per_key.leave(customer)
            if self._observe is not None:
                route = getattr(scope.get("route"), "path", "unmatched")
                self._observe(route, scope["method"], status, time.perf_counter() - t0)
