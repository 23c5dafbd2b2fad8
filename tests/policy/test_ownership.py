"""Typed object ids: one that is not the caller's is refused, never replaced by one that is."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from teller.domain.bank import CustomerSnapshot
from teller.policy.ownership import foreign_ids
from teller.store.db import Database
from teller.store.repo import BankRepository

DEMO = Path(__file__).resolve().parents[2] / "src" / "teller" / "data" / "demo_bank.json"


@pytest.fixture(scope="module")
def snapshots(tmp_path_factory: pytest.TempPathFactory) -> dict[str, CustomerSnapshot]:
    db = Database(f"sqlite:///{tmp_path_factory.mktemp('own') / 'o.sqlite3'}")
    db.create_schema()
    db.load_bank(json.loads(DEMO.read_text(encoding="utf-8")))
    repo = BankRepository(db)
    return {c: repo.snapshot(c) for c in ("c_001", "c_002")}


@pytest.mark.parametrize(
    ("customer", "text", "foreign"),
    [
        ("c_002", "lock card k_001", ("k_001",)),
        ("c_002", "send $5 to david lee from a_001", ("a_001",)),
        ("c_002", "pay b_001 and p_009", ("b_001", "p_009")),
        ("c_002", "lock card k_101", ()),  # the caller's own card
        ("c_001", "lock card k_001", ()),
        ("c_001", "send 5000 yen to sato ken", ()),
        ("c_001", "my_card is lost", ()),  # no digit: a word, not an id
        ("c_001", "send 5000 yen to x_999", ("x_999",)),  # nobody's: the same answer as someone else's
    ],
)
def test_foreign_ids_are_the_ids_that_are_not_the_callers(
    snapshots: dict[str, CustomerSnapshot], customer: str, text: str, foreign: tuple[str, ...]
) -> None:
    """Only id-shaped tokens that name none of the caller's objects are foreign."""
    assert foreign_ids(text, snapshots[customer]) == foreign
