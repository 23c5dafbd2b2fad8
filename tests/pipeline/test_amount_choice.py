"""Issue 15, round 3: an amount said (or heard) two ways is asked as a question; the answer fills it."""

from __future__ import annotations

from typing import Any

import pytest
from tests.understand.conftest import acts, run, say, session_runner


@pytest.mark.parametrize(
    ("text", "customer", "reply", "choices"),
    [
        (
            "I want to pay Maria Garcia $16 (or $60).",
            "c_002",
            "Which amount did you mean: $16 or $60?",
            [(1600, "USD"), (6000, "USD")],
        ),
        (
            "send thirty or forty dollars to david lee",
            "c_002",
            "Which amount did you mean: $30 or $40?",
            [(3000, "USD"), (4000, "USD")],
        ),
        (
            "send $30 or $40 to david lee",
            "c_002",
            "Which amount did you mean: $30 or $40?",
            [(3000, "USD"), (4000, "USD")],
        ),
        (
            "Send $90 (or $20) (or $19) to David Lee.",
            "c_002",
            "Which amount did you mean: $90, $20 or $19?",
            [(9000, "USD"), (2000, "USD"), (1900, "USD")],
        ),
        (
            "pay verizon $12.50 (or $1,250)",
            "c_002",
            "Which amount did you mean: $12.50 or $1,250?",
            [(1250, "USD"), (125000, "USD")],
        ),
        (
            "Transfer 10,000 yen (or $10,000) to Takahashi Misaki.",
            "c_001",
            "Which amount did you mean: ¥10,000 or $10,000?",
            [(10000, "JPY"), (1000000, "USD")],
        ),
        (
            "佐藤健さんに3000円（または300円）振り込んで",
            "c_001",
            "3,000円と300円のどちらですか？",
            [(3000, "JPY"), (300, "JPY")],
        ),
        (
            "佐藤健さんに5000円か6000円振り込んで",
            "c_001",
            "5,000円と6,000円のどちらですか？",
            [(5000, "JPY"), (6000, "JPY")],
        ),
        (
            "鈴木一郎さんに1万円（または10万円）（または1000円）送金して",
            "c_001",
            "10,000円、100,000円、1,000円のどれですか？",
            [(10000, "JPY"), (100000, "JPY"), (1000, "JPY")],
        ),
    ],
)
def test_two_readings_of_an_amount_ask_which(
    runner: Any, text: str, customer: str, reply: str, choices: list[tuple[int, str]]
) -> None:
    """An amount given (or heard) as alternatives asks which one, listing them, and proposes none."""
    result = run(runner, text, customer)
    assert not acts(result)
    assert result.action.value == "ask_slot"
    assert result.missing == ["amount_minor"]
    assert result.reason == "ambiguous_amount"
    assert result.entities.amount_minor is None
    assert result.reply == reply
    assert result.data == {"amount_choices": [{"amount_minor": m, "currency": c} for m, c in choices]}


@pytest.mark.parametrize(
    ("text", "customer"),
    [
        ("send fifty dollars to david lee or sarah johnson", "c_002"),  # a choice of payee, not of amount
        ("send $30 and $40 to david lee", "c_002"),  # two amounts, no alternative
        ("佐藤健さんに5000円から6000円振り込んで", "c_001"),  # から is no "or"
    ],
)
def test_other_pairs_are_not_an_amount_choice(runner: Any, text: str, customer: str) -> None:
    """Only amounts joined by "or" / または / か are offered as a choice; other turns keep their answer."""
    result = run(runner, text, customer)
    assert not acts(result)
    assert not (result.data or {}).get("amount_choices")


def test_a_single_amount_still_confirms(runner: Any) -> None:
    """A control: one amount, one payee, a confirmation as before."""
    result = run(runner, "send $60 to maria garcia", "c_002")
    assert (result.action.value, result.entities.amount_minor) == ("confirm", 6000)


@pytest.mark.parametrize(
    ("question", "answer", "customer", "amount", "payee"),
    [
        ("I want to pay Maria Garcia $16 (or $60).", "sixty", "c_002", 6000, "p_101"),
        ("I want to pay Maria Garcia $16 (or $60).", "$16", "c_002", 1600, "p_101"),
        ("I want to pay Maria Garcia $16 (or $60).", "sixteen dollars please", "c_002", 1600, "p_101"),
        ("send thirty or forty dollars to david lee", "forty", "c_002", 4000, "p_104"),
        ("send thirty or forty dollars to david lee", "make it thirty", "c_002", 3000, "p_104"),
        ("佐藤健さんに3000円（または300円）振り込んで", "3000円", "c_001", 3000, "p_001"),
        ("佐藤健さんに3000円（または300円）振り込んで", "三百円でお願いします", "c_001", 300, "p_001"),
        ("佐藤健さんに5000円か6000円振り込んで", "6000円で", "c_001", 6000, "p_001"),
        ("send money to david lee", "fifty dollars", "c_002", 5000, "p_104"),
    ],
)
def test_the_answer_fills_the_amount_asked_for(
    runner: Any, question: str, answer: str, customer: str, amount: int, payee: str
) -> None:
    """The next turn's amount ("sixty", "3000円") fills the asked slot: the request is proposed again."""
    sessions = session_runner(runner)
    asked = say(sessions, question, customer)
    assert asked.action.value == "ask_slot" and asked.missing == ["amount_minor"]
    result = say(sessions, answer, customer)
    assert (result.intent.value, result.action.value) == ("transfer_money", "confirm")
    assert (result.entities.amount_minor, result.entities.recipient_id) == (amount, payee)


def test_a_new_request_after_the_question_is_its_own_turn(runner: Any) -> None:
    """Words that are not an amount answer nothing: "what's my balance" is a balance inquiry."""
    sessions = session_runner(runner)
    say(sessions, "I want to pay Maria Garcia $16 (or $60).", "c_002")
    result = say(sessions, "what's my balance", "c_002")
    assert result.intent.value == "balance_inquiry"


def test_an_amount_without_a_question_before_it_is_a_new_turn(runner: Any) -> None:
    """ "sixty" after a turn that asked nothing about an amount proposes nothing."""
    sessions = session_runner(runner)
    say(sessions, "what's my balance", "c_002")
    result = say(sessions, "sixty", "c_002")
    assert not acts(result)
