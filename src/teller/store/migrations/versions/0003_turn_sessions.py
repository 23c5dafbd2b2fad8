"""Conversation sessions in the database, so that any worker can continue any session.

Revision ID: 0003
Revises: 0002
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "turn_sessions",
        sa.Column("customer_id", sa.String(length=64), nullable=False),
        sa.Column("id", sa.String(length=64), nullable=False),
        sa.Column("last_request", sa.JSON(), nullable=True),
        sa.Column("last_result", sa.JSON(), nullable=True),
        sa.Column("expires_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(["customer_id"], ["customers.id"]),
        sa.PrimaryKeyConstraint("customer_id", "id"),
    )
    op.create_index("ix_turn_sessions_expires", "turn_sessions", ["expires_at"], unique=False)


def downgrade() -> None:
    op.drop_index("ix_turn_sessions_expires", table_name="turn_sessions")
    op.drop_table("turn_sessions")
