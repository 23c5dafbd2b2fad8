"""All extractors: never raise on arbitrary text, and report spans that index the folded text."""

from __future__ import annotations

from datetime import date
from itertools import pairwise

from hypothesis import given, settings
from hypothesis import strategies as st

from teller.domain.trace import Extraction
from teller.normalize import find_amounts, find_dates, find_digit_strings, fold

FAST = settings(max_examples=400, deadline=None)
# Text built from the extractors' own vocabulary finds far more edge cases than random Unicode.
VOCAB = st.lists(
    st.sampled_from(
        [
            "one",
            "two",
            "oh",
            "double",
            "hundred",
            "and",
            "thousand",
            "a",
            "grand",
            "dollars",
            "cents",
            "yen",
            "$",
            "¥",
            "5",
            "12",
            "1,250.50",
            "0.5",
            "next",
            "friday",
            "the",
            "28th",
            "dec",
            "in",
            "days",
            "円",
            "万",
            "千",
            "一",
            "二",
            "十",
            "日",
            "月",
            "後",
            "来週",
            "の",
            "曜日",
            "明日",
            "30",
            "/",
            "-",
            ",",
            " ",
            "k",
            "point",
            "29",
            "feb",
            "件",
            "2026",
        ]
    ),
    max_size=14,
).map(" ".join)


def _check_spans(text: str, found: list[Extraction[object]]) -> None:
    for e in found:
        assert 0 <= e.start < e.end <= len(text)
        assert e.surface == text[e.start : e.end]
        assert e.rule
    for a, b in pairwise(found):
        assert a.end <= b.start


@FAST
@given(st.text())
def test_fold_is_idempotent(raw: str) -> None:
    """Folding folded text changes nothing."""
    assert fold(fold(raw)) == fold(raw)


@FAST
@given(st.one_of(st.text(), VOCAB), st.dates())
def test_extractors_never_raise_and_spans_are_sound(raw: str, today: date) -> None:
    """Any text gives sorted, non-overlapping extractions whose surface is the text at their span."""
    text = fold(raw)
    _check_spans(text, list(find_amounts(text)))
    _check_spans(text, list(find_dates(text, today=today)))
    _check_spans(text, list(find_digit_strings(text)))


@FAST
@given(VOCAB)
def test_extractors_are_deterministic(raw: str) -> None:
    """The same text gives the same extractions every time (no hidden state between calls)."""
    text = fold(raw)
    today = date(2026, 11, 21)
    assert find_amounts(text) == find_amounts(text)
    assert find_dates(text, today=today) == find_dates(text, today=today)
    assert find_digit_strings(text) == find_digit_strings(text)
