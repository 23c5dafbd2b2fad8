"""Scheduled payments: they weigh on funds and limits when confirmed, run once on their day, fail cleanly."""

from __future__ import annotations

import os
import subprocess
import sys
import threading
import time
from datetime import date, timedelta
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import select, update

import teller
from teller.errors import ConfirmationError, NotFound
from teller.store import BankRepository, Database, PendingActions, ScheduledPayments
from teller.store.audit import entries
from teller.store.schema import AccountRow, CustomerRow, PayeeRow, ScheduledPaymentRow, TransactionRow

from .conftest import NOW, NOW_NY, bill, transfer

SRC = Path(teller.__file__).resolve().parents[1]
TOMORROW = "2026-11-22"
DAY_AFTER = NOW + timedelta(days=2)


@pytest.fixture
def scheduled(db: Database) -> ScheduledPayments:
    return ScheduledPayments(db)


def _schedule(pending: PendingActions, amount: int, *, day: str = TOMORROW, **kw: Any) -> str:
    """Propose and confirm a transfer dated `day`; the scheduled payment's id."""
    _, token = pending.create("c_001", "transfer", transfer(amount, execute_on=day, **kw), now=NOW, ttl_s=300)
    done = pending.confirm("c_001", token, now=NOW)
    assert done.scheduled_payment_id is not None and done.transaction_id is None
    return done.scheduled_payment_id


def _balance(db: Database, customer: str = "c_001", account: str = "a_001") -> int:
    found = BankRepository(db, recheck_s=0).snapshot(customer).account(account)
    assert found is not None
    return found.balance_minor


def _posted(db: Database, action_id: str) -> list[Any]:
    with db.read() as session:
        return list(session.scalars(select(TransactionRow).where(TransactionRow.action_id == action_id)))


def test_confirming_a_future_transfer_schedules_it_without_moving_money(
    db: Database, pending: PendingActions, scheduled: ScheduledPayments
) -> None:
    """The confirmation writes a scheduled payment, no transaction, and the balance stays."""
    payment_id = _schedule(pending, 5000)
    [payment] = scheduled.list_scheduled("c_001")
    assert (payment.id, payment.status, payment.execute_on, payment.amount_minor) == (
        payment_id, "scheduled", date(2026, 11, 22), 5000,
    )  # fmt: skip
    assert _balance(db) == 1234567 and _posted(db, payment.action_id) == []


def test_scheduled_payments_count_against_the_available_balance(
    empty_db: Database, demo: dict[str, Any]
) -> None:
    """On $10.00, a $6.00 payment for tomorrow leaves $4.00 available: another $6.00 for then is refused."""
    empty_db.load_bank(demo)
    pending = PendingActions(empty_db)
    payload = transfer(600, currency="USD", account_id="a_201", recipient_id="p_201", execute_on="2026-11-22")
    tokens = [pending.create("c_003", "transfer", payload, now=NOW, ttl_s=300)[1] for _ in range(2)]
    pending.confirm("c_003", tokens[0], now=NOW)
    with pytest.raises(ConfirmationError) as refused:
        pending.confirm("c_003", tokens[1], now=NOW)
    assert refused.value.code == "insufficient_funds"
    now_payload = transfer(600, currency="USD", account_id="a_201", recipient_id="p_201")
    _, token = pending.create("c_003", "transfer", now_payload, now=NOW, ttl_s=300)
    pending.confirm("c_003", token, now=NOW)  # today's money is not yet promised: it may leave today


def test_a_scheduled_payment_counts_against_its_days_limit(empty_db: Database, demo: dict[str, Any]) -> None:
    """¥2,000,000 a day: ¥1,000,000 twice for tomorrow fills it; a third for tomorrow is over the limit."""
    demo["customers"][0]["accounts"][0]["balance_minor"] = 10_000_000
    empty_db.load_bank(demo)
    pending = PendingActions(empty_db)
    for _ in range(2):
        _schedule(pending, 1_000_000)
    _, token = pending.create("c_001", "transfer", transfer(1, execute_on=TOMORROW), now=NOW, ttl_s=300)
    with pytest.raises(ConfirmationError) as refused:
        pending.confirm("c_001", token, now=NOW)
    assert refused.value.code == "over_daily_limit"
    _, today = pending.create("c_001", "transfer", transfer(1000), now=NOW, ttl_s=300)
    pending.confirm("c_001", today, now=NOW)  # today's limit is untouched


