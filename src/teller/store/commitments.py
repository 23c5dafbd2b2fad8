"""What already weighs on an account and a customer-day, read in the caller's session.

These are the figures `policy.rules.money_rule` decides on (`Committed`). The turn reads them in a
read transaction to preview; the confirming or executing write transaction reads them again after
`touch_customer` (which, on PostgreSQL, holds the customer's row lock), so nothing committed
concurrently can be missed. Portable SQL only: sums and range conditions, no dialect functions.
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import date, datetime, time, timedelta
from types import MappingProxyType
from typing import Any
from zoneinfo import ZoneInfo

from sqlalchemy import bindparam, func, or_, select
from sqlalchemy.orm import Session

from teller.domain.bank import Limits
from teller.domain.intents import ActionKind
from teller.policy.rules import Committed
from teller.store.schema import AccountRow, ScheduledPaymentRow, TransactionRow, UTCDateTime

OUTGOING_KINDS = tuple(k.value for k in ActionKind if k.moves_money)


def limits_of(stored: Mapping[str, Any]) -> Limits:
    """The customer row's stored limits as the domain value (read-only views, safe to share)."""
    return Limits(
        per_txn_minor=MappingProxyType(dict(stored.get("transfer_per_txn_minor", {}))),
        daily_minor=MappingProxyType(dict(stored.get("transfer_daily_minor", {}))),
    )


def day_bounds(day: date, tz: str) -> tuple[datetime, datetime]:
    """The instants where `day` starts and ends in time zone `tz`."""
    zone = ZoneInfo(tz)
    return datetime.combine(day, time(0), zone), datetime.combine(day + timedelta(days=1), time(0), zone)


def _sum(expression: Any) -> Any:
    return func.coalesce(func.sum(expression), 0)


_TXN, _SP = TransactionRow, ScheduledPaymentRow
# Built once with bound parameters, so each call only binds values (SQLAlchemy caches the compiled
# form): these run on every money turn. Scalar subqueries and COALESCE(SUM(...)) are plain SQL.
# `except_payment` defaults to "", which no payment id is.
_PAID = (
    select(_sum(-_TXN.amount_minor))
    .where(
        _TXN.customer_id == bindparam("customer_id"),
        _TXN.currency == bindparam("currency"),
        _TXN.kind.in_(OUTGOING_KINDS),
        _TXN.status == "posted",
        or_(
            _TXN.execute_on.is_(None)
            & (_TXN.posted_at >= bindparam("start", type_=UTCDateTime()))
            & (_TXN.posted_at < bindparam("end", type_=UTCDateTime())),
            _TXN.execute_on == bindparam("day"),
        ),
    )
    .scalar_subquery()
)
_WAITING = (
    select(_sum(_SP.amount_minor))
    .where(
        _SP.customer_id == bindparam("customer_id"),
        _SP.currency == bindparam("currency"),
        _SP.status == "scheduled",
        _SP.execute_on == bindparam("day"),
        _SP.id != bindparam("except_payment"),
    )
    .scalar_subquery()
)
_SCHEDULED = (
    select(_sum(_SP.amount_minor))
    .where(
        _SP.account_id == bindparam("account_id"),
        _SP.status == "scheduled",
        _SP.execute_on <= bindparam("day"),
        _SP.id != bindparam("except_payment"),
    )
    .scalar_subquery()
)
_BALANCE = (
    select(AccountRow.balance_minor)
    .where(AccountRow.id == bindparam("account_id"), AccountRow.customer_id == bindparam("customer_id"))
    .scalar_subquery()
)
_OUTGOING = select(_PAID, _WAITING)
_COMMITTED = select(_BALANCE, _SCHEDULED, _PAID, _WAITING)


def outgoing_on(
    session: Session,
    customer_id: str,
    currency: str,
    day: date,
    tz: str,
    *,
    except_payment: str | None = None,
) -> int:
    """Minor units the customer sends (transfers and bill payments) on `day` in time zone `tz`.

    A movement counts against its value day: an immediate one by when it was posted, a scheduled one
    by the day it is due, whether it is still waiting or already paid (paid late or early, it still
    counts on its own day). `except_payment` leaves one scheduled payment out (the scheduler asking
    whether that very payment may go).
    """
    start, end = day_bounds(day, tz)
    params = {"customer_id": customer_id, "currency": currency, "day": day, "start": start, "end": end,
              "except_payment": except_payment or ""}  # fmt: skip
    paid, waiting = session.connection().execute(_OUTGOING, params).one()
    return int(paid) + int(waiting)  # PostgreSQL sums BIGINT into NUMERIC


def committed_on(
    session: Session,
    *,
    customer_id: str,
    account_id: str,
    currency: str,
    day: date,
    tz: str,
    except_payment: str | None = None,
) -> Committed | None:
    """Balance, scheduled-up-to-`day` and the day's outgoing for one of the customer's accounts, in one
    query (None when the account is not the customer's); `except_payment` as in `outgoing_on`."""
    start, end = day_bounds(day, tz)
    params = {"customer_id": customer_id, "account_id": account_id, "currency": currency, "day": day,
              "start": start, "end": end, "except_payment": except_payment or ""}  # fmt: skip
    balance, scheduled, paid, waiting = session.connection().execute(_COMMITTED, params).one()
    if balance is None:
        return None
    return Committed(
        balance_minor=int(balance), scheduled_minor=int(scheduled), outgoing_minor=int(paid) + int(waiting)
    )
