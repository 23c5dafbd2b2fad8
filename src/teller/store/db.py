"""The database handle: engine, pool, sessions, schema creation and bank loading, on SQLite or PostgreSQL.

Sessions come in two kinds. `read()` opens a transaction that sees one consistent state across its
queries (SQLite: a WAL snapshot; PostgreSQL: REPEATABLE READ, READ ONLY). `write()` opens a
transaction that, on SQLite, takes the write lock up front with BEGIN IMMEDIATE (see
`_configure_sqlite`); on PostgreSQL it is READ COMMITTED, and writers order themselves with the
customer's row lock (`ledger.touch_customer`, the first statement of every money write) and
conditional UPDATEs, so no write transaction ever needs a retry (docs/store.md says why).

Opening steps (`write_connection` for schema upgrades, `seed_if_empty`) wait for locks up to
`startup_wait_ms` instead: workers starting together queue behind one upgrader and one seeder,
however slow a busy machine makes those.

Errors at this seam: a locked database (past `busy_timeout_ms`), a cancelled statement (past
`statement_timeout_ms`), a pool with no free connection (past `pool_timeout_s`), and a database that
cannot be reached or whose connection was lost become `StoreUnavailable` (transient: the API
answers 503 with Retry-After); the pool drops dead connections, so the next call reconnects. Any
other SQLAlchemy error is a bug and propagates as it is (500).

`Database` also keeps in-process change generations (`changed`, `generation`) so that caches in
this process (BankRepository's snapshots) can be invalidated exactly after a local write.
"""

from __future__ import annotations

import itertools
import json
import sqlite3
import time
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import UTC, datetime
from importlib.resources import files
from pathlib import Path
from typing import Any, cast

from sqlalchemy import (
    Connection,
    Engine,
    String,
    Table,
    any_,
    bindparam,
    create_engine,
    delete,
    event,
    select,
    text,
)
from sqlalchemy import exc as sa_exc
from sqlalchemy.dialects.postgresql import ARRAY
from sqlalchemy.engine import URL, make_url
from sqlalchemy.orm import Session, sessionmaker
from sqlalchemy.pool import StaticPool

from teller.config import StoreSettings
from teller.errors import BadBankFile, ConfigError, MissingExtra, StoreUnavailable
from teller.store import bulk
from teller.store.audit import record
from teller.store.bankfile import BankFile, all_ids, parse_bank_file
from teller.store.schema import (
    BANK_TABLES,
    AccountRow,
    BillerRow,
    CardRow,
    CustomerMetaRow,
    CustomerRow,
    PayeeRow,
    TransactionRow,
)

BUSY_TIMEOUT_MS = 5_000  # under the API's request deadline, so a locked database answers 503, not 504
STARTUP_WAIT_MS = 120_000  # opening steps (upgrade, seed) wait this long for another worker's
_WRITE = "teller_write"  # execution option marking write transactions (BEGIN IMMEDIATE on SQLite)
_WAIT = "teller_lock_wait_ms"  # execution option: this transaction's lock wait, not busy_timeout_ms
_SEED_LOCK = 7_311_201_302  # PostgreSQL advisory lock id for seeding an empty bank


def _is_memory(url: URL) -> bool:
    return url.database in (None, "", ":memory:") or "mode=memory" in str(url)


def switch_to_wal(cursor: Any, busy_timeout_ms: int, *, pause_s: float = 0.01) -> None:
    """`PRAGMA journal_mode = WAL`, tried again for up to `busy_timeout_ms` while the file is locked.

    Connections racing to switch one new file (workers opening a new database together) can get
    "database is locked" at once: SQLite does not call the busy handler there (CI failed on it; 12 of
    100 rounds of four threads opening a new file failed so here, 0 of 60 with this). Once one has
    switched, the mode is the file's and the others' pragma changes nothing.
    """
    deadline = time.monotonic() + busy_timeout_ms / 1000
    while True:
        try:
            cursor.execute("PRAGMA journal_mode = WAL")
            return
        except sqlite3.OperationalError as exc:
            if "locked" not in str(exc) or time.monotonic() >= deadline:
                raise
        time.sleep(pause_s)


