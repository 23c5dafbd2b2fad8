"""Database: loading a bank in one transaction, opening and seeding, SQLite settings, the schema."""

from __future__ import annotations

import sqlite3
import threading
from datetime import datetime
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import func, insert, select, text
from sqlalchemy.exc import IntegrityError, StatementError
from tests.conftest import Databases

from teller.config import StoreSettings
from teller.errors import BadBankFile
from teller.store import BankRepository, Database, PendingActions, open_database
from teller.store.audit import entries
from teller.store.db import switch_to_wal
from teller.store.schema import AccountRow, AuditRow, CustomerRow, PendingActionRow, TransactionRow

from .conftest import NOW, transfer


def _count(db: Database, table: Any) -> int:
    with db.read() as session:
        return int(session.execute(select(func.count()).select_from(table)).scalar_one())


def test_demo_bank_loads_and_snapshot_matches_the_json(db: Database, demo: dict[str, Any]) -> None:
    """Every customer's snapshot holds exactly the file's objects, in the file's order."""
    repo = BankRepository(db)
    for c in demo["customers"]:
        snap = repo.snapshot(c["id"])
        assert (snap.customer.name, snap.customer.name_latin) == (c["name"], c["name_latin"])
        assert (snap.customer.locale, snap.customer.timezone) == (c["locale"], c["timezone"])
        assert dict(snap.limits.per_txn_minor) == c["limits"]["transfer_per_txn_minor"]
        assert dict(snap.limits.daily_minor) == c["limits"]["transfer_daily_minor"]
        assert [
            (a.id, a.type, a.label, a.currency, a.number_last4, a.balance_minor) for a in snap.accounts
        ] == [
            (a["id"], a["type"], a["label"], a["currency"], a["number_last4"], a["balance_minor"])
            for a in c["accounts"]
        ]
        assert [(k.id, k.type, k.label, k.last4, k.status) for k in snap.cards] == [
            (k["id"], k["type"], k["label"], k["last4"], k["status"]) for k in c["cards"]
        ]
        payee_keys = ("id", "display_name", "latin", "reading_kana", "relationship", "bank", "account_last4")
        assert [tuple(getattr(p, k) for k in payee_keys) for p in snap.payees] == [
            tuple(p.get(k) for k in payee_keys) for p in c["payees"]
        ]
        assert [
            (b.id, b.display_name, b.latin, b.reading_kana, list(b.aliases), b.outstanding_minor, b.currency,
             b.due.isoformat() if b.due else None)
            for b in snap.billers
        ] == [
            (b["id"], b["display_name"], b.get("latin"), b.get("reading_kana"), b["aliases"],
             b["outstanding_minor"], b["currency"], b["due"])
            for b in c["billers"]
        ]  # fmt: skip
        assert snap.version == 0
        assert snap.default_account is not None and snap.default_account.id == c["accounts"][0]["id"]
    assert repo.customer_ids() == ["c_001", "c_002", "c_003"]
    assert _count(db, TransactionRow) == sum(len(c["transactions"]) for c in demo["customers"])


@pytest.mark.parametrize(
    "data",
    [
        {"customers": [{"id": "c_9", "name": "x", "name_latin": "x", "locale": "en", "timezone": "UTC",
                        "accounts": [{"id": "a_9", "type": "t", "label": "l", "currency": "USD",
                                      "number_last4": "0000", "balance_minor": 10.5}]}]},
        {"customers": [{"id": "c_9", "name": "x", "name_latin": "x", "locale": "en", "timezone": "Mars"}]},
        ["not", "an", "object"],
    ],
    ids=["float amount", "bad timezone", "not an object"],
)  # fmt: skip
def test_a_bad_bank_file_writes_nothing(empty_db: Database, data: object) -> None:
    """A refused file leaves the database empty: no customers, no audit entry."""
    with pytest.raises(BadBankFile):
        empty_db.load_bank(data)
    assert empty_db.is_empty()
    assert _count(empty_db, AuditRow) == 0


