"""Many workers, one truth: several Teller servers over one PostgreSQL database, as behind a load
balancer. A session begun on one continues on another; a confirmation sent to all of them at once
moves money once; `teller serve --workers N` runs N processes that share sessions."""

from __future__ import annotations

import asyncio
import itertools
import os
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import ExitStack
from pathlib import Path
from typing import Any

import httpx
import pytest
from tests.api.conftest import SECRET, Served, api_for_tests, serve
from tests.api.ledger import assert_each_moved_at_most_once, transactions_of
from tests.conftest import Databases

from teller.api.auth import demo_key

TELLER = Path(sys.executable).with_name("teller")


@pytest.fixture
def backend() -> str:
    """These tests are about many workers over one server database: PostgreSQL."""
    return "postgresql"


@pytest.fixture
def workers(db_url: str) -> Iterator[list[Served]]:
    """Two servers (two apps, nothing shared in memory) over one PostgreSQL database."""
    with ExitStack() as stack:
        yield [stack.enter_context(serve(db_url, api_for_tests(voice=False))) for _ in range(2)]


def _turn(s: Served, text: str, session_id: str | None = None) -> dict[str, Any]:
    body = {"text": text} | ({"session_id": session_id} if session_id else {})
    r = httpx.post(f"{s.url}/v1/turns", json=body, headers=s.auth(), timeout=60)
    assert r.status_code == 200, r.text
    out: dict[str, Any] = r.json()
    return out


def _balance(s: Served) -> int:
    r = httpx.get(f"{s.url}/v1/accounts", headers=s.auth(), timeout=60)
    return int(next(a["balance_minor"] for a in r.json() if a["id"] == "a_001"))


def test_a_proposal_on_one_worker_is_confirmed_by_yes_on_another(workers: list[Served]) -> None:
    """The session opened on worker A is continued on worker B: "yes" there executes it, once."""
    a, b = workers
    before = _balance(a)
    proposed = _turn(a, "send 3000 yen to Sato Ken")
    assert proposed["action"] == "confirm" and proposed["session_id"], proposed
    yes = _turn(b, "yes", proposed["session_id"])
    assert yes["action"] == "execute", yes
    assert _balance(a) == _balance(b) == before - 3000
    again = _turn(a, "yes", proposed["session_id"])  # the session on A knows it was done on B
    assert again["action"] != "execute" and again["reason"] == "nothing_pending", again


def test_a_correction_on_another_worker_replaces_the_pending_action(workers: list[Served]) -> None:
    """ "make it 6000" on worker B corrects what worker A proposed; "yes" on A sends 6000."""
    a, b = workers
    before = _balance(a)
    proposed = _turn(a, "send 5000 yen to Sato Ken")
    corrected = _turn(b, "make it 6000", proposed["session_id"])
    assert corrected["action"] == "confirm" and corrected["entities"]["amount_minor"] == 6000, corrected
    assert _turn(a, "yes", proposed["session_id"])["action"] == "execute"
    assert _balance(b) == before - 6000


def test_fifty_concurrent_yes_across_workers_move_money_exactly_once(
    workers: list[Served], db_url: str
) -> None:
    """50 "yes" turns in one session, sent at once and spread over both workers: one executes, the
    others are refused, one transaction is written and the balance moves once."""
    a, b = workers
    before = _balance(a)
    proposed = _turn(a, "send 4000 yen to Sato Ken")
    action_id = proposed["pending"]["action_id"]

    async def all_at_once() -> list[httpx.Response]:
        async with httpx.AsyncClient(timeout=120, limits=httpx.Limits(max_connections=60)) as client:
            targets = itertools.islice(itertools.cycle(workers), 50)
            return list(
                await asyncio.gather(
                    *(
                        client.post(
                            f"{s.url}/v1/turns",
                            json={"text": "yes", "session_id": proposed["session_id"]},
                            headers=s.auth(),
                        )
                        for s in targets
                    )
                )
            )

    answers = asyncio.run(all_at_once())
    assert [r.status_code for r in answers] == [200] * 50
    assert [r.json()["action"] for r in answers].count("execute") == 1
    assert transactions_of(db_url, action_id) == 1
    assert _balance(b) == before - 4000


