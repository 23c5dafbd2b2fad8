"""Scheduled payments: confirmed transfers and bill payments dated after their confirmation day.

Revision ID: 0002
Revises: 0001
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "scheduled_payments",
        sa.Column("id", sa.String(length=64), nullable=False),
        sa.Column("customer_id", sa.String(length=64), nullable=False),
        sa.Column("action_id", sa.String(length=64), nullable=False),
        sa.Column("kind", sa.String(length=16), nullable=False),
        sa.Column("account_id", sa.String(length=64), nullable=False),
        sa.Column("counterparty_id", sa.String(length=64), nullable=False),
        sa.Column("description", sa.String(length=255), nullable=False),
        sa.Column("amount_minor", sa.BigInteger(), nullable=False),
        sa.Column("currency", sa.String(length=3), nullable=False),
        sa.Column("execute_on", sa.Date(), nullable=False),
        sa.Column("status", sa.String(length=16), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("resolved_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("reason", sa.String(length=64), nullable=True),
        sa.Column("transaction_id", sa.String(length=64), nullable=True),
        sa.CheckConstraint("kind IN ('transfer', 'bill_payment')", name="ck_scheduled_kind"),
        sa.CheckConstraint(
            "status IN ('scheduled', 'executed', 'failed', 'cancelled')", name="ck_scheduled_status"
        ),
        sa.CheckConstraint("amount_minor > 0", name="ck_scheduled_amount_positive"),
        sa.ForeignKeyConstraint(
            ["account_id", "customer_id"],
            ["accounts.id", "accounts.customer_id"],
            name="fk_scheduled_account_of_customer",
        ),
        sa.ForeignKeyConstraint(
            ["customer_id"],
            ["customers.id"],
        ),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("action_id", name="uq_scheduled_action"),
    )
    op.create_index(
        "ix_scheduled_customer_status", "scheduled_payments", ["customer_id", "status"], unique=False
    )
    op.create_index("ix_scheduled_status_day", "scheduled_payments", ["status", "execute_on"], unique=False)


def downgrade() -> None:
    op.drop_index("ix_scheduled_status_day", table_name="scheduled_payments")
    op.drop_index("ix_scheduled_customer_status", table_name="scheduled_payments")
    op.drop_table("scheduled_payments")
