"""Issue 9, round 50 (phrasings written before the code; the lead's own, after blind round 69's kinds): an
amount the customer works out in words — so much each for so many, a sum, a difference, a half of an amount
said, N months of a payment — is the amount worked out, shown in the confirmation; where the working is said
but cannot be done exactly (each for a count not said, a third of an amount that does not divide, what is
owed), the turn asks and never proposes one of the numbers as it was said. A period counted in days is no
count of transactions."""

from __future__ import annotations

from typing import Any

import pytest
from tests.understand.conftest import acts, run


@pytest.mark.parametrize(
    ("text", "customer", "payee", "minor"),
    [
        ("send david lee 30 dollars each for the 3 of us", "c_002", "p_104", 9000),
        ("pay maria garcia $45 plus a $10 tip", "c_002", "p_101", 5500),
        ("send sarah johnson half of $120", "c_002", "p_102", 6000),
        ("send david lee $500 minus $150", "c_002", "p_104", 35000),
        ("send catherine wright 4 months of $75 all at once", "c_002", "p_108", 30000),
        ("send aoife brennan for 2 tickets at $40 each", "c_002", "p_111", 8000),
        ("鈴木一郎さんに1人2500円ずつ4人分送って", "c_001", "p_004", 10000),
        ("高橋美咲さんに3万円の半分を振り込んで", "c_001", "p_005", 15000),
        ("中村さくらさんに1万円から3千円引いた額を送金して", "c_001", "p_010", 7000),
        ("山本大輔さんに5000円×3を送って", "c_001", "p_009", 15000),
        ("伊藤翔さんに家賃の2万円を2か月分まとめて振り込んで", "c_001", "p_006", 40000),
    ],
)
def test_an_amount_worked_out_is_the_amount(
    runner: Any, text: str, customer: str, payee: str, minor: int
) -> None:
    result = run(runner, text, customer)
    assert result.intent.value == "transfer_money"
    assert result.entities.recipient_id == payee
    assert result.entities.amount_minor == minor
    assert result.action.value == "confirm"
    assert any(t.rule in ("amount_worked_out", "share_of_said") for t in result.trace)


@pytest.mark.parametrize(
    ("text", "customer"),
    [
        ("send mohammed al-rashid 15 dollars for each of the kids", "c_002"),
        ("send maria garcia half of 70 dollars and 15 cents", "c_002"),
        ("鈴木さんに4人で割った分を送って", "c_001"),
        ("高橋美咲さんに2万円の3分の1を送って", "c_001"),
        ("中村さくらさんに5千円ずつ送って", "c_001"),
        ("send david lee $100 minus what he owes me", "c_002"),
    ],
)
def test_working_said_and_not_done_asks(runner: Any, text: str, customer: str) -> None:
    result = run(runner, text, customer)
    assert not acts(result)
    assert result.action.value in ("clarify", "ask_slot", "answer")


def test_the_count_of_ways_is_no_amount(runner: Any) -> None:
    result = run(runner, "鈴木一郎さんに3人で割った分を送っといて", "c_001")
    assert result.entities.amount_minor != 3
    assert not acts(result)


def test_a_worked_out_amount_over_the_limit_is_refused(runner: Any) -> None:
    result = run(runner, "send david lee $2,000 each for 3 months of rent at once", "c_002")
    assert result.entities.amount_minor == 600000
    assert result.action.value == "reject"


@pytest.mark.parametrize(
    "text",
    [
        "what did I spend over the past 30 days",
        "show my transactions from the last 14 days",
        "過去10日間の取引を見せて",
    ],
)
def test_a_period_in_days_is_no_count(runner: Any, text: str) -> None:
    customer = "c_002" if text.isascii() else "c_001"
    result = run(runner, text, customer)
    assert result.intent.value == "recent_transactions"
    assert result.entities.count is None