def test_fifty_concurrent_confirms_of_one_action_across_workers_execute_once(
    workers: list[Served], db_url: str
) -> None:
    """50 POST /v1/actions/{id}/confirm with the token, spread over both workers: one 200, the rest
    refused (409), one transaction."""
    a, _ = workers
    before = _balance(a)
    pending = _turn(a, "send 2500 yen to Sato Ken")["pending"]

    async def all_at_once() -> list[httpx.Response]:
        async with httpx.AsyncClient(timeout=120, limits=httpx.Limits(max_connections=60)) as client:
            targets = itertools.islice(itertools.cycle(workers), 50)
            return list(
                await asyncio.gather(
                    *(
                        client.post(
                            f"{s.url}/v1/actions/{pending['action_id']}/confirm",
                            json={"token": pending["token"]},
                            headers=s.auth(),
                        )
                        for s in targets
                    )
                )
            )

    statuses = sorted(r.status_code for r in asyncio.run(all_at_once()))
    assert statuses == [200] + [409] * 49
    assert transactions_of(db_url, pending["action_id"]) == 1
    assert _balance(a) == before - 2500


def _start_workers(db_url: str, n: int) -> tuple[subprocess.Popen[str], str]:
    env = {
        **os.environ,
        "TELLER_STORE__URL": db_url,
        "TELLER_LLM__ENABLED": "false",
        "TELLER_API__VOICE": "false",
        "TELLER_API__DEMO_KEY_SECRET": SECRET,
        "TELLER_API__RATE_PER_KEY_S": "1000000",
        "TELLER_API__BURST_PER_KEY": "1000000",
    }
    process = subprocess.Popen(
        [str(TELLER), "serve", "--demo", "--port", "0", "--workers", str(n)],
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
        env=env,
        start_new_session=True,
    )
    assert process.stdout is not None
    deadline = time.monotonic() + 180
    url = ""
    while not url and time.monotonic() < deadline:
        line = process.stdout.readline()
        if not line:
            break
        if line.startswith("Teller API on "):
            url = line.split()[3]
    while url and time.monotonic() < deadline:  # the workers load the app after the URL is printed
        try:
            if httpx.get(f"{url}/healthz", timeout=5).status_code == 200:
                return process, url
        except httpx.TransportError:
            pass
        time.sleep(0.2)
    os.killpg(process.pid, signal.SIGKILL)
    raise RuntimeError("teller serve --workers did not start")


def _children(pid: int) -> list[int]:
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(fields[1]) == pid:
                found.append(int(entry.name))
    return found


def _stop_workers(process: subprocess.Popen[str]) -> None:
    """Stops a 'teller serve' and its workers: SIGTERM to the group, SIGKILL if it has not gone in 30 s."""
    os.killpg(process.pid, signal.SIGTERM)
    try:
        process.wait(30)
    except subprocess.TimeoutExpired:
        os.killpg(process.pid, signal.SIGKILL)
        process.wait(30)


def _workers(pid: int) -> list[int]:
    """The worker processes of `teller serve --workers` (uvicorn spawns them; multiprocessing's
    resource tracker, also a child, is not one)."""
    found = []
    for child in _children(pid):
        try:
            if b"spawn_main" in (Path("/proc") / str(child) / "cmdline").read_bytes():
                found.append(child)
        except OSError:
            continue
    return found


def test_teller_serve_workers_runs_n_processes_that_share_sessions(databases: Databases) -> None:
    """`teller serve --workers 3` runs three worker processes on one port; twenty proposals each
    confirmed by "yes" on a new connection (any worker) all execute, and the ledger has twenty."""
    db_url = databases.url()
    process, url = _start_workers(db_url, 3)
    try:
        deadline = time.monotonic() + 60
        while len(_workers(process.pid)) < 3 and time.monotonic() < deadline:
            time.sleep(0.2)
        assert len(_workers(process.pid)) == 3
        headers = {"Authorization": f"Bearer {demo_key('c_001', SECRET)}"}
        actions = []
        for _ in range(20):
            with httpx.Client(timeout=60) as one:
                proposed = one.post(
                    f"{url}/v1/turns", json={"text": "send 100 yen to Sato Ken"}, headers=headers
                )
            assert proposed.status_code == 200, proposed.text
            with httpx.Client(timeout=60) as other:
                yes = other.post(
                    f"{url}/v1/turns",
                    json={"text": "yes", "session_id": proposed.json()["session_id"]},
                    headers=headers,
                )
            assert yes.status_code == 200 and yes.json()["action"] == "execute", yes.text
            actions.append(proposed.json()["pending"]["action_id"])
    finally:
        _stop_workers(process)
    assert [transactions_of(db_url, action) for action in actions] == [1] * 20


