"""The money rule: may this much leave this account on that day? One pure function, every caller.

`money_rule` decides when a turn proposes a payment (`policy.decide`, with figures the runner read
from the store) and again inside the database transaction that confirms it or, on its day, executes
a scheduled payment (`store.ledger`, with figures read in that transaction). Same function, same
inputs, same reason: a proposal and its confirmation can only disagree because the figures moved in
between, never because two copies of the rule drifted apart.

What is already committed (`Committed`) is what the caller read for the account and day:

    balance_minor     the account's posted balance now
    scheduled_minor   scheduled payments from the account due on or before the day, not yet paid
    outgoing_minor    everything the customer sends in that currency on the day: paid that day,
                      and scheduled for it (a scheduled payment counts against its own day)

Available on a day = balance - scheduled up to that day. The per-transfer limit binds transfers;
the daily limit binds all money that leaves (transfers and bill payments), so a customer-day never
sends more than its limit. A currency with no configured limit cannot leave at all.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, timedelta

from teller.domain.bank import Limits
from teller.domain.intents import ActionKind
from teller.domain.reasons import Reason

# Amounts no account could hold: above 10^15 minor units (¥1 quadrillion, $10 trillion) a number is
# a slip or an attack, not a payment. It also keeps every sum far inside a 64-bit column.
MAX_AMOUNT_MINOR = 10**15


@dataclass(frozen=True, slots=True)
class Committed:
    """What already weighs on one account and customer-day (see the module docstring)."""

    balance_minor: int
    scheduled_minor: int = 0
    outgoing_minor: int = 0

    @property
    def available_minor(self) -> int:
        return self.balance_minor - self.scheduled_minor


def valid_amount(amount_minor: int) -> bool:
    """Positive and not absurd."""
    return 0 < amount_minor <= MAX_AMOUNT_MINOR


def money_rule(
    kind: ActionKind,
    amount_minor: int,
    currency: str,
    *,
    account_currency: str,
    limits: Limits,
    committed: Committed,
) -> Reason | None:
    """Why `amount_minor` of `currency` may not leave the account on the day, or None if it may."""
    if not valid_amount(amount_minor):
        return Reason.INVALID_AMOUNT
    if currency != account_currency:
        return Reason.CURRENCY_MISMATCH
    if amount_minor > committed.available_minor:
        return Reason.INSUFFICIENT_FUNDS
    daily = limits.daily_minor.get(currency)
    per_txn = limits.per_txn_minor.get(currency)
    if daily is None or (kind is ActionKind.TRANSFER and per_txn is None):
        return Reason.CURRENCY_NOT_SUPPORTED
    if kind is ActionKind.TRANSFER and per_txn is not None and amount_minor > per_txn:
        return Reason.OVER_LIMIT
    if committed.outgoing_minor + amount_minor > daily:
        return Reason.OVER_DAILY_LIMIT
    return None


def date_rule(execute_on: date | None, today: date, *, horizon_days: int) -> Reason | None:
    """Why a payment may not be dated `execute_on` (None: now) when it is `today`, or None."""
    if execute_on is None:
        return None
    if execute_on < today:
        return Reason.DATE_IN_PAST
    if execute_on > today + timedelta(days=horizon_days):
        return Reason.DATE_TOO_FAR
    return None


def value_day(execute_on: date | None, today: date) -> date:
    """The customer-local day a payment counts against: its date, or today when it is immediate."""
    return execute_on if execute_on is not None and execute_on > today else today
