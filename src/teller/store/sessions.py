"""Conversation sessions in the database, so that any worker can continue any customer's session.

A session is what "yes", "no" and "make it 6000" act on: the customer's last request and its result
(the pending action's id, token and expiry among them). `DatabaseSessions` has the shape of the
in-memory `teller.pipeline.session.SessionStore` (`get`, `save`) and is what the API uses; one row
per (customer, session id), written when a turn changes the session, never on a read.

Two workers may run turns of one session at once; the last to save is what the session remembers,
as with one process. That is safe for money because a session only ever *refers* to a pending
action: confirming it goes through the store's one-time token (`PendingActions.confirm`, a
conditional update), so however many workers act on one "yes", one executes and the others are
refused.

A row never holds the pending action's token: `pending_token_hash` holds its SHA-256 (the token in
`last_result` is blanked), and a session read back carries it as a `StoredToken`, which the store's
confirm and cancel take as the stored form. A hash read out of the database and sent over the API
as a token confirms nothing (the API hashes what it is given).

Expired rows read as absent; `purge` deletes them in bounded batches (now and then, from `save`).
"""

from __future__ import annotations

import time
from datetime import timedelta

from sqlalchemy import delete, func, select, tuple_
from sqlalchemy.dialects import postgresql, sqlite

from teller.clock import Clock, SystemClock
from teller.domain.turn import TurnRequest, TurnResult
from teller.pipeline.session import Session
from teller.store.db import Database
from teller.store.pending import StoredToken, token_hash
from teller.store.schema import SessionRow

_PURGE_EVERY_S = 60.0  # how often `save` also deletes expired sessions (per process)
PURGE_BATCH = 1_000  # at most this many expired rows per purge, so no write holds locks for long
_COUNT_EVERY_S = 5.0  # how long a `len()` (the sessions gauge) may be stale


class DatabaseSessions:
    """Sessions by (customer, id) in the database, live for `ttl_s` after their last change."""

    def __init__(self, db: Database, *, ttl_s: float, clock: Clock | None = None) -> None:
        self._db = db
        self._ttl = timedelta(seconds=ttl_s)
        self._clock: Clock = clock or SystemClock()
        self._purged = 0.0
        self._counted = (-_COUNT_EVERY_S, 0)

    def get(self, customer_id: str, session_id: str) -> Session:
        """The live session, or a new empty one under that id (nothing is written)."""
        with self._db.read() as s:
            row = s.execute(
                select(SessionRow.last_request, SessionRow.last_result, SessionRow.pending_token_hash).where(
                    SessionRow.customer_id == customer_id,
                    SessionRow.id == session_id,
                    SessionRow.expires_at > self._clock.now(),
                )
            ).first()
        session = Session(session_id, customer_id)
        if row is not None:
            if row.last_request is not None:
                session.last_request = TurnRequest.model_validate(row.last_request)
            if row.last_result is not None:
                session.last_result = _with_stored_token(
                    TurnResult.model_validate(row.last_result), row.pending_token_hash
                )
        return session

    def save(self, session: Session) -> None:
        """Store the session's state (insert or replace), live for another `ttl_s`."""
        now = self._clock.now()
        result, digest = _without_token(session.last_result)
        values = {
            "customer_id": session.customer_id,
            "id": session.id,
            "last_request": _dump(session.last_request),
            "last_result": result,
            "pending_token_hash": digest,
            "expires_at": now + self._ttl,
        }
        dialect = postgresql if self._db.is_postgresql else sqlite
        upsert = dialect.insert(SessionRow).values(values)
        upsert = upsert.on_conflict_do_update(
            index_elements=[SessionRow.customer_id, SessionRow.id],
            set_={
                k: upsert.excluded[k]
                for k in ("last_request", "last_result", "pending_token_hash", "expires_at")
            },
        )
        with self._db.write() as s:
            s.execute(upsert)
        if time.monotonic() - self._purged > _PURGE_EVERY_S:
            self.purge()

    def purge(self, limit: int = PURGE_BATCH) -> int:
        """Delete up to `limit` expired sessions, the oldest first; how many."""
        self._purged = time.monotonic()
        r = SessionRow
        oldest = (
            select(r.customer_id, r.id)
            .where(r.expires_at <= self._clock.now())
            .order_by(r.expires_at)
            .limit(limit)
        )
        with self._db.write() as s:
            done = s.execute(delete(r).where(tuple_(r.customer_id, r.id).in_(oldest)))
        return int(getattr(done, "rowcount", 0) or 0)

    def __len__(self) -> int:
        """Live sessions (all workers'), counted at most every few seconds."""
        at, count = self._counted
        if time.monotonic() - at > _COUNT_EVERY_S:
            with self._db.read() as s:
                query = select(func.count()).where(SessionRow.expires_at > self._clock.now())
                count = int(s.scalar(query) or 0)
            self._counted = (time.monotonic(), count)
        return count


def _dump(model: TurnRequest | TurnResult | None) -> dict[str, object] | None:
    return None if model is None else model.model_dump(mode="json")


def _without_token(result: TurnResult | None) -> tuple[dict[str, object] | None, str | None]:
    """`result` as stored: its pending token blanked, and the token's hash apart."""
    dumped = _dump(result)
    if result is None or result.pending is None or dumped is None:
        return dumped, None
    pending = dict(dumped["pending"])  # type: ignore[call-overload]
    pending["token"] = ""
    return {**dumped, "pending": pending}, token_hash(result.pending.token)


def _with_stored_token(result: TurnResult, digest: str | None) -> TurnResult:
    if result.pending is None or digest is None:
        return result
    pending = result.pending.model_copy(update={"token": StoredToken(digest)})
    return result.model_copy(update={"pending": pending})
