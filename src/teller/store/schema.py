"""The database schema: SQLAlchemy 2 declarative tables that map on both SQLite and PostgreSQL.

Money is BigInteger minor units, ids are strings, instants are stored in UTC (see `UTCDateTime`),
free-form structures are JSON. The order of accounts, cards, payees and billers in the bank file
matters (the first account is the default), so each carries a `position`.
"""

from __future__ import annotations

from datetime import UTC, date, datetime
from typing import Any

from sqlalchemy import (
    JSON,
    BigInteger,
    CheckConstraint,
    Date,
    DateTime,
    Dialect,
    ForeignKey,
    ForeignKeyConstraint,
    Index,
    Integer,
    LargeBinary,
    String,
    UniqueConstraint,
)
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column
from sqlalchemy.types import TypeDecorator

from teller.domain.intents import ActionKind

ID = String(64)
CURRENCY = String(3)

CARD_STATUSES = ("active", "locked")
TXN_STATUSES = ("posted", "scheduled")
ACTION_KINDS = tuple(k.value for k in ActionKind)
ACTION_STATUSES = ("pending", "executed", "cancelled", "expired")
PAYMENT_KINDS = tuple(k.value for k in ActionKind if k.moves_money)
SCHEDULED_STATUSES = ("scheduled", "executed", "failed", "cancelled")


def _in(column: str, values: tuple[str, ...]) -> str:
    quoted = ", ".join(f"'{v}'" for v in values)
    return f"{column} IN ({quoted})"


class UTCDateTime(TypeDecorator[datetime]):
    """An aware datetime stored as UTC.

    SQLite has no time-zone type and SQLAlchemy drops the offset there, so values are converted to
    UTC before binding; string comparisons in SQL (`expires_at > :now`) then order correctly.
    Naive datetimes are refused: a wall-clock time without an offset is ambiguous.
    """

    impl = DateTime(timezone=True)
    cache_ok = True

    def process_bind_param(self, value: datetime | None, dialect: Dialect) -> datetime | None:
        if value is None:
            return None
        if value.tzinfo is None or value.utcoffset() is None:
            raise ValueError(f"naive datetime {value!r}: pass an aware datetime")
        utc = value.astimezone(UTC)
        return utc.replace(tzinfo=None) if dialect.name == "sqlite" else utc

    def process_result_value(self, value: datetime | None, dialect: Dialect) -> datetime | None:
        if value is None:
            return None
        return value.replace(tzinfo=UTC) if value.tzinfo is None else value.astimezone(UTC)


class Base(DeclarativeBase):
    type_annotation_map = {  # noqa: RUF012 - SQLAlchemy reads this class attribute by name
        str: String(255),
        int: BigInteger(),
        datetime: UTCDateTime(),
        date: Date(),
        dict[str, Any]: JSON(),
        list[str]: JSON(),
    }


class CustomerRow(Base):
    __tablename__ = "customers"

    id: Mapped[str] = mapped_column(ID, primary_key=True)
    name: Mapped[str]
    name_latin: Mapped[str]
    locale: Mapped[str] = mapped_column(String(35))
    timezone: Mapped[str] = mapped_column(String(64))
    # {"transfer_per_txn_minor": {"JPY": 1000000}, "transfer_daily_minor": {...}}
    limits: Mapped[dict[str, Any]]


class CustomerMetaRow(Base):
    """Change counters per customer.

    `version` bumps when payees or billers change (CustomerSnapshot.version: name indexes are cached
    by it); `revision` bumps on every change a snapshot can see (balances, cards too), so a cached
    snapshot can be validated with one tiny query. Writers bump `revision` first, which on
    PostgreSQL also takes the row lock that serializes one customer's money movements.
    """

    __tablename__ = "customer_meta"

    customer_id: Mapped[str] = mapped_column(ID, ForeignKey("customers.id"), primary_key=True)
    version: Mapped[int] = mapped_column(default=0)
    revision: Mapped[int] = mapped_column(default=0)


class AccountRow(Base):
    __tablename__ = "accounts"
    # (id, customer_id) is unique so transactions can reference an account *of their customer*.
    __table_args__ = (UniqueConstraint("id", "customer_id", name="uq_accounts_id_customer"),)

    id: Mapped[str] = mapped_column(ID, primary_key=True)
    customer_id: Mapped[str] = mapped_column(ID, ForeignKey("customers.id"), index=True)
    position: Mapped[int] = mapped_column(Integer)
    type: Mapped[str] = mapped_column(String(32))
    label: Mapped[str]
    currency: Mapped[str] = mapped_column(CURRENCY)
    number_last4: Mapped[str] = mapped_column(String(4))
    balance_minor: Mapped[int]


