"""The confirm-time money rule is policy's: the same limits, currencies and amounts refuse alike."""

from __future__ import annotations

from typing import Any

import pytest

from teller.errors import ConfirmationError
from teller.store import Database, PendingActions

from .conftest import NOW_NY, transfer


@pytest.mark.xfail(strict=True, reason="issue 10: fixed in a later step")
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
