"""Where a heard name goes (round 12): the near-miss name rule (`hearing.hear`, `hear:name`) rewrites the
transcript only there. Pure text.

Heard word for word, typed development lines lost their outcome to common words near a registered
spelling: "What were my most recent charges?" (Chris), "Has my paycheck landed yet?" (Lan), "I already
paid …" (Al-Rashid), "once my refund comes through" (comcast), "Maria grabbed dinner" (Maria Garcia).
`name_place(text, start, end)` says whether the heard stretch `text[start:end]` stands where a payee or
biller is named:

- in a slot right after "to", "owe" or a money verb — "the" / "my" / "our" may come first, and the slot may
  hold up to `SLOT` heard words that are no command word ("to Yaman Moto desuke", "Pay my con at deal");
- right before "bill" ("When is my Con Edd bill due?");
- opening the turn, before a comma or the end ("Catherine Wrigth, send her $60").

Left as before, where the lead decided (round 11's revert): a piece glued to a number ("th" of "15th") and
a word said with "'s" ("Maria's"), so those turns keep asking.

Only the transcript's rewrite is restricted. The recognizer's second look at a name reads on from where the
transcript's name starts, and its readings are heard with every near-miss name as before (`hearing.ear_fix`):
round 11 restricted that too, and a blind question became a confident answer.
"""

from __future__ import annotations

import re

from teller.voice.hearing_sound import NOT_NAME

SLOT = 4  # heard words a name's slot may hold ("to New Ian C. Lynn" for Nguyen Thi Lan)
_BEFORE = frozenset({"to", "owe", "send", "pay", "transfer", "wire", "give", "zelle", "venmo"})
_ARTICLES = frozenset({"the", "my", "our"})
_TOKEN = re.compile(r"[A-Za-z][A-Za-z'-]*|\d[\d,.:]*|[$¥€£]")
_BILL = re.compile(r"\s+bills?\b", re.I)
_OPENING_END = re.compile(r"\s*(?:[,.!?]|$)")


def name_place(text: str, start: int, end: int) -> bool:
    """Whether `text[start:end]` stands where a payee or biller is named (see the module docstring)."""
    said = text[start:end]
    if not said.isascii():
        return True  # Japanese: where a name stands is `hearing._spans`' own test
    if start > 0 and text[start - 1].isalnum():
        return True  # a piece glued to a number ("15th"): as before
    if said.lower().endswith("'s"):
        return True  # a possessive: as before
    after = text[end:]
    if _BILL.match(after):
        return True
    before = [m.group().lower() for m in _TOKEN.finditer(text, 0, start)]
    words = len(said.split())
    while before and before[-1][0].isalpha() and before[-1] not in NOT_NAME and words < SLOT:
        before.pop()  # earlier words of the same slot ("Yaman Moto" before "desuke")
        words += 1
    if before and before[-1] in _ARTICLES:
        before.pop()
    if not before:
        return _OPENING_END.match(after) is not None
    return before[-1] in _BEFORE