def _configure_sqlite(engine: Engine, busy_timeout_ms: int) -> None:
    busy = f"PRAGMA busy_timeout = {int(busy_timeout_ms)}"

    @event.listens_for(engine, "connect")
    def _on_connect(dbapi_connection: Any, _record: Any) -> None:
        # Driver-level autocommit, so the "begin" hook below decides when a transaction starts.
        # pysqlite's own implicit BEGIN comes only before DML, leaving earlier SELECTs outside it.
        dbapi_connection.isolation_level = None
        cursor = dbapi_connection.cursor()
        try:
            cursor.execute(busy)
            cursor.execute("PRAGMA foreign_keys = ON")
            # WAL lets readers (every turn's snapshot) run while a writer commits.
            switch_to_wal(cursor, busy_timeout_ms)
            # In WAL mode NORMAL still never corrupts the file and survives process crashes; only a
            # power loss can drop the last commits. It turns a commit from an fsync (~5-10 ms here)
            # into a write (~0.1 ms). Production runs PostgreSQL, whose own settings decide this.
            cursor.execute("PRAGMA synchronous = NORMAL")
        finally:
            cursor.close()

    @event.listens_for(engine, "begin")
    def _on_begin(connection: Connection) -> None:
        # A deferred transaction that reads and later writes fails at once with SQLITE_BUSY if
        # another writer committed in between; busy_timeout does not cover that case. Writers
        # therefore take the lock first and queue on busy_timeout instead.
        options = connection.get_execution_options()
        if _WAIT in options:
            connection.exec_driver_sql(f"PRAGMA busy_timeout = {int(options[_WAIT])}")
            connection.info[_WAIT] = True
        connection.exec_driver_sql("BEGIN IMMEDIATE" if options.get(_WRITE, False) else "BEGIN")

    @event.listens_for(engine, "checkin")
    def _on_checkin(dbapi_connection: Any, record: Any) -> None:
        # A connection back in the pool waits for locks as long as every other one again.
        if record.info.pop(_WAIT, False) and dbapi_connection is not None:
            dbapi_connection.execute(busy)


