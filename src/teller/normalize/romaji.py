"""Japanese typed in romaji ("kenta ni ichiman en okutte kudasai") read as the kana it spells.

The rest of the pipeline reads Japanese in kana and kanji (bill words by reading, names by reading,
kana numerals), so a romaji turn is handed on as kana: けんた に いちまん えん おくって ください.

An ASCII turn is romaji only on real evidence, because English read as kana is understood as nothing
(or worse, as something): every word must be a string of Hepburn or kunrei syllables ("send", "pay",
"tomorrow" are not), there must be a Japanese particle (ni, wo, ga, wa, de, kara) or a predicate
ending (-te, -tte, -shite, -toite, -tai, -nai, -ta, kudasai, onegai, -masu), and the words that carry
the meaning must not be English ("take a note" is all syllables, and English). Names are transliterated
like every other word: "sato" is さと, which matches only what さと would.
"""

from __future__ import annotations

import re
from functools import lru_cache

import jaconv

from teller.normalize import spelling
from teller.normalize.amounts import KANA_NUMERALS

__all__ = ["read_romaji"]

# One mora: an optional doubled consonant (the small っ), then a syllable, or the moraic n. Loose on
# purpose about which consonant goes with which vowel (si/shi, tu/tsu, zya/ja are all in use).
_MORA = (
    r"(?:(?:([bcdfghjkmprstz])(?=\1)|t(?=ch))?"
    r"(?:[aiueo]|(?:[kgsztdnhbpmr]y?|sh|ch|jy?|ts|dz|f|w|y|v)[aiueo]|n'?(?![aiueoy])))"
)
_WORD = re.compile(f"(?:{_MORA})+")
_TOKEN = re.compile(r"[a-z']+|[0-9]+(?:[.,][0-9]+)*|[,.!?、。]+")
# Account kinds, which the rules (and the name matcher's list of non-names) read in kanji only.
_KANJI = {"futsuu": "普通", "futsu": "普通", "futuu": "普通", "yokin": "預金", "chochiku": "貯蓄",
          "tyotiku": "貯蓄", "kouza": "口座", "teiki": "定期", "touza": "当座"}  # fmt: skip
# Particles said on their own: は, を, へ are written as they sound in romaji (wa, o, e).
_PARTICLE_KANA = {"wa": "は", "wo": "を", "o": "を", "e": "へ"}
_PARTICLES = frozenset({"ni", "wo", "ga", "wa", "de", "kara", "o", "e"})
# Particles that are also English words or letters count only beside a word that is not English.
_WEAK_PARTICLES = frozenset({"o", "e"})
_POLITE = frozenset({"kudasai", "onegai", "onegaishimasu", "shimasu", "desu", "masu", "kudasaimasenka"})
_ENDING = re.compile(r"(?:te|de|tai|nai|ta|da|masu|mashita|masen|naide|kamo)$")
_HONORIFIC_HYPHEN = re.compile(r"-(?=(?:san|sama|kun|chan|sensei)\b)")
# Hepburn writes ん as m before b, p, m (shimbun) and ん before a vowel as n' (or nn, IME style).
_M_AS_N = re.compile(r"m(?=[bp])")
_NN_VOWEL = re.compile(r"nn(?=[aiueoy])")
# Kana numerals typed as separate words ("ichi man", "2 man") are one number; not after さん or に,
# which are as often an honorific and a particle ("sato san sen en" is not ¥3,000).
_NUMERAL_WORD = re.compile(f"[0-9]+|(?:{'|'.join(sorted(KANA_NUMERALS, key=len, reverse=True))})+")
_MAGNITUDES = ("まん", "せん", "ぜん", "ひゃく", "びゃく", "ぴゃく", "おく", "じゅう")


def _spelled(word: str) -> str:
    """The word with Hepburn's ん spellings made plain for the converter (shimbun → shinbun)."""
    return _NN_VOWEL.sub("n'n", _M_AS_N.sub("n", word))


def _is_romaji(word: str) -> bool:
    return _WORD.fullmatch(_spelled(word)) is not None


def _is_english(word: str) -> bool:
    return word in spelling.warm()


def _has_evidence(words: list[str]) -> bool:
    """A particle or predicate ending of Japanese, among words whose content is not English."""
    content = [w for w in words if len(w) >= 3 and w not in _PARTICLES]
    foreign = [w for w in content if not _is_english(w)]
    if not foreign or len(foreign) < len(content) - len(foreign):
        return False
    for word in words:
        if word in _POLITE:
            return True
        if word in _PARTICLES and word not in _WEAK_PARTICLES:
            return True
        if len(word) >= 4 and _ENDING.search(word) and not _is_english(word):
            return True
    return False


def _kana(word: str) -> str:
    if word in _PARTICLE_KANA:
        return _PARTICLE_KANA[word]
    if word == "yen":
        return "えん"
    if word in _KANJI:
        return _KANJI[word]
    return str(jaconv.alphabet2kana(_spelled(word)))


@lru_cache(maxsize=1024)
def read_romaji(folded: str) -> str | None:
    """The kana `folded` spells when it is Japanese typed in romaji, else None (see the module docstring).

    >>> read_romaji("zandaka oshiete kudasai")
    'ざんだか おしえて ください'
    """
    if not folded.isascii():
        return None
    text = _HONORIFIC_HYPHEN.sub(" ", folded)
    tokens = _TOKEN.findall(text)
    if "".join(tokens) != text.replace(" ", ""):
        return None  # something other than words, numbers and sentence punctuation
    words = [t for t in tokens if t[0].isalpha() or t[0] == "'"]
    if len(words) < 2 or not all(w == "yen" or _is_romaji(w) for w in words):
        return None
    if not _has_evidence(words):
        return None
    out: list[str] = []
    for token in tokens:
        kana = _kana(token) if token in words else token
        if not token[0].isalnum() and out:
            out[-1] += kana  # punctuation stays on the word before it
        elif out and kana.startswith(_MAGNITUDES) and _glues(out[-1]):
            out[-1] += kana
        else:
            out.append(kana)
    return " ".join(out)


def _glues(before: str) -> bool:
    return before not in ("さん", "に") and _NUMERAL_WORD.fullmatch(before) is not None
