"""Bulk writes of the bank loader: many rows in few round trips.

On PostgreSQL rows go in with `COPY ... FROM STDIN` on the session's own connection (so inside the
loader's one transaction), each value passed through its column type's bind processor first, the
same conversion an INSERT applies (aware instants to UTC, JSON to the driver's JSON wrapper); and
"is any of these ids stored?" is one query of `id = ANY(:ids)` probes, one array parameter.
On SQLite rows go in with executemany and ids are checked with `IN (...)` lists of `_ID_CHUNK`.

Profiled on PostgreSQL before this module (1,000 generated customers, ~93,000 rows): 62 % of the
load was rendering and parsing 500-parameter `IN` lists for the id check, 35 % was per-row
executemany; generating and validating the customers was 6 %.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any

from sqlalchemy import Table, any_, bindparam, insert, select, union_all
from sqlalchemy.dialects.postgresql import ARRAY
from sqlalchemy.orm import Session
from sqlalchemy.types import String

_ID_CHUNK = 500  # keeps IN (...) lists well under every driver's bound-parameter limit


def insert_rows(session: Session, table: Table, rows: Sequence[dict[str, Any]]) -> None:
    """Insert `rows` (dicts with the same keys) into `table` in the session's transaction."""
    if not rows:
        return
    if session.get_bind().dialect.name == "postgresql":
        _copy(session, table, rows)
    else:
        session.execute(insert(table), list(rows))


def first_existing(session: Session, tables: Sequence[Table], ids: Sequence[str]) -> str | None:
    """One of `ids` that any of `tables` already holds as its `id`, or None."""
    if not ids:
        return None
    if session.get_bind().dialect.name == "postgresql":
        # One query, one array parameter (dumped once) probing every table's primary key.
        wanted = bindparam("ids", list(ids), type_=ARRAY(String()))
        probes = [select(t.c.id).where(t.c.id == any_(wanted)) for t in tables]
        found: str | None = session.execute(union_all(*probes).limit(1)).scalar()
        return found
    for table in tables:
        for start in range(0, len(ids), _ID_CHUNK):
            chunk = ids[start : start + _ID_CHUNK]
            clash: str | None = session.execute(
                select(table.c.id).where(table.c.id.in_(chunk)).limit(1)
            ).scalar()
            if clash is not None:
                return clash
    return None


def _copy(session: Session, table: Table, rows: Sequence[dict[str, Any]]) -> None:
    dialect = session.get_bind().dialect
    names = list(rows[0])
    missing = [c for c in table.columns if c.name not in rows[0]]
    for column in missing:
        default = column.default
        if default is not None and not getattr(default, "is_scalar", False):
            raise ValueError(f"{table.name}.{column.name}: COPY cannot apply a computed default")
    fill = {c.name: c.default.arg for c in missing if c.default is not None}  # type: ignore[attr-defined]
    names += list(fill)
    processors: list[Callable[[Any], Any] | None] = [
        table.c[name].type.dialect_impl(dialect).bind_processor(dialect) for name in names
    ]
    columns = ", ".join(dialect.identifier_preparer.quote(name) for name in names)
    statement = f"COPY {dialect.identifier_preparer.format_table(table)} ({columns}) FROM STDIN"
    driver = session.connection().connection.driver_connection
    assert driver is not None
    with driver.cursor() as cursor, cursor.copy(statement) as copy:
        for row in _values(rows, names, fill, processors):
            copy.write_row(row)


def _values(
    rows: Iterable[dict[str, Any]],
    names: list[str],
    fill: dict[str, Any],
    processors: list[Callable[[Any], Any] | None],
) -> Iterable[list[Any]]:
    for row in rows:
        values = [row[name] if name in row else fill[name] for name in names]
        yield [v if p is None else p(v) for v, p in zip(values, processors, strict=True)]
