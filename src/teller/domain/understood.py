"""What a turn's text was understood to name: candidates for an object, and the slots of a command.

One candidate type for every stage: the name index finds payees and billers as `Candidate`s, the
fast path adds cards, and the turn contract shows them (translated once, at the edge, to its wire
model). One slots type: what the fast path or the LLM step filled in, before policy turns it into
the contract's entities.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date
from typing import Literal

CandidateKind = Literal["payee", "biller", "card", "account"]


@dataclass(frozen=True, slots=True)
class Candidate:
    """An object the customer may have meant, with its score (0–100) and the rule that found it.

    `matched` is the stored key that matched; `start`/`end` index the folded text where the customer
    said it (0, 0 when it was not found in the text, e.g. a lookup or a card listed to choose from).
    """

    id: str
    kind: CandidateKind
    display_name: str
    score: float
    rule: str
    matched: str = ""
    start: int = 0
    end: int = 0


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
