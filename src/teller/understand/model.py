"""What the fast path (or the LLM path) understood: intent, confidence, slots, trace."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date

from teller.domain.intents import Intent
from teller.domain.reasons import Reason
from teller.domain.trace import TraceItem


@dataclass(frozen=True, slots=True)
class Candidate:
    """An object the customer may have meant, with its score (0–100) and the rule that found it."""

    id: str
    kind: str  # payee | biller | card | account
    display_name: str
    score: float
    rule: str


@dataclass(frozen=True, slots=True)
class Slots:
    amount_major: str | None = None  # Decimal as text: the spoken number in major units
    currency: str | None = None
    currency_explicit: bool = False
    account_id: str | None = None
    card_id: str | None = None
    recipient_id: str | None = None
    biller_id: str | None = None
    execute_on: date | None = None
    count: int | None = None
    recipient_phrase: str | None = None  # what the customer called the recipient, even when unmatched


@dataclass(frozen=True, slots=True)
class Understanding:
    intent: Intent
    confidence: float
    slots: Slots = field(default_factory=Slots)
    candidates: tuple[Candidate, ...] = ()  # non-empty with `ambiguous_slot` when several objects fit
    ambiguous_slot: str | None = None  # "recipient_id" | "biller_id" | "card_id" | "account_id"
    flags: frozenset[str] = frozenset()
    trace: tuple[TraceItem, ...] = ()
    rule: str = ""
    path: str = "fast"
    llm_reason: Reason | None = None  # why the fast path wants a second opinion (None: it is confident)
    # Why the turn must ask instead of acting (unparsed_date, ambiguous_amount, unknown_card,
    # unexplained_words, unclear_correction), and the slot it asks for, if one.
    hold: Reason | None = None
    hold_missing: tuple[str, ...] = ()
    # What the text itself supports: ids of objects a span of it named, and the amounts it said.
    # The LLM step may only choose among these.
    named_ids: frozenset[str] = frozenset()
    spoken_amounts: tuple[str, ...] = ()
