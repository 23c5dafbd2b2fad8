"""Text folding shared by every stage: NFKC, width, case, whitespace; kana/kanji to romaji; honorifics.

`fold` is idempotent: fold(fold(x)) == fold(x). Spans reported by the extractors index folded text.
"""

from __future__ import annotations

import re
import unicodedata
from functools import lru_cache

from teller.normalize.numbers_en import TEENS, TENS, UNITS
from teller.normalize.script import is_japanese, katakana_to_hiragana

__all__ = [
    "JA_HONORIFICS",
    "blank_honorifics",
    "expand_shorthand",
    "fold",
    "is_japanese",
    "strip_honorifics",
    "to_romaji",
]

_SPACE = re.compile(r"\s+")
# Dashes and long-vowel look-alikes that NFKC leaves alone.
_DASHES = str.maketrans({"‐": "-", "‑": "-", "‒": "-", "–": "-", "—": "-", "―": "-", "−": "-"})
_QUOTES = str.maketrans({"’": "'", "‘": "'", "`": "'", "“": '"', "”": '"'})
# The katakana middle dot separates the parts of a name (マリア・ガルシア = マリア ガルシア).
_NAME_DOTS = str.maketrans({"・": " "})

# A title said after a name is an honorific too: 佐藤先生, 鈴木部長 are 佐藤, 鈴木.
_JA_TITLES = ("先生", "先輩", "部長", "課長", "係長", "社長", "店長", "院長", "教授")
JA_HONORIFICS = ("さん", "さま", "様", "くん", "君", "ちゃん", "殿", "氏", *_JA_TITLES)
_EN_HONORIFIC = re.compile(r"\b(?:mr|mrs|ms|miss|mx|dr|prof)\.?(?=\s)", re.IGNORECASE)
_JA_HONORIFIC = re.compile("(?:" + "|".join(JA_HONORIFICS) + r")(?=$|[\sにへのをがはと、。,.!?？！])")
# The same honorifics in romaji after a name ("takahashi-san", "ito kun"), not after a word that no name
# is ("to san diego", "the san andreas fault"): the word before is checked in `_romaji_honorifics`.
_ROMAJI_HONORIFIC = re.compile(
    r"(?<=[a-z])(?P<sep>[- ])(?:san|sama|kun|chan|shi|dono|sensei|senpai)(?=$|[\s,.!?])"
)
_NOT_A_NAME_BEFORE = frozenset(
    {"to", "for", "from", "in", "at", "and", "the", "a", "of", "with", "on", "by", "via", "into", "onto"}
)


def fold(text: str) -> str:
    """NFKC (full width → ASCII, half-width kana → full), case fold, one space between words."""
    text = unicodedata.normalize("NFKC", text).translate(_DASHES).translate(_QUOTES).translate(_NAME_DOTS)
    return _SPACE.sub(" ", text.casefold()).strip()


# Formal numerals (大字), as on a bank slip: 金伍万円也, 壱萬円, 拾万円. Read as the ordinary ones only in a
# run of numerals before 円 (参 in 参加 is no three). Same length, so spans still index the text.
_FORMAL = str.maketrans("壱壹弐貳参參肆伍陸漆柒捌玖拾佰陌阡仟萬", "一一二二三三四五六七七八九十百百千千万")
_FORMAL_RUN = re.compile("[一二三四五六七八九〇十百千万億壱壹弐貳参參肆伍陸漆柒捌玖拾佰陌阡仟萬]+(?=円|えん)")
# Telegram style, as bank slips and old terminals write: all katakana (ｻﾄｳｹﾝﾀ ﾆ 5000ｴﾝ ｿｳｷﾝ). Read as
# hiragana, the way the rest of the pipeline reads kana (particles, verbs, amounts, names' readings).
_KATAKANA_ONLY = re.compile(r"[ァ-ヶー0-9a-z\s.,!?、。・]+")


def plain_japanese(folded: str) -> str:
    """Formal numerals as ordinary ones, and all-katakana text as hiragana (same length)."""
    if folded.isascii():
        return folded
    folded = _FORMAL_RUN.sub(lambda m: m.group().translate(_FORMAL), folded)
    if _KATAKANA_ONLY.fullmatch(folded) and sum("ァ" <= ch <= "ヶ" for ch in folded) >= 4:
        folded = katakana_to_hiragana(folded)
    return folded


