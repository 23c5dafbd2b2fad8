"""Scheduled payments: list and cancel them, and execute each due one exactly once.

A confirmed payment dated after its confirmation day is a `scheduled_payments` row (see
`ledger.schedule`). On its day `execute` runs one write transaction per payment:

    touch_customer      first, so one customer's writers serialize (PostgreSQL: the row lock)
    re-check            payee/biller still the customer's, then `money_rule` on figures read now,
                        for the payment's own day and without counting the payment itself
    claim               UPDATE ... SET status = 'executed' | 'failed' WHERE id = :id AND
                        status = 'scheduled'; only the transaction whose UPDATE changed the row goes on
    post                debit (conditional), settle a bill, write the posted transaction, audit

The claim and the money movement commit together, so a crash leaves the payment scheduled (the next
run retries it) and two schedulers, threads or processes, never both execute it: the second one's
claim changes no row. A payment that may not go on its day (funds, a lowered limit, a removed
payee) fails cleanly: status `failed`, its `reason`, an audit record, no money moved. A payment
whose day has passed (the scheduler was down) still runs, and still counts against its own day.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from typing import Any, Literal
from zoneinfo import ZoneInfo

from sqlalchemy import select, update
from sqlalchemy.orm import Session

from teller.domain.bank import ScheduledPayment
from teller.domain.intents import ActionKind
from teller.domain.reasons import Reason
from teller.errors import ConfirmationError, NotFound
from teller.store.audit import record
from teller.store.db import Database
from teller.store.ledger import counterparty_of, rule_for, touch_customer
from teller.store.movements import Outgoing, post, rowcount
from teller.store.schema import CustomerRow, ScheduledPaymentRow


@dataclass(frozen=True, slots=True)
class Outcome:
    """What one scheduler pass did with one payment."""

    payment_id: str
    customer_id: str
    status: Literal["executed", "failed"]
    reason: Reason | None = None
    transaction_id: str | None = None


@dataclass(slots=True)
class RunReport:
    executed: list[Outcome] = field(default_factory=list)
    failed: list[Outcome] = field(default_factory=list)
    skipped: int = 0  # due when listed, but already taken by another scheduler (or cancelled)


def _view(row: ScheduledPaymentRow) -> ScheduledPayment:
    return ScheduledPayment(
        row.id, row.customer_id, row.action_id, ActionKind(row.kind), row.account_id, row.counterparty_id,
        row.description, row.amount_minor, row.currency, row.execute_on, row.status, row.created_at,
        row.resolved_at, Reason.of(row.reason) if row.reason else None, row.transaction_id,
    )  # fmt: skip


class ScheduledPayments:
    """One database's scheduled payments: customer-scoped reads and cancels, and the scheduler."""

    def __init__(self, db: Database) -> None:
        self._db = db

    def list_scheduled(
        self, customer_id: str, *, statuses: tuple[str, ...] = ("scheduled",)
    ) -> list[ScheduledPayment]:
        """The customer's payments in `statuses`, soonest first."""
        sp = ScheduledPaymentRow
        with self._db.read() as session:
            rows = session.scalars(
                select(sp)
                .where(sp.customer_id == customer_id, sp.status.in_(statuses))
                .order_by(sp.execute_on, sp.created_at, sp.id)
            )
            return [_view(row) for row in rows]

    def get(self, customer_id: str, payment_id: str) -> ScheduledPayment:
        """One of the customer's payments, whatever its status (NotFound for anyone else's)."""
        with self._db.read() as session:
            row = session.get(ScheduledPaymentRow, payment_id)
            if row is None or row.customer_id != customer_id:
                raise NotFound(f"no scheduled payment {payment_id!r}")
            return _view(row)

    def cancel(self, customer_id: str, payment_id: str, *, now: datetime) -> ScheduledPayment:
        """Cancel one of the customer's payments that has not run yet.

        NotFound for an id that is not the customer's; ConfirmationError `not_scheduled` when it
        already executed, failed or was cancelled.
        """
        sp = ScheduledPaymentRow
        with self._db.write() as session:
            touch_customer(session, customer_id)
            changed = rowcount(
                session,
                update(sp)
                .where(sp.id == payment_id, sp.customer_id == customer_id, sp.status == "scheduled")
                .values(status="cancelled", resolved_at=now),
            )
            row = session.get(sp, payment_id)
            if row is None or row.customer_id != customer_id:
                raise NotFound(f"no scheduled payment {payment_id!r}")
            if changed != 1:
                raise ConfirmationError(f"this payment was already {row.status}", code=Reason.NOT_SCHEDULED)
            detail = {
                "payment_id": payment_id,
                "action_id": row.action_id,
                "execute_on": row.execute_on.isoformat(),
            }
            record(session, customer_id, "scheduled_payment_cancelled", detail, at=now)
            cancelled = _view(row)
        self._db.changed(customer_id)
        return cancelled

    def due(self, *, until: datetime) -> list[str]:
        """Ids of scheduled payments whose day has come at `until` in their customer's time zone."""
        sp = ScheduledPaymentRow
        latest = until.astimezone(UTC).date() + timedelta(days=1)  # no zone is a day ahead of UTC
        with self._db.read() as session:
            rows = session.execute(
                select(sp.id, sp.execute_on, CustomerRow.timezone)
                .join(CustomerRow, CustomerRow.id == sp.customer_id)
                .where(sp.status == "scheduled", sp.execute_on <= latest)
                .order_by(sp.execute_on, sp.created_at, sp.id)
            ).all()
        return [pid for pid, day, tz in rows if day <= until.astimezone(ZoneInfo(tz)).date()]

    def run_due(self, *, now: datetime, until: datetime | None = None) -> RunReport:
        """Execute every payment due at `until` (default: `now`), each in its own transaction."""
        report = RunReport()
        for payment_id in self.due(until=until or now):
            outcome = self.execute(payment_id, now=now)
            if outcome is None:
                report.skipped += 1
            elif outcome.status == "executed":
                report.executed.append(outcome)
            else:
                report.failed.append(outcome)
        return report

    def execute(self, payment_id: str, *, now: datetime) -> Outcome | None:
        """Execute or fail one scheduled payment at `now`; None when it is not (or no longer) scheduled.

        The caller decides that it is due; this only guarantees at most one execution.
        """
        try:
            with self._db.write() as session:
                outcome = self._execute(session, payment_id, now)
        except ConfirmationError as exc:
            # The debit found less than the rule did (another process moved money in between on a
            # database that does not serialize writers): nothing moved; fail it on its own.
            with self._db.write() as session:
                outcome = self._fail(session, payment_id, Reason.of(exc.code), now)
        if outcome is not None:
            self._db.changed(outcome.customer_id)
        return outcome

    def _execute(self, session: Session, payment_id: str, now: datetime) -> Outcome | None:
        row = session.execute(
            select(ScheduledPaymentRow).where(ScheduledPaymentRow.id == payment_id)
        ).scalar()
        if row is None or row.status != "scheduled":
            return None
        kind = ActionKind(row.kind)
        customer = session.get(CustomerRow, row.customer_id)
        if customer is None:
            return self._fail(session, payment_id, Reason.NOT_FOUND, now)
        touch_customer(session, customer.id, names=kind is ActionKind.BILL_PAYMENT)
        try:
            counterparty_of(session, customer.id, kind, row.counterparty_id, row.currency)
        except ConfirmationError as exc:
            return self._fail(session, payment_id, Reason.of(exc.code), now)
        reason = rule_for(
            session, customer, kind, row.account_id, row.amount_minor, row.currency,
            day=row.execute_on, except_payment=row.id,
        )  # fmt: skip
        if reason is not None:
            return self._fail(session, payment_id, reason, now)
        if not self._claim(session, payment_id, "executed", now):
            return None
        payment = Outgoing(
            customer_id=customer.id, kind=kind, account_id=row.account_id,
            counterparty_id=row.counterparty_id, description=row.description, amount_minor=row.amount_minor,
            currency=row.currency, action_id=row.action_id, execute_on=row.execute_on,
        )  # fmt: skip
        transaction_id, balance = post(session, payment, now=now)
        rowcount(
            session,
            update(ScheduledPaymentRow)
            .where(ScheduledPaymentRow.id == payment_id)
            .values(transaction_id=transaction_id),
        )
        detail = _detail(row) | {"transaction_id": transaction_id, "new_balance_minor": balance}
        record(session, customer.id, "scheduled_payment_executed", detail, at=now)
        return Outcome(payment_id, customer.id, "executed", transaction_id=transaction_id)

    def _fail(self, session: Session, payment_id: str, reason: Reason, now: datetime) -> Outcome | None:
        row = session.execute(
            select(ScheduledPaymentRow).where(ScheduledPaymentRow.id == payment_id)
        ).scalar()
        if row is None or not self._claim(session, payment_id, "failed", now, reason=reason):
            return None
        touch_customer(session, row.customer_id)
        record(
            session,
            row.customer_id,
            "scheduled_payment_failed",
            _detail(row) | {"reason": reason.value},
            at=now,
        )
        return Outcome(payment_id, row.customer_id, "failed", reason=reason)

    @staticmethod
    def _claim(
        session: Session, payment_id: str, status: str, now: datetime, *, reason: Reason | None = None
    ) -> bool:
        sp = ScheduledPaymentRow
        values: dict[str, Any] = {"status": status, "resolved_at": now}
        if reason is not None:
            values["reason"] = reason.value
        changed = rowcount(
            session, update(sp).where(sp.id == payment_id, sp.status == "scheduled").values(values)
        )
        return changed == 1


def _detail(row: ScheduledPaymentRow) -> dict[str, Any]:
    return {
        "payment_id": row.id,
        "action_id": row.action_id,
        "kind": row.kind,
        "account_id": row.account_id,
        "amount_minor": row.amount_minor,
        "currency": row.currency,
        "execute_on": row.execute_on.isoformat(),
    }
