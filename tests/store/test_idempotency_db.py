"""Idempotency-Key records in the database (store/idempotency.py) are TTL'd and purged: expired
records go in bounded batches, now and then on a claim, never a live one; on both databases."""

from __future__ import annotations

from datetime import timedelta

from sqlalchemy import func, select

from teller.clock import ManualClock
from teller.store import Database
from teller.store.idempotency import IdempotencyRecords, Stored
from teller.store.schema import IdempotencyRow

from .conftest import NOW


def _count(db: Database) -> int:
    with db.read() as s:
        return int(s.scalar(select(func.count()).select_from(IdempotencyRow)) or 0)


def test_expired_records_are_purged_in_bounded_batches_and_live_ones_kept(db: Database) -> None:
    """Five answered keys expire, one is still live: `purge(limit=2)` deletes two a call; the live
    key still replays its answer."""
    clock = ManualClock(NOW)
    records = IdempotencyRecords(db, ttl_s=60, claim_s=15, clock=clock)
    for n in range(5):
        assert records.claim("c_001", f"old-{n}", "fp") == "claimed"
        records.answer("c_001", f"old-{n}", 200, b"{}")
    clock.advance(timedelta(seconds=61))
    assert records.claim("c_001", "live", "fp") == "claimed"
    records.answer("c_001", "live", 200, b'{"ok":1}')
    assert records.purge(limit=2) == 2
    assert records.purge(limit=2) == 2
    assert records.purge(limit=2) == 1
    assert records.purge(limit=2) == 0
    assert _count(db) == 1
    assert records.claim("c_001", "live", "fp") == Stored(200, b'{"ok":1}')


def test_a_claim_purges_expired_records_now_and_then(db: Database) -> None:
    """With purging due (`purge_every_s=0`), a claim also deletes expired records (at most
    `purge_batch`), so the table does not grow with every key ever used."""
    clock = ManualClock(NOW)
    records = IdempotencyRecords(db, ttl_s=60, claim_s=15, clock=clock, purge_every_s=0, purge_batch=3)
    for n in range(4):
        records.claim("c_001", f"old-{n}", "fp")
    clock.advance(timedelta(seconds=61))
    assert records.claim("c_001", "new-1", "fp") == "claimed"
    assert _count(db) == 2  # 3 of the 4 expired purged, the new claim kept
    assert records.claim("c_001", "new-2", "fp") == "claimed"
    assert _count(db) == 2  # the last expired one purged too
