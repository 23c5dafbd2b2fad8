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


# Blind round 53's kinds (English as it arrives: learner English, speech transcripts), new phrasings.


@pytest.mark.parametrize(
    ("text", "payee", "amount"),
    [
        ("transfer thirty bucks two aoife brennan", "p_111", 3000),
        ("send forty five dollars too maria garcia please", "p_101", 4500),
    ],
)
def test_two_or_too_after_an_amount_before_a_name_is_to(runner: Any, text: str, payee: str, amount: int) -> None:
    result = run(runner, text, "c_002")
    assert (result.intent.value, result.action.value) == ("transfer_money", "confirm"), result.reason
    assert (result.entities.recipient_id, result.entities.amount_minor) == (payee, amount)


@pytest.mark.parametrize(
    ("text", "payee"),
    [
        ("send david leigh 15 dollars", "p_104"),
        ("pay maria garsia twenty dollars", "p_101"),
        ("send mohammed al rashed 60 dollars", "p_107"),
        ("transfer 25 dollars to aoife brenan", "p_111"),
    ],
)
def test_the_rest_of_a_payees_name_heard_another_way_is_that_name(runner: Any, text: str, payee: str) -> None:
    result = run(runner, text, "c_002")
    assert (result.intent.value, result.action.value) == ("transfer_money", "confirm"), result.reason
    assert result.entities.recipient_id == payee


def test_a_surname_that_is_not_the_payees_is_still_asked_about(runner: Any) -> None:
    result = run(runner, "send catherine kowalski forty dollars", "c_002")
    assert result.action.value != "confirm"


@pytest.mark.parametrize(
    ("text", "card"),
    [
        ("freeze the card ending ate ate three oh", "k_101"),
        ("lock the card that ends in ate eight three zero", "k_101"),
    ],
)
def test_homophones_of_digits_in_a_cards_last_digits_are_digits(runner: Any, text: str, card: str) -> None:
    result = run(runner, text, "c_002")
    assert (result.intent.value, result.action.value) == ("card_lock", "execute"), result.reason
    assert result.entities.card_id == card


@pytest.mark.parametrize(
    ("text", "customer", "biller"),
    [
        ("I want pay electric bill of this month", "c_002", "b_101"),
        ("please pay the water bill of this month", "c_002", "b_104"),
        ("pay this month phone bill", "c_002", "b_102"),
    ],
)
def test_this_months_bill_said_learners_way_is_which_bill_not_a_day(
    runner: Any, text: str, customer: str, biller: str
) -> None:
    result = run(runner, text, customer)
    assert (result.intent.value, result.action.value) == ("bill_payment", "confirm"), result.reason
    assert result.entities.biller_id == biller


@pytest.mark.parametrize(
    "text",
    [
        "please get my credit card working again",
        "i need my credit card usable again",
        "can you make the credit card open again",
    ],
)
def test_a_card_made_to_work_again_is_an_unlock(runner: Any, text: str) -> None:
    result = run(runner, text, "c_002")
    assert (result.intent.value, result.action.value) == ("card_unlock", "confirm"), result.reason
    assert result.entities.card_id == "k_102"


@pytest.mark.parametrize(("text", "count"), [("what are my last for purchases", 4), ("show my last for payments", 4)])
def test_last_for_before_transactions_is_four(runner: Any, text: str, count: int) -> None:
    result = run(runner, text, "c_002")
    assert result.intent.value == "recent_transactions"
    assert result.entities.count == count