def test_kill_9_of_a_worker_during_a_confirm_loop_loses_and_doubles_nothing(databases: Databases) -> None:
    """`--workers 2`, a loop of proposals confirmed by "yes"; one worker is killed with SIGKILL midway.
    Afterwards the ledger adds up: every action moved money at most once, every "execute" answer has
    its one transaction, and the balance is the opening balance less exactly what was executed."""
    db_url = databases.url()
    process, url = _start_workers(db_url, 2)
    headers = {"Authorization": f"Bearer {demo_key('c_001', SECRET)}"}
    executed: list[str] = []
    proposed_ids: list[str] = []
    try:
        with httpx.Client(timeout=60) as probe:
            opening = int(
                next(
                    a["balance_minor"]
                    for a in probe.get(f"{url}/v1/accounts", headers=headers).json()
                    if a["id"] == "a_001"
                )
            )
        deadline = time.monotonic() + 60
        while len(_workers(process.pid)) < 2 and time.monotonic() < deadline:
            time.sleep(0.2)
        victim = _workers(process.pid)[0]  # a worker, never the resource tracker
        for i in range(30):
            if i == 10:
                os.kill(victim, signal.SIGKILL)
            try:
                with httpx.Client(timeout=60) as one:
                    proposed = one.post(
                        f"{url}/v1/turns", json={"text": "send 100 yen to Sato Ken"}, headers=headers
                    )
                    if proposed.status_code != 200:
                        continue
                    proposed_ids.append(proposed.json()["pending"]["action_id"])
                    yes = one.post(
                        f"{url}/v1/turns",
                        json={"text": "yes", "session_id": proposed.json()["session_id"]},
                        headers=headers,
                    )
                    if yes.status_code == 200 and yes.json()["action"] == "execute":
                        executed.append(proposed.json()["pending"]["action_id"])
            except httpx.TransportError:
                continue  # the connection died with the worker: whatever it did is in the ledger
    finally:
        _stop_workers(process)
    assert len(executed) >= 15  # the surviving worker (and a restarted one) kept serving
    assert_each_moved_at_most_once(
        db_url, proposed_ids, executed, account_id="a_001", opening_minor=opening, amount_minor=100
    )


def _confirm(s: Served, pending: dict[str, Any], key: str) -> httpx.Response:
    return httpx.post(
        f"{s.url}/v1/actions/{pending['action_id']}/confirm",
        json={"token": pending["token"]},
        headers=s.auth() | {"Idempotency-Key": key},
        timeout=60,
    )


def test_an_idempotent_retry_on_another_worker_replays_the_first_answer(
    workers: list[Served], db_url: str
) -> None:
    """A confirm with an Idempotency-Key answered by worker A, retried on worker B, gets A's answer
    (marked replayed), not a 409; one transaction."""
    a, b = workers
    pending = _turn(a, "send 1500 yen to Sato Ken")["pending"]
    first, retry = _confirm(a, pending, "w-retry-1"), _confirm(b, pending, "w-retry-1")
    assert first.status_code == retry.status_code == 200, (first.text, retry.text)
    assert retry.content == first.content and retry.headers.get("Idempotent-Replayed") == "true"
    assert transactions_of(db_url, pending["action_id"]) == 1


def test_fifty_concurrent_confirms_with_one_key_across_workers_get_one_answer(
    workers: list[Served], db_url: str
) -> None:
    """50 confirms sharing one Idempotency-Key, spread over both workers at once: all 200 with the
    same body, one transaction."""
    pending = _turn(workers[0], "send 1600 yen to Sato Ken")["pending"]

    async def all_at_once() -> list[httpx.Response]:
        async with httpx.AsyncClient(timeout=120, limits=httpx.Limits(max_connections=60)) as client:
            targets = itertools.islice(itertools.cycle(workers), 50)
            return list(
                await asyncio.gather(
                    *(
                        client.post(
                            f"{s.url}/v1/actions/{pending['action_id']}/confirm",
                            json={"token": pending["token"]},
                            headers=s.auth() | {"Idempotency-Key": "w-many-1"},
                        )
                        for s in targets
                    )
                )
            )

    answers = asyncio.run(all_at_once())
    assert {r.status_code for r in answers} == {200}, [r.text for r in answers if r.status_code != 200]
    assert len({r.content for r in answers}) == 1
    assert transactions_of(db_url, pending["action_id"]) == 1


def test_a_key_used_on_one_worker_cannot_be_spent_on_another_action_on_another(workers: list[Served]) -> None:
    """An Idempotency-Key that confirmed one action on worker A is refused (422) for a different
    action on worker B, which stays pending."""
    a, b = workers
    one, two = (
        _turn(a, "send 1700 yen to Sato Ken")["pending"],
        _turn(a, "send 1800 yen to Sato Ken")["pending"],
    )
    assert _confirm(a, one, "w-reuse-1").status_code == 200
    again = _confirm(b, two, "w-reuse-1")
    assert again.status_code == 422 and again.json()["error"]["code"] == "idempotency_key_reused", again.text
    listed = httpx.get(f"{b.url}/v1/actions", headers=b.auth(), timeout=60).json()
    assert two["action_id"] in {x["action_id"] for x in listed}
