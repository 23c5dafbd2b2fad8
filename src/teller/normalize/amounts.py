"""Amounts: every number in folded text, with the currency when the text names one.

Two scanners run over the same text and their finds are merged, longest first:

- the English scanner walks word and digit tokens ("$1,250.50", "two hundred and fifty dollars and
  fifty cents", "1.5 million yen", "12000円");
- the Japanese scanner reads runs of kanji numerals and digits with kanji magnitudes (一万二千四百円,
  1万2千円, 150万). Kanji numerals are ordinary characters inside names and words (鈴木一郎, 一番,
  十分), so a run of kanji alone counts only when 円 or a counter follows it, or when it has
  magnitude structure and stands apart from other kanji.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from decimal import Decimal

from teller.domain.trace import Extraction
from teller.normalize.numbers_en import (
    LITERAL,
    MAGNITUDE_WORDS,
    NUMBER_WORDS,
    NumberMachine,
    parse_literal,
)
from teller.normalize.numbers_ja import LARGE, NUMERAL_CHARS, SMALL, parse_number_ja


@dataclass(frozen=True, slots=True)
class AmountValue:
    """A spoken number in major units, and the ISO currency code when the text said one."""

    major: Decimal
    currency: str | None


CURRENCY_WORDS: dict[str, str] = {
    "$": "USD", "dollar": "USD", "dollars": "USD", "buck": "USD", "bucks": "USD", "usd": "USD",
    "¥": "JPY", "円": "JPY", "yen": "JPY", "jpy": "JPY",
    "€": "EUR", "euro": "EUR", "euros": "EUR", "eur": "EUR",
    "£": "GBP", "pound": "GBP", "pounds": "GBP", "quid": "GBP", "gbp": "GBP",
}  # fmt: skip
_PREFIXES = frozenset({"$", "¥", "€", "£", "usd", "jpy", "eur", "gbp"})
_CENTS = frozenset({"cent", "cents", "pence"})
_HAS_MINOR_UNIT = frozenset({"USD", "EUR", "GBP"})
# Words that may open a number; "a" only when "hundred"/"thousand"/"grand" follows, which the machine checks.
_STARTERS = NUMBER_WORDS | {"a"}
# Letters glued to digits that still leave the digits an amount: "5k", "20000jpy".
_GLUED_OK = frozenset({"k"} | {w for w in CURRENCY_WORDS if w.isascii() and w.isalpha()})

_TOKEN = re.compile(LITERAL + r"|[a-z]+|[$¥€£円]")
_WORD_GAP = frozenset({" ", "-", ",", ", "})
_SYMBOL_GAP = frozenset({"", " "})
_ASCII_ALNUM = re.compile(r"[a-z0-9.]")
_ASCII_WORD = re.compile(r"[a-z]+")

_JA_RUN = re.compile(r"¥?(?:" + LITERAL + "|[" + NUMERAL_CHARS + "])+")
_JA_KANJI = re.compile("[" + NUMERAL_CHARS + "]")
_JA_MAGNITUDE = re.compile("[" + "".join(SMALL) + "".join(LARGE) + "]")
_JA_COUNTERS = frozenset("件回個枚人名本つ")
# 数千円 is "several thousand yen", not ¥1,000.
_JA_VAGUE = frozenset("数何幾")


def _is_ideograph(ch: str) -> bool:
    return "\u4e00" <= ch <= "\u9fff" or "\u3400" <= ch <= "\u4dbf" or "\u30a0" <= ch <= "\u30ff"


@dataclass(frozen=True, slots=True)
class _Token:
    text: str
    start: int
    end: int
    gap: str  # text between the previous token and this one


def _tokens(text: str) -> list[_Token]:
    out: list[_Token] = []
    prev_end = 0
    for match in _TOKEN.finditer(text):
        out.append(_Token(match.group(), match.start(), match.end(), text[prev_end : match.start()]))
        prev_end = match.end()
    return out


def _literal_ok(text: str, tokens: list[_Token], i: int) -> bool:
    """Digits glued to letters ("28th", "5pm", "a1") are not amounts; "5k" and "20000jpy" are."""
    tok = tokens[i]
    if tok.start and _ASCII_ALNUM.match(text, tok.start - 1):
        return False
    nxt = tokens[i + 1] if i + 1 < len(tokens) else None
    return nxt is None or nxt.gap != "" or not _ASCII_WORD.fullmatch(nxt.text) or nxt.text in _GLUED_OK


def _joined(tok: _Token) -> bool:
    return tok.gap in _WORD_GAP


def _read_number(text: str, tokens: list[_Token], i: int) -> tuple[Decimal, int, str] | None:
    """Longest number starting at token i: (value, index after it, rule)."""
    machine = NumberMachine()
    first = tokens[i].text
    if first[0].isdigit():
        if not _literal_ok(text, tokens, i):
            return None
        machine.feed_literal(parse_literal(first))
        rule = "digits_grouped" if "," in first else "digits"
    elif first in _STARTERS and machine.feed(first):
        rule = "en_words"
    else:
        return None
    best = (machine.value, i + 1, rule) if machine.accepting else None
    j = i + 1
    while j < len(tokens):
        tok = tokens[j]
        # "5k" is the only word allowed to touch digits.
        glued_k = tok.gap == "" and tok.text == "k" and j == i + 1
        if not (_joined(tok) or glued_k) or not machine.feed(tok.text):
            break
        if rule != "en_words" and tok.text in MAGNITUDE_WORDS:
            rule = "digits_magnitude"
        j += 1
        if machine.accepting:
            best = (machine.value, j, rule)
    return best


def _currency_at(tokens: list[_Token], j: int, glued_ok: bool) -> tuple[str, int] | None:
    """A currency named at token j ("dollars", "us dollars", "円"): (code, index after it)."""
    if j >= len(tokens):
        return None
    tok = tokens[j]
    if not (_joined(tok) or (glued_ok and tok.gap in _SYMBOL_GAP)):
        return None
    if tok.text == "us" and j + 1 < len(tokens) and tokens[j + 1].text in ("dollar", "dollars"):
        return "USD", j + 2
    code = CURRENCY_WORDS.get(tok.text)
    return (code, j + 1) if code else None


def _cents_at(text: str, tokens: list[_Token], j: int) -> tuple[Decimal, int] | None:
    """ "and fifty cents" / "5 cents" after a currency word: (cents, index after it)."""
    if j < len(tokens) and tokens[j].text == "and" and _joined(tokens[j]):
        j += 1
    if j >= len(tokens) or not _joined(tokens[j]):
        return None
    read = _read_number(text, tokens, j)
    if read is None:
        return None
    cents, k, _ = read
    named = k < len(tokens) and tokens[k].text in _CENTS and _joined(tokens[k])
    return (cents, k + 1) if named and cents == cents.to_integral_value() and 0 <= cents < 100 else None


def _tidy(value: Decimal) -> Decimal:
    """Integral values lose the exponent that scaling left behind (1.5 million → 1500000, not 1500000.0)."""
    return Decimal(int(value)) if value == value.to_integral_value() else value


def _scan_en(text: str) -> list[Extraction[AmountValue]]:
    tokens = _tokens(text)
    found: list[Extraction[AmountValue]] = []
    i = 0
    while i < len(tokens):
        start_i, currency = i, None
        if tokens[i].text in _PREFIXES and i + 1 < len(tokens) and tokens[i + 1].gap in _SYMBOL_GAP:
            currency = CURRENCY_WORDS[tokens[i].text]
            i += 1
        read = _read_number(text, tokens, i)
        if read is None:
            i = start_i + 1
            continue
        value, end_i, rule = read
        suffix = _currency_at(tokens, end_i, glued_ok=True)
        if suffix and currency in (None, suffix[0]):
            currency, end_i = suffix
        cents = _cents_at(text, tokens, end_i) if currency in _HAS_MINOR_UNIT else None
        if cents:
            value, end_i = value + cents[0].scaleb(-2), cents[1]
            rule += "+cents"
        elif (
            currency is None
            and end_i < len(tokens)
            and tokens[end_i].text in _CENTS
            and _joined(tokens[end_i])
        ):
            value, end_i, rule = value.scaleb(-2), end_i + 1, "cents"
        start, end = tokens[start_i].start, tokens[end_i - 1].end
        found.append(Extraction(start, end, text[start:end], AmountValue(_tidy(value), currency), rule))
        i = end_i
    return found


def _scan_ja(text: str) -> list[Extraction[AmountValue]]:
    found: list[Extraction[AmountValue]] = []
    for match in _JA_RUN.finditer(text):
        run = match.group()
        if not _JA_KANJI.search(run):
            continue  # plain digits are the English scanner's
        yen_prefix = run.startswith("¥")
        body = run[1:] if yen_prefix else run
        value = parse_number_ja(body)
        if value is None:
            continue
        start, end = match.span()
        before = text[start - 1] if start else ""
        after_pos = end + 1 if text[end : end + 2] == " 円" else end
        after = text[after_pos] if after_pos < len(text) else ""
        if before in _JA_VAGUE:
            continue
        currency: str | None = "JPY" if yen_prefix or after == "円" else None
        has_digits = any(ch.isdigit() for ch in body)
        rule = "ja_man_digits" if has_digits else "ja_kanji_numeral"
        if not has_digits and currency is None and after not in _JA_COUNTERS:
            # A lone kanji numeral run is a number only with magnitude structure and away from other kanji.
            standalone = not _is_ideograph(before) and not _is_ideograph(after)
            if len(body) < 2 or not _JA_MAGNITUDE.search(body) or not standalone:
                continue
        if after == "円":
            end = after_pos + 1
        found.append(Extraction(start, end, text[start:end], AmountValue(_tidy(value), currency), rule))
    return found


def find_amounts(text: str) -> list[Extraction[AmountValue]]:
    """Every number in folded `text`, left to right, non-overlapping, with its currency when named.

    >>> [(e.surface, e.value.major, e.value.currency) for e in find_amounts("send $1,250.50 to ken")]
    [('$1,250.50', Decimal('1250.50'), 'USD')]
    """
    found = _scan_en(text)
    if not text.isascii():
        found.extend(_scan_ja(text))
    # Where both scanners read the same characters, the longer reading holds more of what was said.
    chosen: list[Extraction[AmountValue]] = []
    for ext in sorted(found, key=lambda e: (e.start - e.end, e.start)):
        if all(ext.end <= c.start or ext.start >= c.end for c in chosen):
            chosen.append(ext)
    chosen.sort(key=lambda e: e.start)
    return chosen
