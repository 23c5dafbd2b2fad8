"""Session rows keep only the hash of their pending action's token (`turn_sessions.pending_token_hash`).

Rows written before this revision hold the token in clear inside `last_result`; the upgrade moves
each one's SHA-256 to the new column and blanks the token. A downgrade drops the column: sessions
with a pending action then cannot confirm it by "yes" (the customer asks again), nothing else is
lost.

Revision ID: 0005
Revises: 0004
"""

from __future__ import annotations

import hashlib
from typing import Any

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None

_sessions = sa.table(
    "turn_sessions",
    sa.column("customer_id", sa.String()),
    sa.column("id", sa.String()),
    sa.column("last_result", sa.JSON()),
    sa.column("pending_token_hash", sa.String()),
)


def upgrade() -> None:
    op.add_column("turn_sessions", sa.Column("pending_token_hash", sa.String(length=64), nullable=True))
    connection = op.get_bind()
    rows = connection.execute(
        sa.select(_sessions.c.customer_id, _sessions.c.id, _sessions.c.last_result).where(
            _sessions.c.last_result.is_not(None)
        )
    ).all()
    changes: list[dict[str, Any]] = []
    for customer_id, session_id, result in rows:
        if not isinstance(result, dict) or not isinstance(result.get("pending"), dict):
            continue
        pending = result["pending"]
        token = pending.get("token")
        if not token:
            continue
        digest = hashlib.sha256(str(token).encode("utf-8")).hexdigest()
        blanked = {**result, "pending": {**pending, "token": ""}}
        changes.append({"c": customer_id, "s": session_id, "result": blanked, "digest": digest})
    if changes:
        connection.execute(
            sa.update(_sessions)
            .where(_sessions.c.customer_id == sa.bindparam("c"), _sessions.c.id == sa.bindparam("s"))
            .values(
                last_result=sa.bindparam("result", type_=sa.JSON()), pending_token_hash=sa.bindparam("digest")
            ),
            changes,
        )


def downgrade() -> None:
    op.drop_column("turn_sessions", "pending_token_hash")