def test_the_scheduler_executes_a_due_payment_once(
    db: Database, pending: PendingActions, scheduled: ScheduledPayments
) -> None:
    """Not before its day; then one debit, one posted transaction, one audit record; later runs: nothing."""
    payment_id = _schedule(pending, 5000)
    assert scheduled.run_due(now=NOW).executed == []
    first = scheduled.run_due(now=DAY_AFTER)
    again = scheduled.run_due(now=DAY_AFTER + timedelta(hours=1))
    assert [o.payment_id for o in first.executed] == [payment_id] and again.executed == []
    payment = scheduled.get("c_001", payment_id)
    [txn] = _posted(db, payment.action_id)
    assert (payment.status, payment.transaction_id, txn.amount_minor) == ("executed", txn.id, -5000)
    assert txn.execute_on == date(2026, 11, 22) and txn.status == "posted"
    assert _balance(db) == 1234567 - 5000
    with db.read() as session:
        [audit] = entries(session, "c_001", event="scheduled_payment_executed")
    assert audit.detail["transaction_id"] == txn.id


def test_until_lets_the_scheduler_catch_up_to_a_later_day(
    pending: PendingActions, scheduled: ScheduledPayments
) -> None:
    """`until` decides what is due (each customer's own day); `now` stamps the posting."""
    payment_id = _schedule(pending, 5000)
    report = scheduled.run_due(now=NOW, until=NOW + timedelta(days=1))
    assert [o.payment_id for o in report.executed] == [payment_id]


def test_lack_of_funds_on_the_day_fails_cleanly(
    db: Database, pending: PendingActions, scheduled: ScheduledPayments
) -> None:
    """Money spent before the day: the payment fails with insufficient_funds, an audit record, no debit."""
    payment_id = _schedule(pending, 1_000_000)
    with db.write() as session:
        session.execute(update(AccountRow).where(AccountRow.id == "a_001").values(balance_minor=999_999))
    report = scheduled.run_due(now=DAY_AFTER)
    assert [(o.payment_id, o.reason) for o in report.failed] == [(payment_id, "insufficient_funds")]
    payment = scheduled.get("c_001", payment_id)
    assert (payment.status, payment.reason, payment.transaction_id) == ("failed", "insufficient_funds", None)
    assert _balance(db) == 999_999 and _posted(db, payment.action_id) == []
    with db.read() as session:
        [audit] = entries(session, "c_001", event="scheduled_payment_failed")
    assert audit.detail["reason"] == "insufficient_funds"
    assert scheduled.run_due(now=DAY_AFTER).failed == []  # failed once, never retried


def test_a_lowered_limit_fails_the_payment_on_its_day(
    db: Database, pending: PendingActions, scheduled: ScheduledPayments
) -> None:
    """The daily limit lowered below the payment after it was confirmed: over_daily_limit on the day."""
    payment_id = _schedule(pending, 500_000)
    with db.write() as session:
        limits = {"transfer_per_txn_minor": {"JPY": 1_000_000}, "transfer_daily_minor": {"JPY": 100_000}}
        session.execute(update(CustomerRow).where(CustomerRow.id == "c_001").values(limits=limits))
    report = scheduled.run_due(now=DAY_AFTER)
    assert [(o.payment_id, o.reason) for o in report.failed] == [(payment_id, "over_daily_limit")]
    assert _balance(db) == 1234567


def test_a_removed_payee_fails_the_payment(
    db: Database, pending: PendingActions, scheduled: ScheduledPayments
) -> None:
    """A payee deleted before the day: recipient_not_registered, nothing sent."""
    payment_id = _schedule(pending, 5000, recipient_id="p_002")
    with db.write() as session:
        session.execute(PayeeRow.__table__.delete().where(PayeeRow.id == "p_002"))
    report = scheduled.run_due(now=DAY_AFTER)
    assert [(o.payment_id, o.reason) for o in report.failed] == [(payment_id, "recipient_not_registered")]


def test_a_late_run_still_counts_against_the_payments_own_day(
    db: Database, pending: PendingActions, scheduled: ScheduledPayments
) -> None:
    """Run two days late, the payment still uses its own day's limit, not the day it ran."""
    _schedule(pending, 1_000_000)
    late = NOW + timedelta(days=3)
    scheduled.run_due(now=late)
    repo = BankRepository(db)
    assert repo.outgoing_today("c_001", "JPY", date(2026, 11, 22), "Asia/Tokyo") == 1_000_000
    assert repo.outgoing_today("c_001", "JPY", date(2026, 11, 24), "Asia/Tokyo") == 0