def test_loading_again_without_replace_is_refused_and_changes_nothing(
    db: Database, demo: dict[str, Any]
) -> None:
    """Ids already stored are refused (naming the field) and the new customer before them is not written."""
    newcomer = {"id": "c_new", "name": "New", "name_latin": "New", "locale": "en-US", "timezone": "UTC"}
    demo["customers"].insert(0, newcomer)
    before = _count(db, CustomerRow)
    with pytest.raises(BadBankFile) as caught:
        db.load_bank(demo)
    assert caught.value.field == "customers[1].id"
    assert _count(db, CustomerRow) == before
    assert "c_new" not in BankRepository(db).customer_ids()


def test_a_failure_midway_through_the_write_rolls_everything_back(
    empty_db: Database, demo: dict[str, Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    """If the last step of a load fails, none of the rows written before it survive."""

    def boom(*args: object, **kwargs: object) -> None:
        raise RuntimeError("disk on fire")

    monkeypatch.setattr("teller.store.db.record", boom)
    with pytest.raises(RuntimeError):
        empty_db.load_bank(demo)
    assert empty_db.is_empty()
    assert _count(empty_db, AccountRow) == 0
    assert _count(empty_db, TransactionRow) == 0


def test_replace_swaps_the_bank_and_keeps_the_audit_trail(db: Database, demo: dict[str, Any]) -> None:
    """replace=True drops old data and pending actions, bumps counters, and keeps earlier audit rows."""
    repo = BankRepository(db)
    assert repo.snapshot("c_001").accounts[0].balance_minor == 1234567
    PendingActions(db).create("c_001", "transfer", transfer(), now=NOW, ttl_s=300)
    demo["customers"] = [demo["customers"][0]]
    demo["customers"][0]["accounts"][0]["balance_minor"] = 7
    db.load_bank(demo, replace=True)
    assert repo.customer_ids() == ["c_001"]
    snap = repo.snapshot("c_001")
    assert snap.accounts[0].balance_minor == 7
    assert snap.version == 1  # name indexes cached under version 0 must not be reused
    assert _count(db, PendingActionRow) == 0
    with db.read() as session:
        events = [e.event for e in entries(session)]
    assert events == ["bank_loaded", "action_created", "bank_loaded"]


def test_open_database_creates_the_directory_and_seeds_the_demo_bank_once(tmp_path: Path) -> None:
    """A fresh path gets its directory, the schema and the demo bank; reopening does not seed again."""
    url = f"sqlite:///{tmp_path / 'deep' / 'er' / 'teller.sqlite3'}"
    first = open_database(StoreSettings(url=url))
    assert (tmp_path / "deep" / "er" / "teller.sqlite3").exists()
    assert BankRepository(first).customer_ids() == ["c_001", "c_002", "c_003"]
    second = open_database(StoreSettings(url=url))
    with second.read() as session:
        assert len(entries(session, event="bank_loaded")) == 1
    first.dispose()
    second.dispose()


def test_open_database_without_seed_leaves_it_empty(db_url: str) -> None:
    """seed_demo=False creates the schema only."""
    db = open_database(StoreSettings(url=db_url, seed_demo=False))
    assert db.is_empty()
    db.dispose()


def test_open_database_seeds_the_demo_bank_once(db_url: str) -> None:
    """An empty database gets the demo bank on first open; a second open does not load it again."""
    first = open_database(StoreSettings(url=db_url))
    second = open_database(StoreSettings(url=db_url))
    assert BankRepository(second).customer_ids() == ["c_001", "c_002", "c_003"]
    with second.read() as session:
        assert len(entries(session, event="bank_loaded")) == 1
    first.dispose()
    second.dispose()


def test_connections_are_configured_for_their_database(db: Database, databases: Databases) -> None:
    """SQLite: WAL, foreign keys, a busy timeout. PostgreSQL: lock and statement timeouts, writes in
    READ COMMITTED (the customer row lock orders them), reads in one REPEATABLE READ snapshot."""
    if databases.backend == "sqlite":
        with db.engine.connect() as connection:
            assert connection.execute(text("PRAGMA journal_mode")).scalar() == "wal"
            assert connection.execute(text("PRAGMA foreign_keys")).scalar() == 1
            assert int(connection.execute(text("PRAGMA busy_timeout")).scalar_one()) >= 1000
        return
    with db.write() as session:
        assert session.execute(text("SHOW transaction_isolation")).scalar() == "read committed"
        assert session.execute(text("SHOW lock_timeout")).scalar() == "5s"
        assert session.execute(text("SHOW statement_timeout")).scalar() == "8s"
    with db.read() as session:
        assert session.execute(text("SHOW transaction_isolation")).scalar() == "repeatable read"
        assert session.execute(text("SHOW transaction_read_only")).scalar() == "on"


@pytest.mark.parametrize(
    ("where", "value"),
    [
        ("accounts", {"type": "t" * 33}),
        ("cards", {"type": "t" * 33}),
        ("payees", {"relationship": "r" * 33}),
        ("payees", {"display_name": "Sato\x00Ken"}),
    ],
    ids=["account type over 32", "card type over 32", "relationship over 32", "NUL in a name"],
)
def test_values_a_column_cannot_hold_are_refused_before_writing(
    empty_db: Database, demo: dict[str, Any], where: str, value: dict[str, str]
) -> None:
    """Text longer than its column, or with a NUL (PostgreSQL cannot store one), is a BadBankFile
    naming the field on every database, and nothing is written."""
    demo["customers"][0][where][0].update(value)
    with pytest.raises(BadBankFile) as caught:
        empty_db.load_bank(demo)
    assert caught.value.field == f"customers[0].{where}[0].{next(iter(value))}"
    assert empty_db.is_empty()


def test_a_transaction_cannot_reference_another_customers_account(db: Database) -> None:
    """The schema itself refuses a transaction row on an account of a different customer."""
    with pytest.raises(IntegrityError), db.write() as session:
        session.execute(
            insert(TransactionRow).values(
                id="t_x", customer_id="c_001", account_id="a_101", posted_at=NOW, description="x",
                amount_minor=-1, currency="USD", status="posted",
            )
        )  # fmt: skip


def test_instants_are_stored_in_utc_and_naive_ones_are_refused(db: Database) -> None:
    """Datetimes come back aware (UTC, same instant); a naive datetime cannot be written."""
    with db.read() as session:
        posted = session.execute(
            select(TransactionRow.posted_at).where(TransactionRow.id == "t_0001")
        ).scalar_one()
    assert posted.utcoffset() is not None and posted.utcoffset().total_seconds() == 0  # type: ignore[union-attr]
    assert posted == datetime.fromisoformat("2026-11-20T18:22:00+09:00")
    with pytest.raises(StatementError), db.write() as session:
        session.execute(
            insert(AuditRow).values(customer_id=None, at=datetime(2026, 1, 1), event="x", detail={})
        )


class _LockedCursor:
    """A DB-API cursor whose journal-mode pragma is refused as locked `refusals` times."""

    def __init__(self, refusals: int) -> None:
        self.refusals = refusals
        self.calls = 0

    def execute(self, sql: str) -> None:
        self.calls += 1
        if self.calls <= self.refusals:
            raise sqlite3.OperationalError("database is locked")


def test_switching_to_wal_is_tried_again_while_the_file_is_locked() -> None:
    """SQLite refuses a racing journal-mode switch at once ("database is locked", no busy handler):
    it is tried again until it goes through, within busy_timeout_ms, and then given up."""
    cursor = _LockedCursor(refusals=3)
    switch_to_wal(cursor, 5_000, pause_s=0)
    assert cursor.calls == 4
    with pytest.raises(sqlite3.OperationalError, match="locked"):
        switch_to_wal(_LockedCursor(refusals=10**9), 30, pause_s=0.005)


def _open_together(url: str, n: int = 4) -> list[BaseException]:
    """`n` threads opening `url` at once; what they raised."""
    barrier = threading.Barrier(n)
    errors: list[BaseException] = []
    handles: list[Database] = []

    def open_one() -> None:
        try:
            barrier.wait(30)
            handles.append(open_database(StoreSettings(url=url)))
        except BaseException as exc:  # every failure is the finding
            errors.append(exc)

    threads = [threading.Thread(target=open_one) for _ in range(n)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(120)
    for handle in handles:
        handle.dispose()
    return errors


def test_workers_opening_one_new_sqlite_file_again_and_again_all_succeed(tmp_path: Path) -> None:
    """Twenty rounds of four threads opening one new SQLite file at once (before the retry, 12 rounds
    in 100 failed with "database is locked" on the WAL switch): every opening succeeds."""
    for round_ in range(20):
        assert _open_together(f"sqlite:///{tmp_path / f'race-{round_}.sqlite3'}") == [], round_
