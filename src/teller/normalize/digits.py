"""Digit strings: card endings, account numbers and codes, spoken digit by digit or written.

"four oh five six" → "4056", "double eight three oh" → "8830", "zero zero four two" → "0042",
"four 0 five six" → "4056", "1234-5678" → "12345678". The value keeps leading zeros.

A spoken digit that belongs to a number is not a digit: in "send five thousand" the "five" is
read by the amount scanner, and in "twenty one" the "one" completes "twenty".
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from teller.domain.trace import Extraction
from teller.normalize.numbers_en import MAGNITUDE_WORDS, TENS

DIGIT_WORDS: dict[str, str] = {
    "zero": "0", "oh": "0", "o": "0", "one": "1", "two": "2", "three": "3", "four": "4", "five": "5",
    "six": "6", "seven": "7", "eight": "8", "nine": "9",
}  # fmt: skip
_REPEAT = {"double": 2, "triple": 3}
# Grouped or decimal literals ("5,000", "12.99") are amounts; they are matched whole so they break runs.
_TOKEN = re.compile(r"\d+(?:[.,]\d+)*|[a-z]+")
_GAPS = frozenset({" ", "-", ",", ", ", " - "})
_ISO_DATE = re.compile(r"\d{4}-\d{1,2}-\d{1,2}")
# A word before the first spoken digit that makes it part of a number: "twenty one", "hundred and five".
_NUMBER_BEFORE = frozenset({*TENS, *MAGNITUDE_WORDS, "and"})
# Characters that make adjacent digits an amount or an ordinal rather than a code.
_AMOUNT_BEFORE = frozenset("$¥€£")
_AMOUNT_AFTER = frozenset("円万千百億兆")
_ASCII_LETTER = re.compile(r"[a-z]")


@dataclass(frozen=True, slots=True)
class _Item:
    digits: str
    start: int
    end: int
    spoken: bool


def _literal_item(text: str, start: int, end: int, token: str) -> _Item | None:
    if not token.isdigit():
        return None
    before = text[start - 1] if start else ""
    after = text[end] if end < len(text) else ""
    if before in _AMOUNT_BEFORE or after in _AMOUNT_AFTER:
        return None
    if _ASCII_LETTER.fullmatch(before or "_") or _ASCII_LETTER.fullmatch(after or "_"):
        return None  # "28th", "a1", "5pm"
    return _Item(token, start, end, spoken=False)


@dataclass(frozen=True, slots=True)
class _Token:
    text: str
    start: int
    end: int
    joined: bool  # only a space, hyphen or comma separates it from the previous token
    item: _Item | None


def _tokens(text: str) -> list[_Token]:
    skip = [m.span() for m in _ISO_DATE.finditer(text)] if "-" in text else []
    out: list[_Token] = []
    prev_end: int | None = None
    for match in _TOKEN.finditer(text):
        token, start, end = match.group(), match.start(), match.end()
        joined = prev_end is not None and text[prev_end:start] in _GAPS
        item: _Item | None = None
        if token in DIGIT_WORDS:
            item = _Item(DIGIT_WORDS[token], start, end, spoken=True)
        elif token[0].isdigit() and not any(s <= start < e for s, e in skip):
            item = _literal_item(text, start, end, token)
        out.append(_Token(token, start, end, joined, item))
        prev_end = end
    return out


def _items(tokens: list[_Token]) -> list[_Token]:
    """Fold "double X" / "triple X" into one token whose item repeats X."""
    out: list[_Token] = []
    i = 0
    while i < len(tokens):
        tok = tokens[i]
        nxt = tokens[i + 1] if i + 1 < len(tokens) else None
        if tok.text in _REPEAT and nxt and nxt.joined and nxt.item and len(nxt.item.digits) == 1:
            item = _Item(nxt.item.digits * _REPEAT[tok.text], tok.start, nxt.end, spoken=True)
            out.append(_Token(tok.text, tok.start, nxt.end, tok.joined, item))
            i += 2
        else:
            out.append(tok)
            i += 1
    return out


def _trim(text: str, run: list[_Token], before: _Token | None, after: _Token | None) -> list[_Token]:
    """Give back spoken digits that belong to a number on either side of the run."""
    last, first = run[-1], run[0]
    if last.item and last.item.spoken and after and after.joined and after.text in MAGNITUDE_WORDS:
        run = run[:-1]  # "five thousand"
    if run and first.item and first.item.spoken and first.joined and before and before.text in _NUMBER_BEFORE:
        run = run[1:]  # "twenty one"
    if len(run) > 1 and run[0].text == "oh" and text[run[0].end : run[0].end + 1] == ",":
        run = run[1:]  # "oh, one two three" opens with an interjection
    return run


def _extraction(text: str, run: list[_Token]) -> Extraction[str]:
    items = [tok.item for tok in run if tok.item]
    spoken = {item.spoken for item in items}
    rule = "digits_mixed" if len(spoken) == 2 else "digits_spoken" if True in spoken else "digits_literal"
    start, end = run[0].start, run[-1].end
    return Extraction(start, end, text[start:end], "".join(item.digits for item in items), rule)


def find_digit_strings(text: str, *, min_len: int = 2) -> list[Extraction[str]]:
    """Digit strings of at least `min_len` digits in folded `text`, spoken, written or mixed.

    >>> [e.value for e in find_digit_strings("card ending double eight three oh")]
    ['8830']
    """
    tokens = _items(_tokens(text))
    out: list[Extraction[str]] = []
    i = 0
    while i < len(tokens):
        if tokens[i].item is None:
            i += 1
            continue
        j = i + 1
        while j < len(tokens) and tokens[j].item is not None and tokens[j].joined:
            j += 1
        before = tokens[i - 1] if i else None
        after = tokens[j] if j < len(tokens) else None
        run = _trim(text, tokens[i:j], before, after)
        if run and sum(len(tok.item.digits) for tok in run if tok.item) >= min_len:
            out.append(_extraction(text, run))
        i = j
    return out
