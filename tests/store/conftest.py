"""Fixtures for the store tests: a fresh database per test, loaded with the packaged demo bank.

Every store test runs twice: on a SQLite file and on a database of the session's real PostgreSQL
server (`backend`, tests/conftest.py).
"""

from __future__ import annotations

import copy
import json
from collections.abc import Iterator
from datetime import datetime
from importlib.resources import files
from typing import Any
from zoneinfo import ZoneInfo

import pytest
from tests.conftest import BACKENDS

from teller.store import BankRepository, Database, PendingActions

TOKYO = ZoneInfo("Asia/Tokyo")
NEW_YORK = ZoneInfo("America/New_York")
NOW = datetime(2026, 11, 21, 9, 0, tzinfo=TOKYO)
NOW_NY = datetime(2026, 11, 21, 9, 0, tzinfo=NEW_YORK)
_DEMO: dict[str, Any] = json.loads((files("teller") / "data" / "demo_bank.json").read_text(encoding="utf-8"))


@pytest.fixture(params=BACKENDS)
def backend(request: pytest.FixtureRequest) -> str:
    """Both databases, one run each."""
    return str(request.param)


@pytest.fixture
def demo() -> dict[str, Any]:
    """A fresh, mutable copy of the demo bank."""
    return copy.deepcopy(_DEMO)


@pytest.fixture
def empty_db(db_url: str) -> Iterator[Database]:
    db = Database(db_url)
    db.create_schema()
    yield db
    db.dispose()


@pytest.fixture
def db(empty_db: Database, demo: dict[str, Any]) -> Database:
    empty_db.load_bank(demo)
    return empty_db


@pytest.fixture
def repo(db: Database) -> BankRepository:
    return BankRepository(db)


@pytest.fixture
def pending(db: Database) -> PendingActions:
    return PendingActions(db)


def transfer(
    amount_minor: int = 5000,
    *,
    currency: str = "JPY",
    account_id: str = "a_001",
    recipient_id: str = "p_001",
    execute_on: str | None = None,
) -> dict[str, Any]:
    """A transfer payload in the shape the pipeline builds."""
    return {
        "intent": "transfer_money",
        "amount_minor": amount_minor,
        "currency": currency,
        "account_id": account_id,
        "recipient_id": recipient_id,
        "biller_id": None,
        "card_id": None,
        "execute_on": execute_on,
    }


def bill(amount_minor: int, *, biller_id: str = "b_001", execute_on: str | None = None) -> dict[str, Any]:
    """A bill-payment payload from c_001's yen account."""
    return {
        "intent": "bill_payment",
        "amount_minor": amount_minor,
        "currency": "JPY",
        "account_id": "a_001",
        "recipient_id": None,
        "biller_id": biller_id,
        "card_id": None,
        "execute_on": execute_on,
    }