# Chat shorthand after an amount: "send 50 2 maria" (to), "30 2 cat 4 the pizza" (for). Speech
# transcripts write the same "to" as "two" or "too": "thirty bucks two aoife", "45 dollars too maria".
_AMOUNT_END = r"(?:[0-9]|\b(?:bucks|dollars?|usd|yen|euros?))"
# (not "2 days from now", "2 times", "2 or 3": a count of its own; not "too much", "too late")
_TWO_AS_TO = re.compile(
    rf"({_AMOUNT_END}) (?:2|two|too) (?=[a-z])(?!(?:days?|weeks?|months?|years?|hours?|minutes?|times?|x|of|"
    r"or|and|to|more|percent|installments?|payments?|much|many|late|early|soon|please)\b)"
)
# "too" is never "too" before a scale word ("send too hundred dollars"), nor "to" right after a money verb
# ("transfer to hundred dollars"): both are a recognizer's "two"
_TWO_AS_TOO = re.compile(
    r"\b(?:too|(?P<verb>send|pay|transfer|wire|give|move|remit) to) (?=(?:hundred|thousand|grand)\b)"
)
_FOUR_AS_FOR = re.compile(r"(?<=[a-z0-9]) 4 (?=(?:the|my|a|an|his|her|our|their|rent|dinner|lunch) )")
# A scale word said alone before a currency is one of it: "hundred dollar", "thousand yen" (not "two
# hundred dollars", nor "a few hundred dollars").
_BARE_SCALE = re.compile(
    r"(?<![a-z0-9-])(?P<before>[a-z0-9-]+ )?(?P<scale>hundred|thousand)"
    r"(?= (?:dollars?|bucks|usd|yen|euros?)\b)"
)
# Words that already count the scale: a number ("two", "thirty-four", "15") or a quantity ("a few").
_COUNTED = frozenset(
    {*UNITS, *TEENS, *TENS, "a", "an", "few", "several", "couple", "many", "some", "hundred"}
)


def expand_shorthand(folded: str) -> str:
    """Chat shorthand as words: "snd 50 2 maria 4 the pizza" → "snd 50 to maria for the pizza";
    "hundred dollar" → "a hundred dollar"; a recognizer's "send too hundred" → "send two hundred". Folded
    English only; anything else is returned as is."""
    if not folded.isascii():
        return folded
    text = _TWO_AS_TOO.sub(lambda m: f"{m['verb']} two " if m["verb"] else "two ", folded)
    text = _FOUR_AS_FOR.sub(" for ", _TWO_AS_TO.sub(r"\1 to ", text))

    def scale(m: re.Match[str]) -> str:
        before = (m["before"] or "").strip()
        if before.isdigit() or (all(part in _COUNTED for part in before.split("-") if part) and before):
            return m.group(0)
        return f"{m['before'] or ''}a {m['scale']}"

    return _BARE_SCALE.sub(scale, text)


def _romaji_honorifics(text: str, replace: str | None) -> str:
    def one(m: re.Match[str]) -> str:
        before = text[: m.start()].rsplit(" ", 1)[-1]
        if before in _NOT_A_NAME_BEFORE:
            return m.group()
        return " " * len(m.group()) if replace is None else replace

    return _ROMAJI_HONORIFIC.sub(one, text) if text.isascii() else text


def blank_honorifics(text: str) -> str:
    """Honorifics replaced by spaces, so that positions in the result still index `text`."""
    text = _JA_HONORIFIC.sub(lambda m: " " * len(m.group()), text)
    text = _romaji_honorifics(text, None)
    return _EN_HONORIFIC.sub(lambda m: " " * len(m.group()), text)


def strip_honorifics(text: str) -> str:
    """Remove honorifics: さん/様/くん/ちゃん after a name (in romaji too), Mr/Mrs/Ms/Dr before one."""
    text = _romaji_honorifics(_JA_HONORIFIC.sub("", text), "")
    return _SPACE.sub(" ", _EN_HONORIFIC.sub("", text)).strip()


@lru_cache(maxsize=1)
def _kakasi() -> object:
    import pykakasi

    return pykakasi.kakasi()  # type: ignore[no-untyped-call]


@lru_cache(maxsize=4096)
def to_romaji(text: str) -> str:
    """Hepburn romaji of kana and kanji, lower case; Latin text passes through folded.

    Long vowels are kept as the converter spells them (さとう → satou); the name matcher
    derives variants (sato, satoh) itself.
    """
    folded = fold(text)
    if folded.isascii():
        return folded
    parts = _kakasi().convert(folded)  # type: ignore[attr-defined]
    out = " ".join(p["hepburn"] for p in parts if p["hepburn"].strip())
    return _SPACE.sub(" ", out.casefold()).strip()
