"""Money invariants under random sequences of store operations (hypothesis, stateful), on real SQLite
and on a real PostgreSQL server (each example gets a fresh database).

Operations: propose a transfer or bill payment (now or dated ahead), confirm it, cancel it, cancel a
scheduled payment, move the clock, run the scheduler, run three schedulers at once (each with its
own engine), and confirm one token from two threads at once. After every step:

    every balance  = its opening balance + its posted transactions
    no balance is negative
    per customer and value day, executed outgoing <= the daily limit
    each action, and each scheduled payment, executed at most once
    every executed movement has exactly one audit record

Plain SQL in the checks and in the store (no SQLite-only features): the same machine runs against
both databases. Two customers in different time zones, small balances and tight limits, so funds
and limits refuse often.
"""

from __future__ import annotations

import contextlib
import threading
from collections import defaultdict
from collections.abc import Callable
from datetime import date, datetime, timedelta
from typing import Any
from zoneinfo import ZoneInfo

from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import (
    Bundle,
    RuleBasedStateMachine,
    consumes,
    invariant,
    rule,
    run_state_machine_as_test,
)
from sqlalchemy import select
from tests.conftest import Databases

from teller.clock import ManualClock
from teller.errors import ConfirmationError, NotFound
from teller.store import Database, PendingActions, ScheduledPayments
from teller.store.schema import AccountRow, AuditRow, ScheduledPaymentRow, TransactionRow

START = datetime.fromisoformat("2026-11-21T09:00:00+09:00")
TTL_S = 3 * 3600  # long enough that some confirmations land on a later day than their proposal
DAILY = {"c_a": ("JPY", 8_000), "c_b": ("USD", 4_000)}
OPENING = {"a_a": 10_000, "a_b": 5_000}


def _customer(cid: str, tz: str, currency: str, account: str, per_txn: int, daily: int) -> dict[str, Any]:
    return {
        "id": cid, "name": cid, "name_latin": cid, "locale": "en-US", "timezone": tz,
        "limits": {"transfer_per_txn_minor": {currency: per_txn}, "transfer_daily_minor": {currency: daily}},
        "accounts": [{"id": account, "type": "checking", "label": "checking", "currency": currency,
                      "number_last4": "0001", "balance_minor": OPENING[account]}],
        "cards": [],
        "payees": [{"id": f"p_{cid}", "display_name": f"Payee of {cid}"}],
        "billers": [{"id": f"b_{cid}", "display_name": f"Biller of {cid}", "outstanding_minor": 3_000,
                     "currency": currency}],
        "transactions": [],
    }  # fmt: skip


BANK = {
    "customers": [
        _customer("c_a", "Asia/Tokyo", "JPY", "a_a", per_txn=6_000, daily=DAILY["c_a"][1]),
        _customer("c_b", "America/New_York", "USD", "a_b", per_txn=3_000, daily=DAILY["c_b"][1]),
    ]
}
ZONES = {"c_a": ZoneInfo("Asia/Tokyo"), "c_b": ZoneInfo("America/New_York")}
ACCOUNT = {"c_a": "a_a", "c_b": "a_b"}


