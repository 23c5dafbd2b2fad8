"""Fixtures: the real demo bank, read straight from its JSON into domain objects (not via the store)."""

from __future__ import annotations

import json
from datetime import date
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from teller.domain.bank import Biller, Customer, CustomerSnapshot, Limits, Payee
from teller.names import NameIndex, index_for

DEMO_BANK = Path(__file__).resolve().parents[2] / "src" / "teller" / "data" / "demo_bank.json"


def _payee(raw: dict[str, Any]) -> Payee:
    return Payee(
        id=raw["id"],
        display_name=raw["display_name"],
        latin=raw.get("latin"),
        reading_kana=raw.get("reading_kana"),
        relationship=raw.get("relationship"),
        bank=raw.get("bank"),
        account_last4=raw.get("account_last4"),
    )


def _biller(raw: dict[str, Any]) -> Biller:
    return Biller(
        id=raw["id"],
        display_name=raw["display_name"],
        currency=raw["currency"],
        outstanding_minor=raw["outstanding_minor"],
        latin=raw.get("latin"),
        reading_kana=raw.get("reading_kana"),
        aliases=tuple(raw.get("aliases", ())),
        due=date.fromisoformat(raw["due"]) if raw.get("due") else None,
    )


@cache
def snapshots() -> dict[str, CustomerSnapshot]:
    data = json.loads(DEMO_BANK.read_text(encoding="utf-8"))
    out = {}
    for c in data["customers"]:
        out[c["id"]] = CustomerSnapshot(
            customer=Customer(c["id"], c["name"], c["name_latin"], c["locale"], c["timezone"]),
            limits=Limits(c["limits"]["transfer_per_txn_minor"], c["limits"]["transfer_daily_minor"]),
            accounts=(),
            cards=(),
            payees=tuple(_payee(p) for p in c["payees"]),
            billers=tuple(_biller(b) for b in c["billers"]),
        )
    return out


@pytest.fixture(scope="session")
def jp() -> NameIndex:
    """c_001, the Japanese customer."""
    return index_for(snapshots()["c_001"])


@pytest.fixture(scope="session")
def us() -> NameIndex:
    """c_002, the US customer."""
    return index_for(snapshots()["c_002"])


@pytest.fixture(scope="session")
def iso() -> NameIndex:
    """c_003, the isolation customer with one payee."""
    return index_for(snapshots()["c_003"])
