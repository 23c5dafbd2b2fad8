"""Exactly-once confirmation under concurrent confirms from threads and from separate processes."""

from __future__ import annotations

import os
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any

import teller
from teller.errors import ConfirmationError, TokenUsed
from teller.store import BankRepository, Database, ExecutedAction, PendingActions
from teller.store.audit import entries

from .conftest import NOW, transfer

SRC = Path(teller.__file__).resolve().parents[1]

_CONFIRM_SCRIPT = """
import sys, time
from datetime import datetime
from pathlib import Path
from teller.errors import TokenUsed
from teller.store import Database, PendingActions

url, token, now, ready, go = sys.argv[1:6]
pending = PendingActions(Database(url))
Path(ready).touch()
while not Path(go).exists():
    time.sleep(0.001)
try:
    pending.confirm("c_001", token, now=datetime.fromisoformat(now))
    print("executed")
except TokenUsed:
    print("used")
"""


def _race(count: int, work: Any) -> list[object]:
    """Run `work()` in `count` threads released together; return what each returned or raised."""
    barrier = threading.Barrier(count)
    results: list[object] = [None] * count

    def run(i: int) -> None:
        barrier.wait()
        try:
            results[i] = work(i)
        except Exception as exc:  # collected and asserted on by the caller
            results[i] = exc

    threads = [threading.Thread(target=run, args=(i,)) for i in range(count)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=60)
    return results


def test_twenty_threads_confirming_one_token_execute_it_once(db: Database, pending: PendingActions) -> None:
    """Of 20 simultaneous confirms of one token, exactly one executes and 19 get TokenUsed."""
    _, token = pending.create("c_001", "transfer", transfer(5000), now=NOW, ttl_s=300)
    results = _race(20, lambda _i: pending.confirm("c_001", token, now=NOW))
    executed = [r for r in results if isinstance(r, ExecutedAction)]
    assert len(executed) == 1, results
    assert sum(isinstance(r, TokenUsed) for r in results) == 19, results
    assert BankRepository(db).snapshot("c_001").accounts[0].balance_minor == 1234567 - 5000
    with db.read() as session:
        assert len(entries(session, "c_001", event="action_executed")) == 1
    [newest] = BankRepository(db).recent_transactions("c_001", count=1)
    assert newest.id == executed[0].transaction_id


def test_concurrent_confirms_of_different_actions_never_overdraw(
    db: Database, pending: PendingActions
) -> None:
    """Ten racing 300-cent transfers from a 1000-cent balance: three execute, seven are insufficient_funds."""
    payload = transfer(300, currency="USD", account_id="a_201", recipient_id="p_201")
    tokens = [pending.create("c_003", "transfer", payload, now=NOW, ttl_s=300)[1] for _ in range(10)]
    results = _race(10, lambda i: pending.confirm("c_003", tokens[i], now=NOW))
    assert sum(isinstance(r, ExecutedAction) for r in results) == 3, results
    refused = [r for r in results if isinstance(r, ConfirmationError)]
    assert len(refused) == 7 and {r.code for r in refused} == {"insufficient_funds"}
    assert BankRepository(db).snapshot("c_003").accounts[0].balance_minor == 100


def test_processes_confirming_one_token_execute_it_once(
    db: Database, db_url: str, pending: PendingActions, tmp_path: Path
) -> None:
    """Four separate processes confirming one token: one executes, three get TokenUsed, money moves once."""
    _, token = pending.create("c_001", "transfer", transfer(7000), now=NOW, ttl_s=300)
    go = tmp_path / "go"
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(SRC), os.environ.get("PYTHONPATH", "")])}
    readies = [tmp_path / f"ready{i}" for i in range(4)]
    procs = [
        subprocess.Popen(
            [sys.executable, "-c", _CONFIRM_SCRIPT, db_url, token, NOW.isoformat(), str(ready), str(go)],
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
    outputs = [p.communicate(timeout=60) for p in procs]
    said = sorted(out.strip() for out, _ in outputs)
    assert said == ["executed", "used", "used", "used"], [err for _, err in outputs]
    assert BankRepository(db, recheck_s=0).snapshot("c_001").accounts[0].balance_minor == 1234567 - 7000
