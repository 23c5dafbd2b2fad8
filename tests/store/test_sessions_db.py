"""Conversation sessions in the database (store/sessions.py): any worker continues any session, on
SQLite and on PostgreSQL; scoped per customer; gone after their TTL."""

from __future__ import annotations

import json
from datetime import timedelta

import pytest
from sqlalchemy import func, select

from teller.clock import ManualClock
from teller.domain.intents import Action, Intent
from teller.domain.turn import PendingOut, TurnRequest, TurnResult
from teller.errors import ConfirmationError
from teller.store import Database, PendingActions
from teller.store.pending import token_hash
from teller.store.schema import SessionRow
from teller.store.sessions import DatabaseSessions

from .conftest import NOW, transfer


def _request(session_id: str = "s1") -> TurnRequest:
    return TurnRequest(
        id="t1", customer_id="c_001", text="send 5000 yen to Sato Ken", now=NOW, session_id=session_id
    )


def _result() -> TurnResult:
    pending = PendingOut(action_id="pa_1", token="tok", expires_at=NOW + timedelta(minutes=5))
    return TurnResult(
        id="t1", intent=Intent.TRANSFER_MONEY, action=Action.CONFIRM, reply="Send?", pending=pending
    )


def test_a_saved_session_is_seen_by_another_worker(db: Database) -> None:
    """What one process's store saves, another process's store (its own instance) reads back whole."""
    clock = ManualClock(NOW)
    one, two = DatabaseSessions(db, ttl_s=900, clock=clock), DatabaseSessions(db, ttl_s=900, clock=clock)
    session = one.get("c_001", "s1")
    assert session.last_request is None and session.last_result is None
    session.last_request, session.last_result = _request(), _result()
    one.save(session)
    seen = two.get("c_001", "s1")
    assert seen.last_request == _request() and seen.last_result is not None
    # Whole, but for the pending token: the row keeps only its hash (see the test below).
    assert seen.last_result.model_dump(exclude={"pending": {"token"}}) == _result().model_dump(
        exclude={"pending": {"token"}}
    )
    seen.last_result = None
    two.save(seen)
    assert one.get("c_001", "s1").last_result is None


def test_sessions_are_scoped_to_their_customer(db: Database) -> None:
    """The same session id under another customer is a different, empty session."""
    store = DatabaseSessions(db, ttl_s=900, clock=ManualClock(NOW))
    session = store.get("c_001", "s1")
    session.last_request, session.last_result = _request(), _result()
    store.save(session)
    other = store.get("c_002", "s1")
    assert other.customer_id == "c_002" and other.last_request is None and other.last_result is None


def test_a_session_is_gone_after_its_ttl_and_expired_rows_are_purged(db: Database) -> None:
    """Untouched for longer than ttl_s, a session reads as new; `purge` deletes expired rows."""
    clock = ManualClock(NOW)
    store = DatabaseSessions(db, ttl_s=60, clock=clock)
    session = store.get("c_001", "s1")
    session.last_request, session.last_result = _request(), _result()
    store.save(session)
    clock.advance(timedelta(seconds=30))
    assert store.get("c_001", "s1").last_result is not None  # reading touches nothing; still live
    clock.advance(timedelta(seconds=31))
    assert store.get("c_001", "s1").last_result is None
    assert store.purge() == 1
    with db.read() as s:
        assert s.scalar(select(func.count()).select_from(SessionRow)) == 0


def test_a_session_row_keeps_only_the_hash_of_its_pending_token(db: Database) -> None:
    """The row of a session with a real pending action holds the token's SHA-256, never the token;
    the hash read from the database, sent as a token (as an API caller would), confirms nothing;
    the session read back by another worker still confirms the action, once."""
    pending = PendingActions(db)
    action_id, token = pending.create("c_001", "transfer", transfer(5000), now=NOW, ttl_s=300)
    clock = ManualClock(NOW)
    one, two = DatabaseSessions(db, ttl_s=900, clock=clock), DatabaseSessions(db, ttl_s=900, clock=clock)
    session = one.get("c_001", "s1")
    result = _result().model_copy(
        update={
            "pending": PendingOut(action_id=action_id, token=token, expires_at=NOW + timedelta(minutes=5))
        }
    )
    session.last_request, session.last_result = _request(), result
    one.save(session)
    with db.read() as s:
        row = s.execute(select(SessionRow.__table__)).one()
    stored = json.dumps([str(v) for v in row], ensure_ascii=False)
    assert token not in stored
    assert token_hash(token) in stored
    with pytest.raises(ConfirmationError):
        pending.confirm("c_001", token_hash(token), now=NOW)  # the hash is no token
    seen = two.get("c_001", "s1")
    assert seen.last_result is not None and seen.last_result.pending is not None
    done = pending.confirm("c_001", seen.last_result.pending.token, now=NOW)
    assert done.action_id == action_id
    with pytest.raises(ConfirmationError):
        pending.confirm("c_001", seen.last_result.pending.token, now=NOW)
    one.save(seen)  # saving a session read back keeps the hash, not a hash of the hash
    with db.read() as s:
        again = json.dumps(
            [str(v) for v in s.execute(select(SessionRow.__table__)).one()], ensure_ascii=False
        )
    assert token_hash(token) in again and token_hash(token_hash(token)) not in again


def test_expired_sessions_are_purged_in_bounded_batches(db: Database) -> None:
    """`purge(limit)` deletes at most `limit` expired sessions a call and never a live one."""
    clock = ManualClock(NOW)
    store = DatabaseSessions(db, ttl_s=60, clock=clock)
    for n in range(5):
        session = store.get("c_001", f"old{n}")
        session.last_request = _request(f"old{n}")
        store.save(session)
    clock.advance(timedelta(seconds=61))
    live = store.get("c_001", "live")
    live.last_request = _request("live")
    store.save(live)
    assert store.purge(limit=2) == 2
    assert store.purge(limit=2) == 2
    assert store.purge(limit=2) == 1
    assert store.purge(limit=2) == 0
    assert store.get("c_001", "live").last_request is not None