class CardRow(Base):
    __tablename__ = "cards"
    __table_args__ = (CheckConstraint(_in("status", CARD_STATUSES), name="ck_cards_status"),)

    id: Mapped[str] = mapped_column(ID, primary_key=True)
    customer_id: Mapped[str] = mapped_column(ID, ForeignKey("customers.id"), index=True)
    position: Mapped[int] = mapped_column(Integer)
    type: Mapped[str] = mapped_column(String(32))
    label: Mapped[str]
    last4: Mapped[str] = mapped_column(String(4))
    status: Mapped[str] = mapped_column(String(16))


class PayeeRow(Base):
    __tablename__ = "payees"

    id: Mapped[str] = mapped_column(ID, primary_key=True)
    customer_id: Mapped[str] = mapped_column(ID, ForeignKey("customers.id"), index=True)
    position: Mapped[int] = mapped_column(Integer)
    display_name: Mapped[str]
    reading_kana: Mapped[str | None]
    latin: Mapped[str | None]
    relationship: Mapped[str | None] = mapped_column(String(32))
    bank: Mapped[str | None]
    account_last4: Mapped[str | None] = mapped_column(String(4))


class BillerRow(Base):
    __tablename__ = "billers"

    id: Mapped[str] = mapped_column(ID, primary_key=True)
    customer_id: Mapped[str] = mapped_column(ID, ForeignKey("customers.id"), index=True)
    position: Mapped[int] = mapped_column(Integer)
    display_name: Mapped[str]
    reading_kana: Mapped[str | None]
    latin: Mapped[str | None]
    aliases: Mapped[list[str]]
    outstanding_minor: Mapped[int]
    currency: Mapped[str] = mapped_column(CURRENCY)
    due: Mapped[date | None]


class TransactionRow(Base):
    """A posted or scheduled movement on one account.

    `posted_at` is when the row was recorded (for a scheduled row: when it was scheduled);
    `execute_on` is the customer-local day a scheduled row is due. `kind`, `counterparty_id` and
    `action_id` are set for movements Teller made (imported history leaves them null).
    """

    __tablename__ = "transactions"
    __table_args__ = (
        ForeignKeyConstraint(
            ["account_id", "customer_id"],
            ["accounts.id", "accounts.customer_id"],
            name="fk_transactions_account_of_customer",
        ),
        CheckConstraint(_in("status", TXN_STATUSES), name="ck_transactions_status"),
        Index("ix_transactions_customer_posted", "customer_id", "posted_at"),
        Index("ix_transactions_account_posted", "account_id", "posted_at"),
    )

    id: Mapped[str] = mapped_column(ID, primary_key=True)
    customer_id: Mapped[str] = mapped_column(ID, ForeignKey("customers.id"))
    account_id: Mapped[str] = mapped_column(ID)
    posted_at: Mapped[datetime]
    description: Mapped[str]
    amount_minor: Mapped[int]
    currency: Mapped[str] = mapped_column(CURRENCY)
    status: Mapped[str] = mapped_column(String(16), default="posted")
    execute_on: Mapped[date | None]
    kind: Mapped[str | None] = mapped_column(String(16))
    counterparty_id: Mapped[str | None] = mapped_column(ID)
    action_id: Mapped[str | None] = mapped_column(ID)


class ScheduledPaymentRow(Base):
    """A confirmed transfer or bill payment dated after the day it was confirmed.

    It weighs on the account's available balance and on its day's limit from the moment it is
    confirmed. On its day the scheduler claims it with a conditional update
    (``status='scheduled'`` → executed or failed) in the same transaction that moves the money, so it
    executes at most once however many schedulers run. `reason` says why it failed; the executed
    movement is `transaction_id`. A new table rather than a status of `transactions`, so existing
    databases get it from `create_all` without a migration.
    """

    __tablename__ = "scheduled_payments"
    __table_args__ = (
        ForeignKeyConstraint(
            ["account_id", "customer_id"],
            ["accounts.id", "accounts.customer_id"],
            name="fk_scheduled_account_of_customer",
        ),
        CheckConstraint(_in("status", SCHEDULED_STATUSES), name="ck_scheduled_status"),
        CheckConstraint(_in("kind", PAYMENT_KINDS), name="ck_scheduled_kind"),
        CheckConstraint("amount_minor > 0", name="ck_scheduled_amount_positive"),
        UniqueConstraint("action_id", name="uq_scheduled_action"),
        Index("ix_scheduled_status_day", "status", "execute_on"),
        Index("ix_scheduled_customer_status", "customer_id", "status"),
    )

    id: Mapped[str] = mapped_column(ID, primary_key=True)
    customer_id: Mapped[str] = mapped_column(ID, ForeignKey("customers.id"))
    action_id: Mapped[str] = mapped_column(ID)
    kind: Mapped[str] = mapped_column(String(16))
    account_id: Mapped[str] = mapped_column(ID)
    counterparty_id: Mapped[str] = mapped_column(ID)
    description: Mapped[str]
    amount_minor: Mapped[int]
    currency: Mapped[str] = mapped_column(CURRENCY)
    execute_on: Mapped[date]
    status: Mapped[str] = mapped_column(String(16), default="scheduled")
    created_at: Mapped[datetime]
    resolved_at: Mapped[datetime | None]
    reason: Mapped[str | None] = mapped_column(String(64))
    transaction_id: Mapped[str | None] = mapped_column(ID)


