"""The confirm-time money rule is policy's: the same limits, currencies and amounts refuse alike."""

from __future__ import annotations

from typing import Any

import pytest

from teller.errors import ConfirmationError
from teller.store import Database, PendingActions

from .conftest import NOW, NOW_NY, bill, transfer


def test_confirm_refuses_a_currency_without_a_limit_as_policy_does(
    empty_db: Database, demo: dict[str, Any]
) -> None:
    """A EUR account with no EUR limit: policy says currency_not_supported, and so does confirmation."""
    c_002 = demo["customers"][1]
    c_002["accounts"].append(
        {"id": "a_103", "type": "savings", "label": "EUR savings", "currency": "EUR",
         "number_last4": "3030", "balance_minor": 1_000_000}
    )  # fmt: skip
    empty_db.load_bank(demo)
    pending = PendingActions(empty_db)
    payload = transfer(50_000, currency="EUR", account_id="a_103", recipient_id="p_104")
    _, token = pending.create("c_002", "transfer", payload, now=NOW_NY, ttl_s=300)
    with pytest.raises(ConfirmationError) as refused:
        pending.confirm("c_002", token, now=NOW_NY)
    assert refused.value.code == "currency_not_supported"


def test_a_bill_payment_over_the_daily_limit_is_refused_at_confirmation(
    empty_db: Database, demo: dict[str, Any]
) -> None:
    """The daily limit binds bill payments too: with the day's limit used, a bill cannot be paid."""
    demo["customers"][1]["accounts"][1]["balance_minor"] = 10_000_000
    empty_db.load_bank(demo)
    pending = PendingActions(empty_db)
    for _ in range(2):
        _, token = pending.create(
            "c_002", "transfer", transfer(500_000, currency="USD", account_id="a_102", recipient_id="p_104"),
            now=NOW_NY, ttl_s=300,
        )  # fmt: skip
        pending.confirm("c_002", token, now=NOW_NY)
    payload = {**bill(14237, biller_id="b_101"), "currency": "USD", "account_id": "a_102"}
    _, token = pending.create("c_002", "bill_payment", payload, now=NOW_NY, ttl_s=300)
    with pytest.raises(ConfirmationError) as refused:
        pending.confirm("c_002", token, now=NOW_NY)
    assert refused.value.code == "over_daily_limit"


def test_a_date_beyond_the_horizon_is_refused_at_confirmation(pending: PendingActions) -> None:
    """A payment dated 9999-12-31 is refused (date_too_far), never an overflow."""
    _, token = pending.create(
        "c_001", "transfer", transfer(5000, execute_on="9999-12-31"), now=NOW, ttl_s=300
    )
    with pytest.raises(ConfirmationError) as refused:
        pending.confirm("c_001", token, now=NOW)
    assert refused.value.code == "date_too_far"
