"""Alembic's environment: runs on the connection `teller.store.migrate` passes in (never a URL here)."""

from __future__ import annotations

from alembic import context

from teller.store.schema import Base

connection = context.config.attributes["connection"]
context.configure(
    connection=connection,
    target_metadata=Base.metadata,
    render_as_batch=connection.dialect.name == "sqlite",  # SQLite alters tables by copying them
    transaction_per_migration=False,
)
with context.begin_transaction():
    context.run_migrations()
