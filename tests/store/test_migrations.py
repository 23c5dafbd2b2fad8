"""Alembic migrations (store/migrate.py), on SQLite and on PostgreSQL: an empty database, one at the
previous revision with data in it, one made before migrations existed, concurrent upgrades, and
`teller db upgrade`."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from sqlalchemy import func, select, text
from tests.conftest import Databases

from teller.clock import ManualClock
from teller.config import StoreSettings
from teller.errors import ConfigError, StoreUnavailable
from teller.store import BankRepository, Database, PendingActions, open_database
from teller.store.db import _SEED_LOCK
from teller.store.migrate import _LOCK_KEY, current_revision, head_revision, previous_revision, upgrade
from teller.store.pending import token_hash
from teller.store.scheduled import ScheduledPayments
from teller.store.schema import Base, SessionRow, TransactionRow
from teller.store.sessions import DatabaseSessions

from .conftest import NOW, transfer

TELLER = Path(sys.executable).with_name("teller")


def _differences(db: Database) -> list[Any]:
    with db.engine.connect() as connection:
        return list(compare_metadata(MigrationContext.configure(connection), Base.metadata))


def test_upgrading_an_empty_database_gives_exactly_todays_schema(databases: Databases) -> None:
    """From nothing to head: the revision is head and the tables match the code's schema exactly."""
    db = Database(databases.url())
    assert current_revision(db) is None
    assert upgrade(db) == head_revision()
    assert current_revision(db) == head_revision()
    assert _differences(db) == []
    db.dispose()


def test_a_database_at_the_previous_revision_keeps_its_data_and_gains_the_new_tables(
    databases: Databases, demo: dict[str, Any]
) -> None:
    """A bank and two pending actions written at the previous revision (what its code could write)
    survive the upgrade unchanged; afterwards both confirm and a dated transfer can be scheduled."""
    db = Database(databases.url())
    upgrade(db, previous_revision())
    assert _differences(db) != []  # head's new tables or columns are missing
    db.load_bank(demo, now=NOW)
    pending = PendingActions(db)
    _, paid = pending.create("c_001", "transfer", transfer(5000), now=NOW, ttl_s=300)
    waiting_id, waiting = pending.create("c_001", "transfer", transfer(700), now=NOW, ttl_s=3600)
    with db.read() as session:
        rows_before = session.scalar(select(func.count()).select_from(TransactionRow))

    assert upgrade(db) == head_revision()
    assert _differences(db) == []
    repo = BankRepository(db, recheck_s=0)
    assert repo.snapshot("c_001").accounts[0].balance_minor == 1234567
    with db.read() as session:
        assert session.scalar(select(func.count()).select_from(TransactionRow)) == rows_before
    assert pending.get("c_001", waiting_id).status == "pending"
    assert pending.confirm("c_001", paid, now=NOW).new_balance_minor == 1234567 - 5000
    assert pending.confirm("c_001", waiting, now=NOW).new_balance_minor == 1234567 - 5700
    dated = transfer(900, execute_on=(NOW + timedelta(days=3)).date().isoformat())
    _, later = pending.create("c_001", "transfer", dated, now=NOW, ttl_s=300)
    pending.confirm("c_001", later, now=NOW)
    assert [p.amount_minor for p in ScheduledPayments(db).list_scheduled("c_001")] == [900]
    db.dispose()


def test_upgrading_from_0004_replaces_the_tokens_kept_in_session_rows_by_their_hashes(
    databases: Databases, demo: dict[str, Any]
) -> None:
    """A session row written at 0004 holds its pending action's token in clear; after the upgrade
    the row holds only the token's hash, a session without a pending action is untouched, and the
    session read back still confirms the action once."""
    db = Database(databases.url())
    upgrade(db, "0004")
    db.load_bank(demo, now=NOW)
    pending = PendingActions(db)
    action_id, token = pending.create("c_001", "transfer", transfer(5000), now=NOW, ttl_s=300)
    result = {"id": "t1", "intent": "transfer_money", "action": "confirm", "reply": "Send?",
              "pending": {"action_id": action_id, "token": token, "expires_at": NOW.isoformat()}}  # fmt: skip
    plain = {"id": "t2", "intent": "balance_inquiry", "action": "answer", "reply": "You have..."}
    later = NOW + timedelta(minutes=15)
    with db.write() as session:
        for sid, value in (("s1", result), ("s2", plain)):
            session.execute(
                text(
                    "INSERT INTO turn_sessions (customer_id, id, last_request, last_result, expires_at) "
                    "VALUES ('c_001', :sid, NULL, :result, :expires)"
                ),
                {"sid": sid, "result": json.dumps(value), "expires": later},
            )
    assert upgrade(db) == head_revision()
    with db.read() as session:
        rows = {r[1]: json.dumps([str(v) for v in r]) for r in session.execute(select(SessionRow.__table__))}
    assert token not in rows["s1"] and token_hash(token) in rows["s1"]
    sessions = DatabaseSessions(db, ttl_s=900, clock=ManualClock(NOW))
    plain_back = sessions.get("c_001", "s2").last_result
    assert plain_back is not None and plain_back.reply == "You have..." and plain_back.pending is None
    back = sessions.get("c_001", "s1").last_result
    assert back is not None and back.pending is not None and back.pending.action_id == action_id
    assert pending.confirm("c_001", back.pending.token, now=NOW).action_id == action_id
    db.dispose()


