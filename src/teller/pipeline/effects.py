"""The runner's side effects after a decision: pending actions, card locks and read-only answers.

This is the only part of a turn that writes to the store.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime, timedelta

from teller.domain.bank import CustomerSnapshot, ScheduledPayment
from teller.domain.intents import ActionKind
from teller.domain.money import Money
from teller.domain.turn import PendingOut
from teller.policy.decide import Decision
from teller.store.pending import PendingActions
from teller.store.repo import BankRepository


def create_pending(
    pending: PendingActions,
    snapshot: CustomerSnapshot,
    decision: Decision,
    intent: str,
    *,
    now: datetime,
    ttl_s: int,
) -> PendingOut:
    """Store the confirmed-to-be action and hand back its one-time token."""
    e = decision.entities
    assert decision.effect is not None and decision.effect.pending_kind is not None
    payload: dict[str, object] = {
        "intent": intent,
        "amount_minor": e.amount_minor,
        "currency": e.currency,
        "account_id": e.account_id,
        "recipient_id": e.recipient_id,
        "biller_id": e.biller_id,
        "card_id": e.card_id,
        "execute_on": e.execute_on.isoformat() if e.execute_on else None,
    }
    action_id, token = pending.create(
        snapshot.customer.id, decision.effect.pending_kind, payload, now=now, ttl_s=ttl_s
    )
    return PendingOut(action_id=action_id, token=token, expires_at=now + timedelta(seconds=ttl_s))


def read_balance(snapshot: CustomerSnapshot, account_id: str | None) -> dict[str, object]:
    accounts = [a for a in snapshot.accounts if account_id in (None, a.id)]
    return {
        "accounts": [
            {"id": a.id, "label": a.label, "currency": a.currency, "balance_minor": a.balance_minor}
            for a in accounts
        ],
        "lines": [
            f"{a.label} ···{a.number_last4}: {Money(a.balance_minor, a.currency).format()}" for a in accounts
        ],
    }


def read_transactions(
    bank: BankRepository,
    snapshot: CustomerSnapshot,
    account_id: str | None,
    count: int | None,
    recipient_id: str | None = None,
) -> dict[str, object]:
    """The latest transactions; with a payee, those whose description names them."""
    payee = snapshot.payee(recipient_id) if recipient_id else None
    names = tuple(name for name in {payee.display_name, payee.latin} if name) if payee else ()
    rows = bank.recent_transactions(
        snapshot.customer.id, account_id=account_id, count=count or 5, mentioning=names
    )
    return {
        "transactions": [
            {
                "id": t.id,
                "account_id": t.account_id,
                "posted_at": t.posted_at.isoformat(),
                "description": t.description,
                "amount_minor": t.amount_minor,
                "currency": t.currency,
            }
            for t in rows
        ],
        "lines": [
            f"{t.posted_at.date().isoformat()}  {t.description}  {_signed(t.amount_minor, t.currency)}"
            for t in rows
        ],
    }


def read_payees(snapshot: CustomerSnapshot, recipient_id: str | None) -> dict[str, object]:
    payees = [p for p in snapshot.payees if recipient_id in (None, p.id)]
    return {
        "payees": [{"id": p.id, "display_name": p.display_name, "bank": p.bank} for p in payees],
        "lines": [f"{p.display_name} ({p.bank} ···{p.account_last4})" for p in payees],
    }


def scheduled_row(payment: ScheduledPayment, snapshot: CustomerSnapshot) -> dict[str, object]:
    """One scheduled payment as plain JSON values, with the payee's or biller's name (the API's shape)."""
    transfer = payment.kind is ActionKind.TRANSFER
    counterparty = (snapshot.payee if transfer else snapshot.biller)(payment.counterparty_id)
    return {
        "id": payment.id,
        "kind": payment.kind.value,
        "account_id": payment.account_id,
        "recipient_id": payment.counterparty_id if transfer else None,
        "biller_id": None if transfer else payment.counterparty_id,
        "display_name": counterparty.display_name if counterparty else payment.description,
        "description": payment.description,
        "amount_minor": payment.amount_minor,
        "currency": payment.currency,
        "execute_on": payment.execute_on.isoformat(),
        "status": payment.status,
        "reason": payment.reason.value if payment.reason else None,
        "created_at": payment.created_at.isoformat(),
        "transaction_id": payment.transaction_id,
    }


def read_scheduled(snapshot: CustomerSnapshot, payments: Sequence[ScheduledPayment]) -> dict[str, object]:
    rows = [scheduled_row(p, snapshot) for p in payments]
    return {
        "scheduled": rows,
        "lines": [
            f"{r['execute_on']}  {Money(p.amount_minor, p.currency).format()} → {r['display_name']}"
            for p, r in zip(payments, rows, strict=True)
        ],
    }


def _signed(amount_minor: int, currency: str) -> str:
    text = Money(abs(amount_minor), currency).format()
    return f"-{text}" if amount_minor < 0 else f"+{text}"
