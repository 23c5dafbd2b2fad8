"""Which names to bias recognition towards: the customer's payees and billers, in Latin script.

The runner's bank repository is used when it has one (`runner.bank.snapshot(customer_id)`); otherwise
the packaged demo bank. Names are sorted and de-duplicated so the decoder prompt (and its cache key)
is stable per customer.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from functools import lru_cache
from importlib import resources
from typing import Any


def customer_names(runner: object, customer_id: str) -> tuple[str, ...]:
    """Payee and biller names (Latin script) for one customer."""
    bank: Any = getattr(runner, "bank", None)
    snapshot = getattr(bank, "snapshot", None)
    if callable(snapshot):
        try:
            snap = snapshot(customer_id)
        except Exception:  # an unknown customer: the turn itself will report it
            return ()
        people = [p.latin or p.display_name for p in snap.payees]
        billers = [b.latin or b.display_name for b in snap.billers]
        return _latin_sorted([*people, *billers])
    return _demo_names(customer_id)


@lru_cache(maxsize=64)
def _demo_names(customer_id: str) -> tuple[str, ...]:
    raw = resources.files("teller").joinpath("data/demo_bank.json").read_text(encoding="utf-8")
    for customer in json.loads(raw)["customers"]:
        if customer["id"] == customer_id:
            people = [p.get("latin") or p["display_name"] for p in customer.get("payees", [])]
            billers = [b.get("latin") or b["display_name"] for b in customer.get("billers", [])]
            return _latin_sorted([*people, *billers])
    return ()


def _latin_sorted(names: Iterable[str]) -> tuple[str, ...]:
    return tuple(sorted({n for n in names if n and n.isascii()}, key=str.lower))
