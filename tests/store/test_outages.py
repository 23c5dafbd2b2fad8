"""The store when the database is away, locked or slow: StoreUnavailable (503), then recovery.

The outage test stops and restarts a PostgreSQL server of its own (not the session's, which other
tests hold connections to); the rest run on both databases.
"""

from __future__ import annotations

import threading
from collections.abc import Iterator
from typing import Any

import pytest
from sqlalchemy import text
from tests.conftest import Databases
from tests.pg import PgCluster

from teller.errors import StoreUnavailable
from teller.store import BankRepository, Database, PendingActions

from .conftest import NOW, transfer


@pytest.fixture
def own_cluster() -> Iterator[PgCluster]:
    cluster = PgCluster.create(max_connections=40)
    yield cluster
    cluster.destroy()


def test_a_lost_server_is_unavailable_and_the_same_handle_recovers(
    own_cluster: PgCluster, demo: dict[str, Any]
) -> None:
    """While PostgreSQL is down every call is StoreUnavailable; once it is back the same Database
    (its pool) serves again, with no restart and nothing lost."""
    db = Database(own_cluster.database())
    db.create_schema()
    db.load_bank(demo)
    pending = PendingActions(db)
    _, token = pending.create("c_001", "transfer", transfer(5000), now=NOW, ttl_s=300)
    repo = BankRepository(db, recheck_s=0)
    assert repo.snapshot("c_001").accounts[0].balance_minor == 1234567
    own_cluster.stop()
    with pytest.raises(StoreUnavailable):
        pending.confirm("c_001", token, now=NOW)
    with pytest.raises(StoreUnavailable):
        repo.snapshot("c_001")
    own_cluster.start()
    done = pending.confirm("c_001", token, now=NOW)  # the pending action survived the outage
    assert done.new_balance_minor == 1234567 - 5000
    assert repo.snapshot("c_001").accounts[0].balance_minor == 1234567 - 5000
    db.dispose()


def test_a_lock_held_past_the_timeout_is_unavailable(databases: Databases, demo: dict[str, Any]) -> None:
    """A write that waits for a lock longer than busy_timeout_ms gives StoreUnavailable, and works
    once the lock is released (SQLite: the write lock; PostgreSQL: the customer's row lock)."""
    url = databases.url("locked")
    db = Database(url, busy_timeout_ms=300)
    db.create_schema()
    db.load_bank(demo)
    pending = PendingActions(db)
    _, token = pending.create("c_001", "transfer", transfer(100), now=NOW, ttl_s=300)
    holder = Database(url)
    with holder.write() as session:
        session.execute(text("UPDATE customer_meta SET revision = revision WHERE customer_id = 'c_001'"))
        with pytest.raises(StoreUnavailable):
            pending.confirm("c_001", token, now=NOW)
    assert pending.confirm("c_001", token, now=NOW).new_balance_minor == 1234567 - 100
    holder.dispose()
    db.dispose()


@pytest.mark.parametrize("backend", ["postgresql"])
def test_a_statement_past_the_statement_timeout_is_unavailable(databases: Databases) -> None:
    """PostgreSQL cancels a statement running longer than statement_timeout_ms: StoreUnavailable."""
    db = Database(databases.url(), statement_timeout_ms=200)
    with pytest.raises(StoreUnavailable), db.read() as session:
        session.execute(text("SELECT pg_sleep(5)"))
    with db.read() as session:  # the connection is usable again
        assert session.execute(text("SELECT 1")).scalar() == 1
    db.dispose()


def test_an_exhausted_pool_is_unavailable_after_pool_timeout(databases: Databases) -> None:
    """With every pooled connection taken, the next caller waits pool_timeout_s, then StoreUnavailable."""
    db = Database(databases.url(), pool_size=1, max_overflow=0, pool_timeout_s=0.2)
    db.create_schema()
    taken, release = threading.Event(), threading.Event()

    def hold() -> None:
        with db.read() as session:
            session.execute(text("SELECT 1"))
            taken.set()
            release.wait(30)

    holder = threading.Thread(target=hold)
    holder.start()
    try:
        assert taken.wait(30)
        with pytest.raises(StoreUnavailable), db.read() as session:
            session.execute(text("SELECT 1"))
    finally:
        release.set()
        holder.join(30)
    with db.read() as session:
        assert session.execute(text("SELECT 1")).scalar() == 1
    db.dispose()
