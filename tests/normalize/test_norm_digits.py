"""find_digit_strings: codes and card endings, spoken digit by digit or written."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from teller.normalize import find_digit_strings, fold

FAST = settings(max_examples=400, deadline=None)
NAMES = {"0": ["zero", "oh", "o"], "1": ["one"], "2": ["two"], "3": ["three"], "4": ["four"], "5": ["five"],
         "6": ["six"], "7": ["seven"], "8": ["eight"], "9": ["nine"]}  # fmt: skip

CASES = [
    ("one two three four", "1234"),
    ("four oh five six", "4056"),
    ("double eight three oh", "8830"),
    ("zero zero four two", "0042"),
    ("1234", "1234"),
    ("four 0 five six", "4056"),
    ("triple seven four", "7774"),
    ("nine o one", "901"),
    ("1234-5678", "12345678"),
    ("oh oh seven", "007"),
]


@pytest.mark.parametrize(("spoken", "digits"), CASES)
def test_digit_phrases(spoken: str, digits: str) -> None:
    """Each phrase is one digit string spanning all of it, leading zeros kept."""
    text = fold(spoken)
    found = find_digit_strings(text)
    assert [(e.start, e.end, e.value) for e in found] == [(0, len(text), digits)]


IN_SENTENCE = [
    ("lock the card ending in four oh five six", "four oh five six", "4056"),
    ("the one ending in 4321", "4321", "4321"),
    ("末尾1234のカードを止めて", "1234", "1234"),
    ("account double eight three oh please", "double eight three oh", "8830"),
    ("send five thousand to card one two three four", "one two three four", "1234"),
]


@pytest.mark.parametrize(("sentence", "surface", "digits"), IN_SENTENCE)
def test_digits_inside_sentence(sentence: str, surface: str, digits: str) -> None:
    """Only the digit string is found, with its exact surface."""
    found = find_digit_strings(fold(sentence))
    assert [(e.surface, e.value) for e in found] == [(surface, digits)]


@pytest.mark.parametrize(
    "sentence",
    ["send five thousand", "send two hundred dollars", "twenty one", "five", "$1234", "5,000 yen", "12.99",
     "the 28th", "1234円", "2026-12-01", "double", "one hundred and five", "at 10:30", "on 12/25",
     "id p_2019"],
)  # fmt: skip
def test_not_digit_strings(sentence: str) -> None:
    """Numbers, amounts, ordinals and dates are not digit strings."""
    assert find_digit_strings(fold(sentence)) == []


def test_min_len() -> None:
    """Strings shorter than min_len are dropped; a single digit counts when min_len is 1."""
    assert find_digit_strings("ending in four two", min_len=3) == []
    assert [e.value for e in find_digit_strings("press 5", min_len=1)] == ["5"]


def test_digit_before_magnitude_belongs_to_the_number() -> None:
    """A spoken digit followed by thousand/hundred is part of an amount, even at min_len 1."""
    assert find_digit_strings("send five thousand", min_len=1) == []
    assert [e.value for e in find_digit_strings("card one two three hundred", min_len=1)] == ["12"]


def test_rules_say_how_the_digits_were_given() -> None:
    """The rule records spoken, written or mixed digits."""
    rules = [e.rule for e in find_digit_strings("one two or 34 or five 6")]
    assert rules == ["digits_spoken", "digits_literal", "digits_mixed"]


def _spoken(digits: str, data: st.DataObject) -> str:
    words: list[str] = []
    i = 0
    while i < len(digits):
        run = len(digits[i:]) - len(digits[i:].lstrip(digits[i]))
        repeat = data.draw(st.sampled_from([n for n in (1, 2, 3) if n <= run]))
        name = digits[i] if data.draw(st.booleans()) else data.draw(st.sampled_from(NAMES[digits[i]]))
        words.append({1: "", 2: "double ", 3: "triple "}[repeat] + name)
        i += repeat
    return " ".join(words)


@FAST
@given(st.text("0123456789", min_size=2, max_size=16), st.data())
def test_any_spoken_digit_string_round_trips(digits: str, data: st.DataObject) -> None:
    """Digits spoken with words, digits, oh/o, double and triple read back exactly."""
    text = "ending in " + _spoken(digits, data) + " please"
    assert [e.value for e in find_digit_strings(text)] == [digits]
