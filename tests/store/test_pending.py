"""PendingActions: create, confirm exactly once, cancel, expiry, scoping, idempotency, re-checks."""

from __future__ import annotations

import hashlib
from datetime import date, timedelta
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import text
from tests.conftest import Databases

from teller.errors import ConfirmationError, InputError, NotFound, TokenExpired, TokenUnknown, TokenUsed
from teller.store import BankRepository, Database, PendingActions
from teller.store.audit import entries
from teller.store.pending import new_token

from .conftest import NOW, NOW_NY, bill, transfer


def _balance(repo: BankRepository, customer_id: str, account_id: str) -> int:
    account = repo.snapshot(customer_id).account(account_id)
    assert account is not None
    return account.balance_minor


def test_immediate_transfer_moves_money_once(
    db: Database, repo: BankRepository, pending: PendingActions
) -> None:
    """Confirming debits the account, posts a transaction, audits it and reports the new balance."""
    action_id, token = pending.create("c_001", "transfer", transfer(5000), now=NOW, ttl_s=300)
    done = pending.confirm("c_001", token, now=NOW)
    assert (done.action_id, done.kind, done.account_id, done.currency) == (
        action_id,
        "transfer",
        "a_001",
        "JPY",
    )
    assert done.new_balance_minor == 1234567 - 5000 == _balance(repo, "c_001", "a_001")
    assert done.scheduled_for is None
    assert "¥5,000" in done.summary and "佐藤 健" in done.summary
    [newest] = repo.recent_transactions("c_001", count=1)
    assert (newest.id, newest.amount_minor, newest.description) == (
        done.transaction_id,
        -5000,
        "振込 佐藤 健",
    )
    assert pending.get("c_001", action_id).status == "executed"
    with db.read() as session:
        [executed] = entries(session, "c_001", event="action_executed")
    assert executed.detail["transaction_id"] == done.transaction_id


def test_a_future_transfer_is_scheduled_without_touching_the_balance(
    repo: BankRepository, pending: PendingActions
) -> None:
    """execute_on after today (in the customer's zone) records a scheduled row and leaves the balance."""
    _, token = pending.create(
        "c_001", "transfer", transfer(5000, execute_on="2026-11-22"), now=NOW, ttl_s=300
    )
    done = pending.confirm("c_001", token, now=NOW)
    assert done.scheduled_for == date(2026, 11, 22)
    assert done.new_balance_minor == 1234567 == _balance(repo, "c_001", "a_001")
    assert done.summary.startswith("Scheduled ¥5,000")


def test_a_transfer_dated_today_executes_now(repo: BankRepository, pending: PendingActions) -> None:
    """execute_on equal to the customer's today is immediate, even when UTC is still on the previous day."""
    early = NOW - timedelta(hours=1)  # 08:00 in Tokyo on the 21st is 23:00 UTC on the 20th
    _, token = pending.create(
        "c_001", "transfer", transfer(5000, execute_on="2026-11-21"), now=early, ttl_s=300
    )
    done = pending.confirm("c_001", token, now=early)
    assert done.scheduled_for is None
    assert _balance(repo, "c_001", "a_001") == 1234567 - 5000


def test_bill_payment_reduces_what_is_owed(repo: BankRepository, pending: PendingActions) -> None:
    """Paying a bill debits the account and lowers the biller's outstanding amount, bumping the version."""
    before = repo.snapshot("c_001")
    _, token = pending.create("c_001", "bill_payment", bill(12400), now=NOW, ttl_s=300)
    done = pending.confirm("c_001", token, now=NOW)
    after = repo.snapshot("c_001")
    assert after.biller("b_001").outstanding_minor == 0  # type: ignore[union-attr]
    assert after.biller("b_002").outstanding_minor == 6380  # type: ignore[union-attr]
    assert done.new_balance_minor == 1234567 - 12400
    assert after.version == before.version + 1


