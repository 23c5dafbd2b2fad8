"""Money movements inside a write transaction: executing a confirmed action.

Everything here takes the caller's session and never commits: `PendingActions.confirm` decides
whether the whole unit commits. Whether money may leave is `policy.rules.money_rule` (the rule the
turn previewed with), run on figures read in this transaction (`store.commitments`); the debit itself
is still a conditional UPDATE (``... WHERE balance_minor >= :amount``) so it holds on any database
and isolation level.
"""

from __future__ import annotations

import secrets
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import date, datetime
from typing import Any
from zoneinfo import ZoneInfo

from pydantic import BaseModel, ConfigDict, Field, StrictInt, StrictStr, ValidationError
from sqlalchemy import case, insert, select, update
from sqlalchemy.orm import Session
from sqlalchemy.sql import Executable

from teller.domain.intents import ActionKind
from teller.domain.money import EXPONENTS, Money
from teller.domain.reasons import Reason
from teller.errors import ConfirmationError, InputError
from teller.policy.rules import date_rule, money_rule, value_day
from teller.store.audit import record
from teller.store.commitments import committed_on, limits_of
from teller.store.schema import (
    AccountRow,
    BillerRow,
    CardRow,
    CustomerMetaRow,
    CustomerRow,
    PayeeRow,
    TransactionRow,
)

_REQUIRED = {
    ActionKind.TRANSFER: ("amount_minor", "currency", "account_id", "recipient_id"),
    ActionKind.BILL_PAYMENT: ("amount_minor", "currency", "account_id", "biller_id"),
    ActionKind.CARD_UNLOCK: ("card_id",),
}


@dataclass(frozen=True, slots=True)
class ExecutedAction:
    """The outcome of a confirmed action.

    `new_balance_minor` is the source account's balance after the action; for a scheduled
    movement it is the (unchanged) current balance. It is None for a card unlock.
    """

    action_id: str
    kind: str
    transaction_id: str | None
    account_id: str | None
    new_balance_minor: int | None
    currency: str | None
    scheduled_for: date | None
    summary: str


class ActionPayload(BaseModel):
    """The payload a caller stores with a pending action; extra keys are kept but not used here."""

    model_config = ConfigDict(extra="allow", frozen=True)

    intent: StrictStr
    amount_minor: StrictInt | None = Field(default=None, gt=0)
    currency: StrictStr | None = None
    account_id: StrictStr | None = None
    recipient_id: StrictStr | None = None
    biller_id: StrictStr | None = None
    card_id: StrictStr | None = None
    execute_on: date | None = None


def parse_payload(kind: str, payload: Mapping[str, Any]) -> ActionPayload:
    """Check a payload against its action kind; InputError says what is wrong."""
    try:
        action_kind = ActionKind(kind)
    except ValueError:
        raise InputError(f"unknown action kind {kind!r}", code="bad_pending_payload") from None
    try:
        parsed = ActionPayload.model_validate(payload)
    except ValidationError as exc:
        first = exc.errors(include_url=False)[0]
        where = ".".join(str(p) for p in first["loc"])
        raise InputError(f"payload.{where}: {first['msg']}", code="bad_pending_payload") from None
    if parsed.intent != action_kind.intent:
        raise InputError(
            f"a {kind} action needs intent {action_kind.intent.value!r}", code="bad_pending_payload"
        )
    missing = [name for name in _REQUIRED[action_kind] if getattr(parsed, name) is None]
    if missing:
        raise InputError(f"a {kind} payload needs {', '.join(missing)}", code="bad_pending_payload")
    if parsed.currency is not None and parsed.currency not in EXPONENTS:
        raise InputError(f"unknown currency {parsed.currency!r}", code="bad_pending_payload")
    return parsed


def touch_customer(session: Session, customer_id: str, *, names: bool = False) -> None:
    """Bump the customer's revision (and `version` when payees/billers change).

    Done first in a write: on PostgreSQL the row lock serializes one customer's writers, so a
    daily-limit sum read afterwards cannot miss a concurrent movement.
    """
    values: dict[str, Any] = {"revision": CustomerMetaRow.revision + 1}
    if names:
        values["version"] = CustomerMetaRow.version + 1
    _rowcount(
        session, update(CustomerMetaRow).where(CustomerMetaRow.customer_id == customer_id).values(values)
    )