class Database:
    """Owns the engine, its connection pool and the session factories for one database URL."""

    def __init__(
        self,
        url: str,
        *,
        echo: bool = False,
        busy_timeout_ms: int = BUSY_TIMEOUT_MS,
        statement_timeout_ms: int = 8_000,
        pool_size: int = 5,
        max_overflow: int = 10,
        pool_timeout_s: float = 5.0,
        pool_recycle_s: int = 1800,
        pool_pre_ping: bool = True,
        connect_timeout_s: int = 5,
        startup_wait_ms: int = STARTUP_WAIT_MS,
    ) -> None:
        self.url = make_url(url)
        self._startup_wait_ms = startup_wait_ms
        options: dict[str, Any] = {}
        if self.is_sqlite and _is_memory(self.url):
            # One shared connection, or every pooled connection would see its own empty database.
            options = {"poolclass": StaticPool, "connect_args": {"check_same_thread": False}}
        else:
            options = {
                "pool_size": pool_size,
                "max_overflow": max_overflow,
                "pool_timeout": pool_timeout_s,
                "pool_recycle": pool_recycle_s,
                "pool_pre_ping": pool_pre_ping,
            }
        if self.is_postgresql:
            options["isolation_level"] = "READ COMMITTED"
            options["connect_args"] = {
                "connect_timeout": connect_timeout_s,
                "application_name": "teller",
                "options": f"-c lock_timeout={int(busy_timeout_ms)} "
                f"-c statement_timeout={int(statement_timeout_ms)}",
            }
        try:
            self.engine = create_engine(self.url, echo=echo, **options)
        except ModuleNotFoundError as exc:
            raise MissingExtra(exc.name or self.url.drivername, "postgres") from exc
        if self.is_sqlite:
            _configure_sqlite(self.engine, busy_timeout_ms)
        self._write_engine = self.engine.execution_options(**{_WRITE: True})
        self._startup_engine = self._write_engine.execution_options(**{_WAIT: startup_wait_ms})
        read_engine = self.engine
        if self.is_postgresql:
            # One snapshot for all of a read's queries (a customer snapshot is several SELECTs); a
            # read-only REPEATABLE READ transaction never fails to serialize.
            read_engine = self.engine.execution_options(
                isolation_level="REPEATABLE READ", postgresql_readonly=True
            )
        self._reader = sessionmaker(read_engine, expire_on_commit=False)
        self._writer = sessionmaker(self._write_engine, expire_on_commit=False)
        self._startup_writer = sessionmaker(self._startup_engine, expire_on_commit=False)
        self._counter = itertools.count(1)  # next() is atomic under the GIL: no lost bumps
        self._epoch = 0
        self._generations: dict[str, int] = {}

    @classmethod
    def from_settings(cls, settings: StoreSettings) -> Database:
        return cls(
            settings.url,
            echo=settings.echo,
            busy_timeout_ms=settings.busy_timeout_ms,
            statement_timeout_ms=settings.statement_timeout_ms,
            pool_size=settings.pool_size,
            max_overflow=settings.max_overflow,
            pool_timeout_s=settings.pool_timeout_s,
            pool_recycle_s=settings.pool_recycle_s,
            pool_pre_ping=settings.pool_pre_ping,
            connect_timeout_s=settings.connect_timeout_s,
            startup_wait_ms=settings.startup_wait_ms,
        )

    @property
    def is_postgresql(self) -> bool:
        return self.url.get_backend_name() == "postgresql"

    @property
    def is_sqlite(self) -> bool:
        return self.url.get_backend_name() == "sqlite"

    @contextmanager
    def read(self) -> Iterator[Session]:
        """A session in one read transaction, so several queries see one consistent state."""
        with store_errors(), self._reader() as session, session.begin():
            yield session

    @contextmanager
    def write(self) -> Iterator[Session]:
        """A session in one write transaction: committed on normal exit, rolled back on error."""
        with store_errors(), self._writer() as session, session.begin():
            yield session

    @contextmanager
    def connect(self) -> Iterator[Connection]:
        """A plain connection (autocommit reads), with this seam's error mapping."""
        with store_errors(), self.engine.connect() as connection:
            yield connection

    def changed(self, customer_id: str | None = None) -> None:
        """Note a committed change to one customer (or to everything) for in-process caches."""
        if customer_id is None:
            self._epoch = next(self._counter)
        else:
            self._generations[customer_id] = next(self._counter)

    def generation(self, customer_id: str) -> tuple[int, int]:
        """A value that differs after every `changed` call covering `customer_id`."""
        return self._epoch, self._generations.get(customer_id, 0)

    @contextmanager
    def write_connection(self) -> Iterator[Connection]:
        """A plain connection in one write transaction for an opening step (schema upgrades): its
        lock waits are `startup_wait_ms`. With the error mapping."""
        with store_errors(), self._startup_engine.begin() as connection:
            if self.is_postgresql:
                connection.execute(text(f"SET LOCAL lock_timeout = {int(self._startup_wait_ms)}"))
            yield connection

    def create_schema(self) -> None:
        """Upgrade the schema to the code's (store/migrate.py; idempotent, safe from many processes)."""
        from teller.store.migrate import upgrade

        upgrade(self)

    def is_empty(self) -> bool:
        """True when no customer is stored."""
        with self.read() as session:
            return _is_empty(session)

    def load_bank(self, data: object, *, replace: bool = False, now: datetime | None = None) -> BankFile:
        """Validate `data` as a bank file, then store all of it in one transaction.

        Without `replace`, ids that already exist are refused (BadBankFile naming the field); with
        it, all bank data and pending actions are deleted first (the audit log is kept). Either
        everything is written or nothing is.
        """
        bank = parse_bank_file(data)
        self._load(bank, replace=replace, only_if_empty=False, at=now or datetime.now(UTC))
        return bank

    def seed_if_empty(self, data: object, *, now: datetime | None = None) -> bool:
        """Load `data` only if no customer exists, deciding under the write lock; True if loaded."""
        bank = parse_bank_file(data)
        return self._load(bank, replace=False, only_if_empty=True, at=now or datetime.now(UTC))

    def dispose(self) -> None:
        self.engine.dispose()

    def _load(self, bank: BankFile, *, replace: bool, only_if_empty: bool, at: datetime) -> bool:
        # Seeding an empty bank is an opening step: it waits `startup_wait_ms` for another seeder.
        writer = self._startup_writer if only_if_empty else self._writer
        with store_errors(), writer() as session, session.begin():
            if only_if_empty and self.is_postgresql:
                session.execute(text(f"SET LOCAL lock_timeout = {int(self._startup_wait_ms)}"))
            if self.is_postgresql:
                # `statement_timeout_ms` bounds the API's statements under its request deadline; a
                # bank load (COPY of tens of thousands of rows) is an operator's job: no limit.
                session.execute(text("SET LOCAL statement_timeout = 0"))
            if only_if_empty and self.is_postgresql:
                # SQLite's write lock already serializes seeders; on PostgreSQL (READ COMMITTED) two
                # workers could both find the bank empty. The emptiness check runs after the lock.
                session.execute(text("SELECT pg_advisory_xact_lock(:key)"), {"key": _SEED_LOCK})
            if only_if_empty and not _is_empty(session):
                return False
            previous = _meta_by_customer(session, [c.id for c in bank.customers])
            if replace:
                for table in BANK_TABLES:
                    session.execute(delete(table).execution_options(synchronize_session=False))
            else:
                _refuse_clashes(session, bank)
            _insert_bank(session, bank, previous)
            record(
                session,
                None,
                "bank_loaded",
                {"customers": [c.id for c in bank.customers], "replace": replace},
                at=at,
            )
        self.changed(None)
        return True


