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
    "ドル": "USD", "ユーロ": "EUR", "ポンド": "GBP",
}  # fmt: skip
_JA_SUFFIXES = ("円", "ドル", "ユーロ", "ポンド")  # written right after a Japanese amount
_PREFIXES = frozenset({"$", "¥", "€", "£", "usd", "jpy", "eur", "gbp"})
_CENTS = frozenset({"cent", "cents", "pence"})
_HAS_MINOR_UNIT = frozenset({"USD", "EUR", "GBP"})
# Words that may open a number; "a" only when "hundred"/"thousand"/"grand" follows, which the machine checks.
_STARTERS = NUMBER_WORDS | {"a"}
# Letters glued to digits that still leave the digits an amount: "5k", "20000jpy".
_GLUED_OK = frozenset({"k"} | {w for w in CURRENCY_WORDS if w.isascii() and w.isalpha()})

# One token and the gap before it. Only a space, hyphen or comma may join the words of one number.
_NEXT = re.compile(r"(?P<gap>, ?| |-)?(?P<tok>" + LITERAL + r"|[a-z]+|[$¥€£円]|ドル|ユーロ|ポンド)")
_JOIN_GAPS = frozenset({" ", "-", ",", ", "})
_CURRENCY_GAPS = frozenset({"", " ", "-"})  # "5円", "5 yen", "a 5-dollar bill"
_PREFIX_GAPS = frozenset({"", " "})
# Where an amount can begin; everything else in the text is skipped by one regex search.
_START = re.compile(
    r"[$¥€£]|(?<![0-9])[0-9]|(?<![a-z])(?:"
    + "|".join(sorted((_STARTERS | _PREFIXES) - set("$¥€£"), key=len, reverse=True))
    + r")(?![a-z])"
)
_ALNUM_BEFORE = re.compile(r"[a-z0-9._]")
_GLUED_AFTER = re.compile(r"[a-z_]+")

_JA_RUN = re.compile(r"¥?(?:" + LITERAL + "|[" + NUMERAL_CHARS + "])+")
_JA_KANJI = re.compile("[" + NUMERAL_CHARS + "]")
_JA_MAGNITUDE = re.compile("[" + "".join(SMALL) + "".join(LARGE) + "]")
_JA_COUNTERS = frozenset("件回個枚人名本つ")
# 数千円 is "several thousand yen", not ¥1,000.
_JA_VAGUE = frozenset("数何幾")


def _is_ideograph(ch: str) -> bool:
    return "\u4e00" <= ch <= "\u9fff" or "\u3400" <= ch <= "\u4dbf" or "\u30a0" <= ch <= "\u30ff"


@dataclass(slots=True)
class _Tok:
    text: str
    start: int
    end: int
    gap: str  # what separates it from the token before: "", " ", "-", "," or ", "


def _tok_at(text: str, pos: int) -> _Tok | None:
    m = _NEXT.match(text, pos)
    return None if m is None else _Tok(m["tok"], m.start("tok"), m.end(), m["gap"] or "")


def _literal_ok(text: str, start: int, end: int) -> bool:
    """Digits glued to letters ("28th", "5pm", "p_201") are not amounts; "5k" and "20000jpy" are."""
    if start and _ALNUM_BEFORE.match(text, start - 1):
        return False
    glued = _GLUED_AFTER.match(text, end)
    return glued is None or glued.group() in _GLUED_OK


def _read_number(text: str, first: _Tok) -> tuple[Decimal, int, str] | None:
    """The longest number starting with token `first`: (value, end offset, rule)."""
    machine = NumberMachine()
    if first.text[0].isdigit():
        if not _literal_ok(text, first.start, first.end):
            return None
        machine.feed_literal(parse_literal(first.text))
        rule = "digits_grouped" if "," in first.text else "digits"
    elif first.text in _STARTERS and machine.feed(first.text):
        rule = "en_words"
    else:
        return None
    best = (machine.value, first.end, rule) if machine.accepting else None
    tok = _tok_at(text, first.end)
    while tok is not None:
        # "5k" is the only word allowed to touch what comes before it.
        glued_k = tok.gap == "" and tok.text == "k" and tok.start == first.end
        if not (tok.gap in _JOIN_GAPS or glued_k) or not machine.feed(tok.text):
            break
        if rule != "en_words" and tok.text in MAGNITUDE_WORDS:
            rule = "digits_magnitude"
        if machine.accepting:
            best = (machine.value, tok.end, rule)
        tok = _tok_at(text, tok.end)
    return best


