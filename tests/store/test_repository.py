"""BankRepository: cached snapshots, scoped transaction queries, daily outgoing sums, card status."""

from __future__ import annotations

from datetime import date, datetime, timedelta

import pytest

from teller.errors import Forbidden, InputError, NotFound
from teller.store import BankRepository, Database, PendingActions
from teller.store.audit import entries

from .conftest import NOW, TOKYO, bill, transfer


def test_snapshot_of_an_unknown_customer_is_not_found(repo: BankRepository) -> None:
    """An id that is not stored raises NotFound."""
    with pytest.raises(NotFound):
        repo.snapshot("c_999")


def test_snapshot_is_served_from_the_cache_until_a_local_write(repo: BankRepository) -> None:
    """Repeated snapshots are the same object; a card lock through this process rebuilds it at once."""
    first = repo.snapshot("c_001")
    assert repo.snapshot("c_001") is first
    repo.set_card_status("c_001", "k_001", "locked", now=NOW)
    second = repo.snapshot("c_001")
    assert second is not first
    assert second.card("k_001") is not None and second.card("k_001").status == "locked"  # type: ignore[union-attr]
    assert repo.snapshot("c_002") is repo.snapshot("c_002")


def test_snapshot_sees_another_handles_write_after_the_recheck_interval(db: Database, db_url: str) -> None:
    """A write through a different Database (another process) is noticed by the revision check."""
    watching = BankRepository(db, recheck_s=0.0)
    lazy = BankRepository(db, recheck_s=3600.0)
    assert watching.snapshot("c_002").card("k_101").status == "active"  # type: ignore[union-attr]
    lazy.snapshot("c_002")
    other = Database(db_url)
    BankRepository(other).set_card_status("c_002", "k_101", "locked", now=NOW)
    other.dispose()
    assert watching.snapshot("c_002").card("k_101").status == "locked"  # type: ignore[union-attr]
    # Within its interval a repository may serve the older snapshot: that is the documented bound.
    assert lazy.snapshot("c_002").card("k_101").status == "active"  # type: ignore[union-attr]


def test_snapshot_limits_cannot_be_mutated_through_the_cache(repo: BankRepository) -> None:
    """The shared cached snapshot exposes read-only limit mappings."""
    with pytest.raises(TypeError):
        repo.snapshot("c_001").limits.daily_minor["JPY"] = 1  # type: ignore[index]


def test_snapshot_accounts_carry_what_was_paid_into_them(repo: BankRepository) -> None:
    """Each account lists the descriptions of its latest credits (salary, interest), none of its debits."""
    accounts = {a.id: a for a in repo.snapshot("c_002").accounts}
    assert accounts["a_101"].paid_in == ("Payroll ACME Corp",)
    assert accounts["a_102"].paid_in == ("Interest",)
    assert all(d != "Whole Foods Market" for a in accounts.values() for d in a.paid_in)


def test_recent_transactions_are_newest_first_and_local_time(repo: BankRepository) -> None:
    """The newest posted rows come first, limited to `count`, with times in the customer's zone."""
    rows = repo.recent_transactions("c_001", count=3)
    assert [t.id for t in rows] == ["t_0001", "t_0002", "t_0003"]
    assert rows[0].posted_at == datetime(2026, 11, 20, 18, 22, tzinfo=TOKYO)
    assert rows[0].posted_at.utcoffset() == timedelta(hours=9)
    everything = repo.recent_transactions("c_001", count=100)
    assert [t.posted_at for t in everything] == sorted((t.posted_at for t in everything), reverse=True)
    assert len(everything) == 8


def test_recent_transactions_for_one_account(repo: BankRepository) -> None:
    """An account filter returns only that account's rows."""
    assert [t.id for t in repo.recent_transactions("c_001", account_id="a_002")] == ["t_0007"]


def test_recent_transactions_never_show_another_customers_data(repo: BankRepository) -> None:
    """Another customer's account is Forbidden, an unknown one NotFound, and an empty history is empty."""
    with pytest.raises(Forbidden):
        repo.recent_transactions("c_001", account_id="a_101")
    with pytest.raises(NotFound):
        repo.recent_transactions("c_001", account_id="a_nope")
    with pytest.raises(NotFound):
        repo.recent_transactions("c_999")
    assert repo.recent_transactions("c_003") == []
    assert all(t.account_id in {"a_101", "a_102"} for t in repo.recent_transactions("c_002", count=50))


