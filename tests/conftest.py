"""Shared fixtures: every test gets its own database file, never the user's."""

from __future__ import annotations

import os
import tempfile
from collections.abc import Iterator
from datetime import datetime
from pathlib import Path

import pytest
from tests.pg import PgCluster

SHARED = Path(__file__).resolve().parents[2] / "shared"
GOLDEN = SHARED / "golden" / "commands.jsonl"

# Native runtimes (llama.cpp, CTranslate2, torch) load after this and read it once: idle OpenMP threads
# sleep instead of spinning, so a busy CI machine slows the suite down instead of stalling it.
os.environ.setdefault("OMP_WAIT_POLICY", "PASSIVE")

# Tests must never touch the user's real database, even through code that reads settings itself.
os.environ.setdefault(
    "TELLER_STORE__URL", f"sqlite:///{tempfile.mkdtemp(prefix='teller-tests-')}/default.sqlite3"
)


# The databases the store, money-safety and API suites run on; their conftests parametrize `backend`.
BACKENDS = ("sqlite", "postgresql")


@pytest.fixture(scope="session")
def postgres() -> Iterator[PgCluster]:
    """A real PostgreSQL server for this test session (tests/pg.py), started on first use."""
    cluster = PgCluster.create()
    yield cluster
    cluster.destroy()


class Databases:
    """Fresh, empty databases of one backend for one test: SQLite files or PostgreSQL databases."""

    def __init__(self, backend: str, tmp_path: Path, request: pytest.FixtureRequest) -> None:
        self.backend = backend
        self._tmp = tmp_path
        self._request = request
        self._made: list[str] = []

    @property
    def cluster(self) -> PgCluster:
        cluster: PgCluster = self._request.getfixturevalue("postgres")
        return cluster

    def url(self, name: str = "teller") -> str:
        """The URL of a new empty database (`name` only names SQLite files)."""
        if self.backend == "sqlite":
            url = f"sqlite:///{self._tmp / f'{name}-{len(self._made)}.sqlite3'}"
        else:
            url = self.cluster.database()
        self._made.append(url)
        return url

    def drop(self, url: str) -> None:
        if self.backend == "postgresql":
            self.cluster.drop(url)

    def close(self) -> None:
        for url in self._made:
            self.drop(url)


@pytest.fixture
def backend() -> str:
    """The database backend of `db_url` and `databases`: SQLite unless a suite's conftest says both."""
    return "sqlite"


@pytest.fixture
def databases(backend: str, tmp_path: Path, request: pytest.FixtureRequest) -> Iterator[Databases]:
    made = Databases(backend, tmp_path, request)
    yield made
    made.close()


@pytest.fixture
def db_url(databases: Databases) -> str:
    return databases.url()


# The moment the golden set and most tests are written for; the `runner` fixture's clock stands here.
TEST_NOW = datetime.fromisoformat("2026-11-21T09:00:00+09:00")


@pytest.fixture
def runner(db_url: str) -> Iterator[object]:
    """A turn runner on a fresh demo bank whose clock (`runner.clock`, a ManualClock) stands at TEST_NOW."""
    from teller.clock import ManualClock
    from teller.config import Settings, StoreSettings
    from teller.pipeline.turn import TurnRunner

    settings = Settings(store=StoreSettings(url=db_url))
    settings.llm.enabled = False
    yield TurnRunner.from_settings(settings, clock=ManualClock(TEST_NOW))
