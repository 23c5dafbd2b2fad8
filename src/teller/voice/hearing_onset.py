"""The money verb lost at the onset of speech: "send" heard as "And", "pay" as "Hey". Pure text, English.

tiny.en loses the first consonant of a command more often than any other sound (round 4: "unlock" heard
as "and lock"): "Send 12,400 yen to Suzuki Ichiro" comes out "And 12,400 yen to Suzuki Ichiro.", "Pay
Xfinity on December 1st" as "Hey, Xfinity on December 1st." With no verb the text pipeline reads such a
turn as out of scope or as a question, though everything else in it is a money request to one of the
customer's own payees or billers.

A spoken turn is one request, so a transcript that *begins* with a lone "and" / "end" / "hey" has nothing
for it to join or greet. When such a transcript has no request or question word anywhere, and right
after that word comes what a money request moves (an amount, "money", "the"/"my" …) or one of the
customer's registered names, and the transcript names the customer's payees or their billers (never
both, never only a name nobody registered), the verb that object takes is written in its place — "Send"
to a payee, "Pay" to a biller — with its trace (`hear:onset`). The turn goes on to the confirmation
every payment needs ("Confirm: send ¥12,400 to 鈴木 一郎 …?"), so nothing moves without a yes.

"And lock my card" (a lock verb: `verbs.py` asks lock or unlock), "Hey, what's my balance?", "And $50 to
Bob Smith" (no registered name), "And I'm found in the end to Ken" (no object right after the onset
word), "A hundred dollars to …" (an article), Japanese text and typed text (never heard) are left alone.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable

RULE = "hear:onset"
_ONSET = re.compile(r"^\W*(and|end|hey)\b[\s,.!-]*", re.I)
# a request or a question the turn already has: the onset word is then no lost verb
_ASKS = re.compile(
    r"\b(?:send|sent|transfer|pay|paid|paying|wire|give|move|lock|unlock|freeze|unfreeze|block|unblock|"
    r"cancel|balance|stolen|lost|how|what|what's|when|where|why|who|which|is|are|was|were|do|does|did|"
    r"can|could|would|will|show|list|tell|check|owe)\b",
    re.I,
)
_NUMBER_WORDS = (
    r"one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|"
    r"seventeen|eighteen|nineteen|twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety|hundred|thousand"
)
# what a money request moves, right after the onset word
_OBJECT = re.compile(rf"(?:[$¥€£]?\d|(?:money|the|my|{_NUMBER_WORDS})\b)", re.I)


def onset_verb(
    text: str, forms: Iterable[str], kinds: Callable[[str], frozenset[str]]
) -> tuple[str, tuple[str, str]] | None:
    """(`text` with the verb written in, (heard word, verb)) for a money request whose verb was lost at
    the onset (module docstring), else None.

    `forms`: the customer's registered names as they may be heard; `kinds(text)`: the kinds ("payee",
    "biller") of the customer's names `text` names."""
    if not text.isascii():
        return None
    m = _ONSET.match(text)
    if m is None:
        return None
    rest = text[m.end() :]
    if not rest or _ASKS.search(rest):
        return None
    folded = rest.lower()
    if not (_OBJECT.match(rest) or any(folded.startswith(f.lower()) for f in forms if f.isascii() and f)):
        return None
    named = kinds(rest)
    if named == frozenset({"payee"}):
        verb = "Send"
    elif named == frozenset({"biller"}):
        verb = "Pay"
    else:
        return None
    return text[: m.start(1)] + verb + " " + rest, (m.group(1), verb)
