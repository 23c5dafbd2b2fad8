"""Text-side repairs of recognizer confusions that are both frequent and safe to undo.

Pure text, no I/O. Whisper tiny.en hears a sentence-initial "un-" as "I'm"/"I'm at": "unlock my
credit card" comes out as "I'm at my credit card", "unfreeze my card" as "I'm freeze my card".
Neither transcript means anything as a request, and the repair only ever produces a card *unlock*,
which the policy always holds for the customer's explicit yes (`CONFIRMED_INTENTS`), so a wrong
repair costs one declined confirmation, never a silent action.

Deliberately not repaired: "and freeze my card" (a real "…and freeze my card" is a lock, the
customer's safe direction), names ("Merida" is not snapped to "Maria": inventing a recipient is
the name matcher's call, with its scores), amounts and digit strings (a wrong amount is worse than
a question).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

# The whole utterance must be "<confusion> my [one or two words] card", with at most a polite ending
# ("please", "thanks"): anything longer is left alone.
_CARD = r"(?P<rest>my(?: [a-z'-]+){0,2} card)(?:,? (?P<polite>please|thanks|thank you))?[.!?]?"
_RULES: tuple[tuple[str, re.Pattern[str], str], ...] = (
    ("unlock_heard_as_im_at", re.compile(rf"(?:i'm|i am) (?:at|not) {_CARD}", re.I), "Unlock"),
    ("unfreeze_heard_as_im_freeze", re.compile(rf"(?:i'm|i am) freeze {_CARD}", re.I), "Unfreeze"),
)


@dataclass(frozen=True, slots=True)
class Repair:
    """One applied repair: the rule's name, what was heard, what the turn runs on."""

    rule: str
    heard: str
    text: str


def repair(text: str) -> Repair | None:
    """The repaired transcript, or None when no rule applies.

    >>> repair("I'm at my credit card.").text
    'Unlock my credit card.'
    >>> repair("I'm at the bank") is None
    True
    """
    stripped = text.strip()
    for rule, pattern, verb in _RULES:
        m = pattern.fullmatch(stripped)
        if m is not None:
            polite = f", {m['polite']}" if m["polite"] else ""
            return Repair(rule, text, f"{verb} {m['rest']}{polite}.")
    return None
