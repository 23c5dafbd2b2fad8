"""Bank objects as the pure stages see them: frozen snapshots of one customer's data."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import date, datetime

from teller.domain.intents import ActionKind
from teller.domain.reasons import Reason


@dataclass(frozen=True, slots=True)
class Account:
    id: str
    type: str
    label: str
    currency: str
    number_last4: str
    balance_minor: int
    # what was paid into it lately (descriptions of its latest credits: "Payroll ACME Corp", "Interest"),
    # so that "the account my salary goes into" names it
    paid_in: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Card:
    id: str
    type: str
    label: str
    last4: str
    status: str  # "active" | "locked"


@dataclass(frozen=True, slots=True)
class Payee:
    id: str
    display_name: str
    latin: str | None = None
    reading_kana: str | None = None
    relationship: str | None = None
    bank: str | None = None
    account_last4: str | None = None


@dataclass(frozen=True, slots=True)
class Biller:
    id: str
    display_name: str
    currency: str
    outstanding_minor: int
    latin: str | None = None
    reading_kana: str | None = None
    aliases: tuple[str, ...] = ()
    due: date | None = None


@dataclass(frozen=True, slots=True)
class Transaction:
    id: str
    account_id: str
    posted_at: datetime
    description: str
    amount_minor: int
    currency: str


@dataclass(frozen=True, slots=True)
class SentTransfer:
    """A transfer the customer made to one of their payees, as their history shows it (newest first in
    `CustomerSnapshot.sent`): what "the same person as last time" and "the same amount" point at."""

    payee_id: str
    amount_minor: int  # positive: what was sent
    currency: str
    on: date  # the customer-local day it was posted


@dataclass(frozen=True, slots=True)
class ScheduledPayment:
    """A confirmed transfer or bill payment waiting for (or past) its day; see `store.scheduled`."""

    id: str
    customer_id: str
    action_id: str
    kind: ActionKind  # transfer | bill_payment
    account_id: str
    counterparty_id: str  # the payee (transfer) or biller (bill payment)
    description: str
    amount_minor: int
    currency: str
    execute_on: date
    status: str  # scheduled | executed | failed | cancelled
    created_at: datetime
    resolved_at: datetime | None = None
    reason: Reason | None = None
    transaction_id: str | None = None


@dataclass(frozen=True, slots=True)
class Limits:
    """Per-transaction and daily transfer limits, minor units per currency."""

    per_txn_minor: Mapping[str, int] = field(default_factory=dict)
    daily_minor: Mapping[str, int] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class Customer:
    id: str
    name: str
    name_latin: str
    locale: str
    timezone: str


@dataclass(frozen=True, slots=True)
class CustomerSnapshot:
    """Everything the pure stages may know about one customer, and nothing about anyone else."""

    customer: Customer
    limits: Limits
    accounts: tuple[Account, ...]
    cards: tuple[Card, ...]
    payees: tuple[Payee, ...]
    billers: tuple[Biller, ...]
    version: int = 0  # bumps when payees/billers change, so indexes can be cached by (id, version)
    sent: tuple[SentTransfer, ...] = ()  # the latest transfers to payees, newest first

    @property
    def default_account(self) -> Account | None:
        return self.accounts[0] if self.accounts else None

    def account(self, account_id: str) -> Account | None:
        return next((a for a in self.accounts if a.id == account_id), None)

    def card(self, card_id: str) -> Card | None:
        return next((c for c in self.cards if c.id == card_id), None)

    def payee(self, payee_id: str) -> Payee | None:
        return next((p for p in self.payees if p.id == payee_id), None)

    def biller(self, biller_id: str) -> Biller | None:
        return next((b for b in self.billers if b.id == biller_id), None)
