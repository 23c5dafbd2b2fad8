"""The bank loader's bulk path (`Database.load_bank`): what is stored is the same on both databases,
ids already stored in any table are refused naming the field, and nothing of a refused file is
written (PostgreSQL loads with COPY, SQLite with executemany: the rows must not differ)."""

from __future__ import annotations

import copy
import json
from datetime import UTC, date, datetime
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import func, select
from tests.conftest import Databases
from tests.pg import PgCluster

from teller.errors import BadBankFile
from teller.store import Database
from teller.store.db import BANK_TABLES
from teller.store.generate import generate_customers
from teller.store.schema import CustomerMetaRow, CustomerRow

_BANK_CUSTOMERS = 12


def _bank(start: int = 0, count: int = _BANK_CUSTOMERS) -> dict[str, Any]:
    return {"about": "bulk load test", "customers": list(generate_customers(count, seed=7, start=start))}


def _normal(value: object) -> object:
    if isinstance(value, datetime):
        return value.astimezone(UTC).isoformat()
    if isinstance(value, date):
        return value.isoformat()
    if isinstance(value, (dict, list)):
        return json.dumps(value, sort_keys=True, ensure_ascii=False)
    return value


def _dump(db: Database) -> dict[str, list[tuple[object, ...]]]:
    out: dict[str, list[tuple[object, ...]]] = {}
    with db.read() as session:
        for model in (*BANK_TABLES, CustomerMetaRow):
            table = model.__table__
            rows = session.execute(select(table)).all()
            out[table.name] = sorted(tuple(_normal(v) for v in row) for row in rows)
    return out


def test_a_bank_loads_to_the_same_rows_on_sqlite_and_postgresql(tmp_path: Path, postgres: PgCluster) -> None:
    """Two generated chunks, one with Japanese text, nulls, JSON limits and aliases, dates and
    instants, read back column for column identical from a SQLite file and a PostgreSQL database."""
    lite = Database(f"sqlite:///{tmp_path / 'bank.sqlite3'}")
    url = postgres.database()
    pg = Database(url)
    try:
        for db in (lite, pg):
            db.create_schema()
            db.load_bank(_bank(0, 6))
            db.load_bank(_bank(6, 6))
        a, b = _dump(lite), _dump(pg)
        assert a.keys() == b.keys()
        for name in a:
            assert a[name] == b[name], name
        assert len(a["customers"]) == 12 and len(a["transactions"]) > 12 * 30
        assert any("さ" in str(row) for row in a["payees"])  # Japanese text made the trip
    finally:
        lite.dispose()
        pg.dispose()
        postgres.drop(url)


@pytest.mark.parametrize(
    ("kind", "taken_from"),
    [("payees", "transactions"), ("transactions", "cards"), ("accounts", "customers"), ("billers", "payees")],
)
def test_an_id_already_stored_in_any_table_is_refused_naming_its_field(
    databases: Databases, kind: str, taken_from: str
) -> None:
    """A new file whose object reuses an id stored in any bank table is refused with the path of
    that object's id; nothing of the file is written."""
    db = Database(databases.url())
    try:
        db.create_schema()
        stored = _bank()
        db.load_bank(stored)
        taken = stored["customers"][5][taken_from][0]["id"] if taken_from != "customers" else "g0000005"
        new = _bank(_BANK_CUSTOMERS, 3)
        victim = copy.deepcopy(new)
        victim["customers"][2][kind][0]["id"] = taken
        if kind == "accounts":  # keep the file itself valid: its transactions follow the account
            for txn in victim["customers"][2]["transactions"]:
                if txn["account_id"] == new["customers"][2]["accounts"][0]["id"]:
                    txn["account_id"] = taken
        with pytest.raises(BadBankFile) as caught:
            db.load_bank(victim)
        assert caught.value.field == f"customers[2].{kind}[0].id"
        assert "already exists" in caught.value.message
        with db.read() as session:
            assert session.scalar(select(func.count()).select_from(CustomerRow)) == _BANK_CUSTOMERS
        db.load_bank(new)  # the same file without the clash loads
        with db.read() as session:
            assert session.scalar(select(func.count()).select_from(CustomerRow)) == _BANK_CUSTOMERS + 3
    finally:
        db.dispose()


def test_replacing_a_bank_continues_each_customers_counters(databases: Databases) -> None:
    """`replace=True` writes the file again with every customer's version and revision one past the
    stored ones (a cache elsewhere never takes new data for old); new customers start at 0."""
    db = Database(databases.url())
    try:
        db.create_schema()
        db.load_bank(_bank(0, 4))
        db.load_bank(_bank(0, 6), replace=True)
        with db.read() as session:
            meta = dict(session.execute(select(CustomerMetaRow.customer_id, CustomerMetaRow.version)).all())
        assert meta == {f"g{i:07d}": 1 if i < 4 else 0 for i in range(6)}
    finally:
        db.dispose()


def test_a_bank_load_is_not_cut_by_the_api_statement_timeout(postgres: PgCluster) -> None:
    """`store.statement_timeout_ms` bounds the API's statements; loading a bank (a COPY of tens of
    thousands of rows on a busy machine) is an operator's job and is not cancelled by it."""
    url = postgres.database()
    setup = Database(url)
    setup.create_schema()
    setup.dispose()
    db = Database(url, statement_timeout_ms=30)  # trivial statements pass; a 300-customer COPY cannot
    try:
        db.load_bank(_bank(0, 300))
        with db.read() as session:
            assert session.scalar(select(func.count()).select_from(CustomerRow)) == 300
    finally:
        db.dispose()
        postgres.drop(url)
