"""parse_number_words_en and parse_number_ja: whole strings that are one number, else None."""

from __future__ import annotations

from decimal import Decimal

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st
from num2words import num2words

from teller.normalize import find_amounts, parse_number_ja, parse_number_words_en
from teller.normalize.numbers_ja import NUMERAL_CHARS

FAST = settings(max_examples=400, deadline=None)

EN = [
    ("zero", "0"),
    ("five", "5"),
    ("thirty-four", "34"),
    ("a hundred", "100"),
    ("one hundred and five", "105"),
    ("one hundred five", "105"),
    ("twelve hundred", "1200"),
    ("twelve thousand four hundred", "12400"),
    ("one thousand, two hundred and thirty-four", "1234"),
    ("one million, one thousand", "1001000"),
    ("three grand", "3000"),
    ("1.5 million", "1500000"),
    ("5 thousand", "5000"),
    ("two point five", "2.5"),
    ("one point oh five million", "1050000"),
    ("12,000", "12000"),
    ("one billion", "1000000000"),
]


@pytest.mark.parametrize(("words", "value"), EN)
def test_en_examples(words: str, value: str) -> None:
    """Common English spellings of numbers parse to their value."""
    assert parse_number_words_en(words) == Decimal(value)


@pytest.mark.parametrize(
    "words",
    ["", "a", "and", "hundred", "five five", "twenty twelve", "one thousand twelve hundred", "one and",
     "thousand thousand", "one hundred hundred", "five dollars", "1,2", "ten eleven", "zero five"],
)  # fmt: skip
def test_en_rejects_non_numbers(words: str) -> None:
    """Strings that are not exactly one number give None rather than a guess."""
    assert parse_number_words_en(words) is None


@FAST
@given(st.integers(min_value=0, max_value=10**9))
@example(0)
@example(10**9)
@example(999_999_999)
@example(100_100)
def test_en_num2words_round_trip(n: int) -> None:
    """Every integer up to a billion written by num2words parses back to itself."""
    assert parse_number_words_en(num2words(n)) == n


@FAST
@given(st.integers(min_value=0, max_value=10**9))
def test_en_num2words_found_as_one_amount(n: int) -> None:
    """num2words text followed by 'dollars' is one USD amount spanning the whole text."""
    text = num2words(n).replace(",", ", ").replace("  ", " ") + " dollars"
    found = find_amounts(text)
    assert [(e.start, e.end, e.value.major, e.value.currency) for e in found] == [(0, len(text), n, "USD")]


JA = [
    ("五千", "5000"),
    ("一万二千四百", "12400"),
    ("1万2千", "12000"),
    ("150万", "1500000"),
    ("三千二百", "3200"),
    ("12000", "12000"),
    ("12,000", "12000"),
    ("百万千", "1001000"),
    ("十億", "1000000000"),
    ("1.5万", "15000"),
    ("二〇二六", "2026"),
    ("零", "0"),
    ("二千5", "2005"),
]


@pytest.mark.parametrize(("numeral", "value"), JA)
def test_ja_examples(numeral: str, value: str) -> None:
    """Kanji numerals, digits with kanji magnitudes and plain digits parse to their value."""
    assert parse_number_ja(numeral) == Decimal(value)


@pytest.mark.parametrize(
    "numeral", ["", "千千", "1万12000", "二千5000", "万", "一郎", "百十百", "5 千", "12000万"]
)
def test_ja_rejects_malformed(numeral: str) -> None:
    """Malformed or non-numeral strings give None."""
    assert parse_number_ja(numeral) is None


@FAST
@given(st.integers(min_value=0, max_value=10**13))
@example(10**4)
@example(10**8)
@example(1_001_000)
def test_ja_num2words_round_trip(n: int) -> None:
    """num2words' kanji form of an integer parses back to it."""
    kanji = num2words(n, lang="ja")
    if all(ch in NUMERAL_CHARS for ch in kanji):
        assert parse_number_ja(kanji) == n


@FAST
@given(st.integers(min_value=0, max_value=10**12))
def test_ja_kanji_yen_found(n: int) -> None:
    """A kanji numeral followed by 円 inside a sentence is one JPY amount."""
    kanji = num2words(n, lang="ja")
    found = find_amounts(f"佐藤さんに{kanji}円を送って")
    assert [(e.surface, e.value.major, e.value.currency) for e in found] == [(kanji + "円", n, "JPY")]


@FAST
@given(st.integers(min_value=0, max_value=10**15))
def test_digits_with_and_without_separators(n: int) -> None:
    """str(n) and its comma-grouped form parse back in both languages and as an amount."""
    for written in (str(n), f"{n:,}"):
        assert parse_number_words_en(written) == n
        assert parse_number_ja(written) == n
        assert [e.value.major for e in find_amounts(written)] == [n]


def test_long_digit_strings_stay_exact() -> None:
    """A literal longer than Decimal's default 28 digits is returned exactly, not rounded."""
    digits = "1234567890" * 4
    assert parse_number_words_en(digits) == int(digits)
    assert parse_number_ja(digits) == int(digits)
    assert find_amounts(digits)[0].value.major == int(digits)