def test_partial_and_over_payments_of_a_bill(repo: BankRepository, pending: PendingActions) -> None:
    """A partial payment leaves the rest owed; an overpayment leaves nothing owed, never a negative."""
    _, token = pending.create("c_001", "bill_payment", bill(2000, biller_id="b_002"), now=NOW, ttl_s=300)
    pending.confirm("c_001", token, now=NOW)
    assert repo.snapshot("c_001").biller("b_002").outstanding_minor == 4380  # type: ignore[union-attr]
    _, token = pending.create("c_001", "bill_payment", bill(9000, biller_id="b_002"), now=NOW, ttl_s=300)
    pending.confirm("c_001", token, now=NOW)
    assert repo.snapshot("c_001").biller("b_002").outstanding_minor == 0  # type: ignore[union-attr]


def test_card_unlock_activates_the_card(repo: BankRepository, pending: PendingActions) -> None:
    """Confirming a card_unlock sets the card active and moves no money."""
    payload = {"intent": "card_unlock", "card_id": "k_102", "amount_minor": None, "currency": None}
    _, token = pending.create("c_002", "card_unlock", payload, now=NOW_NY, ttl_s=300)
    done = pending.confirm("c_002", token, now=NOW_NY)
    assert (done.transaction_id, done.new_balance_minor) == (None, None)
    assert repo.snapshot("c_002").card("k_102").status == "active"  # type: ignore[union-attr]


def test_funds_are_rechecked_at_confirmation(
    db: Database, repo: BankRepository, pending: PendingActions
) -> None:
    """If the balance no longer covers it, confirm refuses with insufficient_funds and changes nothing."""
    first_id, first = pending.create("c_003", "transfer", _usd(800), now=NOW, ttl_s=300)
    _, second = pending.create("c_003", "transfer", _usd(500), now=NOW, ttl_s=300)
    pending.confirm("c_003", second, now=NOW)
    with pytest.raises(ConfirmationError) as caught:
        pending.confirm("c_003", first, now=NOW)
    assert caught.value.code == "insufficient_funds"
    assert _balance(repo, "c_003", "a_201") == 500
    assert len(repo.recent_transactions("c_003", count=10)) == 1
    assert [a.id for a in pending.list_pending("c_003", now=NOW)] == [first_id]  # still confirmable later
    with db.read() as session:
        [refused] = entries(session, "c_003", event="action_confirm_refused")
    assert refused.detail["code"] == "insufficient_funds"


def test_daily_limit_is_rechecked_at_confirmation(repo: BankRepository, pending: PendingActions) -> None:
    """Transfers each within the limit when proposed cannot together pass the daily limit."""
    tokens = [
        pending.create(
            "c_002", "transfer", _usd(400000, account_id="a_102", to="p_101"), now=NOW_NY, ttl_s=300
        )[1]
        for _ in range(3)
    ]
    pending.confirm("c_002", tokens[0], now=NOW_NY)
    pending.confirm("c_002", tokens[1], now=NOW_NY)
    with pytest.raises(ConfirmationError) as caught:
        pending.confirm("c_002", tokens[2], now=NOW_NY)
    assert caught.value.code == "over_daily_limit"
    assert _balance(repo, "c_002", "a_102") == 1250000 - 800000


def test_a_removed_or_foreign_payee_is_refused_at_confirmation(pending: PendingActions) -> None:
    """A payee that is not the customer's refuses with recipient_not_registered."""
    _, token = pending.create("c_001", "transfer", transfer(recipient_id="p_101"), now=NOW, ttl_s=300)
    with pytest.raises(ConfirmationError) as caught:
        pending.confirm("c_001", token, now=NOW)
    assert caught.value.code == "recipient_not_registered"


def test_confirming_twice_is_refused(pending: PendingActions) -> None:
    """The second confirm of the same token raises TokenUsed saying it was executed."""
    _, token = pending.create("c_001", "transfer", transfer(), now=NOW, ttl_s=300)
    pending.confirm("c_001", token, now=NOW)
    with pytest.raises(TokenUsed, match="executed"):
        pending.confirm("c_001", token, now=NOW)


