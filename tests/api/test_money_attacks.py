"""Money-safety attacks from issue 10, run as a customer with a valid key would, against a real server.

Each test runs the whole attack first and asserts afterwards, so a failure shows what got through.
Every server here is fresh (its own database, voice off; each test once on SQLite and once on
PostgreSQL) because the attacks depend on the day's limits and balances.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any
from zoneinfo import ZoneInfo

import httpx
import pytest
from tests.api.conftest import Served, api_for_tests, serve
from tests.conftest import BACKENDS

from teller.config import PolicySettings, Settings

NEW_YORK = ZoneInfo("America/New_York")
TELLER = Path(sys.executable).with_name("teller")


@pytest.fixture(params=BACKENDS)
def backend(request: pytest.FixtureRequest) -> str:
    """This module's tests run on SQLite and on PostgreSQL (`db_url`, tests/conftest.py)."""
    return str(request.param)


@pytest.fixture
def server(db_url: str) -> Iterator[Served]:
    with serve(db_url, api_for_tests(voice=False)) as s:
        yield s


def _turn(s: Served, text: str, customer: str = "c_002", **extra: Any) -> httpx.Response:
    body = {"text": text, **{k: v for k, v in extra.items() if v is not None}}
    return httpx.post(f"{s.url}/v1/turns", json=body, headers=s.auth(customer), timeout=30)


def _balances(s: Served, customer: str = "c_002") -> dict[str, int]:
    r = httpx.get(f"{s.url}/v1/accounts", headers=s.auth(customer), timeout=30)
    assert r.status_code == 200, r.text
    return {a["id"]: a["balance_minor"] for a in r.json()}


def _send_and_confirm(s: Served, text: str, customer: str = "c_002", now: str | None = None) -> list[int]:
    """Propose, then say yes in the session; the HTTP statuses (and executed or not) of both turns."""
    first = _turn(s, text, customer, now=now)
    statuses = [first.status_code]
    if first.status_code == 200 and first.json().get("session_id"):
        yes = _turn(s, "yes", customer, now=now, session_id=first.json()["session_id"])
        statuses.append(yes.status_code)
        if yes.status_code == 200 and yes.json()["action"] == "execute":
            statuses.append(-1)  # money moved
    return statuses


def test_back_dated_now_cannot_reopen_todays_limit(server: Served) -> None:
    """With today's $10,000 used, $2,000 sent with `now` one and two days back is refused, nothing written."""
    for _ in range(2):
        assert _send_and_confirm(server, "send $5000 to David Lee from savings") == [200, 200, -1]
    third = _turn(server, "send $2000 to David Lee from savings").json()
    assert (third["action"], third["reason"]) == ("reject", "over_daily_limit")
    before, balances = server.counts(), _balances(server)
    outcomes = []
    for days in (1, 2):
        back = (datetime.now(NEW_YORK) - timedelta(days=days)).isoformat()
        outcomes.append(_send_and_confirm(server, "send $2000 to David Lee from savings", now=back))
    assert all(400 <= o[0] < 500 for o in outcomes), outcomes
    assert (server.counts()["transactions"], _balances(server)) == (before["transactions"], balances)
    assert server.counts() == before


def test_expired_yes_with_a_back_dated_now_is_refused(db_url: str) -> None:
    """After an action expires on the server, "yes" with `now` before its expiry does not execute it."""
    settings = Settings(policy=PolicySettings(pending_ttl_s=1))
    with serve(db_url, api_for_tests(voice=False), settings=settings) as s:
        proposed = _turn(s, "send $20 to David Lee").json()
        assert proposed["action"] == "confirm", proposed
        expires_at = datetime.fromisoformat(proposed["pending"]["expires_at"])
        deadline = time.monotonic() + 30
        while httpx.get(f"{s.url}/v1/actions", headers=s.auth("c_002"), timeout=30).json():
            assert time.monotonic() < deadline, "the action never expired on the server"
            time.sleep(0.2)
        before, balances = s.counts(), _balances(s)
        back = (expires_at - timedelta(milliseconds=500)).isoformat()
        yes = _turn(s, "yes", now=back, session_id=proposed["session_id"])
        assert 400 <= yes.status_code < 500, yes.text
        assert (s.counts()["transactions"], _balances(s)) == (before["transactions"], balances)


@pytest.mark.parametrize("now", ["9999-12-31T23:59:59+00:00", "0001-01-01T00:00:00+09:00"])
def test_a_now_out_of_range_is_a_422_not_a_500(server: Served, now: str) -> None:
    """A `now` in year 9999 or 0001 is refused with 422, for a read and for a transfer, writing nothing."""
    before = server.counts()
    for text in ("what's my balance", "send $20 to David Lee"):
        r = _turn(server, text, now=now)
        assert r.status_code == 422, (text, r.status_code, r.text)
    assert server.counts() == before


def test_a_date_in_year_9999_is_refused_not_a_crash(server: Served) -> None:
    """A transfer dated 9999-12-31 is a policy refusal (200, reject), never a 500 at confirmation."""
    r = _turn(server, "send $20 to David Lee on 9999-12-31")
    assert r.status_code == 200, r.text
    out = r.json()
    if out["action"] == "confirm":  # the attack as it was run: confirm it
        token = out["pending"]["token"]
        confirmed = httpx.post(
            f"{server.url}/v1/actions/{out['pending']['action_id']}/confirm",
            json={"token": token},
            headers=server.auth("c_002"),
            timeout=30,
        )
        assert confirmed.status_code < 500, confirmed.text
    assert out["action"] == "reject", out


