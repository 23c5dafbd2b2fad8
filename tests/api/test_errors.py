"""One error tree: every Teller error lives in teller.errors and its drawing; the store maps its failures
(a locked or lost database is a 503 with Retry-After, on SQLite and on PostgreSQL)."""

from __future__ import annotations

import importlib
import pkgutil
import re
import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager

import httpx
import pytest
from tests.api.conftest import api_for_tests, serve
from tests.conftest import BACKENDS, Databases
from tests.pg import USER, PgCluster

import teller
from teller import errors
from teller.api.handlers import status_for
from teller.config import Settings, StoreSettings


def _all_subclasses(cls: type) -> set[type]:
    found: set[type] = set()
    for sub in cls.__subclasses__():
        found |= {sub, *_all_subclasses(sub)}
    return found


def test_every_error_class_is_in_errors_py_and_its_drawing() -> None:
    """Importing every module finds no TellerError subclass outside teller.errors or its docstring."""
    for module in pkgutil.walk_packages(teller.__path__, "teller."):
        try:
            importlib.import_module(module.name)
        except ImportError:  # an optional extra that is not installed
            continue
    classes = {c for c in _all_subclasses(errors.TellerError) if c.__module__.startswith("teller")}
    assert classes
    outside = sorted(f"{c.__module__}.{c.__name__}" for c in classes if c.__module__ != "teller.errors")
    assert outside == []
    doc = errors.__doc__ or ""
    drawn = set(re.findall(r"[├└]── (\w+)", doc))
    assert sorted(c.__name__ for c in classes if c.__name__ not in drawn) == []


def test_configuration_errors_are_permanent_and_not_backend_unavailable() -> None:
    """A configuration error is not transient (no Retry-After) and not a 503."""
    exc = errors.ConfigError("unknown model 'qwen-typo'")
    assert not exc.transient and not isinstance(exc, errors.BackendUnavailable)
    assert status_for(exc) == 500
    assert status_for(errors.StoreUnavailable("locked")) == 503 and errors.StoreUnavailable("x").transient


@contextmanager
def _write_lock_held(databases: Databases, url: str) -> Iterator[None]:
    """Another process holds the lock a proposal's write needs: SQLite's write lock; on PostgreSQL
    an EXCLUSIVE lock on pending_actions (reads go on, the proposal's INSERT waits)."""
    if databases.backend == "sqlite":
        holder = sqlite3.connect(url.removeprefix("sqlite:///"), isolation_level=None)
        holder.execute("BEGIN IMMEDIATE")
        try:
            yield
        finally:
            holder.execute("ROLLBACK")
            holder.close()
        return
    import psycopg

    name = url.rsplit("/", 1)[1]
    cluster = databases.cluster
    with psycopg.connect(host="127.0.0.1", port=cluster.port, user=USER, dbname=name) as connection:
        connection.execute("LOCK TABLE pending_actions IN EXCLUSIVE MODE")
        yield
        connection.rollback()


@pytest.mark.parametrize("backend", BACKENDS)
def test_a_locked_database_answers_503_with_retry_after(databases: Databases) -> None:
    """While another process holds the lock a write needs, a turn that must write answers 503 +
    Retry-After (`store_unavailable`), not a 500, and the next turn works."""
    url = databases.url("locked")
    settings = Settings(store=StoreSettings(url=url, busy_timeout_ms=50))
    settings.llm.enabled = False
    with serve(url, api_for_tests(), settings=settings) as s:
        warm = httpx.post(f"{s.url}/v1/turns", json={"text": "what's my balance"}, headers=s.auth())
        assert warm.status_code == 200
        with _write_lock_held(databases, url):
            r = httpx.post(f"{s.url}/v1/turns", json={"text": "send 5000 yen to Sato Ken"}, headers=s.auth())
        after = httpx.post(f"{s.url}/v1/turns", json={"text": "send 5000 yen to Sato Ken"}, headers=s.auth())
    assert r.status_code == 503, r.text
    assert r.json()["error"]["code"] == "store_unavailable" and r.headers["retry-after"]
    assert after.status_code == 200 and after.json()["action"] == "confirm"


@pytest.fixture
def own_cluster() -> Iterator[PgCluster]:
    """A PostgreSQL server of this test's own, to stop and start (the session's is shared)."""
    cluster = PgCluster.create(max_connections=40)
    yield cluster
    cluster.destroy()


def test_a_lost_database_answers_503_and_the_worker_recovers_without_a_restart(
    own_cluster: PgCluster,
) -> None:
    """With PostgreSQL stopped, turns and confirmations answer 503 + Retry-After; once it is back
    the same server process serves again, and the pending action made before the outage confirms."""
    url = own_cluster.database()
    settings = Settings(store=StoreSettings(url=url))
    settings.llm.enabled = False
    with serve(url, api_for_tests(voice=False), settings=settings) as s:
        proposed = httpx.post(
            f"{s.url}/v1/turns", json={"text": "send 5000 yen to Sato Ken"}, headers=s.auth()
        )
        assert proposed.status_code == 200 and proposed.json()["action"] == "confirm", proposed.text
        pending = proposed.json()["pending"]
        confirm = f"{s.url}/v1/actions/{pending['action_id']}/confirm"
        own_cluster.stop()
        try:
            down_turn = httpx.post(
                f"{s.url}/v1/turns", json={"text": "send 700 yen to Sato Ken"}, headers=s.auth(), timeout=60
            )
            down_confirm = httpx.post(confirm, json={"token": pending["token"]}, headers=s.auth(), timeout=60)
        finally:
            own_cluster.start()
        back = httpx.post(confirm, json={"token": pending["token"]}, headers=s.auth(), timeout=60)
        accounts = httpx.get(f"{s.url}/v1/accounts", headers=s.auth(), timeout=60)
    for r in (down_turn, down_confirm):
        assert r.status_code == 503, r.text
        assert r.json()["error"]["code"] == "store_unavailable" and r.headers["retry-after"]
    assert back.status_code == 200, back.text
    assert {a["id"]: a["balance_minor"] for a in accounts.json()}["a_001"] == 1234567 - 5000


@pytest.mark.parametrize("name", ["qwen-typo"])
def test_unknown_bundled_model_is_a_config_error(name: str) -> None:
    """An unknown bundled model profile is a ConfigError naming the known ones."""
    from teller.llm.models import ensure_model

    with pytest.raises(errors.ConfigError, match="known"):
        ensure_model(name)
