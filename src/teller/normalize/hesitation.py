"""Speech as people say it: hesitations and a word said twice, taken out before anything reads the text.

"um so uh pay the uh the water bill" is "so pay the water bill": the sounds a speaker makes while
thinking (um, uh, er, erm, hmm) carry nothing, and a small word said again after one of them ("the uh
the") is said once. Only whole ASCII words are touched, and only these closed lists: a number said
twice ("eight eight three zero") is a digit string, never a repetition, and no content word is dropped.
"""

from __future__ import annotations

import re

_B = r"(?<![a-z0-9'])"
_E = r"(?![a-z0-9'])"
# ("the er bill" is a hospital's emergency room: "er" after an article or "my" stays)
_HESITATION = re.compile(
    _B + r"(?:u+m+|u+h+|u+h+m+|(?<!\bthe )(?<!\ban )(?<!\bmy )e+r+m*|e+h+m+|h+m+|m+m+)" + _E + r"[,.…]*\s*"
)
# small words a speaker restarts on: "the the water bill", "my my debit card", "to to maria"
_REPEATED = re.compile(
    _B + r"(?P<word>the|a|an|my|to|for|from|and|i|on|of|in|it|that|this)(?:\s+(?P=word))+" + _E
)
_SPACES = re.compile(r"\s{2,}")


def without_hesitations(folded: str) -> str:
    """`folded` without hesitation sounds and with a small word said twice said once; text without
    any is returned as is."""
    if not folded.isascii() and not any("a" <= ch <= "z" for ch in folded):
        return folded
    text = _HESITATION.sub("", folded)
    text = _REPEATED.sub(lambda m: m["word"], text)
    return _SPACES.sub(" ", text).strip() if text != folded else folded
