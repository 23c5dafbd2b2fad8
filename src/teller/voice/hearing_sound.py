"""How alike a heard stretch and a registered name sound, and which words are never a name. Pure text.

Shared by `hearing` (a near-miss name put right) and `hearing_forced` (which registered names the
recognizer scores at a name's place).
"""

from __future__ import annotations

import re
import unicodedata

import jellyfish

from teller.names.keys import kana_to_romaji, metaphone, romaji_key
from teller.names.stopwords import AMBIGUOUS_EN, STOP_EN

WORD = re.compile(r"[A-Za-z][A-Za-z'-]*")
# Words of a command that are never a name, beyond the names index's own stop words.
_COMMAND_WORDS = """send transfer pay paid wire give move to from for my the a an of on in at and please can
could you i i'm want would like bill bills card cards account accounts balance dollars dollar bucks cents
yen usd jpy money savings checking credit debit rewards lock unlock freeze unfreeze block stolen lost
ending last digits tomorrow today morning evening night next week day after what's what is how much have
check toward towards zero oh one two three four five six seven eight nine ten eleven twelve thirteen
fourteen fifteen sixteen seventeen eighteen nineteen twenty thirty forty fifty sixty seventy eighty ninety
hundred thousand million grand double triple hey okay yes no"""
NOT_NAME = STOP_EN | AMBIGUOUS_EN | frozenset(_COMMAND_WORDS.split())


def similarity(heard: str, form: str) -> float:
    """Mean of Jaro-Winkler over the letters and over the sound key (Metaphone, or romaji of the reading)."""
    a, b = letters(heard), letters(form)
    if not a or not b or a == b:
        return 0.0 if a != b else 1.0
    spelled = jellyfish.jaro_winkler_similarity(a, b)
    ka, kb = _key(a), _key(b)
    sound = jellyfish.jaro_winkler_similarity(ka, kb) if ka and kb else spelled
    return (spelled + sound) / 2


def sound_key(text: str) -> str:
    """The sound key of the letters of `text`: Metaphone for Latin, the romaji key of Japanese."""
    return _key(letters(text))


def letters(text: str) -> str:
    """The letters of `text`, folded (NFKC, lower case), nothing else."""
    folded = unicodedata.normalize("NFKC", text).lower()
    return "".join(ch for ch in folded if ch.isalpha())


def _key(letters: str) -> str:
    """Metaphone of Latin letters; canonical romaji of the kana reading of Japanese ones."""
    if letters.isascii():
        return metaphone(letters)
    from teller.names.sound import reading  # pykakasi, loaded once per process

    kana = letters if kana_to_romaji(letters) is not None else reading(letters)
    roma = kana_to_romaji(kana)
    return (romaji_key(roma) or roma) if roma else letters