def test_a_database_made_before_migrations_is_adopted_and_upgraded(
    databases: Databases, demo: dict[str, Any]
) -> None:
    """Tables of the first revision without Alembic's version table (made by create_all before
    migrations existed): open_database recognizes them, keeps the data and upgrades to head."""
    url = databases.url()
    db = Database(url)
    upgrade(db, previous_revision())
    db.load_bank(demo, now=NOW)
    with db.write() as session:
        session.execute(text("DROP TABLE alembic_version"))
    db.dispose()
    opened = open_database(StoreSettings(url=url))
    assert current_revision(opened) == head_revision()
    assert _differences(opened) == []
    assert BankRepository(opened).customer_ids() == ["c_001", "c_002", "c_003"]
    opened.dispose()


def test_with_migrate_off_an_old_schema_is_refused_and_left_alone(databases: Databases) -> None:
    """store.migrate=false: a database behind head is a ConfigError telling to run `teller db upgrade`,
    and it is not changed."""
    url = databases.url()
    db = Database(url)
    upgrade(db, previous_revision())
    with pytest.raises(ConfigError, match="teller db upgrade"):
        open_database(StoreSettings(url=url, migrate=False, seed_demo=False))
    assert current_revision(db) == previous_revision()
    db.dispose()


def test_workers_upgrading_one_empty_database_at_once_all_succeed(databases: Databases) -> None:
    """Four processes' worth of handles opening one new database together: every one succeeds, the
    schema is head and the demo bank is loaded once."""
    url = databases.url()
    errors: list[BaseException] = []
    handles: list[Database] = []
    barrier = threading.Barrier(4)

    def open_one() -> None:
        try:
            barrier.wait(30)
            handles.append(open_database(StoreSettings(url=url)))
        except BaseException as exc:
            errors.append(exc)

    threads = [threading.Thread(target=open_one) for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(120)
    assert errors == []
    assert current_revision(handles[0]) == head_revision()
    assert BankRepository(handles[0]).customer_ids() == ["c_001", "c_002", "c_003"]
    for handle in handles:
        handle.dispose()


@contextmanager
def _opening_locks_held(url: str, seconds: float) -> Iterator[None]:
    """Another worker in the middle of opening `url`: it holds the locks an upgrader and a seeder
    wait on (SQLite: the write lock; PostgreSQL: both advisory locks) for `seconds` after entry."""
    holder = Database(url)
    taken = threading.Event()

    def hold() -> None:
        with holder.write_connection() as connection:
            if holder.is_postgresql:
                for key in (_LOCK_KEY, _SEED_LOCK):
                    connection.execute(text("SELECT pg_advisory_xact_lock(:key)"), {"key": key})
            taken.set()
            time.sleep(seconds)

    thread = threading.Thread(target=hold)
    thread.start()
    assert taken.wait(60)
    try:
        yield
    finally:
        thread.join(120)
        holder.dispose()


def test_opening_waits_for_another_opener_longer_than_a_requests_lock_wait(databases: Databases) -> None:
    """Upgrading and seeding are start-up steps: a worker opening a new database while another holds
    the opening locks for longer than busy_timeout_ms waits (startup_wait_ms) and then opens it, instead
    of failing with 'database is locked' as a request would. Afterwards the pool's connections wait
    busy_timeout_ms again."""
    url = databases.url()
    with _opening_locks_held(url, seconds=1.5):
        opened = open_database(StoreSettings(url=url, busy_timeout_ms=50))
    assert current_revision(opened) == head_revision()
    assert BankRepository(opened).customer_ids() == ["c_001", "c_002", "c_003"]
    if opened.is_sqlite:
        with opened.read() as session:
            assert session.execute(text("PRAGMA busy_timeout")).scalar() == 50
    opened.dispose()


def test_an_opener_gives_up_after_startup_wait_ms(databases: Databases) -> None:
    """The start-up wait is bounded: past startup_wait_ms the open fails with StoreUnavailable."""
    url = databases.url()
    with _opening_locks_held(url, seconds=1.5), pytest.raises(StoreUnavailable):
        open_database(StoreSettings(url=url, busy_timeout_ms=50, startup_wait_ms=100))


def test_teller_db_upgrade_brings_a_database_to_head_and_says_so(databases: Databases) -> None:
    """`teller db upgrade` upgrades the configured database and prints the revision; run again it
    changes nothing and says the database is already at head."""
    url = databases.url()
    db = Database(url)
    upgrade(db, previous_revision())
    env = {**os.environ, "TELLER_STORE__URL": url, "TELLER_LLM__ENABLED": "false"}

    def run() -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            [str(TELLER), "db", "upgrade"], capture_output=True, text=True, env=env, timeout=120
        )

    first, second = run(), run()
    assert first.returncode == 0, first.stderr
    assert f"{previous_revision()} -> {head_revision()}" in first.stdout
    assert second.returncode == 0, second.stderr
    assert f"already at {head_revision()}" in second.stdout
    assert current_revision(db) == head_revision()
    db.dispose()
