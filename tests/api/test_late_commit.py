"""504 then commit: a confirm that runs past the API's request deadline is answered 504, but its
transaction goes on and commits. A retry with the same Idempotency-Key must get that committed
result (200, the executed action), never run the confirmation again and never move money twice.

The confirm is held past the deadline by a real lock: another PostgreSQL connection holds the
customer's `customer_meta` row, which every money write locks after claiming its pending action
(docs/store.md). The Idempotency-Key claim touches only its own table, so the request gets as far
as the confirm's transaction and waits there.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator

import httpx
import psycopg
import pytest
from sqlalchemy.engine import make_url
from tests.api.conftest import Served, api_for_tests, serve
from tests.api.ledger import transactions_of

from teller.config import Settings, StoreSettings

DEADLINE_S = 3.0


@pytest.fixture
def backend() -> str:
    """The row lock that holds the confirm is PostgreSQL's (SQLite's one write lock would also hold
    the Idempotency-Key claim, before the confirm begins)."""
    return "postgresql"


@pytest.fixture
def served(db_url: str) -> Iterator[Served]:
    """A server whose request deadline (3 s) is shorter than its database lock wait (60 s)."""
    settings = Settings(store=StoreSettings(url=db_url, busy_timeout_ms=60_000, statement_timeout_ms=60_000))
    with serve(db_url, api_for_tests(deadline_s=DEADLINE_S), settings) as s:
        yield s


class CustomerLock:
    """Holds c_001's customer_meta row lock in a transaction of its own until `release`."""

    def __init__(self, db_url: str) -> None:
        url = make_url(db_url)
        self.conn = psycopg.connect(
            host=url.host, port=url.port, user=url.username, dbname=url.database, autocommit=False
        )
        self.conn.execute("UPDATE customer_meta SET revision = revision WHERE customer_id = 'c_001'")

    def release(self) -> None:
        self.conn.rollback()
        self.conn.close()


def _confirm(s: Served, pending: dict[str, str], key: str) -> httpx.Response:
    return httpx.post(
        f"{s.url}/v1/actions/{pending['action_id']}/confirm",
        json={"token": pending["token"]},
        headers=s.auth() | {"Idempotency-Key": key},
        timeout=120,
    )


def _balance(s: Served) -> int:
    r = httpx.get(f"{s.url}/v1/accounts", headers=s.auth(), timeout=60)
    return int(next(a["balance_minor"] for a in r.json() if a["id"] == "a_001"))


def test_a_retry_after_504_gets_the_committed_confirmation_and_moves_money_once(
    served: Served, db_url: str
) -> None:
    """Confirm held by a lock → 504; a retry while it is still held → 503 (not a second run, not a
    409); lock released, the first confirm commits; the next retry with the key → 200 with the
    executed action, marked replayed; one transaction, one debit."""
    before = _balance(served)
    r = httpx.post(
        f"{served.url}/v1/turns", json={"text": "send 4200 yen to Sato Ken"}, headers=served.auth()
    )
    assert r.status_code == 200, r.text
    pending = r.json()["pending"]
    lock = CustomerLock(db_url)
    try:
        first = _confirm(served, pending, "late-1")
        assert first.status_code == 504, first.text
        during = _confirm(served, pending, "late-1")
        assert during.status_code == 503, during.text
        assert transactions_of(db_url, pending["action_id"]) == 0
    finally:
        lock.release()
    deadline = time.monotonic() + 60
    while transactions_of(db_url, pending["action_id"]) == 0 and time.monotonic() < deadline:
        time.sleep(0.1)  # the first confirm's thread goes on and commits once the lock is gone
    retry = _confirm(served, pending, "late-1")
    assert retry.status_code == 200, retry.text
    assert retry.json()["action_id"] == pending["action_id"] and retry.json()["status"] == "executed"
    assert retry.headers.get("Idempotent-Replayed") == "true"
    again = _confirm(served, pending, "late-1")
    assert again.status_code == 200 and again.content == retry.content
    assert transactions_of(db_url, pending["action_id"]) == 1
    assert _balance(served) == before - 4200


def test_many_retries_racing_a_late_commit_move_money_once(served: Served, db_url: str) -> None:
    """Ten retries with the key fired while the held confirm is released: whatever each is told
    (200 with the executed action, or 503 while it is still being worked on), never a 409 and never
    another execution; afterwards one transaction."""
    r = httpx.post(
        f"{served.url}/v1/turns", json={"text": "send 4300 yen to Sato Ken"}, headers=served.auth()
    )
    pending = r.json()["pending"]
    lock = CustomerLock(db_url)
    try:
        assert _confirm(served, pending, "late-2").status_code == 504
    finally:
        answers: list[httpx.Response] = []
        threads = [
            threading.Thread(target=lambda: answers.append(_confirm(served, pending, "late-2")))
            for _ in range(10)
        ]
        for t in threads:
            t.start()
        lock.release()
        for t in threads:
            t.join()
    assert {a.status_code for a in answers} <= {200, 503}, [a.text for a in answers]
    assert all(a.json()["status"] == "executed" for a in answers if a.status_code == 200)
    final = _confirm(served, pending, "late-2")
    assert final.status_code == 200 and final.json()["status"] == "executed", final.text
    assert transactions_of(db_url, pending["action_id"]) == 1
