"""Schema migrations (Alembic): bring a database to the code's schema, adopting one made before them.

The revisions are in `store/migrations/versions/` (0001: the first schema; 0002: scheduled payments;
0003: conversation sessions; 0004: Idempotency-Key answers; 0005: session rows keep only the hash
of their pending token);
`teller db upgrade` and `open_database` (unless `store.migrate` is off) call `upgrade`.

`upgrade` runs every step in one write transaction that first takes a lock all upgraders wait on
(SQLite: the write lock, BEGIN IMMEDIATE; PostgreSQL: a transaction-level advisory lock), so
workers starting together against a new database upgrade it once and the others find it done. DDL
is transactional on both databases: a failed upgrade leaves the previous revision intact.

A database created by `create_all` before migrations existed has tables but no `alembic_version`:
it is stamped at the newest revision whose tables it has (`_ADOPT`), then upgraded from there.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

from alembic import command
from alembic.config import Config
from alembic.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy import Connection, inspect, text

from teller.store.db import Database

# The newest revision each table (or table.column) proves a pre-migration database has reached
# (newest first).
_ADOPT = (
    ("turn_sessions.pending_token_hash", "0005"),
    ("idempotency_records", "0004"),
    ("turn_sessions", "0003"),
    ("scheduled_payments", "0002"),
    ("customers", "0001"),
)
_LOCK_KEY = 7_311_201_301  # PostgreSQL advisory lock id for schema upgrades (any fixed bigint)


def _config(connection: Connection | None = None) -> Config:
    config = Config()
    config.set_main_option("script_location", str(Path(__file__).with_name("migrations")))
    config.attributes["connection"] = connection
    return config


@cache
def _script() -> ScriptDirectory:
    return ScriptDirectory.from_config(_config())


def head_revision() -> str:
    """The revision of the code's schema."""
    head = _script().get_current_head()
    assert head is not None
    return head


def previous_revision() -> str:
    """The revision before head (what a database of the previous release is at)."""
    down = _script().get_revision(head_revision()).down_revision
    assert isinstance(down, str)
    return down


def current_revision(db: Database) -> str | None:
    """The database's revision; None for a database without migrations (empty, or made before them)."""
    with db.connect() as connection:
        return MigrationContext.configure(connection).get_current_revision()


def upgrade(db: Database, target: str = "head") -> str | None:
    """Upgrade `db` to `target` (adopting a pre-migration database first); the revision it is at now."""
    with db.write_connection() as connection:
        if db.is_postgresql:
            # A migration rewrites tables of any size: not bounded by the API's statement timeout.
            connection.execute(text("SET LOCAL statement_timeout = 0"))
            connection.execute(text("SELECT pg_advisory_xact_lock(:key)"), {"key": _LOCK_KEY})
        config = _config(connection)
        if MigrationContext.configure(connection).get_current_revision() is None:
            adopted = _adoptable(connection)
            if adopted is not None:
                command.stamp(config, adopted)
        command.upgrade(config, target)
        return MigrationContext.configure(connection).get_current_revision()


def _adoptable(connection: Connection) -> str | None:
    inspector = inspect(connection)
    found = set(inspector.get_table_names())
    for table in list(found):
        found.update(f"{table}.{column['name']}" for column in inspector.get_columns(table))
    return next((revision for name, revision in _ADOPT if name in found), None)