def execute_action(
    session: Session,
    *,
    action_id: str,
    customer_id: str,
    kind: str,
    payload: Mapping[str, Any],
    now: datetime,
    horizon_days: int = 365,
) -> ExecutedAction:
    """Carry out a pending action whose status was just flipped to executed; raise to roll back."""
    customer = session.get(CustomerRow, customer_id)
    if customer is None:
        raise ConfirmationError("the customer no longer exists", code=Reason.NOT_FOUND)
    touch_customer(session, customer_id, names=kind == ActionKind.BILL_PAYMENT)
    try:
        parsed = parse_payload(kind, payload)
    except InputError as exc:
        raise ConfirmationError(exc.message, code=Reason.BAD_PAYLOAD) from None
    if kind == ActionKind.CARD_UNLOCK:
        done = _unlock_card(session, customer_id, action_id, parsed)
    else:
        done = _move_money(session, customer, action_id, ActionKind(kind), parsed, now, horizon_days)
    detail = {"action_id": action_id, "kind": kind, "transaction_id": done.transaction_id,
              "account_id": done.account_id, "amount_minor": parsed.amount_minor, "currency": done.currency,
              "new_balance_minor": done.new_balance_minor,
              "scheduled_for": done.scheduled_for.isoformat() if done.scheduled_for else None}  # fmt: skip
    record(session, customer_id, "action_executed", detail, at=now)
    return done


def _refuse(code: Reason, message: str) -> ConfirmationError:
    return ConfirmationError(message, code=code)


def _rowcount(session: Session, statement: Executable) -> int:
    # Core execution on the session's connection: the CursorResult carries rowcount, and the ORM
    # does not try to synchronize objects it has not loaded.
    return session.connection().execute(statement).rowcount


def _unlock_card(session: Session, customer_id: str, action_id: str, p: ActionPayload) -> ExecutedAction:
    card = session.execute(
        select(CardRow.last4).where(CardRow.id == p.card_id, CardRow.customer_id == customer_id)
    ).first()
    if card is None:
        raise _refuse(Reason.CARD_NOT_FOUND, f"card {p.card_id} is not one of this customer's cards")
    _rowcount(session, update(CardRow).where(CardRow.id == p.card_id).values(status="active"))
    return ExecutedAction(
        action_id, ActionKind.CARD_UNLOCK, None, None, None, None, None, f"Unlocked card ···{card.last4}."
    )


def _move_money(
    session: Session,
    customer: CustomerRow,
    action_id: str,
    kind: ActionKind,
    p: ActionPayload,
    now: datetime,
    horizon_days: int,
) -> ExecutedAction:
    assert p.amount_minor is not None and p.currency is not None  # guaranteed by parse_payload
    amount, currency = p.amount_minor, p.currency
    account = session.execute(
        select(AccountRow.currency, AccountRow.balance_minor, AccountRow.number_last4).where(
            AccountRow.id == p.account_id, AccountRow.customer_id == customer.id
        )
    ).first()
    if account is None:
        raise _refuse(
            Reason.ACCOUNT_NOT_FOUND, f"account {p.account_id} is not one of this customer's accounts"
        )
    if account.currency != currency:
        raise _refuse(
            Reason.CURRENCY_MISMATCH, f"account {p.account_id} holds {account.currency}, not {currency}"
        )
    counterparty_id, counterparty = _counterparty(session, customer.id, kind, p)

    today = now.astimezone(ZoneInfo(customer.timezone)).date()
    day = value_day(p.execute_on, today)
    immediate = day == today
    _check_rules(session, customer, kind, p, today=today, day=day, horizon_days=horizon_days)

    if immediate:
        debited = _rowcount(
            session,
            update(AccountRow)
            .where(AccountRow.id == p.account_id, AccountRow.balance_minor >= amount)
            .values(balance_minor=AccountRow.balance_minor - amount),
        )
        if debited != 1:
            raise _refuse(
                Reason.INSUFFICIENT_FUNDS, f"account {p.account_id} does not cover {_fmt(amount, currency)}"
            )
        if kind == ActionKind.BILL_PAYMENT:
            _rowcount(
                session,
                update(BillerRow)
                .where(BillerRow.id == counterparty_id)
                # Overpaying is allowed (policy does not refuse it); the surplus is a credit with the
                # biller that is not modelled, so what is owed stops at zero.
                .values(
                    outstanding_minor=case(
                        (BillerRow.outstanding_minor >= amount, BillerRow.outstanding_minor - amount), else_=0
                    )
                ),
            )
    balance = session.execute(
        select(AccountRow.balance_minor).where(AccountRow.id == p.account_id)
    ).scalar_one()

    transaction_id = f"t_{secrets.token_hex(8)}"
    session.execute(
        insert(TransactionRow).values(
            id=transaction_id, customer_id=customer.id, account_id=p.account_id, posted_at=now,
            description=_description(customer.locale, kind, counterparty), amount_minor=-amount,
            currency=currency, status="posted" if immediate else "scheduled",
            execute_on=None if immediate else p.execute_on, kind=kind, counterparty_id=counterparty_id,
            action_id=action_id,
        )
    )  # fmt: skip
    scheduled_for = None if immediate else p.execute_on
    summary = _summary(kind, amount, currency, counterparty, account.number_last4, balance, scheduled_for)
    return ExecutedAction(
        action_id, kind, transaction_id, p.account_id, balance, currency, scheduled_for, summary
    )


