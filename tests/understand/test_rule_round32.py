"""Issue 9, round 32 (phrasings written before the code): a card's last digits said in kana
(末尾いちにさんよん) are those digits, only where digits of a card or account are named."""

from __future__ import annotations

from typing import Any

import pytest
from tests.understand.conftest import run

from teller.normalize.digits import find_digit_strings


@pytest.mark.parametrize(
    ("text", "card"),
    [
        ("末尾いちにさんよんのカードをロックして", "k_001"),
        ("下4桁きゅうきゅうにぜろのカード止めて", "k_002"),
        ("末尾はイチニーサンヨンです、そのカードを止めてください", "k_001"),
        ("最後の四桁がきゅうきゅうにーまるのカード、ロックお願い", "k_002"),
        ("えっと、下四桁いち、に、さん、よんのやつ止めといて", "k_001"),
    ],
)
def test_a_cards_last_digits_in_kana_name_that_card(runner: Any, text: str, card: str) -> None:
    result = run(runner, text, "c_001")
    assert (result.intent.value, result.action.value) == ("card_lock", "execute"), result.reason
    assert result.entities.card_id == card


@pytest.mark.parametrize(
    ("text", "digits"),
    [
        ("末尾いちにさんよん", ["1234"]),
        ("下4桁はきゅうきゅうにれい", ["9920"]),
        ("ラストの4桁はなな、なな、はち、いち", ["7781"]),
    ],
)
def test_kana_digits_after_a_digits_word_are_read(text: str, digits: list[str]) -> None:
    assert [e.value for e in find_digit_strings(text)] == digits


@pytest.mark.parametrize(
    "text",
    [
        "に、さん日後に鈴木さんに送って",
        "さんにんで食事したから、しごとの後で払う",
        "いちにさんで始めよう",
        "末尾がわからないカードです",
    ],
)
def test_kana_digit_words_elsewhere_are_no_digits(text: str) -> None:
    assert find_digit_strings(text) == []


@pytest.mark.parametrize(
    ("text", "customer", "card"),
    [
        ("lock the one ending in 8830", "c_002", "k_101"),
        ("pls freeze the one that ends with 8830 asap", "c_002", "k_101"),
        ("末尾1234のやつ止めといて", "c_001", "k_001"),
        ("下4桁9920のをロックしてください", "c_001", "k_002"),
    ],
)
def test_a_lock_verb_on_the_one_ending_in_a_cards_digits_locks_that_card(
    runner: Any, text: str, customer: str, card: str
) -> None:
    result = run(runner, text, customer)
    assert (result.intent.value, result.action.value) == ("card_lock", "execute"), result.reason
    assert result.entities.card_id == card


@pytest.mark.parametrize(
    ("text", "customer"),
    [
        ("stop the payment to the account ending 4545", "c_002"),
        ("末尾1234の口座を止めてほしい", "c_001"),
        ("lock the one ending in 5555", "c_002"),
    ],
)
def test_digits_of_no_card_or_of_an_account_lock_no_card(runner: Any, text: str, customer: str) -> None:
    result = run(runner, text, customer)
    assert not (result.intent.value == "card_lock" and result.action.value == "execute"), result.entities