# Operational failures (locked, cannot open, connection lost) and pool timeouts: the database is not
# available right now. Integrity and programming errors are bugs and are not mapped.
_UNAVAILABLE = (sa_exc.OperationalError, sa_exc.InterfaceError, sa_exc.TimeoutError)


@contextmanager
def store_errors() -> Iterator[None]:
    """Re-raise "the database is not available" errors as `StoreUnavailable` (the store's seam)."""
    try:
        yield
    except _UNAVAILABLE as exc:
        # The driver's message ("database is locked"), never the SQL statement or its parameters.
        reason = str(getattr(exc, "orig", None) or type(exc).__name__)[:200]
        raise StoreUnavailable(f"the database is unavailable: {reason}") from exc


def _is_empty(session: Session) -> bool:
    return session.execute(select(CustomerRow.id).limit(1)).first() is None


def _meta_by_customer(session: Session, ids: list[str]) -> dict[str, tuple[int, int]]:
    query = select(CustomerMetaRow.customer_id, CustomerMetaRow.version, CustomerMetaRow.revision)
    if session.get_bind().dialect.name == "postgresql":  # only the file's customers: one array
        query = query.where(CustomerMetaRow.customer_id == any_(bindparam("ids", ids, type_=ARRAY(String()))))
    return {cid: (version, revision) for cid, version, revision in session.execute(query)}


def _refuse_clashes(session: Session, bank: BankFile) -> None:
    ids = all_ids(bank)
    models = (CustomerRow, AccountRow, CardRow, PayeeRow, BillerRow, TransactionRow)
    clash = bulk.first_existing(session, [cast(Table, m.__table__) for m in models], list(ids))
    if clash is not None:
        raise BadBankFile(
            f"id {clash!r} already exists in the database (load with replace=True to start over)",
            field=ids[clash],
        )


def _insert_bank(session: Session, bank: BankFile, previous: dict[str, tuple[int, int]]) -> None:
    def rows(items: list[dict[str, Any]], table: Any) -> None:
        bulk.insert_rows(session, table.__table__, items)

    rows([{**c.model_dump(include={"id", "name", "name_latin", "locale", "timezone"}),
           "limits": c.limits.model_dump()} for c in bank.customers], CustomerRow)  # fmt: skip
    # Counters continue from a replaced customer's, so a cache elsewhere never mistakes new data for old.
    meta = []
    for c in bank.customers:
        version, revision = previous.get(c.id, (-1, -1))
        meta.append({"customer_id": c.id, "version": version + 1, "revision": revision + 1})
    rows(meta, CustomerMetaRow)
    for table, attribute in (
        (AccountRow, "accounts"),
        (CardRow, "cards"),
        (PayeeRow, "payees"),
        (BillerRow, "billers"),
    ):
        rows(
            [
                {**item.model_dump(), "customer_id": c.id, "position": position}
                for c in bank.customers
                for position, item in enumerate(getattr(c, attribute))
            ],
            table,
        )
    rows(
        [
            {**t.model_dump(), "customer_id": c.id, "status": "posted"}
            for c in bank.customers
            for t in c.transactions
        ],
        TransactionRow,
    )


def _ensure_sqlite_parent(url: URL) -> None:
    if url.get_backend_name() == "sqlite" and not _is_memory(url) and url.database:
        database = url.database
        if database.startswith("file:"):  # URI form: file:/path/db.sqlite3?mode=...
            database = database[len("file:") :].split("?", 1)[0]
        Path(database).expanduser().parent.mkdir(parents=True, exist_ok=True)


def demo_bank_data() -> object:
    """The packaged demo bank, decoded."""
    text = (files("teller") / "data" / "demo_bank.json").read_text(encoding="utf-8")
    return json.loads(text)


def open_database(settings: StoreSettings) -> Database:
    """Open (creating the SQLite file's directory), upgrade the schema unless `migrate` is off (then a
    schema behind the code's is a ConfigError), and seed the demo bank if asked."""
    url = make_url(settings.url)
    _ensure_sqlite_parent(url)
    db = Database.from_settings(settings)
    if settings.migrate:
        db.create_schema()
    else:
        from teller.store.migrate import current_revision, head_revision

        current, head = current_revision(db), head_revision()
        if current != head:
            raise ConfigError(
                f"the database schema is at {current or 'nothing'}, the code needs {head}: "
                "run `teller db upgrade`",
                code="schema_outdated",
            )
    if settings.seed_demo:
        db.seed_if_empty(demo_bank_data())
    return db