def test_replay_mode_never_uses_the_clients_now_for_expiry_or_confirmation(db_url: str) -> None:
    """With replay on, `now` a year ahead still expires on the server's clock; a back-dated yes is refused."""
    api = api_for_tests(voice=False, replay_mode=True)
    settings = Settings(policy=PolicySettings(pending_ttl_s=1))
    with serve(db_url, api, settings=settings) as s:
        ahead = (datetime.now(NEW_YORK) + timedelta(days=365)).isoformat()
        proposed = _turn(s, "send $20 to David Lee", now=ahead).json()
        assert proposed["action"] == "confirm", proposed
        expires_at = datetime.fromisoformat(proposed["pending"]["expires_at"])
        assert expires_at <= datetime.now(UTC) + timedelta(seconds=60), expires_at
        deadline = time.monotonic() + 30
        while httpx.get(f"{s.url}/v1/actions", headers=s.auth("c_002"), timeout=30).json():
            assert time.monotonic() < deadline, "the action never expired on the server"
            time.sleep(0.2)
        before = s.counts()["transactions"]
        back = (expires_at - timedelta(milliseconds=500)).isoformat()
        yes = _turn(s, "yes", now=back, session_id=proposed["session_id"])
        assert yes.status_code >= 400 or yes.json()["action"] != "execute", yes.text
        assert s.counts()["transactions"] == before


def test_a_replayed_turn_writes_nothing_to_the_bank(db_url: str) -> None:
    """With replay on, a turn that carries `now` locks no card; the same words without `now` do."""
    with serve(db_url, api_for_tests(voice=False, replay_mode=True)) as s:
        now = datetime.now(NEW_YORK).isoformat()
        replayed = _turn(s, "lock my debit card", now=now).json()
        unlock_after_replay = _turn(s, "unlock my debit card", now=now).json()
        live = _turn(s, "lock my debit card").json()
        unlock_after_live = _turn(s, "unlock my debit card", now=now).json()
    assert (replayed["action"], replayed["entities"]["card_id"]) == ("execute", "k_101"), replayed
    assert unlock_after_replay["action"] != "confirm", unlock_after_replay
    assert live["action"] == "execute", live
    assert unlock_after_live["action"] == "confirm", unlock_after_live


def _propose(s: Served, text: str, customer: str) -> dict[str, Any]:
    out: dict[str, Any] = _turn(s, text, customer).json()
    assert out["action"] == "confirm", out
    return out


def _confirm(s: Served, out: dict[str, Any], customer: str) -> httpx.Response:
    pending = out["pending"]
    return httpx.post(
        f"{s.url}/v1/actions/{pending['action_id']}/confirm",
        json={"token": pending["token"]},
        headers=s.auth(customer),
        timeout=30,
    )


@pytest.mark.parametrize(("amount", "expected"), [(1000, [200, 200, 409]), (2000, [200, 409, 409])])
def test_scheduled_payments_cannot_overcommit_the_balance(
    server: Served, amount: int, expected: list[int]
) -> None:
    """Three transfers for tomorrow on a $2,500 balance: confirmations stop where the money runs out."""
    text = f"send ${amount} to Maria Garcia tomorrow"
    proposals = [_propose(server, text, "c_001") for _ in range(3)]
    statuses = [_confirm(server, p, "c_001").status_code for p in proposals]
    assert statuses == expected
    later = _turn(server, text, "c_001").json()
    assert (later["action"], later["reason"]) == ("reject", "insufficient_funds"), later


def _cli(args: list[str], db_url: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "TELLER_STORE__URL": db_url, "TELLER_LLM__ENABLED": "false"}
    return subprocess.run([str(TELLER), *args], capture_output=True, text=True, env=env, timeout=180)


def test_a_scheduler_run_past_the_date_executes_each_payment_once(server: Served) -> None:
    """A transfer for tomorrow runs once when the scheduler passes its day; `teller ask` shows it."""
    before = _balances(server)["a_101"]
    out = _propose(server, "send $40 to David Lee tomorrow", "c_002")
    day = out["entities"]["execute_on"]
    assert _confirm(server, out, "c_002").status_code == 200
    assert _balances(server)["a_101"] == before  # scheduled, not yet paid
    until = datetime.fromisoformat(day).replace(hour=12, tzinfo=NEW_YORK).isoformat()
    runs = [_cli(["scheduler", "run", "--until", until], server.db_url) for _ in range(2)]
    assert [r.returncode for r in runs] == [0, 0], [r.stderr for r in runs]
    asked = _cli(["ask", "what's my balance", "--customer", "c_002", "--json"], server.db_url)
    assert asked.returncode == 0, asked.stderr
    accounts = {a["id"]: a["balance_minor"] for a in json.loads(asked.stdout)["data"]["accounts"]}
    assert accounts["a_101"] == before - 4000
    rows = httpx.get(
        f"{server.url}/v1/transactions", params={"limit": 100}, headers=server.auth("c_002"), timeout=30
    ).json()
    assert [t["amount_minor"] for t in rows if t["amount_minor"] == -4000] == [-4000]