def test_recent_transactions_refuses_a_nonpositive_count(repo: BankRepository) -> None:
    """count=0 is a caller bug, not an empty answer."""
    with pytest.raises(InputError):
        repo.recent_transactions("c_001", count=0)


def test_scheduled_transfers_are_not_recent_transactions(
    repo: BankRepository, pending: PendingActions
) -> None:
    """A transfer scheduled for tomorrow does not appear among posted transactions; an immediate one does."""
    _, later = pending.create("c_001", "transfer", transfer(execute_on="2026-11-22"), now=NOW, ttl_s=300)
    _, now_token = pending.create("c_001", "transfer", transfer(1000), now=NOW, ttl_s=300)
    scheduled = pending.confirm("c_001", later, now=NOW)
    immediate = pending.confirm("c_001", now_token, now=NOW)
    ids = [t.id for t in repo.recent_transactions("c_001", count=20)]
    assert ids[0] == immediate.transaction_id
    assert scheduled.transaction_id not in ids


def test_outgoing_today_sums_transfers_and_bill_payments_of_that_day(
    repo: BankRepository, pending: PendingActions
) -> None:
    """Posted transfers and bill payments count on their day, scheduled ones on their execution day."""
    moves = [
        ("transfer", transfer(5000)),
        ("transfer", transfer(700, execute_on="2026-11-23")),
        ("bill_payment", bill(4210, biller_id="b_004")),
    ]
    for kind, payload in moves:
        _, token = pending.create("c_001", kind, payload, now=NOW, ttl_s=60)
        pending.confirm("c_001", token, now=NOW)
    assert repo.outgoing_today("c_001", "JPY", date(2026, 11, 21), "Asia/Tokyo") == 5000 + 4210
    assert repo.outgoing_today("c_001", "JPY", date(2026, 11, 23), "Asia/Tokyo") == 700
    assert repo.outgoing_today("c_001", "USD", date(2026, 11, 21), "Asia/Tokyo") == 0
    assert repo.outgoing_today("c_002", "JPY", date(2026, 11, 21), "America/New_York") == 0
    # Imported history has no kind: a 振込 on 11-19 in the bank file is not Teller's to count.
    assert repo.outgoing_today("c_001", "JPY", date(2026, 11, 19), "Asia/Tokyo") == 0


def test_outgoing_today_uses_the_customers_day_boundaries(
    repo: BankRepository, pending: PendingActions
) -> None:
    """A transfer at 00:30 Tokyo time counts for that Tokyo day, though it is the previous day in UTC."""
    just_after_midnight = datetime(2026, 11, 22, 0, 30, tzinfo=TOKYO)
    _, token = pending.create("c_001", "transfer", transfer(3000), now=just_after_midnight, ttl_s=60)
    pending.confirm("c_001", token, now=just_after_midnight)
    assert repo.outgoing_today("c_001", "JPY", date(2026, 11, 22), "Asia/Tokyo") == 3000
    assert repo.outgoing_today("c_001", "JPY", date(2026, 11, 21), "Asia/Tokyo") == 0
    assert repo.outgoing_today("c_001", "JPY", date(2026, 11, 21), "UTC") == 3000


def test_set_card_status_changes_the_card_and_audits_it(db: Database, repo: BankRepository) -> None:
    """Locking returns the updated card and appends an audit entry with the before and after."""
    card = repo.set_card_status("c_001", "k_002", "locked", now=NOW)
    assert (card.id, card.status, card.last4) == ("k_002", "locked", "9920")
    with db.read() as session:
        [entry] = entries(session, "c_001", event="card_status_changed")
    assert entry.detail == {"card_id": "k_002", "from": "active", "to": "locked"}
    assert entry.at == NOW


def test_set_card_status_refuses_other_customers_cards_and_bad_statuses(
    db: Database, repo: BankRepository
) -> None:
    """Another's card is Forbidden, an unknown one NotFound, a made-up status InputError; nothing changes."""
    with pytest.raises(Forbidden):
        repo.set_card_status("c_001", "k_101", "locked", now=NOW)
    with pytest.raises(NotFound):
        repo.set_card_status("c_001", "k_999", "locked", now=NOW)
    with pytest.raises(InputError):
        repo.set_card_status("c_001", "k_001", "frozen", now=NOW)
    assert repo.snapshot("c_002").card("k_101").status == "active"  # type: ignore[union-attr]
    with db.read() as session:
        assert entries(session, event="card_status_changed") == []
