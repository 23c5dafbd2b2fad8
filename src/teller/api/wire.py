"""HTTP wire models: what goes over the network, translated once from the domain types.

The turn response is the turn contract (`TurnResult`) plus the session id; everything else here is
the read model of one customer's bank objects, with account numbers shown only by their last digits.
"""

from __future__ import annotations

import re
from datetime import date, datetime
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator

from teller.clock import in_range
from teller.domain.bank import Account, Card, Payee, Transaction
from teller.domain.turn import TurnResult

SESSION_PATTERN = re.compile(r"^[A-Za-z0-9_-]{1,64}$")
SessionId = Field(default=None, min_length=1, max_length=64, pattern=SESSION_PATTERN.pattern)


class TurnIn(BaseModel):
    """A typed turn; `session_id` continues a session.

    `now` is refused (422 `now_not_allowed`) unless the server runs in replay mode
    (`api.replay_mode`); even then it only sets the turn's reference time, never the clock that
    expires, confirms, posts and audits.
    """

    model_config = ConfigDict(extra="forbid")

    text: str = Field(min_length=1, max_length=2000)
    session_id: str | None = SessionId
    id: str | None = Field(default=None, min_length=1, max_length=128)
    now: datetime | None = None

    @field_validator("now")
    @classmethod
    def _aware(cls, value: datetime | None) -> datetime | None:
        if value is not None and value.utcoffset() is None:
            raise ValueError("now must carry a UTC offset, e.g. 2026-11-21T09:00:00+09:00")
        return None if value is None else in_range(value)

    @field_validator("text")
    @classmethod
    def _not_blank(cls, value: str) -> str:
        if not value.strip():
            raise ValueError("text must not be blank")
        if "\x00" in value:
            raise ValueError("text must not contain NUL characters")
        return value


class TurnOut(TurnResult):
    """The turn contract plus the session that holds any pending action (null: no session)."""

    session_id: str | None = None


class ConfirmIn(BaseModel):
    model_config = ConfigDict(extra="forbid")

    token: str = Field(min_length=1, max_length=256)


class ActionOut(BaseModel):
    action_id: str
    status: Literal["executed", "cancelled"]
    detail: dict[str, object] = Field(default_factory=dict)


class AccountOut(BaseModel):
    id: str
    type: str
    label: str
    currency: str
    number_last4: str
    balance_minor: int

    @classmethod
    def of(cls, a: Account) -> AccountOut:
        return cls(
            id=a.id,
            type=a.type,
            label=a.label,
            currency=a.currency,
            number_last4=a.number_last4,
            balance_minor=a.balance_minor,
        )


class CardOut(BaseModel):
    id: str
    type: str
    label: str
    last4: str
    status: str

    @classmethod
    def of(cls, c: Card) -> CardOut:
        return cls(id=c.id, type=c.type, label=c.label, last4=c.last4, status=c.status)


class PayeeOut(BaseModel):
    id: str
    display_name: str
    latin: str | None
    bank: str | None
    account_last4: str | None

    @classmethod
    def of(cls, p: Payee) -> PayeeOut:
        return cls(
            id=p.id, display_name=p.display_name, latin=p.latin, bank=p.bank, account_last4=p.account_last4
        )


class TransactionOut(BaseModel):
    id: str
    account_id: str
    posted_at: datetime
    description: str
    amount_minor: int
    currency: str

    @classmethod
    def of(cls, t: Transaction) -> TransactionOut:
        return cls(
            id=t.id,
            account_id=t.account_id,
            posted_at=t.posted_at,
            description=t.description,
            amount_minor=t.amount_minor,
            currency=t.currency,
        )


class PendingActionOut(BaseModel):
    action_id: str
    kind: str
    payload: dict[str, object]
    created_at: datetime
    expires_at: datetime


class ScheduledPaymentOut(BaseModel):
    """A confirmed payment for a later day, and what became of it."""

    id: str
    kind: Literal["transfer", "bill_payment"]
    account_id: str
    recipient_id: str | None
    biller_id: str | None
    display_name: str
    description: str
    amount_minor: int
    currency: str
    execute_on: date
    status: Literal["scheduled", "executed", "failed", "cancelled"]
    reason: str | None = None
    created_at: datetime
    transaction_id: str | None = None


class Health(BaseModel):
    status: Literal["ok", "starting", "unavailable"]
    checks: dict[str, str] = Field(default_factory=dict)


class ErrorBody(BaseModel):
    code: str
    message: str


class ErrorOut(BaseModel):
    error: ErrorBody
