"""Deterministic normalization: fold the text, then find amounts, dates and digit strings in it.

Every extractor takes text already passed through `fold` and returns `Extraction`s whose spans
index that folded text, each naming the rule that produced it for the audit trail.
"""

from teller.normalize.amounts import AmountValue, find_amounts
from teller.normalize.dates import find_dates
from teller.normalize.digits import find_digit_strings
from teller.normalize.numbers_en import parse_number_words_en
from teller.normalize.numbers_ja import parse_number_ja
from teller.normalize.text import fold, is_japanese, strip_honorifics, to_romaji

__all__ = [
    "AmountValue",
    "find_amounts",
    "find_dates",
    "find_digit_strings",
    "fold",
    "is_japanese",
    "parse_number_ja",
    "parse_number_words_en",
    "strip_honorifics",
    "to_romaji",
]
