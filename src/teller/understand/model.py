"""What the fast path (or the LLM path) understood: intent, confidence, slots, trace.

`Candidate` and `Slots` live in `teller.domain.understood`; they are re-exported here.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from teller.domain.intents import Intent
from teller.domain.reasons import Reason
from teller.domain.trace import TraceItem
from teller.domain.understood import Candidate, Slots

__all__ = ["Candidate", "Slots", "Understanding"]


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