def test_an_expired_action_cannot_be_confirmed_and_is_marked_expired(
    repo: BankRepository, pending: PendingActions
) -> None:
    """After its TTL the token raises TokenExpired, the action becomes expired, and no money moves."""
    action_id, token = pending.create("c_001", "transfer", transfer(), now=NOW, ttl_s=60)
    with pytest.raises(TokenExpired):
        pending.confirm("c_001", token, now=NOW + timedelta(seconds=60))
    assert pending.get("c_001", action_id).status == "expired"
    with pytest.raises(TokenExpired):
        pending.confirm("c_001", token, now=NOW + timedelta(seconds=61))
    assert _balance(repo, "c_001", "a_001") == 1234567
    assert pending.list_pending("c_001", now=NOW) == []


def test_expire_overdue_sweeps_only_overdue_actions(pending: PendingActions) -> None:
    """The housekeeping sweep marks overdue actions expired and leaves live ones pending."""
    old_id, _ = pending.create("c_001", "transfer", transfer(), now=NOW, ttl_s=10)
    live_id, _ = pending.create("c_001", "transfer", transfer(), now=NOW, ttl_s=600)
    assert pending.expire_overdue(now=NOW + timedelta(seconds=30)) == 1
    assert pending.get("c_001", old_id).status == "expired"
    assert pending.get("c_001", live_id).status == "pending"


def test_cancel_then_confirm_is_refused(repo: BankRepository, pending: PendingActions) -> None:
    """A cancelled action cannot be confirmed (TokenUsed saying cancelled) and moved no money."""
    action_id, token = pending.create("c_001", "transfer", transfer(), now=NOW, ttl_s=300)
    cancelled = pending.cancel("c_001", token, now=NOW)
    assert (cancelled.id, cancelled.status, cancelled.resolved_at) == (action_id, "cancelled", NOW)
    with pytest.raises(TokenUsed, match="cancelled"):
        pending.confirm("c_001", token, now=NOW)
    with pytest.raises(TokenUsed):
        pending.cancel("c_001", token, now=NOW)
    assert _balance(repo, "c_001", "a_001") == 1234567


def test_another_customers_token_looks_unknown(repo: BankRepository, pending: PendingActions) -> None:
    """Confirming or cancelling with someone else's token says 'unknown', exactly as for a made-up one."""
    action_id, token = pending.create("c_001", "transfer", transfer(), now=NOW, ttl_s=300)
    with pytest.raises(TokenUnknown) as foreign:
        pending.confirm("c_002", token, now=NOW)
    with pytest.raises(TokenUnknown) as made_up:
        pending.confirm("c_002", "not-a-token", now=NOW)
    assert foreign.value.message == made_up.value.message
    with pytest.raises(TokenUnknown):
        pending.cancel("c_002", token, now=NOW)
    with pytest.raises(NotFound):
        pending.get("c_002", action_id)
    assert pending.get("c_001", action_id).status == "pending"
    assert _balance(repo, "c_001", "a_001") == 1234567


def test_only_a_hash_of_the_token_is_stored(
    db_url: str, db: Database, pending: PendingActions, databases: Databases
) -> None:
    """The database files never contain the token itself, only its SHA-256."""
    _, token = pending.create("c_001", "transfer", transfer(), now=NOW, ttl_s=300)
    if databases.backend == "sqlite":
        path = Path(db_url.removeprefix("sqlite:///"))
        files = list(path.parent.glob(path.name + "*"))
    else:  # the server's own files for this database, written out by a checkpoint
        with db.connect() as connection:
            oid = connection.execute(text("SELECT oid FROM pg_database WHERE datname = current_database()"))
            directory = databases.cluster.data / "base" / str(oid.scalar_one())
        databases.cluster.sql("CHECKPOINT")
        files = [f for f in directory.iterdir() if f.is_file()]
    stored = b"".join(f.read_bytes() for f in files)
    assert token.encode() not in stored
    assert hashlib.sha256(token.encode()).hexdigest().encode() in stored


