"""A real uvicorn server (uvloop, httptools) on a free loopback port, over a temp SQLite database.

One server per test session; tests that need different API settings start their own with `serve`.
Modules whose tests write money (actions, turns, sessions, scheduled payments, the money attacks,
store errors) run on both databases: they take `served` from `served_on_both` and `db_url` from a
`backend` parametrized over BACKENDS, so each test runs once on SQLite and once on the session's
real PostgreSQL server (tests/pg.py).
The server runs with `teller serve`'s uvicorn configuration (`server_config`: Teller's connection
limits included) and demo keys from a test secret. Fairness limits are lifted unless a test sets
them: tests that exercise a protection configure it with small values.
"""

from __future__ import annotations

import socket
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
import uvicorn
from sqlalchemy import func, select
from tests.pg import PgCluster

from teller.api.app import RunnerFactory, create_app
from teller.api.auth import demo_key
from teller.api.settings import ApiSettings
from teller.cli.serve import server_config
from teller.clock import Clock
from teller.config import Settings
from teller.pipeline.turn import TurnRunner
from teller.store.db import Database
from teller.store.schema import AuditRow, PendingActionRow, TransactionRow

CUSTOMERS = ("c_001", "c_002", "c_003")
SECRET = "tests-demo-secret"
METRICS_KEY = "tests-metrics-key-0123456789"
# Generous per-key limits, so tests that send many requests from one key are not throttled.
UNLIMITED = {
    "rate_per_key_s": 1e6,
    "burst_per_key": 1e6,
    "max_in_flight_per_key": 1000,
    "auth_failures_burst": 1e6,
}


def api_for_tests(**overrides: object) -> ApiSettings:
    """API settings for a test server: demo keys, schema and metrics key on, fairness limits lifted."""
    return ApiSettings.model_validate(
        {"demo_keys": True, "demo_key_secret": SECRET, "docs": True, "metrics_key": METRICS_KEY}
        | UNLIMITED
        | overrides
    )


@dataclass
class Served:
    url: str
    ws_url: str
    db_url: str
    app: Any = None  # the running app, for tests that put a fake model in place

    def key(self, customer: str) -> str:
        return demo_key(customer, SECRET)

    def auth(self, customer: str = "c_001") -> dict[str, str]:
        return {"Authorization": f"Bearer {self.key(customer)}"}

    def counts(self) -> dict[str, int]:
        """Rows in the tables a turn or a confirmation may write."""
        db = Database(self.db_url)
        try:
            with db.read() as session:
                return {
                    table.__tablename__: session.scalar(select(func.count()).select_from(table)) or 0
                    for table in (PendingActionRow, TransactionRow, AuditRow)
                }
        finally:
            db.dispose()


@contextmanager
def serve(
    db_url: str,
    api: ApiSettings | None = None,
    settings: Settings | None = None,
    *,
    clock: Clock | None = None,
    runner_factory: RunnerFactory | None = None,
    llm: bool = False,
) -> Iterator[Served]:
    """Run the app under uvicorn in a thread until the block ends.

    `settings`: its store URL is replaced and its LLM turned off unless `llm`; `clock`: the server's
    clock (default: the system's); `runner_factory`: builds the runner instead (tests with a fake model).
    """
    base = settings or Settings()
    settings = base.model_copy(update={"store": base.store.model_copy(update={"url": db_url})})
    if not llm:
        settings = settings.model_copy(update={"llm": settings.llm.model_copy(update={"enabled": False})})

    def runner(s: Settings) -> TurnRunner:
        return TurnRunner.from_settings(s, clock=clock)

    api = api or api_for_tests()
    if "deadline_s" not in api.model_fields_set:
        # Behaviour, not speed: on a busy machine a first voice turn (model load + decode) can take
        # longer than the production deadline. Tests of the deadline itself set their own.
        api = api.model_copy(update={"deadline_s": 300.0})
    app = create_app(settings, api=api, runner_factory=runner_factory or runner)
    sock = socket.socket()
    sock.bind(("127.0.0.1", 0))
    port = sock.getsockname()[1]
    server = uvicorn.Server(server_config(app))
    thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    deadline = time.monotonic() + 60
    while not server.started:
        if not thread.is_alive() or time.monotonic() > deadline:
            raise RuntimeError("the test server did not start")
        time.sleep(0.05)
    try:
        yield Served(f"http://127.0.0.1:{port}", f"ws://127.0.0.1:{port}", db_url, app)
    finally:
        server.should_exit = True
        thread.join(15)
        sock.close()


@pytest.fixture(scope="session")
def served_sqlite(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Served]:
    """The session's server on a SQLite file."""
    path: Path = tmp_path_factory.mktemp("api") / "api.sqlite3"
    with serve(f"sqlite:///{path}") as s:
        yield s


@pytest.fixture(scope="session")
def served_postgresql(postgres: PgCluster) -> Iterator[Served]:
    """The session's server on a database of the real PostgreSQL server."""
    with serve(postgres.database("api")) as s:
        yield s


@pytest.fixture(scope="session")
def served(served_sqlite: Served) -> Served:
    """The session's server (SQLite) for modules that do not ask for both databases."""
    return served_sqlite


def served_on_both(request: pytest.FixtureRequest) -> Served:
    """The body of a module's `served` fixture parametrized over BACKENDS (see the docstring)."""
    served: Served = request.getfixturevalue(f"served_{request.param}")
    return served