def _currency_at(text: str, pos: int) -> tuple[str, int] | None:
    """A currency named right after `pos` ("dollars", "us dollars", "円"): (code, end offset)."""
    tok = _tok_at(text, pos)
    if tok is None or tok.gap not in _CURRENCY_GAPS:
        return None
    if tok.text == "us":
        dollars = _tok_at(text, tok.end)
        if dollars and dollars.gap == " " and dollars.text in ("dollar", "dollars"):
            return "USD", dollars.end
    code = CURRENCY_WORDS.get(tok.text)
    return (code, tok.end) if code else None


def _cents_at(text: str, pos: int) -> tuple[Decimal, int] | None:
    """ "and fifty cents" / "5 cents" after a currency word: (cents, end offset)."""
    tok = _tok_at(text, pos)
    if tok is not None and tok.text == "and" and tok.gap == " ":
        tok = _tok_at(text, tok.end)
    if tok is None or tok.gap != " ":
        return None
    read = _read_number(text, tok)
    if read is None:
        return None
    cents, end, _ = read
    unit = _tok_at(text, end)
    named = unit is not None and unit.text in _CENTS and unit.gap == " "
    if unit is None or not named or cents != cents.to_integral_value() or not 0 <= cents < 100:
        return None
    return cents, unit.end


def _tidy(value: Decimal) -> Decimal:
    """Integral values lose the exponent that scaling left behind (1.5 million → 1500000, not 1500000.0)."""
    return Decimal(int(value)) if value == value.to_integral_value() else value


def _amount_at(text: str, start: int) -> Extraction[AmountValue] | None:
    first = _tok_at(text, start)
    if first is None:
        return None
    currency = None
    if first.text in _PREFIXES:
        after = _tok_at(text, first.end)
        if after is None or after.gap not in _PREFIX_GAPS:
            return None
        currency, number = CURRENCY_WORDS[first.text], after
    else:
        number = first
    read = _read_number(text, number)
    if read is None:
        return None
    value, end, rule = read
    suffix = _currency_at(text, end)
    if suffix and currency in (None, suffix[0]):
        currency, end = suffix
    cents = _cents_at(text, end) if currency in _HAS_MINOR_UNIT else None
    if cents:
        value, end = value + cents[0].scaleb(-2), cents[1]
        rule += "+cents"
    elif currency is None:
        unit = _tok_at(text, end)
        if unit is not None and unit.text in _CENTS and unit.gap == " ":
            value, end, rule = value.scaleb(-2), unit.end, "cents"
    return Extraction(first.start, end, text[first.start : end], AmountValue(_tidy(value), currency), rule)


def _scan_en(text: str) -> list[Extraction[AmountValue]]:
    found: list[Extraction[AmountValue]] = []
    pos = 0
    while (start := _START.search(text, pos)) is not None:
        amount = _amount_at(text, start.start())
        if amount is None:
            pos = start.end()
        else:
            found.append(amount)
            pos = amount.end
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
        after_pos = end + 1 if text[end : end + 1] == " " and text[end + 1 : end + 2] in "円ドユポ" else end
        after = text[after_pos] if after_pos < len(text) else ""
        suffix = next((x for x in _JA_SUFFIXES if text.startswith(x, after_pos)), "")
        if before in _JA_VAGUE:
            continue
        currency: str | None = "JPY" if yen_prefix else CURRENCY_WORDS.get(suffix)
        has_digits = any(ch.isdigit() for ch in body)
        rule = "ja_man_digits" if has_digits else "ja_kanji_numeral"
        if not has_digits and currency is None and after not in _JA_COUNTERS:
            # A lone kanji numeral run is a number only with magnitude structure and away from other kanji.
            standalone = not _is_ideograph(before) and not _is_ideograph(after)
            if len(body) < 2 or not _JA_MAGNITUDE.search(body) or not standalone:
                continue
        if suffix:
            end = after_pos + len(suffix)
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
