"""Where a near miss made of common words may be a name (round 14). Pure text.

Heard word for word, typed development lines lost their outcome to ordinary words that look like one of
the customer's names: "What were my most recent charges?" (Chris), "Has my paycheck landed yet?" (Lan),
"I already paid …" (Al-Rashid), "once my refund comes through" (comcast), "the day after Christmas"
(Chris), "Mohammed lent me his truck" (Mohammed Al-Rashid). `hearing.hear` leaves such a stretch as heard
unless it stands where a name goes:

- `common_only(stretch, registered)`: every word of the stretch is an ordinary word (`COMMON`: the words
  the recognizer writes in lower case, and date words; see `scripts/common_words.py`) or a word of one of
  the customer's names said as registered, and at least one is an ordinary word;
- `name_place(text, start, end)`: the stretch stands in a slot right after "to", "owe" or a money verb
  ("the" / "my" / "our" may come first; the slot may hold up to `SLOT` heard words that are no command
  word: "to Yaman Moto desuke"), right before "bill", or opening the turn before a comma or the end.

A stretch with a word no dictionary has ("Conated Lee", "Chris Wannell", "Yantunak") is a garbled name
and is put right wherever it stands: round 12 restricted every stretch to a name's place, and on its blind
run a question became a confident answer (docs/voice.md). A possessive ("Maria's") and a piece glued to a
number stand where the lead left them after round 11.
"""

from __future__ import annotations

import re
from collections.abc import Set
from functools import cache
from importlib import resources

from teller.voice.hearing_sound import NOT_NAME, WORD

SLOT = 4  # heard words a name's slot may hold ("to New Ian C. Lynn" for Nguyen Thi Lan)
_BEFORE = frozenset({"to", "owe", "send", "pay", "transfer", "wire", "give", "zelle", "venmo"})
_ARTICLES = frozenset({"the", "my", "our"})
_TOKEN = re.compile(r"[A-Za-z][A-Za-z'-]*|\d[\d,.:]*|[$¥€£]")
_BILL = re.compile(r"\s+bills?\b", re.I)
_OPENING_END = re.compile(r"\s*(?:[,.!?]|$)")


@cache
def common_words() -> frozenset[str]:
    """The ordinary words (lower case) of `teller/data/common_words.txt`."""
    text = resources.files("teller").joinpath("data/common_words.txt").read_text(encoding="utf-8")
    return frozenset(line for line in text.splitlines() if line and not line.startswith("#"))


def common_only(stretch: str, registered: Set[str]) -> bool:
    """Whether `stretch` is made of ordinary words and words of registered names, one ordinary at least."""
    if not stretch.isascii():
        return False
    words = [w.lower() for w in WORD.findall(stretch)]
    common = common_words()
    ordinary = [w for w in words if w not in registered]
    return bool(ordinary) and all(w in common for w in ordinary)


def name_place(text: str, start: int, end: int) -> bool:
    """Whether `text[start:end]` stands where a payee or biller is named (see the module docstring)."""
    said = text[start:end]
    if not said.isascii():
        return True  # Japanese: where a name stands is `hearing._spans`' own test
    if start > 0 and text[start - 1].isalnum():
        return True  # a piece glued to a number: as before
    if said.lower().endswith("'s"):
        return True  # a possessive: as the lead left it after round 11
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
