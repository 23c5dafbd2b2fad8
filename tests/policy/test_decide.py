"""Policy decisions on hand-built understandings against the demo bank's snapshots."""

from __future__ import annotations

import json
from datetime import date
from pathlib import Path

import pytest

from teller.domain.bank import CustomerSnapshot
from teller.domain.intents import Action, Intent
from teller.policy.decide import decide
from teller.policy.rules import Committed
from teller.store.bankfile import parse_bank_file
from teller.store.db import Database
from teller.store.repo import BankRepository
from teller.understand.model import Candidate, Slots, Understanding

TODAY = date(2026, 11, 21)
DEMO = Path(__file__).resolve().parents[2] / "src" / "teller" / "data" / "demo_bank.json"


@pytest.fixture(scope="module")
def snapshots(tmp_path_factory: pytest.TempPathFactory) -> dict[str, CustomerSnapshot]:
    db = Database(f"sqlite:///{tmp_path_factory.mktemp('policy') / 'p.sqlite3'}")
    db.create_schema()
    data = json.loads(DEMO.read_text(encoding="utf-8"))
    parse_bank_file(data)
    db.load_bank(data)
    repo = BankRepository(db)
    return {c: repo.snapshot(c) for c in ("c_001", "c_002", "c_003")}


def _transfer(
    amount: str | None, currency: str | None = "JPY", recipient: str | None = "p_001", **kw: object
) -> Understanding:
    slots = Slots(
        amount_major=amount,
        currency=currency,
        recipient_id=recipient,
        account_id=kw.pop("account", "a_001"),
        **kw,
    )  # type: ignore[arg-type]
    return Understanding(Intent.TRANSFER_MONEY, 0.95, slots)


def test_a_valid_transfer_waits_for_confirmation(snapshots: dict[str, CustomerSnapshot]) -> None:
    """Money movement inside limits and funds is `confirm`, with minor units computed exactly."""
    d = decide(_transfer("5000"), snapshots["c_001"], today=TODAY)
    assert d.action is Action.CONFIRM and d.entities.amount_minor == 5000 and d.effect is not None


def test_usd_amount_becomes_cents(snapshots: dict[str, CustomerSnapshot]) -> None:
    """$12.99 is 1299 minor units."""
    d = decide(
        _transfer("12.99", "USD", "p_007", account="a_002"),
        snapshots["c_001"],
        today=TODAY,
    )
    assert d.entities.amount_minor == 1299 and d.action is Action.CONFIRM


@pytest.mark.parametrize(
    ("amount", "outgoing", "reason"),
    [
        ("1000001", 0, "over_limit"),
        ("900000", 1_500_000, "over_daily_limit"),
        ("12.5", 0, "invalid_amount"),
        ("0", 0, "invalid_amount"),
    ],
)
def test_limits_and_bad_amounts_are_rejected(
    snapshots: dict[str, CustomerSnapshot], amount: str, outgoing: int, reason: str
) -> None:
    """Per-transaction and daily limits, and amounts JPY cannot hold, give `reject` with the reason."""
    d = decide(
        _transfer(amount),
        snapshots["c_001"],
        today=TODAY,
        committed=Committed(1234567, outgoing_minor=outgoing),
    )
    assert d.action is Action.REJECT and d.reason == reason


def test_insufficient_funds(snapshots: dict[str, CustomerSnapshot]) -> None:
    """More than the balance (but within limits) is rejected for funds."""
    d = decide(_transfer("4900", "USD", "p_104", account="a_101"), snapshots["c_002"], today=TODAY)
    assert d.action is Action.REJECT and d.reason == "insufficient_funds"


def test_recipient_of_another_customer_is_never_accepted(snapshots: dict[str, CustomerSnapshot]) -> None:
    """An id that is not this customer's payee is dropped and the transfer refused."""
    d = decide(
        _transfer("100", "USD", "p_201", account="a_101", recipient_phrase="only payee"),
        snapshots["c_002"],
        today=TODAY,
    )
    assert d.action is Action.REJECT and d.entities.recipient_id is None


def test_missing_amount_asks_for_it(snapshots: dict[str, CustomerSnapshot]) -> None:
    """A known recipient without an amount is `ask_slot` naming amount_minor."""
    d = decide(_transfer(None), snapshots["c_001"], today=TODAY)
    assert (
        d.action is Action.ASK_SLOT and d.missing == ("amount_minor",) and d.entities.recipient_id == "p_001"
    )


def test_several_close_recipients_clarify(snapshots: dict[str, CustomerSnapshot]) -> None:
    """An ambiguous recipient is `clarify`, never a pick."""
    u = Understanding(
        Intent.TRANSFER_MONEY,
        0.95,
        Slots(amount_major="5000", currency="JPY", account_id="a_001"),
        candidates=(
            Candidate("p_001", "payee", "佐藤 健", 90, "x"),
            Candidate("p_003", "payee", "佐藤 健太", 90, "x"),
        ),
        ambiguous_slot="recipient_id",
    )
    d = decide(u, snapshots["c_001"], today=TODAY)
    assert d.action is Action.CLARIFY and d.entities.recipient_id is None


def test_past_dates_are_rejected(snapshots: dict[str, CustomerSnapshot]) -> None:
    """A transfer dated before today is refused."""
    d = decide(_transfer("5000", execute_on=date(2026, 11, 20)), snapshots["c_001"], today=TODAY)
    assert d.action is Action.REJECT and d.reason == "date_in_past"


def test_card_lock_executes_and_unlock_needs_a_locked_card(snapshots: dict[str, CustomerSnapshot]) -> None:
    """Locking executes at once; unlocking a locked card confirms; unlocking an active one is refused."""
    lock = decide(
        Understanding(Intent.CARD_LOCK, 0.95, Slots(card_id="k_101")),
        snapshots["c_002"],
        today=TODAY,
    )
    unlock = decide(
        Understanding(Intent.CARD_UNLOCK, 0.95, Slots(card_id="k_102")),
        snapshots["c_002"],
        today=TODAY,
    )
    active = decide(
        Understanding(Intent.CARD_UNLOCK, 0.95, Slots(card_id="k_101")),
        snapshots["c_002"],
        today=TODAY,
    )
    assert (lock.action, unlock.action, active.action) == (Action.EXECUTE, Action.CONFIRM, Action.REJECT)


def test_card_of_another_customer_is_not_found(snapshots: dict[str, CustomerSnapshot]) -> None:
    """A card id outside the snapshot is refused as if it did not exist."""
    d = decide(
        Understanding(Intent.CARD_LOCK, 0.95, Slots(card_id="k_001")),
        snapshots["c_002"],
        today=TODAY,
    )
    assert d.action is Action.REJECT and d.reason == "no_card"


def test_bill_defaults_to_the_outstanding_amount(snapshots: dict[str, CustomerSnapshot]) -> None:
    """A bill payment without an amount pays what is owed."""
    u = Understanding(Intent.BILL_PAYMENT, 0.95, Slots(biller_id="b_002", account_id="a_001", currency="JPY"))
    d = decide(u, snapshots["c_001"], today=TODAY)
    assert d.action is Action.CONFIRM and d.entities.amount_minor == 6380
