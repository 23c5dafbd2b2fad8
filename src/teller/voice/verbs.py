"""A card verb the recognizer may have turned around: "unlock" heard as "and lock" (or "unfreeze" as "and
freeze"), which locks the card the customer asked to unlock, at once (a lock needs no confirmation).

A spoken turn is one request, so a transcript that *begins* with "and" followed by a lock verb ("And
lock my debit card, please.") has nothing for the "and" to join: it is far more often the first syllable
of "unlock" than a sentence of its own. Such a turn asks "Did you want to lock or unlock your debit
card?" and neither locks nor proposes anything (`hear:and_lock`, stage `voice`). "… and lock my card"
after another clause, a plain "lock", "and unlock", and typed text (which never goes through hearing)
are left as they are. Measured on tiny.en: the development set's "unlock my debit card please" came out
"And lock my debit card, please." on most voices; 4 of the blind unseen2 set's 28 confidently wrong
English turns were such locks.

The recognizer's forced look (`hearing_forced`, round 5) scores the opposite verb where the transcript
says "lock" (or "unlock", "freeze", "block"), without the "and": when it scores nearly as well the turn
asks the same question (`hear:verb`). `asks_which` says whether a heard turn asks.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from teller.domain.intents import Action, Intent
from teller.domain.turn import TraceOut, TurnResult

RULE = "hear:and_lock"
# The forced look (hearing_forced): the opposite card verb scored nearly as well as the heard one.
FORCED = "hear:verb"
# A lock of a card that is already locked (hearing_alike): "unlock" heard without its first syllable.
STATE = "hear:card_state"
_AND_LOCK = re.compile(r"^\W*(and\W+(?:lock|freeze|block))\b", re.I)
_ANY_LOCK = re.compile(r"\b(?:un)?(?:lock|freeze|block)\b", re.I)
_CARD = re.compile(r"\b(?:my|the|your)\s+((?:[\w'-]+\s+){0,3}?cards?)\b", re.I)


def doubtful_lock(text: str) -> bool:
    """Whether `text` begins with "and" and a lock verb ("And lock my card", "and freeze it")."""
    return _AND_LOCK.match(text) is not None


def asks_which(text: str, rules: Iterable[str]) -> bool:
    """Whether a heard turn asks lock or unlock instead of running: "and lock" at its start (`RULE`), a
    card verb whose opposite the recognizer's forced look scored nearly as well (`FORCED`), or a lock of
    a card that is already locked (`STATE`)."""
    said = set(rules)
    either = FORCED in said or STATE in said
    return (RULE in said and doubtful_lock(text)) or (either and _ANY_LOCK.search(text) is not None)


def and_lock_trace(text: str) -> TraceOut:
    """The trace of a doubtful lock: what was heard, and the two verbs it may be."""
    m = _AND_LOCK.match(text)
    heard = m.group(1) if m else text[:20]
    return TraceOut(stage="voice", rule=RULE, surface=heard, value="lock / unlock")


def lock_or_unlock(request_id: str, text: str) -> TurnResult:
    """The turn as a question, nothing done or proposed: "Did you want to lock or unlock your … card?" """
    card = _CARD.search(text)
    what = f"your {card.group(1).lower()}" if card else "your card"
    return TurnResult(
        id=request_id,
        intent=Intent.CARD_LOCK,
        action=Action.CLARIFY,
        confidence=0.5,
        reply=f"Did you want to lock or unlock {what}?",
        transcript=text,
    )
