"""correct_keywords: keyboard typos of command keywords, and nothing else."""

from __future__ import annotations

from datetime import date

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from teller.normalize.spelling import KEYWORDS, correct_keywords, correct_word
from teller.normalize.turn import normalize_turn


@pytest.mark.parametrize(
    ("typed", "meant"),
    [
        ("blance", "balance"),
        ("balence", "balance"),
        ("unlcok", "unlock"),
        ("debti", "debit"),
        ("freez", "freeze"),
        ("payes", "payees"),
        ("transactoins", "transactions"),
        ("trnasfer", "transfer"),
        ("acount", "account"),
        ("savngs", "savings"),
        ("electirc", "electric"),
        ("crad", "card"),
        ("lcok", "lock"),
        ("sned", "send"),
    ],
)
def test_one_slip_from_a_keyword_is_corrected(typed: str, meant: str) -> None:
    """A missing, extra, wrong or swapped letter in a keyword is put right."""
    assert correct_word(typed) == meant


@pytest.mark.parametrize(
    "word",
    ["breeze", "freezer", "balanced", "balancing", "later", "table", "monkey", "prison", "sent", "wise"],
)
def test_real_words_and_inflections_are_left_alone(word: str) -> None:
    """Everyday words one letter from a keyword (breeze, later, table) and inflections are not typos."""
    assert correct_word(word) == word


@pytest.mark.parametrize(
    "word", ["pending", "sending", "resent", "costumer", "receives", "brunches", "receiver"]
)
def test_english_words_in_a_word_list_are_never_typos(word: str) -> None:
    """A word of English (pending, resent, costumer) is what was meant, whatever keyword it is near."""
    assert correct_word(word) == word


def test_a_slip_that_fits_two_keywords_is_left_alone() -> None:
    """'interent' is one slip from both internet and interest: no guess."""
    assert correct_word("interent") == "interent"


def test_only_keywords_change_in_a_sentence() -> None:
    """Numbers, names and Japanese pass through as typed."""
    assert correct_keywords("sned 50 dollars to john smith") == "send 50 dollars to john smith"
    assert correct_keywords("佐藤さんに送って") == "佐藤さんに送って"


def test_the_folded_text_names_are_read_from_is_never_corrected() -> None:
    """A payee called Freese stays Freese where names are looked up; only `keywords` is corrected."""
    turn = normalize_turn("send 50 dollars to john freese", today=date(2026, 11, 21))
    assert turn.folded.endswith("john freese")
    assert turn.keywords.endswith("john freeze")


@settings(max_examples=200, deadline=None)
@given(st.lists(st.sampled_from(sorted(KEYWORDS)), min_size=1, max_size=6))
def test_correct_text_is_a_fixed_point(words: list[str]) -> None:
    """Text of correctly spelled keywords comes back unchanged."""
    text = " ".join(words)
    assert correct_keywords(text) == text
