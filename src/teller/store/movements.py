"""Posting one outgoing movement inside the caller's write transaction (confirmations and the scheduler).

The debit is a conditional UPDATE (``... WHERE balance_minor >= :amount``), so an account can never
go negative whatever the isolation level; the caller has already decided with `money_rule` that the
money may leave, and raises (rolling everything back) if the debit still finds too little.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass
from datetime import date, datetime

from sqlalchemy import case, insert, select, update
from sqlalchemy.orm import Session
from sqlalchemy.sql import Executable

from teller.domain.intents import ActionKind
from teller.domain.money import Money
from teller.domain.reasons import Reason
from teller.errors import ConfirmationError
from teller.store.schema import AccountRow, BillerRow, TransactionRow


@dataclass(frozen=True, slots=True)
class Outgoing:
    """One payment to post: who pays whom, how much, and which action (and day) it belongs to."""

    customer_id: str
    kind: ActionKind
    account_id: str
    counterparty_id: str
    description: str
    amount_minor: int
    currency: str
    action_id: str
    execute_on: date | None = None  # the day a scheduled payment was due (its value day); None: immediate


def rowcount(session: Session, statement: Executable) -> int:
    # Core execution on the session's connection: the CursorResult carries rowcount, and the ORM
    # does not try to synchronize objects it has not loaded.
    return session.connection().execute(statement).rowcount


def refuse(code: Reason, message: str) -> ConfirmationError:
    return ConfirmationError(message, code=code)


def fmt(amount: int, currency: str) -> str:
    return Money(amount, currency).format()


def describe(locale: str, kind: ActionKind, counterparty: str) -> str:
    """The statement line of a payment, in the customer's language."""
    japanese = locale.lower().startswith("ja")
    if kind is ActionKind.TRANSFER:
        return f"振込 {counterparty}" if japanese else f"Transfer to {counterparty}"
    return f"{counterparty} 支払い" if japanese else f"Bill payment {counterparty}"


def post(session: Session, payment: Outgoing, *, now: datetime) -> tuple[str, int]:
    """Debit, settle a bill, and write the posted transaction; (transaction id, new balance)."""
    amount = payment.amount_minor
    debited = rowcount(
        session,
        update(AccountRow)
        .where(AccountRow.id == payment.account_id, AccountRow.balance_minor >= amount)
        .values(balance_minor=AccountRow.balance_minor - amount),
    )
    if debited != 1:
        raise refuse(
            Reason.INSUFFICIENT_FUNDS,
            f"account {payment.account_id} does not cover {fmt(amount, payment.currency)}",
        )
    if payment.kind is ActionKind.BILL_PAYMENT:
        rowcount(
            session,
            update(BillerRow)
            .where(BillerRow.id == payment.counterparty_id)
            # Overpaying is allowed (policy does not refuse it); the surplus is a credit with the
            # biller that is not modelled, so what is owed stops at zero.
            .values(
                outstanding_minor=case(
                    (BillerRow.outstanding_minor >= amount, BillerRow.outstanding_minor - amount), else_=0
                )
            ),
        )
    transaction_id = f"t_{secrets.token_hex(8)}"
    session.execute(
        insert(TransactionRow).values(
            id=transaction_id, customer_id=payment.customer_id, account_id=payment.account_id,
            posted_at=now, description=payment.description, amount_minor=-amount,
            currency=payment.currency, status="posted", execute_on=payment.execute_on,
            kind=payment.kind.value, counterparty_id=payment.counterparty_id, action_id=payment.action_id,
        )
    )  # fmt: skip
    balance = session.execute(
        select(AccountRow.balance_minor).where(AccountRow.id == payment.account_id)
    ).scalar_one()
    return transaction_id, int(balance)
