"""Digit strings: card endings, account numbers and codes, spoken digit by digit or written.

"four oh five six" → "4056", "double eight three oh" → "8830", "zero zero four two" → "0042",
"four 0 five six" → "4056", "1234-5678" → "12345678". The value keeps leading zeros. Words heard for a
digit, and ten to nineteen, count among spoken digits: "ending ate ate three oh" → "8830", "ending ten oh
two" → "1002" (see `_heard_digit`).

A spoken digit that belongs to a number is not a digit: in "send five thousand" the "five" is
read by the amount scanner, and in "twenty one" the "one" completes "twenty".
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from teller.domain.trace import Extraction
from teller.normalize.numbers_en import MAGNITUDE_WORDS, TEENS, TENS
from teller.normalize.numbers_ja import KANJI_DIGITS, LARGE, SMALL
from teller.normalize.script import katakana_to_hiragana

DIGIT_WORDS: dict[str, str] = {
    "zero": "0", "oh": "0", "o": "0", "one": "1", "two": "2", "three": "3", "four": "4", "five": "5",
    "six": "6", "seven": "7", "eight": "8", "nine": "9",
}  # fmt: skip
_REPEAT = {"double": 2, "triple": 3}
# Words a transcript writes for a digit ("won", "to", "for", "ate"), and ten to nineteen said as two digits:
# digits only where digits are being said ("ending ate ate three oh", "four oh for five"), never in "send
# to maria" or "for rent".
_HEARD_DIGITS = {"won": "1", "to": "2", "too": "2", "for": "4", "fore": "4", "ate": "8"}
_DIGIT_LIKE = {**_HEARD_DIGITS, **{word: str(value) for word, value in TEENS.items()}}
# What opens a card's or account's last digits: "ending (in)", "ends with", "last four (digits are)".
_ENDING_CUE = re.compile(
    r"(?<![a-z])(?:ending|ends|ended|last (?:four|4)(?: digits)?)(?: in| with| are| is)?(?:, ?| - | |-)$"
)
_SENTENCE_END = re.compile(r"\s*(?:[.!?,]|$)")
# One token and the gap before it. Grouped or decimal literals ("5,000", "12.99") are matched whole:
# they are amounts, so they break a run instead of joining it.
_NEXT = re.compile(r"(?P<gap>, ?| - | |-)?(?P<tok>\d+(?:[.,]\d+)*|[a-z]+)")
_START = re.compile(
    r"(?<![0-9.,])[0-9]|(?<![a-z])(?:"
    + "|".join(sorted([*DIGIT_WORDS, *_REPEAT, *_DIGIT_LIKE], key=len, reverse=True))
    + r")(?![a-z])"
)
_ISO_DATE = re.compile(r"\d{4}-\d{1,2}-\d{1,2}")
# A word before the first spoken digit that makes it part of a number: "twenty one", "hundred and five".
_NUMBER_BEFORE = frozenset({*TENS, *MAGNITUDE_WORDS, "and"})
_WORD_BEFORE = re.compile(r"(?<![a-z])([a-z]+)(?:, ?| - | |-)$")
_LONGEST_WORD_BEFORE = max(map(len, _NUMBER_BEFORE)) + 3
# Neighbours that make digits an amount, a time ("3:30") or a date ("12/1") rather than a code.
_AMOUNT_BEFORE = frozenset("$¥€£:/")
_AMOUNT_AFTER = frozenset("円万千百億兆:/")
_GLUED = re.compile(r"[a-z_]")


@dataclass(slots=True)
class _Item:
    """Digits said by one token ("four", "1234") or two ("double eight")."""

    digits: str
    start: int
    end: int
    spoken: bool
    word: str


def _literal_ok(text: str, start: int, end: int, skip: list[tuple[int, int]]) -> bool:
    before = text[start - 1] if start else ""
    after = text[end] if end < len(text) else ""
    if before in _AMOUNT_BEFORE or after in _AMOUNT_AFTER or any(s <= start < e for s, e in skip):
        return False
    return not _GLUED.search(before + after)  # "28th", "p_201"


def _words_beside(text: str, start: int, end: int) -> tuple[list[str], list[str]]:
    """The two words before `start` and the two after `end`, nearest first."""
    before = [w.strip(",-.!?") for w in text[:start].split()[-2:]][::-1]
    after = [w.strip(",-.!?") for w in text[end:].split()[:2]]
    return before, after


def _heard_digit(text: str, start: int, end: int, cued: bool) -> bool:
    """Whether the word at [start, end) ("ate", "to", "ten") is a digit here. A spoken digit must follow it,
    and either it is among the digits said after "ending" or "last four" (`cued`: "ending ate eight three
    zero", "ending ten oh two"), or digit words stand around it, three of them, so that "one to two days"
    stays a range ("eight ate three oh", "four oh for five")."""
    before, after = _words_beside(text, start, end)
    if not after:
        return False
    nxt = after[0]
    if nxt not in DIGIT_WORDS:
        nxt_at = text.find(nxt, end)
        return cued and nxt in _DIGIT_LIKE and _heard_digit(text, nxt_at, nxt_at + len(nxt), cued)
    if cued:
        return True
    around = [*before, *after]
    return bool(before) and before[0] in DIGIT_WORDS and sum(w in DIGIT_WORDS for w in around) >= 3


def _fourth_heard(text: str, run: list[_Item], cued: bool) -> _Item | None:
    """A word heard for a digit that ends the sentence right after three spoken digits said after "ending"
    or "last four" ("lock card ending in won two three for"): a card's last four are four digits, so it is
    the fourth (not in "…ending one two three for the rent")."""
    if not cued or sum(len(item.digits) for item in run) != 3:
        return None
    m = _NEXT.match(text, run[-1].end)
    if m is None or not m["gap"] or m["tok"] not in _HEARD_DIGITS or not _SENTENCE_END.match(text, m.end()):
        return None
    return _Item(_HEARD_DIGITS[m["tok"]], m.start("tok"), m.end(), True, m["tok"])


def _item_at(
    text: str, pos: int, skip: list[tuple[int, int]], first: bool, cued: bool = False
) -> tuple[_Item | None, str]:
    """The digit item starting at `pos` (after a gap unless `first`), and the word found there; `cued` when
    the spoken digits so far follow "ending" or "last four"."""
    m = _NEXT.match(text, pos)
    if m is None or (not first and not m["gap"]):
        return None, ""
    tok, start, end = m["tok"], m.start("tok"), m.end()
    if tok in DIGIT_WORDS:
        return _Item(DIGIT_WORDS[tok], start, end, True, tok), tok
    if tok in _DIGIT_LIKE and _heard_digit(text, start, end, cued):
        return _Item(_DIGIT_LIKE[tok], start, end, True, tok), tok
    if tok in _REPEAT:
        repeated, _ = _item_at(text, end, skip, first=False)
        if repeated is not None and len(repeated.digits) == 1 and repeated.word not in _REPEAT:
            return _Item(repeated.digits * _REPEAT[tok], start, repeated.end, True, tok), tok
        return None, tok
    if tok.isdigit() and _literal_ok(text, start, end, skip):
        return _Item(tok, start, end, False, tok), tok
    return None, tok


def _trim(text: str, run: list[_Item], after: str) -> list[_Item]:
    """Give back spoken digits that belong to a number on either side of the run."""
    if run[-1].spoken and after in MAGNITUDE_WORDS:
        run = run[:-1]  # "five thousand"
    if run and run[0].spoken:
        before = _WORD_BEFORE.search(text, max(0, run[0].start - _LONGEST_WORD_BEFORE), run[0].start)
        if before is not None and before.group(1) in _NUMBER_BEFORE:
            run = run[1:]  # "twenty one"
    if len(run) > 1 and run[0].word == "oh" and text[run[0].end : run[0].end + 1] == ",":
        run = run[1:]  # "oh, one two three" opens with an interjection
    return run


def _extraction(text: str, run: list[_Item]) -> Extraction[str]:
    spoken = {item.spoken for item in run}
    rule = "digits_mixed" if len(spoken) == 2 else "digits_spoken" if True in spoken else "digits_literal"
    start, end = run[0].start, run[-1].end
    return Extraction(start, end, text[start:end], "".join(item.digits for item in run), rule)


def find_digit_strings(text: str, *, min_len: int = 2) -> list[Extraction[str]]:
    """Digit strings of at least `min_len` digits in folded `text`, spoken, written or mixed.

    >>> [e.value for e in find_digit_strings("card ending double eight three oh")]
    ['8830']
    """
    skip = [m.span() for m in _ISO_DATE.finditer(text)] if "-" in text else []
    out: list[Extraction[str]] = []
    pos = 0
    while (start := _START.search(text, pos)) is not None:
        cued = _ENDING_CUE.search(text, max(0, start.start() - 30), start.start()) is not None
        item, _ = _item_at(text, start.start(), skip, first=True, cued=cued)
        if item is None:
            pos = start.end()
            continue
        run = [item]
        while True:
            cued = cued and all(item.spoken for item in run)
            item, after = _item_at(text, run[-1].end, skip, first=False, cued=cued)
            item = item or _fourth_heard(text, run, cued)
            if item is None:
                break
            run.append(item)
        pos = run[-1].end
        run = _trim(text, run, after)
        if run and sum(len(item.digits) for item in run) >= min_len:
            out.append(_extraction(text, run))
    if not text.isascii():
        out.extend(_kanji_digits(text, min_len))
        out.extend(_kana_digits(text, min_len))
        out.sort(key=lambda e: e.start)
    return out


# Digits written in kanji one by one, with no place word (十百千万): 末尾一二三四, 九九二〇 — a code, not
# a number (二千 or 三万 are amounts, read by the amount scanner).
_KANJI_DIGITS = "".join(KANJI_DIGITS)
_PLACES = "".join(SMALL) + "".join(LARGE)
_KANJI_RUN = re.compile(f"(?<![{_KANJI_DIGITS}{_PLACES}])[{_KANJI_DIGITS}]{{3,}}(?![{_PLACES}円])")


def _kanji_digits(text: str, min_len: int) -> list[Extraction[str]]:
    out = []
    for m in _KANJI_RUN.finditer(text):
        digits = "".join(str(KANJI_DIGITS[c]) for c in m.group())
        if len(digits) >= min_len:
            out.append(Extraction(m.start(), m.end(), m.group(), digits, "kanji_digits"))
    return out


# Digits said in kana one by one (末尾いちにさんよん, 下4桁キュウキュウニーゼロ), read only right after a word
# naming a card's or account's digits: elsewhere に, さん, し, く are particles, honorifics and words.
_KANA_DIGIT = {
    "ぜろ": 0, "れい": 0, "まる": 0, "いち": 1, "に": 2, "さん": 3, "よん": 4, "し": 4, "ご": 5,
    "ろく": 6, "なな": 7, "しち": 7, "はち": 8, "きゅう": 9, "く": 9,
}  # fmt: skip
_KANA_WORD = "|".join(sorted(_KANA_DIGIT, key=len, reverse=True))
_KANA_ITEM = re.compile(rf"[、,\s・]*({_KANA_WORD})ー?")
_KANA_RUN = re.compile(
    rf"(?:末尾|下[4四]桁|(?:最後|らすと)の?[4四]桁|番号)(?:[がはの]|です)?[、,\s]*"
    rf"(?P<run>(?:{_KANA_WORD})ー?(?:[、,\s・]*(?:{_KANA_WORD})ー?){{2,7}})"
)


def _kana_digits(text: str, min_len: int) -> list[Extraction[str]]:
    hiragana = katakana_to_hiragana(text)  # same length: spans index `text`
    out = []
    for m in _KANA_RUN.finditer(hiragana):
        digits = "".join(str(_KANA_DIGIT[w]) for w in _KANA_ITEM.findall(m.group("run")))
        if len(digits) >= min_len:
            start, end = m.span("run")
            out.append(Extraction(start, end, text[start:end], digits, "kana_digits"))
    return out