def test_bill_payments_can_be_scheduled_and_settle_the_bill_on_the_day(
    db: Database, pending: PendingActions, scheduled: ScheduledPayments
) -> None:
    """A scheduled bill payment lowers what is owed only when it runs."""
    _, token = pending.create("c_001", "bill_payment", bill(12400, execute_on=TOMORROW), now=NOW, ttl_s=300)
    pending.confirm("c_001", token, now=NOW)
    assert BankRepository(db, recheck_s=0).snapshot("c_001").biller("b_001").outstanding_minor == 12400
    scheduled.run_due(now=DAY_AFTER)
    assert BankRepository(db, recheck_s=0).snapshot("c_001").biller("b_001").outstanding_minor == 0


def test_cancel_is_scoped_and_once(
    db: Database, pending: PendingActions, scheduled: ScheduledPayments
) -> None:
    """The owner cancels a waiting payment once; another customer cannot see it; it never runs."""
    payment_id = _schedule(pending, 5000)
    with pytest.raises(NotFound):
        scheduled.cancel("c_002", payment_id, now=NOW)
    assert scheduled.cancel("c_001", payment_id, now=NOW).status == "cancelled"
    with pytest.raises(ConfirmationError) as again:
        scheduled.cancel("c_001", payment_id, now=NOW)
    assert again.value.code == "not_scheduled"
    assert scheduled.run_due(now=DAY_AFTER).executed == [] and _balance(db) == 1234567
    assert scheduled.list_scheduled("c_001") == []
    with db.read() as session:
        assert len(entries(session, "c_001", event="scheduled_payment_cancelled")) == 1


def test_due_uses_each_customers_own_day(db: Database, scheduled: ScheduledPayments) -> None:
    """At 09:00 Tokyo on the 22nd it is still the 21st in New York: only Tokyo's payment is due."""
    pending = PendingActions(db)
    _, tokyo = pending.create("c_001", "transfer", transfer(500, execute_on=TOMORROW), now=NOW, ttl_s=300)
    pending.confirm("c_001", tokyo, now=NOW)
    ny_payload = transfer(500, currency="USD", account_id="a_101", recipient_id="p_104", execute_on=TOMORROW)
    _, ny = pending.create("c_002", "transfer", ny_payload, now=NOW_NY, ttl_s=300)
    pending.confirm("c_002", ny, now=NOW_NY)
    with db.read() as session:
        owners = dict(session.execute(select(ScheduledPaymentRow.id, ScheduledPaymentRow.customer_id)).all())
    assert [owners[p] for p in scheduled.due(until=NOW + timedelta(days=1))] == ["c_001"]


def test_concurrent_schedulers_execute_each_payment_once(
    db_url: str, db: Database, pending: PendingActions
) -> None:
    """Eight threads, each with its own Database, run the scheduler at once: every payment runs once."""
    ids = [_schedule(pending, 1000 + i) for i in range(5)]
    barrier = threading.Barrier(8)
    reports: list[Any] = []

    def run() -> None:
        mine = ScheduledPayments(Database(db_url))
        barrier.wait()
        reports.append(mine.run_due(now=DAY_AFTER))

    threads = [threading.Thread(target=run) for _ in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=60)
    executed = sorted(o.payment_id for r in reports for o in r.executed)
    assert executed == sorted(ids)
    assert _balance(db) == 1234567 - sum(1000 + i for i in range(5))
    with db.read() as session:
        assert len(entries(session, "c_001", event="scheduled_payment_executed")) == 5


_RUN_SCRIPT = """
import sys, time
from datetime import datetime
from pathlib import Path
from teller.store import Database, ScheduledPayments

url, now, ready, go = sys.argv[1:5]
scheduled = ScheduledPayments(Database(url))
Path(ready).touch()
while not Path(go).exists():
    time.sleep(0.001)
print(len(scheduled.run_due(now=datetime.fromisoformat(now)).executed))
"""


def test_scheduler_processes_racing_execute_each_payment_once(
    db_url: str, db: Database, pending: PendingActions, tmp_path: Path
) -> None:
    """Three `scheduler run` processes at once: together they execute each due payment exactly once."""
    ids = [_schedule(pending, 2000 + i) for i in range(4)]
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(SRC), os.environ.get("PYTHONPATH", "")])}
    go = tmp_path / "go"
    readies = [tmp_path / f"ready{i}" for i in range(3)]
    procs = [
        subprocess.Popen(
            [sys.executable, "-c", _RUN_SCRIPT, db_url, DAY_AFTER.isoformat(), str(ready), str(go)],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            env=env,
        )
        for ready in readies
    ]
    deadline = time.monotonic() + 60
    while not all(r.exists() for r in readies) and time.monotonic() < deadline:
        time.sleep(0.01)
    go.touch()
    outputs = [p.communicate(timeout=120) for p in procs]
    assert sum(int(out.strip()) for out, _ in outputs) == len(ids), [err for _, err in outputs]
    assert _balance(db) == 1234567 - sum(2000 + i for i in range(4))
