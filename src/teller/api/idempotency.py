"""Idempotency-Key for confirm/cancel: a retried request gets the first request's answer, not a 409.

Keys are scoped per customer. Concurrent requests with one key run the work once; the others await
the first one's answer. Answers that a retry could improve (transient errors, 5xx) are not kept.
A key reused for a different request (another action or operation) is refused with `KeyReused`.
Entries live in memory for `ttl_s`, at most `max_entries` of them; behind this cache the answers are
also kept in the database for every worker (`teller.store.idempotency`, used by routes/actions.py).
The store's one-time token is what makes confirmation exactly-once; this only makes retries pleasant.
"""

from __future__ import annotations

import asyncio
import time
from collections import OrderedDict
from collections.abc import Awaitable, Callable
from dataclasses import dataclass

from teller.errors import KeyReused as KeyReused


@dataclass(frozen=True, slots=True)
class Answer:
    status: int
    body: bytes
    headers: tuple[tuple[str, str], ...] = ()


@dataclass
class _Entry:
    fingerprint: str
    answer: asyncio.Future[Answer]
    at: float


class IdempotencyCache:
    def __init__(self, *, ttl_s: float, max_entries: int = 100_000) -> None:
        self._ttl = ttl_s
        self._max = max_entries
        self._entries: OrderedDict[tuple[str, str], _Entry] = OrderedDict()

    async def run(
        self, customer_id: str, key: str, fingerprint: str, work: Callable[[], Awaitable[Answer]]
    ) -> Answer:
        slot = (customer_id, key)
        now = time.monotonic()
        entry = self._entries.get(slot)
        if entry is not None and now - entry.at > self._ttl:
            del self._entries[slot]
            entry = None
        if entry is not None:
            if entry.fingerprint != fingerprint:
                raise KeyReused("this Idempotency-Key was already used for a different request")
            return await asyncio.shield(entry.answer)
        future: asyncio.Future[Answer] = asyncio.get_running_loop().create_future()
        self._entries[slot] = _Entry(fingerprint, future, now)
        while len(self._entries) > self._max:
            self._entries.popitem(last=False)
        try:
            answer = await work()
        except BaseException as exc:
            self._forget(slot, future)
            future.set_exception(exc)
            future.exception()  # mark retrieved: waiters re-raise it, nobody else has to
            raise
        if answer.status >= 500 or answer.status in (408, 429):
            self._forget(slot, future)
        future.set_result(answer)
        return answer

    def _forget(self, slot: tuple[str, str], future: asyncio.Future[Answer]) -> None:
        entry = self._entries.get(slot)
        if entry is not None and entry.answer is future:
            del self._entries[slot]
