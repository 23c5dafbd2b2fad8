"""The one money rule (`policy.rules`): amounts, currency, available balance, limits, dates."""

from __future__ import annotations

from datetime import date
from types import MappingProxyType

import pytest

from teller.domain.bank import Limits
from teller.domain.intents import ActionKind
from teller.domain.reasons import Reason
from teller.policy.rules import MAX_AMOUNT_MINOR, Committed, date_rule, money_rule, value_day

LIMITS = Limits(
    per_txn_minor=MappingProxyType({"USD": 500_000}), daily_minor=MappingProxyType({"USD": 1_000_000})
)
TODAY = date(2026, 11, 21)


def rule(kind: ActionKind, amount: int, committed: Committed, currency: str = "USD") -> Reason | None:
    return money_rule(kind, amount, currency, account_currency="USD", limits=LIMITS, committed=committed)


@pytest.mark.parametrize("amount", [0, -1, -500, MAX_AMOUNT_MINOR + 1])
def test_zero_negative_and_absurd_amounts_are_invalid(amount: int) -> None:
    """Nothing that is not a positive, sane number of minor units may leave."""
    assert rule(ActionKind.TRANSFER, amount, Committed(10**18)) is Reason.INVALID_AMOUNT


def test_available_balance_counts_what_is_already_scheduled() -> None:
    """$2,500 with $2,000 scheduled up to the day leaves $500: $1,000 more is insufficient."""
    committed = Committed(balance_minor=250_000, scheduled_minor=200_000)
    assert committed.available_minor == 50_000
    assert rule(ActionKind.TRANSFER, 100_000, committed) is Reason.INSUFFICIENT_FUNDS
    assert rule(ActionKind.TRANSFER, 50_000, committed) is None


def test_the_daily_limit_binds_bill_payments_and_transfers_alike() -> None:
    """$9,000 already out today: a $2,000 bill payment is over the daily limit, as a transfer would be."""
    committed = Committed(balance_minor=10**9, outgoing_minor=900_000)
    assert rule(ActionKind.BILL_PAYMENT, 200_000, committed) is Reason.OVER_DAILY_LIMIT
    assert rule(ActionKind.TRANSFER, 200_000, committed) is Reason.OVER_DAILY_LIMIT
    assert rule(ActionKind.BILL_PAYMENT, 100_000, committed) is None


def test_the_per_transfer_limit_binds_transfers_only() -> None:
    """$6,000 is over the per-transfer limit for a transfer; a bill payment has no per-payment limit."""
    committed = Committed(balance_minor=10**9)
    assert rule(ActionKind.TRANSFER, 600_000, committed) is Reason.OVER_LIMIT
    assert rule(ActionKind.BILL_PAYMENT, 600_000, committed) is None


def test_a_currency_without_limits_cannot_leave() -> None:
    """No configured limit for EUR: currency_not_supported, for transfers and bill payments."""
    for kind in (ActionKind.TRANSFER, ActionKind.BILL_PAYMENT):
        reason = money_rule(
            kind, 100, "EUR", account_currency="EUR", limits=LIMITS, committed=Committed(10**9)
        )
        assert reason is Reason.CURRENCY_NOT_SUPPORTED


def test_currency_must_match_the_account() -> None:
    """Yen cannot leave a dollar account."""
    assert rule(ActionKind.TRANSFER, 100, Committed(10**9), currency="JPY") is Reason.CURRENCY_MISMATCH


@pytest.mark.parametrize(
    ("execute_on", "reason"),
    [
        (None, None),
        (date(2026, 11, 20), Reason.DATE_IN_PAST),
        (date(2026, 11, 21), None),
        (date(2027, 11, 21), None),
        (date(2027, 11, 22), Reason.DATE_TOO_FAR),
        (date(9999, 12, 31), Reason.DATE_TOO_FAR),
    ],
)
def test_dates_between_today_and_the_horizon(execute_on: date | None, reason: Reason | None) -> None:
    """A payment may be dated today up to a year ahead; the past and beyond are refused."""
    assert date_rule(execute_on, TODAY, horizon_days=365) is reason


def test_the_value_day_is_the_date_or_today() -> None:
    """An immediate payment (no date, or today's) counts against today; a future one against its day."""
    assert value_day(None, TODAY) == value_day(TODAY, TODAY) == TODAY
    assert value_day(date(2026, 11, 25), TODAY) == date(2026, 11, 25)
