"""The turn contract: what goes into one turn and what comes out (see ARCHITECTURE.md)."""

from __future__ import annotations

from datetime import date, datetime
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator

from teller.clock import in_range
from teller.domain.intents import Action, Intent
from teller.domain.reasons import Reason


class TurnRequest(BaseModel):
    """One customer utterance, typed or transcribed, understood as of `now` (with an offset).

    `now` is the turn's reference time: what "today" and "tomorrow" mean and which day policy
    previews limits for. It is the server clock's reading, except in evaluation replays
    (`teller ask/batch --now`, the API's replay mode). Whatever it says, expiry, confirmation,
    posting and audit read the server clock (`teller.clock`).

    `replay` marks such a turn (set by Teller's own entry points, never read from a client's
    JSON): it decides and answers as a live turn would but changes nothing in the bank — a card
    lock or a scheduled payment's cancel is reported, not written — so replayed cases stay
    independent of each other and of earlier runs, whatever their order.
    """

    model_config = ConfigDict(frozen=True)

    id: str = Field(min_length=1, max_length=128)
    customer_id: str = Field(min_length=1, max_length=64)
    text: str = Field(max_length=2000)
    now: datetime
    session_id: str | None = None
    replay: bool = False

    @field_validator("now")
    @classmethod
    def _aware(cls, value: datetime) -> datetime:
        if value.tzinfo is None:
            raise ValueError("now must carry a UTC offset, e.g. 2026-11-21T09:00:00+09:00")
        return in_range(value)


class Entities(BaseModel):
    amount_minor: int | None = None
    currency: str | None = None
    recipient_id: str | None = None
    biller_id: str | None = None
    card_id: str | None = None
    account_id: str | None = None
    execute_on: date | None = None
    count: int | None = None


class CandidateOut(BaseModel):
    id: str
    display_name: str
    score: float
    kind: Literal["payee", "biller", "card", "account"] = "payee"
    rule: str | None = None


class TraceOut(BaseModel):
    stage: str
    rule: str
    surface: str
    value: str
    score: float | None = None
    # stage "voice": the character where the heard words start in the text the rule read (None elsewhere)
    at: int | None = None


class PendingOut(BaseModel):
    action_id: str
    token: str
    expires_at: datetime


class TurnResult(BaseModel):
    """The structured, validated outcome of one turn; `teller batch` writes one per line."""

    id: str
    intent: Intent
    action: Action
    entities: Entities = Field(default_factory=Entities)
    missing: list[str] = Field(default_factory=list)
    candidates: list[CandidateOut] = Field(default_factory=list)
    reason: Reason | None = None
    path: Literal["fast", "llm"] = "fast"
    confidence: float = 1.0
    reply: str = ""
    pending: PendingOut | None = None
    data: dict[str, object] | None = None  # read-only answers: balances, transactions, payees
    trace: list[TraceOut] = Field(default_factory=list)
    timings_ms: dict[str, float] = Field(default_factory=dict)
    transcript: str | None = None