def test_idempotency_key_returns_the_same_action_with_a_fresh_token(pending: PendingActions) -> None:
    """A retried create returns the same id and a fresh token; only the fresh token works."""
    first_id, first_token = pending.create(
        "c_001", "transfer", transfer(), now=NOW, ttl_s=300, idempotency_key="k1"
    )
    again_id, again_token = pending.create(
        "c_001", "transfer", transfer(), now=NOW, ttl_s=300, idempotency_key="k1"
    )
    assert again_id == first_id and again_token not in ("", first_token)
    assert len(pending.list_pending("c_001", now=NOW)) == 1
    with pytest.raises(TokenUnknown):
        pending.confirm("c_001", first_token, now=NOW)
    pending.confirm("c_001", again_token, now=NOW)
    done_id, done_token = pending.create(
        "c_001", "transfer", transfer(), now=NOW, ttl_s=300, idempotency_key="k1"
    )
    assert (done_id, done_token) == (first_id, "")
    other_id, _ = pending.create("c_002", "transfer", _usd(100, account_id="a_101", to="p_101"), now=NOW,
                                 ttl_s=300, idempotency_key="k1")  # fmt: skip
    assert other_id != first_id  # keys are per customer


def test_idempotency_key_reused_for_a_different_action_is_a_conflict(pending: PendingActions) -> None:
    """The same key with another payload is refused with code idempotency_conflict."""
    pending.create("c_001", "transfer", transfer(5000), now=NOW, ttl_s=300, idempotency_key="k2")
    with pytest.raises(ConfirmationError) as caught:
        pending.create("c_001", "transfer", transfer(6000), now=NOW, ttl_s=300, idempotency_key="k2")
    assert caught.value.code == "idempotency_conflict"


@pytest.mark.parametrize(
    ("kind", "payload"),
    [
        ("transfer", {**transfer(), "intent": "bill_payment"}),
        ("transfer", {**transfer(), "recipient_id": None}),
        ("transfer", {**transfer(), "amount_minor": 50.5}),
        ("transfer", {**transfer(), "amount_minor": 0}),
        ("transfer", {**transfer(), "currency": "XXX"}),
        ("transfer", {**transfer(), "execute_on": "tomorrow"}),
        ("bill_payment", {**bill(100), "biller_id": None}),
        ("card_unlock", {"intent": "card_unlock"}),
        ("wire", transfer()),
    ],
    ids=[
        "intent mismatch",
        "no recipient",
        "float amount",
        "zero",
        "currency",
        "date",
        "no biller",
        "no card",
        "kind",
    ],
)
def test_malformed_payloads_are_refused_at_create(
    pending: PendingActions, kind: str, payload: dict[str, Any]
) -> None:
    """A payload that could never execute is refused when proposed, not when confirmed."""
    with pytest.raises(InputError):
        pending.create("c_001", kind, payload, now=NOW, ttl_s=300)
    assert pending.list_pending("c_001", now=NOW) == []


def test_create_checks_customer_and_clock(pending: PendingActions) -> None:
    """An unknown customer is NotFound; a naive `now` and a non-positive TTL are InputError."""
    with pytest.raises(NotFound):
        pending.create("c_999", "transfer", transfer(), now=NOW, ttl_s=300)
    with pytest.raises(InputError):
        pending.create("c_001", "transfer", transfer(), now=NOW.replace(tzinfo=None), ttl_s=300)
    with pytest.raises(InputError):
        pending.create("c_001", "transfer", transfer(), now=NOW, ttl_s=0)


def _usd(amount_minor: int, *, account_id: str = "a_201", to: str = "p_201") -> dict[str, Any]:
    return transfer(amount_minor, currency="USD", account_id=account_id, recipient_id=to)


def test_a_token_never_starts_with_a_dash(monkeypatch: pytest.MonkeyPatch) -> None:
    """A token the command line would read as an option ("-k0_…", 1 in 64 of token_urlsafe's) is drawn
    again: `teller confirm TOKEN` must take every token it is given."""
    drawn = iter(["-k0_first", "-second", "third_ok"])
    monkeypatch.setattr("teller.store.pending.secrets.token_urlsafe", lambda _n: next(drawn))
    assert new_token() == "third_ok"
    monkeypatch.undo()
    assert not any(new_token().startswith("-") for _ in range(2000))
