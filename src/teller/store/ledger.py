"""Executing a confirmed action inside a write transaction: a payment now, a scheduled one, an unlock.

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
from sqlalchemy import insert, select, update
from sqlalchemy.orm import Session

from teller.domain.intents import ActionKind
from teller.domain.money import EXPONENTS
from teller.domain.reasons import Reason
from teller.errors import ConfirmationError, InputError
from teller.policy.rules import date_rule, money_rule, value_day
from teller.store.audit import record
from teller.store.commitments import committed_on, limits_of
from teller.store.movements import Outgoing, describe, fmt, post, refuse, rowcount
from teller.store.schema import (
    AccountRow,
    BillerRow,
    CardRow,
    CustomerMetaRow,
    CustomerRow,
    PayeeRow,
    ScheduledPaymentRow,
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
    payment it is the (unchanged) current balance, `transaction_id` is None and
    `scheduled_payment_id` names the scheduled payment. It is None for a card unlock.
    """

    action_id: str
    kind: str
    transaction_id: str | None
    account_id: str | None
    new_balance_minor: int | None
    currency: str | None
    scheduled_for: date | None
    summary: str
    scheduled_payment_id: str | None = None


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
    rowcount(
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
              "scheduled_payment_id": done.scheduled_payment_id,
              "account_id": done.account_id, "amount_minor": parsed.amount_minor, "currency": done.currency,
              "new_balance_minor": done.new_balance_minor,
              "scheduled_for": done.scheduled_for.isoformat() if done.scheduled_for else None}  # fmt: skip
    record(session, customer_id, "action_executed", detail, at=now)
    return done


def _unlock_card(session: Session, customer_id: str, action_id: str, p: ActionPayload) -> ExecutedAction:
    card = session.execute(
        select(CardRow.last4).where(CardRow.id == p.card_id, CardRow.customer_id == customer_id)
    ).first()
    if card is None:
        raise refuse(Reason.CARD_NOT_FOUND, f"card {p.card_id} is not one of this customer's cards")
    rowcount(session, update(CardRow).where(CardRow.id == p.card_id).values(status="active"))
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
    assert p.amount_minor is not None and p.currency is not None and p.account_id is not None
    amount, currency = p.amount_minor, p.currency
    account = session.execute(
        select(AccountRow.currency, AccountRow.balance_minor, AccountRow.number_last4).where(
            AccountRow.id == p.account_id, AccountRow.customer_id == customer.id
        )
    ).first()
    if account is None:
        raise refuse(
            Reason.ACCOUNT_NOT_FOUND, f"account {p.account_id} is not one of this customer's accounts"
        )
    if account.currency != currency:
        raise refuse(
            Reason.CURRENCY_MISMATCH, f"account {p.account_id} holds {account.currency}, not {currency}"
        )
    counterparty_id, counterparty = counterparty_of(
        session, customer.id, kind, p.recipient_id if kind is ActionKind.TRANSFER else p.biller_id, currency
    )

    today = now.astimezone(ZoneInfo(customer.timezone)).date()
    day = value_day(p.execute_on, today)
    _check_rules(session, customer, kind, p, today=today, day=day, horizon_days=horizon_days)
    payment = Outgoing(
        customer_id=customer.id, kind=kind, account_id=p.account_id, counterparty_id=counterparty_id,
        description=describe(customer.locale, kind, counterparty), amount_minor=amount, currency=currency,
        action_id=action_id,
    )  # fmt: skip
    if day != today:
        scheduled_id = schedule(session, payment, execute_on=day, now=now)
        summary = (
            f"Scheduled {fmt(amount, currency)} to {counterparty} from ···{account.number_last4} on {day}."
        )
        return ExecutedAction(
            action_id,
            kind,
            None,
            p.account_id,
            int(account.balance_minor),
            currency,
            day,
            summary,
            scheduled_id,
        )
    transaction_id, balance = post(session, payment, now=now)
    verb = "Sent" if kind is ActionKind.TRANSFER else "Paid"
    summary = (
        f"{verb} {fmt(amount, currency)} to {counterparty} from ···{account.number_last4}; "
        f"balance now {fmt(balance, currency)}."
    )
    return ExecutedAction(action_id, kind, transaction_id, p.account_id, balance, currency, None, summary)


def counterparty_of(
    session: Session, customer_id: str, kind: ActionKind, counterparty_id: str | None, currency: str
) -> tuple[str, str]:
    """(id, display name) of the customer's payee or biller; ConfirmationError when it is not theirs."""
    if kind is ActionKind.TRANSFER:
        payee = session.execute(
            select(PayeeRow.id, PayeeRow.display_name).where(
                PayeeRow.id == counterparty_id, PayeeRow.customer_id == customer_id
            )
        ).first()
        if payee is None:
            raise refuse(Reason.RECIPIENT_NOT_REGISTERED, f"{counterparty_id} is not a registered payee")
        return payee.id, payee.display_name
    biller = session.execute(
        select(BillerRow.id, BillerRow.display_name, BillerRow.currency).where(
            BillerRow.id == counterparty_id, BillerRow.customer_id == customer_id
        )
    ).first()
    if biller is None:
        raise refuse(Reason.BILLER_NOT_FOUND, f"{counterparty_id} is not one of this customer's billers")
    if biller.currency != currency:
        raise refuse(Reason.CURRENCY_MISMATCH, f"{biller.display_name} bills in {biller.currency}")
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
        reason = rule_for(session, customer, kind, p.account_id, p.amount_minor, p.currency, day=day)
    if reason is not None:
        raise refuse(reason, f"{fmt(p.amount_minor, p.currency)} on {day.isoformat()}: {reason.value}")


def rule_for(
    session: Session,
    customer: CustomerRow,
    kind: ActionKind,
    account_id: str,
    amount_minor: int,
    currency: str,
    *,
    day: date,
    except_payment: str | None = None,
) -> Reason | None:
    """`money_rule` on the figures this transaction reads for the account and `day`."""
    committed = committed_on(
        session, customer_id=customer.id, account_id=account_id, currency=currency, day=day,
        tz=customer.timezone, except_payment=except_payment,
    )  # fmt: skip
    if committed is None:
        return Reason.ACCOUNT_NOT_FOUND
    return money_rule(
        kind, amount_minor, currency, account_currency=currency, limits=limits_of(customer.limits),
        committed=committed,
    )  # fmt: skip


def schedule(session: Session, payment: Outgoing, *, execute_on: date, now: datetime) -> str:
    """Record a confirmed payment for a later day; its id. It weighs on funds and limits from now."""
    scheduled_id = f"sp_{secrets.token_hex(8)}"
    session.execute(
        insert(ScheduledPaymentRow).values(
            id=scheduled_id, customer_id=payment.customer_id, action_id=payment.action_id,
            kind=payment.kind.value, account_id=payment.account_id, counterparty_id=payment.counterparty_id,
            description=payment.description, amount_minor=payment.amount_minor, currency=payment.currency,
            execute_on=execute_on, status="scheduled", created_at=now,
        )
    )  # fmt: skip
    return scheduled_id
