"""Japanese numbers: kanji numerals (一万二千四百), digits with kanji magnitudes (1万2千), plain digits.

Reading follows the positional grammar of Japanese cardinals: 十/百/千 scale a single digit inside a
four-digit section, 万/億/兆 close a section. Each must come in strictly decreasing order, so a
string such as 千千 or 1万12000 is refused rather than guessed at.
"""

from __future__ import annotations

import re
from decimal import Decimal

from teller.normalize.numbers_en import LITERAL, TEENS, TENS, UNITS, parse_literal

KANJI_DIGITS: dict[str, int] = {
    "〇": 0, "零": 0, "一": 1, "二": 2, "三": 3, "四": 4, "五": 5, "六": 6, "七": 7, "八": 8, "九": 9,
}  # fmt: skip
SMALL: dict[str, int] = {"十": 10, "百": 100, "千": 1000}
LARGE: dict[str, int] = {"万": 10**4, "億": 10**8, "兆": 10**12}
# Numerals as a recognizer or a phone writes them in kana (にまん, ごせん), and the kanji each stands for
KANA_NUMERALS: dict[str, str] = {
    "いち": "一", "いっ": "一", "に": "二", "さん": "三", "よん": "四", "ご": "五",
    "ろく": "六", "ろっ": "六",
    "なな": "七", "しち": "七", "はち": "八", "はっ": "八", "きゅう": "九",
    "じゅう": "十", "じゅっ": "十",
    "ひゃく": "百", "びゃく": "百", "ぴゃく": "百", "せん": "千", "ぜん": "千", "まん": "万", "おく": "億",
}  # fmt: skip
NUMERAL_CHARS = "".join(KANJI_DIGITS) + "".join(SMALL) + "".join(LARGE)

# A run of kanji digits is read positionally (二〇二六 → 2026), as dates and codes are often written.
_TOKEN = re.compile(LITERAL + "|[" + "".join(KANJI_DIGITS) + "]+|[" + "".join(SMALL) + "".join(LARGE) + "]")
_SECTION = 10**4


def _kanji_digits(run: str) -> Decimal:
    return Decimal("".join(str(KANJI_DIGITS[ch]) for ch in run))


def _is_int(value: Decimal) -> bool:
    return value == value.to_integral_value()


class _Reader:
    """Accumulates one Japanese numeral token by token; any method returns False on a malformed numeral."""

    __slots__ = ("last_large", "last_small", "pending", "section", "total")

    def __init__(self) -> None:
        self.total = Decimal(0)
        self.section = Decimal(0)
        self.pending: Decimal | None = None
        self.last_small = _SECTION
        self.last_large = 10**16

    def digits(self, value: Decimal) -> bool:
        if self.pending is not None:
            return False
        self.pending = value
        return True

    def small(self, magnitude: int) -> bool:
        coefficient = Decimal(1) if self.pending is None else self.pending
        if magnitude >= self.last_small or not _is_int(coefficient) or not 1 <= coefficient <= 9:
            return False
        self.section += coefficient * magnitude
        self.last_small = magnitude
        self.pending = None
        return True

    def large(self, magnitude: int) -> bool:
        section = self._close_section()
        if section is None or section == 0 or section >= _SECTION or magnitude >= self.last_large:
            return False
        self.total += section * magnitude
        self.last_large = magnitude
        self.section = Decimal(0)
        self.last_small = _SECTION
        return True

    def finish(self) -> Decimal | None:
        section = self._close_section()
        if section is None or (self.last_large < 10**16 and section >= self.last_large):
            return None
        # Adding zero would round a long literal to the 28 digits of the default Decimal context.
        return self.total + section if self.total else section

    def _close_section(self) -> Decimal | None:
        pending, self.pending = self.pending, None
        if pending is None:
            return self.section
        # Digits after 千/百/十 fill the lower places only: 二千5 is 2005, 二千5000 is malformed.
        if self.section and (pending >= self.last_small or not _is_int(pending)):
            return None
        return self.section + pending if self.section else pending


def parse_number_ja(text: str) -> Decimal | None:
    """The number when the whole of `text` is one Japanese numeral (五千, 1万2千, 12,000), else None.

    >>> parse_number_ja("一万二千四百")
    Decimal('12400')
    """
    text = text.strip()
    reader = _Reader()
    pos = 0
    for match in _TOKEN.finditer(text):
        if match.start() != pos:
            return None
        token = match.group()
        pos = match.end()
        if token in SMALL:
            ok = reader.small(SMALL[token])
        elif token in LARGE:
            ok = reader.large(LARGE[token])
        elif token[0] in KANJI_DIGITS:
            ok = reader.digits(_kanji_digits(token))
        else:
            ok = reader.digits(parse_literal(token))
        if not ok:
            return None
    if pos == 0 or pos != len(text):
        return None
    return reader.finish()


def parse_small_number(word: str) -> int | None:
    """A whole number said as one word or numeral, in either language: "7", "seven", "eleven", 七, 十二,
    なな (counts of days or transactions, ways to split, months); amounts have their own readers."""
    if word.isdigit():
        return int(word)
    if (english := UNITS.get(word) or TEENS.get(word) or TENS.get(word)) is not None:
        return english
    said = parse_number_ja(KANA_NUMERALS.get(word, word)) if word else None
    return int(said) if said is not None and said == said.to_integral_value() else None
