"""Who is speaking, for recognition: the customer's locale and payee/biller names to bias towards.

The runner's bank repository is used when it has one (`runner.bank.snapshot(customer_id)`); otherwise
the packaged demo bank. Names are sorted and de-duplicated so the decoder prompt (and its cache key)
is stable per customer. English customers get Latin-script names; Japanese-locale customers get the
names as written (spaces dropped: "佐藤 健" is said and transcribed "佐藤健"), people with the
honorific "さん" (without it, base Whisper heard "佐藤健さんに" as "佐藤健32…").
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources
from typing import Any


@dataclass(frozen=True, slots=True)
class Speaker:
    locale: str  # "" when unknown
    names: tuple[str, ...]  # Latin-script payee and biller names
    names_ja: tuple[str, ...] = ()  # "佐藤健さん" …, then billers ("東京ガス" …), for Japanese customers

    @property
    def japanese(self) -> bool:
        return self.locale.lower().startswith("ja")


def speaker(runner: object, customer_id: str) -> Speaker:
    """Locale and bias names of one customer (an unknown customer gets an empty profile)."""
    bank: Any = getattr(runner, "bank", None)
    snapshot = getattr(bank, "snapshot", None)
    if callable(snapshot):
        try:
            snap = snapshot(customer_id)
        except Exception:  # an unknown customer: the turn itself will report it
            return Speaker("", ())
        payees = [(p.display_name, p.latin) for p in snap.payees]
        billers = [(b.display_name, b.latin) for b in snap.billers]
        return _speaker(snap.customer.locale, payees, billers)
    return _demo_speaker(customer_id)


def customer_names(runner: object, customer_id: str) -> tuple[str, ...]:
    """Payee and biller names (Latin script) for one customer."""
    return speaker(runner, customer_id).names


@lru_cache(maxsize=64)
def _demo_speaker(customer_id: str) -> Speaker:
    raw = resources.files("teller").joinpath("data/demo_bank.json").read_text(encoding="utf-8")
    for customer in json.loads(raw)["customers"]:
        if customer["id"] == customer_id:
            payees = [(e["display_name"], e.get("latin")) for e in customer.get("payees", [])]
            billers = [(e["display_name"], e.get("latin")) for e in customer.get("billers", [])]
            return _speaker(customer.get("locale", ""), payees, billers)
    return Speaker("", ())


Entry = tuple[str, str | None]  # display name, Latin spelling


def _speaker(locale: str, payees: list[Entry], billers: list[Entry]) -> Speaker:
    entries = [*payees, *billers]
    latin = tuple(n for n in _sorted(latin or shown for shown, latin in entries) if n.isascii())
    if not locale.lower().startswith("ja"):
        return Speaker(locale, latin)
    people = tuple(f"{n}さん" for n in _native(payees))
    return Speaker(locale, latin, people + _native(billers))


def _native(entries: list[Entry]) -> tuple[str, ...]:
    names = _sorted(shown.replace(" ", "").replace("\u3000", "") for shown, _ in entries)
    return tuple(n for n in names if not n.isascii())


def _sorted(names: Iterable[str]) -> tuple[str, ...]:
    return tuple(sorted({n for n in names if n}, key=str.lower))