class MoneyMachine(RuleBasedStateMachine):
    """Random propose/confirm/cancel/schedule/clock/scheduler sequences keep the money invariants."""

    tokens = Bundle("tokens")
    payments = Bundle("payments")

    def __init__(self, databases: Databases) -> None:
        super().__init__()
        self.databases = databases
        self.url = databases.url("money")
        self.db = Database(self.url)
        self.db.create_schema()
        self.db.load_bank(BANK, now=START)
        self.clock = ManualClock(START)
        self.pending = PendingActions(self.db)
        self.scheduled = ScheduledPayments(self.db)

    def teardown(self) -> None:
        self.db.dispose()
        self.databases.drop(self.url)

    # -- operations ----------------------------------------------------------------------------

    @rule(
        target=tokens,
        customer=st.sampled_from(["c_a", "c_b"]),
        bill=st.booleans(),
        amount=st.integers(min_value=1, max_value=7_000),
        days_ahead=st.sampled_from([0, 1, 1, 2, 3]),
    )
    def propose(self, customer: str, bill: bool, amount: int, days_ahead: int) -> tuple[str, str]:
        now = self.clock.now()
        currency = DAILY[customer][0]
        today = now.astimezone(ZONES[customer]).date()
        payload = {
            "intent": "bill_payment" if bill else "transfer_money",
            "amount_minor": amount,
            "currency": currency,
            "account_id": ACCOUNT[customer],
            "recipient_id": None if bill else f"p_{customer}",
            "biller_id": f"b_{customer}" if bill else None,
            "card_id": None,
            "execute_on": (today + timedelta(days=days_ahead)).isoformat() if days_ahead else None,
        }
        kind = "bill_payment" if bill else "transfer"
        _, token = self.pending.create(customer, kind, payload, now=now, ttl_s=TTL_S)
        return customer, token

    @rule(target=payments, proposal=tokens)
    def confirm(self, proposal: tuple[str, str]) -> str:
        customer, token = proposal
        try:
            done = self.pending.confirm(customer, token, now=self.clock.now())
        except ConfirmationError:
            return ""
        return f"{customer}:{done.scheduled_payment_id or ''}"

    @rule(proposal=tokens)
    def confirm_twice_at_once(self, proposal: tuple[str, str]) -> None:
        customer, token = proposal
        now = self.clock.now()

        def go() -> None:
            with contextlib.suppress(ConfirmationError):
                self.pending.confirm(customer, token, now=now)

        _together([go, go])

    @rule(proposal=consumes(tokens))
    def cancel(self, proposal: tuple[str, str]) -> None:
        customer, token = proposal
        with contextlib.suppress(ConfirmationError):
            self.pending.cancel(customer, token, now=self.clock.now())

    @rule(payment=payments)
    def cancel_scheduled(self, payment: str) -> None:
        customer, _, payment_id = payment.partition(":")
        if not payment_id:
            return
        with contextlib.suppress(ConfirmationError):  # it already ran, failed or was cancelled
            self.scheduled.cancel(customer, payment_id, now=self.clock.now())

    @rule(payment=payments)
    def cancel_someone_elses(self, payment: str) -> None:
        customer, _, payment_id = payment.partition(":")
        other = "c_b" if customer == "c_a" else "c_a"
        if payment_id:
            try:
                self.scheduled.cancel(other, payment_id, now=self.clock.now())
            except NotFound:
                return
            raise AssertionError("another customer cancelled a scheduled payment")

    @rule(hours=st.integers(min_value=1, max_value=40))
    def advance_clock(self, hours: int) -> None:
        self.clock.advance(timedelta(hours=hours))

    @rule()
    def run_scheduler(self) -> None:
        self.scheduled.run_due(now=self.clock.now())

    @rule()
    def run_schedulers_concurrently(self) -> None:
        """Three schedulers, each with its own engine, that listed the same due payments race to run them."""
        now = self.clock.now()
        due = self.scheduled.due(until=now)
        others = [Database(self.url) for _ in range(3)]
        try:
            workers = [ScheduledPayments(db) for db in others]
            _together([lambda w=w: [w.execute(pid, now=now) for pid in due] for w in workers])  # type: ignore[misc]
        finally:
            for db in others:
                db.dispose()

    # -- invariants ----------------------------------------------------------------------------

    @invariant()
    def money_adds_up(self) -> None:
        with self.db.read() as session:
            balances = dict(session.execute(select(AccountRow.id, AccountRow.balance_minor)).all())
            posted = session.execute(
                select(
                    TransactionRow.id,
                    TransactionRow.customer_id,
                    TransactionRow.account_id,
                    TransactionRow.amount_minor,
                    TransactionRow.posted_at,
                    TransactionRow.execute_on,
                    TransactionRow.action_id,
                ).where(TransactionRow.status == "posted")
            ).all()
            audits = session.execute(select(AuditRow.event, AuditRow.detail)).all()
            scheduled = session.execute(
                select(ScheduledPaymentRow.id, ScheduledPaymentRow.action_id, ScheduledPaymentRow.status,
                       ScheduledPaymentRow.transaction_id)
            ).all()  # fmt: skip
        for account, balance in balances.items():
            moved = sum(t.amount_minor for t in posted if t.account_id == account)
            assert balance == OPENING[account] + moved, (account, balance, moved)
            assert balance >= 0, (account, balance)
        per_day: dict[tuple[str, date], int] = defaultdict(int)
        for t in posted:
            day = t.execute_on or t.posted_at.astimezone(ZONES[t.customer_id]).date()
            per_day[(t.customer_id, day)] += -t.amount_minor
        for (customer, day), total in per_day.items():
            assert total <= DAILY[customer][1], (customer, day, total)
        per_action: dict[str, int] = defaultdict(int)
        for t in posted:
            per_action[t.action_id] += 1
        assert all(n == 1 for n in per_action.values()), per_action
        executed_events = [d for e, d in audits if e in ("action_executed", "scheduled_payment_executed")]
        for t in posted:
            records = [d for d in executed_events if d.get("transaction_id") == t.id]
            assert len(records) == 1, (t.id, records)
        posted_ids = {t.id for t in posted}
        for payment in scheduled:
            assert (payment.status == "executed") == (payment.transaction_id in posted_ids), payment
            assert per_action.get(payment.action_id, 0) == (1 if payment.status == "executed" else 0), payment


def _together(work: list[Any]) -> None:
    """Run the callables in threads released at the same moment; wait for all; re-raise a failure."""
    barrier = threading.Barrier(len(work))
    errors: list[BaseException] = []

    def run(fn: Any) -> None:
        barrier.wait()
        try:
            fn()
        except BaseException as exc:  # handed to the test thread below
            errors.append(exc)

    threads = [threading.Thread(target=run, args=(fn,)) for fn in work]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=60)
    if errors:
        raise errors[0]


MACHINE_SETTINGS = settings(
    max_examples=25,
    stateful_step_count=30,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)


def test_money_invariants_hold_under_random_operations(databases: Databases) -> None:
    """Random sequences of store operations keep every money invariant, on each database."""
    factory: Callable[[], MoneyMachine] = lambda: MoneyMachine(databases)  # noqa: E731
    run_state_machine_as_test(factory, settings=MACHINE_SETTINGS)
