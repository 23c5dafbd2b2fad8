"""English numbers: spoken words ("two hundred and fifty"), digits ("1,250.50") and mixes ("1.5 million").

The core is a small state machine over word tokens that accepts the grammar of spoken English
cardinals and stops at the first word that cannot continue the number. Scanning callers
(`teller.normalize.amounts`) use the longest accepted prefix; `parse_number_words_en` demands that
the whole string is one number.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from decimal import Decimal
from enum import Enum, auto

UNITS: dict[str, int] = {
    "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9,
}  # fmt: skip
TEENS: dict[str, int] = {
    "ten": 10, "eleven": 11, "twelve": 12, "thirteen": 13, "fourteen": 14, "fifteen": 15,
    "sixteen": 16, "seventeen": 17, "eighteen": 18, "nineteen": 19,
}  # fmt: skip
TENS: dict[str, int] = {
    "twenty": 20, "thirty": 30, "forty": 40, "fourty": 40, "fifty": 50, "sixty": 60, "seventy": 70,
    "eighty": 80, "ninety": 90,
}  # fmt: skip
# "grand" only ever means thousand when it follows a number ("three grand", "a grand").
BIG: dict[str, int] = {
    "thousand": 10**3, "grand": 10**3, "k": 10**3, "million": 10**6, "billion": 10**9, "trillion": 10**12,
}  # fmt: skip
MAGNITUDE_WORDS = frozenset({"hundred", *BIG})
# Digits spoken after "point": "one point five", "two point oh five".
_DECIMAL_DIGITS: dict[str, int] = {"zero": 0, "oh": 0, "o": 0, **UNITS}
NUMBER_WORDS = frozenset({"zero", "hundred", *UNITS, *TEENS, *TENS, *BIG} - {"k", "grand"})

# Grouped thousands must be followed by a non-digit so "1,2345" is not read as 1,234 + 5.
LITERAL = r"(?:\d{1,3}(?:,\d{3})+(?!\d)|\d+)(?:\.\d+)?"
_WORD_OR_LITERAL = re.compile(LITERAL + r"|[a-z]+")
# What may stand between two words of one number: "thirty-four", "one thousand, two hundred".
_JOIN = re.compile(r"[\s,-]*")


class _Phase(Enum):
    START = auto()  # nothing consumed yet
    A = auto()  # "a", waiting for hundred / thousand / grand
    ZERO = auto()
    UNIT = auto()  # a unit with no tens before it in this group
    TEEN = auto()
    TENS = auto()
    TENS_UNIT = auto()
    HUNDRED = auto()
    BIG = auto()  # a thousand / million / ... just closed a group
    LITERAL = auto()  # a number written in digits
    POINT = auto()  # "point", waiting for a digit word
    FRACTION = auto()  # digits after "point"
    DONE = auto()  # nothing may follow (e.g. "1.5 million")


_LOWER = (_Phase.UNIT, _Phase.TEEN, _Phase.TENS, _Phase.TENS_UNIT)


@dataclass(slots=True)
class NumberMachine:
    """Feeds word tokens one by one; `accepting` says whether the words so far form a whole number."""

    total: Decimal = Decimal(0)
    group: Decimal = Decimal(0)
    phase: _Phase = _Phase.START
    last_big: int = 0  # 0 = no big magnitude yet
    after_and: bool = False
    fraction: str = ""
    literal_small_int: bool = False

    @property
    def accepting(self) -> bool:
        """True when the consumed words are a complete number."""
        if self.after_and or self.phase in (_Phase.START, _Phase.A, _Phase.POINT):
            return False
        # "one thousand twelve hundred" is not a number: a trailing group must fit below the last magnitude.
        return not self.last_big or self.group < self.last_big

    @property
    def value(self) -> Decimal:
        """The number read so far (meaningful only when `accepting`)."""
        if self.phase is _Phase.FRACTION:
            return self.total + self.group + Decimal("0." + self.fraction)
        # Adding zero would round a long literal to the 28 digits of the default Decimal context.
        return self.total + self.group if self.total else self.group

    def feed_literal(self, value: Decimal) -> bool:
        """A number written in digits may only start a phrase ("1.5 million", "5 thousand")."""
        if self.phase is not _Phase.START:
            return False
        self.group = value
        self.phase = _Phase.LITERAL
        self.literal_small_int = value == value.to_integral_value() and 0 < value < 100
        return True

    def feed(self, word: str) -> bool:
        """Consume one word; False (and no change) when it cannot continue the number."""
        phase = self.phase
        if self.after_and and word not in UNITS and word not in TEENS and word not in TENS:
            return False
        if phase is _Phase.POINT or phase is _Phase.FRACTION:
            return self._feed_fraction(word)
        if phase is _Phase.DONE:
            return False
        if word in UNITS:
            if phase not in (_Phase.START, _Phase.TENS, _Phase.HUNDRED, _Phase.BIG):
                return False
            self.group += UNITS[word]
            self.phase = _Phase.TENS_UNIT if phase is _Phase.TENS else _Phase.UNIT
        elif word in TEENS or word in TENS:
            if phase not in (_Phase.START, _Phase.HUNDRED, _Phase.BIG):
                return False
            if word in TEENS:
                self.group += TEENS[word]
                self.phase = _Phase.TEEN
            else:
                self.group += TENS[word]
                self.phase = _Phase.TENS
        elif word == "hundred":
            small = (
                phase in _LOWER or phase is _Phase.A or (phase is _Phase.LITERAL and self.literal_small_int)
            )
            if not small or self.group >= 100:  # a second hundred in one group never fits
                return False
            self.group *= 100
            self.phase = _Phase.HUNDRED
        elif word in BIG:
            return self._feed_big(word)
        elif word == "and":
            if phase is not _Phase.HUNDRED and phase is not _Phase.BIG:
                return False
            self.after_and = True
            return True
        elif word == "a":
            if phase is not _Phase.START:
                return False
            self.group = Decimal(1)
            self.phase = _Phase.A
        elif word == "zero":
            if phase is not _Phase.START:
                return False
            self.phase = _Phase.ZERO
        elif word == "point":
            if phase not in (*_LOWER, _Phase.ZERO, _Phase.HUNDRED) or self.last_big:
                return False
            self.phase = _Phase.POINT
        else:
            return False
        self.after_and = False
        return True

    def _feed_big(self, word: str) -> bool:
        magnitude = BIG[word]
        phase = self.phase
        if phase is _Phase.FRACTION:
            if word in ("k", "grand"):
                return False
            # "one point five million": the fraction scales with the magnitude, and nothing may follow.
            self.total = (self.group + Decimal("0." + self.fraction)) * magnitude
            self.group = Decimal(0)
            self.fraction = ""
            self.phase = _Phase.DONE
            return True
        if word == "k" and phase is not _Phase.LITERAL:
            return False
        if phase in (_Phase.START, _Phase.ZERO, _Phase.BIG) or self.group == 0:
            return False
        if (self.last_big and magnitude >= self.last_big) or (phase is _Phase.LITERAL and self.group >= 1000):
            return False
        decimal_literal = phase is _Phase.LITERAL and self.group != self.group.to_integral_value()
        self.total += self.group * magnitude
        self.group = Decimal(0)
        self.last_big = magnitude
        self.phase = _Phase.DONE if decimal_literal or word in ("grand", "k") else _Phase.BIG
        return True

    def _feed_fraction(self, word: str) -> bool:
        if word in _DECIMAL_DIGITS:
            self.fraction += str(_DECIMAL_DIGITS[word])
            self.phase = _Phase.FRACTION
            return True
        return word in BIG and self.phase is _Phase.FRACTION and self._feed_big(word)


def parse_number_words_en(text: str) -> Decimal | None:
    """The number when the whole of `text` is one English number, in words, digits or both; else None.

    >>> parse_number_words_en("one thousand, two hundred and thirty-four")
    Decimal('1234')
    """
    machine = NumberMachine()
    pos = 0
    text = text.casefold()
    for match in _WORD_OR_LITERAL.finditer(text):
        if not _JOIN.fullmatch(text, pos, match.start()):
            return None
        word = match.group()
        if word[0].isdigit():
            if not machine.feed_literal(parse_literal(word)):
                return None
        elif not machine.feed(word):
            return None
        pos = match.end()
    if not _JOIN.fullmatch(text, pos):
        return None
    return machine.value if machine.accepting else None


def parse_literal(text: str) -> Decimal:
    """A digit literal such as "1,250.50" as a Decimal (the caller has matched `LITERAL`)."""
    return Decimal(text.replace(",", ""))
