"""Conversation sessions in the database (store/sessions.py): any worker continues any session, on
SQLite and on PostgreSQL; scoped per customer; gone after their TTL."""

from __future__ import annotations

from datetime import timedelta

from sqlalchemy import func, select

from teller.clock import ManualClock
from teller.domain.intents import Action, Intent
from teller.domain.turn import PendingOut, TurnRequest, TurnResult
from teller.store import Database
from teller.store.schema import SessionRow
from teller.store.sessions import DatabaseSessions

from .conftest import NOW


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
    assert seen.last_request == _request() and seen.last_result == _result()
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
    assert store.get("c_001", "s1").last_result == _result()  # reading touches nothing; still live
    clock.advance(timedelta(seconds=31))
    assert store.get("c_001", "s1").last_result is None
    assert store.purge() == 1
    with db.read() as s:
        assert s.scalar(select(func.count()).select_from(SessionRow)) == 0
