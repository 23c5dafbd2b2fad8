"""Idempotency-Key answers in the database, shared by every worker (the API's `teller.api.idempotency`
keeps an in-process layer in front of this, so concurrent requests within one worker wait on one
future instead of polling).

`claim` decides, in one write transaction, what a request with (customer, key) may do:

    no record, or an expired one   → it is ours (CLAIMED): do the work, then `answer` or `release`
    another request's fingerprint  → KeyReused (422)
    answered                       → the stored answer: replay it
    being worked on elsewhere      → BUSY: poll again (a claim older than `claim_s`, whose worker
                                     died, is taken over)

The store's one-time token is what makes confirmation exactly-once; these records make a retry on
another worker get the first answer instead of a 409.

Records live `ttl_s` (`api.idempotency_ttl_s`); expired ones are deleted in bounded batches
(`purge`), now and then after a claim (every `purge_every_s` per process), so the table holds about
one TTL's worth of keys.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from datetime import timedelta
from typing import Literal

from sqlalchemy import delete, select, tuple_, update
from sqlalchemy.dialects import postgresql, sqlite

from teller.clock import Clock, SystemClock
from teller.errors import KeyReused
from teller.store.db import Database
from teller.store.schema import IdempotencyRow


@dataclass(frozen=True, slots=True)
class Stored:
    status: int
    body: bytes


Claim = Stored | Literal["claimed", "busy"]


class IdempotencyRecords:
    def __init__(
        self,
        db: Database,
        *,
        ttl_s: float,
        claim_s: float,
        clock: Clock | None = None,
        purge_every_s: float = 60.0,
        purge_batch: int = 1_000,
    ) -> None:
        self._db = db
        self._ttl = timedelta(seconds=ttl_s)
        self._claim = timedelta(seconds=claim_s)
        self._clock: Clock = clock or SystemClock()
        self._purge_every = purge_every_s
        self._purge_batch = purge_batch
        self._purged: float | None = None

    def purge(self, limit: int | None = None) -> int:
        """Delete up to `limit` (default `purge_batch`) expired records, the oldest first; how many."""
        self._purged = time.monotonic()
        r = IdempotencyRow
        oldest = (
            select(r.customer_id, r.key)
            .where(r.expires_at <= self._clock.now())
            .order_by(r.expires_at)
            .limit(limit or self._purge_batch)
        )
        with self._db.write() as s:
            done = s.execute(delete(r).where(tuple_(r.customer_id, r.key).in_(oldest)))
        return int(getattr(done, "rowcount", 0) or 0)

    def claim(self, customer_id: str, key: str, fingerprint: str) -> Claim:
        """Take (customer, key) for this request, or say what became of it (see the module docstring)."""
        state = self._claim_now(customer_id, key, fingerprint)
        if self._purged is None or time.monotonic() - self._purged >= self._purge_every:
            self.purge()
        return state

    def _claim_now(self, customer_id: str, key: str, fingerprint: str) -> Claim:
        now = self._clock.now()
        r = IdempotencyRow
        where = (r.customer_id == customer_id, r.key == key)
        fresh = {"fingerprint": fingerprint, "status": None, "body": None, "claimed_at": now,
                 "expires_at": now + self._ttl}  # fmt: skip
        with self._db.write() as s:
            row = s.execute(select(r).where(*where).with_for_update()).scalar()
            if row is None:
                dialect = postgresql if self._db.is_postgresql else sqlite
                # RETURNING says whether this insert won (on PostgreSQL a concurrent claim may insert
                # between our SELECT and our INSERT; psycopg reports no rowcount here).
                insert = dialect.insert(r.__table__).values(customer_id=customer_id, key=key, **fresh)
                won = s.execute(insert.on_conflict_do_nothing().returning(r.__table__.c.key)).first()
                return "claimed" if won is not None else "busy"
            if row.expires_at <= now:
                s.execute(update(r).where(*where).values(**fresh))
                return "claimed"
            if row.fingerprint != fingerprint:
                raise KeyReused("this Idempotency-Key was already used for a different request")
            if row.status is not None:
                return Stored(row.status, row.body or b"")
            if row.claimed_at <= now - self._claim:  # its worker died or gave up: take it over
                s.execute(update(r).where(*where).values(claimed_at=now))
                return "claimed"
            return "busy"

    def answer(self, customer_id: str, key: str, status: int, body: bytes) -> None:
        """Keep the answer of a claimed request for the rest of its TTL."""
        r = IdempotencyRow
        with self._db.write() as s:
            s.execute(
                update(r).where(r.customer_id == customer_id, r.key == key).values(status=status, body=body)
            )

    def release(self, customer_id: str, key: str) -> None:
        """Give up a claim (the answer was not one to keep): the next request with the key runs anew."""
        r = IdempotencyRow
        with self._db.write() as s:
            s.execute(delete(r).where(r.customer_id == customer_id, r.key == key, r.status.is_(None)))
