"""Scheduled payments through a real server: listed and cancelled per customer; run by the server's
own scheduler once its clock passes the day."""

from __future__ import annotations

import time
from collections.abc import Iterator
from datetime import datetime, timedelta
from typing import Any

import httpx
import pytest
from tests.api.conftest import Served, api_for_tests, serve
from tests.conftest import BACKENDS

from teller.clock import ManualClock
from teller.config import SchedulerSettings, Settings

START = datetime.fromisoformat("2026-11-21T09:00:00-05:00")  # c_002 lives in New York


@pytest.fixture(params=BACKENDS)
def backend(request: pytest.FixtureRequest) -> str:
    """This module's tests run on SQLite and on PostgreSQL (`db_url`, tests/conftest.py)."""
    return str(request.param)


@pytest.fixture
def clocked(db_url: str) -> Iterator[tuple[Served, ManualClock]]:
    clock = ManualClock(START)
    settings = Settings(scheduler=SchedulerSettings(interval_s=0.1))
    with serve(db_url, api_for_tests(voice=False), settings, clock=clock) as s:
        yield s, clock


def _schedule(s: Served, text: str, customer: str = "c_002") -> dict[str, Any]:
    out = httpx.post(f"{s.url}/v1/turns", json={"text": text}, headers=s.auth(customer), timeout=30).json()
    assert out["action"] == "confirm" and out["entities"]["execute_on"], out
    yes = httpx.post(
        f"{s.url}/v1/turns",
        json={"text": "yes", "session_id": out["session_id"]},
        headers=s.auth(customer),
        timeout=30,
    ).json()
    assert yes["action"] == "execute" and yes["data"]["scheduled_payment_id"], yes
    return dict(yes["data"])


def _scheduled(s: Served, customer: str = "c_002", status: str = "scheduled") -> list[dict[str, Any]]:
    r = httpx.get(f"{s.url}/v1/scheduled", params={"status": status}, headers=s.auth(customer), timeout=30)
    assert r.status_code == 200, r.text
    rows: list[dict[str, Any]] = r.json()
    return rows


def _balance(s: Served, account: str, customer: str = "c_002") -> int:
    rows = httpx.get(f"{s.url}/v1/accounts", headers=s.auth(customer), timeout=30).json()
    return int(next(a["balance_minor"] for a in rows if a["id"] == account))


def test_list_and_cancel_are_scoped_to_the_caller(clocked: tuple[Served, ManualClock]) -> None:
    """The owner sees and cancels the payment; another customer gets 404 for it; a second cancel is 409."""
    s, _ = clocked
    done = _schedule(s, "send $40 to David Lee tomorrow")
    [row] = _scheduled(s)
    assert (row["id"], row["display_name"], row["amount_minor"], row["execute_on"]) == (
        done["scheduled_payment_id"], "David Lee", 4000, "2026-11-22",
    )  # fmt: skip
    assert _scheduled(s, "c_001") == []
    url = f"{s.url}/v1/scheduled/{row['id']}/cancel"
    assert httpx.post(url, headers=s.auth("c_001"), timeout=30).status_code == 404
    first = httpx.post(url, headers=s.auth("c_002"), timeout=30)
    second = httpx.post(url, headers=s.auth("c_002"), timeout=30)
    assert (first.status_code, first.json()["status"]) == (200, "cancelled")
    assert (second.status_code, second.json()["error"]["code"]) == (409, "not_scheduled")
    assert _scheduled(s) == [] and [r["status"] for r in _scheduled(s, status="all")] == ["cancelled"]


def test_the_servers_scheduler_runs_a_payment_once_when_its_clock_passes_the_day(
    clocked: tuple[Served, ManualClock],
) -> None:
    """Nothing runs before the day; after the clock moves past it, the payment executes exactly once."""
    s, clock = clocked
    before = _balance(s, "a_101")
    _schedule(s, "send $40 to David Lee tomorrow")
    time.sleep(0.5)  # several scheduler passes at today's clock: none may run it
    assert _balance(s, "a_101") == before and len(_scheduled(s)) == 1
    clock.advance(timedelta(days=1))
    deadline = time.monotonic() + 30
    while _scheduled(s):
        assert time.monotonic() < deadline, "the server's scheduler never ran the payment"
        time.sleep(0.1)
    time.sleep(0.5)  # more passes: still once
    [row] = _scheduled(s, status="all")
    assert row["status"] == "executed" and row["transaction_id"]
    assert _balance(s, "a_101") == before - 4000
    turn = httpx.post(
        f"{s.url}/v1/turns", json={"text": "what's my balance"}, headers=s.auth("c_002"), timeout=30
    )
    accounts = {a["id"]: a["balance_minor"] for a in turn.json()["data"]["accounts"]}
    assert accounts["a_101"] == before - 4000