def _counterparty(session: Session, customer_id: str, kind: str, p: ActionPayload) -> tuple[str, str]:
    if kind == ActionKind.TRANSFER:
        payee = session.execute(
            select(PayeeRow.id, PayeeRow.display_name).where(
                PayeeRow.id == p.recipient_id, PayeeRow.customer_id == customer_id
            )
        ).first()
        if payee is None:
            raise _refuse(Reason.RECIPIENT_NOT_REGISTERED, f"{p.recipient_id} is not a registered payee")
        return payee.id, payee.display_name
    biller = session.execute(
        select(BillerRow.id, BillerRow.display_name, BillerRow.currency).where(
            BillerRow.id == p.biller_id, BillerRow.customer_id == customer_id
        )
    ).first()
    if biller is None:
        raise _refuse(Reason.BILLER_NOT_FOUND, f"{p.biller_id} is not one of this customer's billers")
    if biller.currency != p.currency:
        raise _refuse(Reason.CURRENCY_MISMATCH, f"{biller.display_name} bills in {biller.currency}")
    return biller.id, biller.display_name


def _check_rules(
    session: Session,
    customer: CustomerRow,
    kind: ActionKind,
    p: ActionPayload,
    *,
    today: date,
    day: date,
    horizon_days: int,
) -> None:
    # Re-checked here because two pending payments, each fine when proposed, could together exceed
    # the funds or the limit; only the confirming transaction sees both.
    assert p.amount_minor is not None and p.currency is not None and p.account_id is not None
    reason = date_rule(p.execute_on, today, horizon_days=horizon_days)
    if reason is None:  # only a date inside the horizon is ever turned into day boundaries
        committed = committed_on(
            session, customer_id=customer.id, account_id=p.account_id, currency=p.currency, day=day,
            tz=customer.timezone,
        )  # fmt: skip
        reason = (
            Reason.ACCOUNT_NOT_FOUND
            if committed is None
            else money_rule(
                kind,
                p.amount_minor,
                p.currency,
                account_currency=p.currency,
                limits=limits_of(customer.limits),
                committed=committed,
            )
        )
    if reason is not None:
        raise _refuse(reason, f"{_fmt(p.amount_minor, p.currency)} on {day.isoformat()}: {reason.value}")


def _fmt(amount: int, currency: str) -> str:
    return Money(amount, currency).format()


def _description(locale: str, kind: str, counterparty: str) -> str:
    japanese = locale.lower().startswith("ja")
    if kind == ActionKind.TRANSFER:
        return f"振込 {counterparty}" if japanese else f"Transfer to {counterparty}"
    return f"{counterparty} 支払い" if japanese else f"Bill payment {counterparty}"


def _summary(
    kind: str, amount: int, currency: str, counterparty: str, last4: str, balance: int, on: date | None
) -> str:
    money = _fmt(amount, currency)
    verb = "Sent" if kind == ActionKind.TRANSFER else "Paid"
    if on is not None:
        return f"Scheduled {money} to {counterparty} from ···{last4} on {on.isoformat()}."
    return f"{verb} {money} to {counterparty} from ···{last4}; balance now {_fmt(balance, currency)}."