class PendingActionRow(Base):
    """A money movement or card unlock waiting for the customer's explicit yes.

    Only the SHA-256 of the confirmation token is stored, so a database leak cannot confirm anything.
    """

    __tablename__ = "pending_actions"
    __table_args__ = (
        UniqueConstraint("customer_id", "idempotency_key", name="uq_pending_idempotency"),
        CheckConstraint(_in("kind", ACTION_KINDS), name="ck_pending_kind"),
        CheckConstraint(_in("status", ACTION_STATUSES), name="ck_pending_status"),
        Index("ix_pending_customer_status", "customer_id", "status"),
    )

    id: Mapped[str] = mapped_column(ID, primary_key=True)
    customer_id: Mapped[str] = mapped_column(ID, ForeignKey("customers.id"))
    kind: Mapped[str] = mapped_column(String(16))
    payload: Mapped[dict[str, Any]]
    token_hash: Mapped[str] = mapped_column(String(64), unique=True)
    status: Mapped[str] = mapped_column(String(16), default="pending")
    created_at: Mapped[datetime]
    expires_at: Mapped[datetime]
    resolved_at: Mapped[datetime | None]
    idempotency_key: Mapped[str | None] = mapped_column(String(128))


class SessionRow(Base):
    """A conversation session (store/sessions.py): what "yes" or "make it 6000" acts on, for any worker.

    `last_result` holds the session's pending action until the action is resolved or the session
    expires, its token replaced by the token's hash in `pending_token_hash`; the row is read as
    absent after `expires_at`.
    """

    __tablename__ = "turn_sessions"
    __table_args__ = (Index("ix_turn_sessions_expires", "expires_at"),)

    customer_id: Mapped[str] = mapped_column(ID, ForeignKey("customers.id"), primary_key=True)
    id: Mapped[str] = mapped_column(ID, primary_key=True)
    last_request: Mapped[dict[str, Any] | None] = mapped_column(JSON)
    last_result: Mapped[dict[str, Any] | None] = mapped_column(JSON)
    # SHA-256 of last_result's pending token: the row never holds the token itself (migration 0005).
    pending_token_hash: Mapped[str | None] = mapped_column(String(64))
    expires_at: Mapped[datetime]


class IdempotencyRow(Base):
    """The first answer to a confirm or cancel sent with an Idempotency-Key (store/idempotency.py),
    shared by every worker. `status` is null while a worker is still working on it (`claimed_at`)."""

    __tablename__ = "idempotency_records"
    __table_args__ = (Index("ix_idempotency_expires", "expires_at"),)

    customer_id: Mapped[str] = mapped_column(ID, ForeignKey("customers.id"), primary_key=True)
    key: Mapped[str] = mapped_column(String(128), primary_key=True)
    fingerprint: Mapped[str] = mapped_column(String(255))
    status: Mapped[int | None] = mapped_column(Integer)
    body: Mapped[bytes | None] = mapped_column(LargeBinary)
    claimed_at: Mapped[datetime]
    expires_at: Mapped[datetime]


class AuditRow(Base):
    """Append-only history. No foreign key on purpose: the trail outlives a replaced bank."""

    __tablename__ = "audit_log"

    # SQLite only autoincrements an INTEGER PRIMARY KEY; PostgreSQL gets a BIGINT identity.
    id: Mapped[int] = mapped_column(
        BigInteger().with_variant(Integer(), "sqlite"), primary_key=True, autoincrement=True
    )
    customer_id: Mapped[str | None] = mapped_column(ID, index=True)
    at: Mapped[datetime]
    event: Mapped[str] = mapped_column(String(64))
    detail: Mapped[dict[str, Any]]


# Children before parents: the order to delete in when a bank is replaced.
BANK_TABLES: tuple[type[Base], ...] = (
    IdempotencyRow,
    SessionRow,
    ScheduledPaymentRow,
    PendingActionRow,
    TransactionRow,
    BillerRow,
    PayeeRow,
    CardRow,
    AccountRow,
    CustomerMetaRow,
    CustomerRow,
)
