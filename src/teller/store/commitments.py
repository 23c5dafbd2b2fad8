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

from sqlalchemy import func, or_, select
from sqlalchemy.orm import Session

from teller.domain.bank import Limits
from teller.domain.intents import ActionKind
from teller.policy.rules import Committed
from teller.store.schema import AccountRow, ScheduledPaymentRow, TransactionRow

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
    txn = TransactionRow
    paid = select(func.coalesce(func.sum(-txn.amount_minor), 0)).where(
        txn.customer_id == customer_id,
        txn.currency == currency,
        txn.kind.in_(OUTGOING_KINDS),
        txn.status == "posted",
        or_(
            txn.execute_on.is_(None) & (txn.posted_at >= start) & (txn.posted_at < end), txn.execute_on == day
        ),
    )
    sp = ScheduledPaymentRow
    waiting = select(func.coalesce(func.sum(sp.amount_minor), 0)).where(
        sp.customer_id == customer_id, sp.currency == currency, sp.status == "scheduled", sp.execute_on == day
    )
    if except_payment is not None:
        waiting = waiting.where(sp.id != except_payment)
    # PostgreSQL sums BIGINT into NUMERIC
    return int(session.execute(paid).scalar_one()) + int(session.execute(waiting).scalar_one())


def scheduled_from(session: Session, account_id: str, day: date, *, except_payment: str | None = None) -> int:
    """Scheduled, not yet paid, outgoing from `account_id` due on or before `day`."""
    sp = ScheduledPaymentRow
    query = select(func.coalesce(func.sum(sp.amount_minor), 0)).where(
        sp.account_id == account_id, sp.status == "scheduled", sp.execute_on <= day
    )
    if except_payment is not None:
        query = query.where(sp.id != except_payment)
    return int(session.execute(query).scalar_one())


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
    """Balance, scheduled-up-to-`day` and the day's outgoing for one of the customer's accounts
    (None when the account is not the customer's); `except_payment` as in `outgoing_on`."""
    balance = session.execute(
        select(AccountRow.balance_minor).where(
            AccountRow.id == account_id, AccountRow.customer_id == customer_id
        )
    ).scalar()
    if balance is None:
        return None
    return Committed(
        balance_minor=int(balance),
        scheduled_minor=scheduled_from(session, account_id, day, except_payment=except_payment),
        outgoing_minor=outgoing_on(session, customer_id, currency, day, tz, except_payment=except_payment),
    )
