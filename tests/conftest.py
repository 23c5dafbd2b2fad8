"""Shared fixtures: every test gets its own database file, never the user's."""

from __future__ import annotations

import os
import tempfile
from collections.abc import Iterator
from datetime import datetime
from pathlib import Path

import pytest

SHARED = Path(__file__).resolve().parents[2] / "shared"
GOLDEN = SHARED / "golden" / "commands.jsonl"

# Native runtimes (llama.cpp, CTranslate2, torch) load after this and read it once: idle OpenMP threads
# sleep instead of spinning, so a busy CI machine slows the suite down instead of stalling it.
os.environ.setdefault("OMP_WAIT_POLICY", "PASSIVE")

# Tests must never touch the user's real database, even through code that reads settings itself.
os.environ.setdefault(
    "TELLER_STORE__URL", f"sqlite:///{tempfile.mkdtemp(prefix='teller-tests-')}/default.sqlite3"
)


@pytest.fixture
def db_url(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'teller.sqlite3'}"


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
