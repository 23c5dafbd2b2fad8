"""Amounts and objects that cannot be right (issue 10): refused, never turned into something that can.

Each runs a typed turn through the real runner on a real SQLite file and checks both the contract and
that nothing was written for the customer (no pending action, no card changed).
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

import pytest
from sqlalchemy import func, select

from teller.domain.turn import TurnRequest, TurnResult
from teller.store.schema import PendingActionRow

NOW = datetime.fromisoformat("2026-11-21T09:00:00+09:00")


def turn(runner: Any, text: str, customer: str) -> TurnResult:
    result: TurnResult = runner.run(TurnRequest(id="t", customer_id=customer, text=text, now=NOW))
    return result


def _pending_rows(runner: Any) -> int:
    with runner.db.read() as session:
        return int(session.scalar(select(func.count()).select_from(PendingActionRow)) or 0)


@pytest.mark.parametrize(
    ("customer", "text"),
    [
        ("c_001", "send -5000 yen to sato ken"),
        ("c_001", "send minus 5000 yen to sato ken"),
        ("c_001", "send negative 5000 yen to sato ken"),
        ("c_001", "マイナス5000円を佐藤健さんに振り込んで"),
        ("c_001", "佐藤健さんに-5000円振り込んで"),
        ("c_002", "send $-5 to David Lee"),
        ("c_002", "send -$5 to David Lee"),
        ("c_002", "send minus five dollars to David Lee"),
        ("c_002", "pay -20 dollars toward my internet bill"),
    ],
)
def test_a_negative_amount_is_refused_as_invalid(runner: Any, customer: str, text: str) -> None:
    """A minus sign or word reaches policy: `invalid_amount`, never a positive proposal."""
    r = turn(runner, text, customer)
    assert (r.action, r.reason) == ("reject", "invalid_amount"), (r.action, r.reason, r.entities)
    assert r.pending is None and _pending_rows(runner) == 0


@pytest.mark.parametrize(
    ("customer", "text"),
    [
        ("c_001", "send 0 yen to sato ken"),
        ("c_002", "send 0 dollars to David Lee"),
        ("c_002", "send 10000000000000000000000 dollars to David Lee"),
        ("c_001", "佐藤健さんに1000000000000000000円振り込んで"),
    ],
)
def test_zero_and_absurd_amounts_are_invalid(runner: Any, customer: str, text: str) -> None:
    """Zero, and amounts no account could ever hold, are `invalid_amount` (not a funds or limit question)."""
    r = turn(runner, text, customer)
    assert (r.action, r.reason) == ("reject", "invalid_amount"), (r.action, r.reason, r.entities)
    assert _pending_rows(runner) == 0


def test_another_customers_card_id_never_locks_the_callers_card(runner: Any) -> None:
    """c_002 saying "lock card k_001" (c_001's card) is refused or questioned; no card changes."""
    cards = runner.bank.snapshot("c_002").cards
    r = turn(runner, "lock card k_001", "c_002")
    assert r.action in ("reject", "clarify"), (r.action, r.entities)
    assert r.entities.card_id is None
    assert runner.bank.snapshot("c_002").cards == cards
    assert runner.bank.snapshot("c_001").card("k_001").status == "active"


@pytest.mark.parametrize(
    "text",
    [
        "send $5 to David Lee from a_001",  # c_001's account
        "send $5 to p_001",  # c_001's payee
        "what's the balance of a_001",
        "pay b_001",  # c_001's biller
        "unlock card k_002",
    ],
)
def test_another_customers_object_id_is_never_replaced_by_the_callers(runner: Any, text: str) -> None:
    """An id not the caller's is a clarify or reject naming nothing of the caller's; nothing written."""
    r = turn(runner, text, "c_002")
    assert r.action in ("reject", "clarify", "ask_slot"), (r.action, r.reason, r.entities)
    e = r.entities
    assert (e.recipient_id, e.biller_id, e.card_id) == (None, None, None), e
    if "a_001" in text:
        assert e.account_id is None, e
    assert r.action != "reject" or r.reason is not None
    assert r.data is None and _pending_rows(runner) == 0
