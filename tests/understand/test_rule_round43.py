"""Issue 9, round 43 (phrasings written before the code; the lead's own, after blind round 25's kinds): an
order said first keeps its force when a question or another ask follows it, after a comma, a dash or
"and then" ("send maria $25 — when will she get it?", "lock my debit card and then tell me my balance");
a question first is still a question."""

from __future__ import annotations

from typing import Any

import pytest
from tests.understand.conftest import run


@pytest.mark.parametrize(
    ("text", "customer", "intent", "action", "key", "value"),
    [
        (
            "send Maria Garcia $25 — when will she get it?",
            "c_002", "transfer_money", "confirm", "recipient_id", "p_101",
        ),
        (
            "pay the xfinity bill - is there a fee for paying today?",
            "c_002", "bill_payment", "confirm", "biller_id", "b_103",
        ),
        (
            "lock my debit card and then tell me my balance",
            "c_002", "card_lock", "execute", "card_id", "k_101",
        ),
        (
            "lock my credit card — I left it at the restaurant — and how long does a new one take?",
            "c_001", "card_lock", "execute", "card_id", "k_002",
        ),
    ],
)  # fmt: skip
def test_an_order_first_keeps_its_force(
    runner: Any, text: str, customer: str, intent: str, action: str, key: str, value: str
) -> None:
    result = run(runner, text, customer)
    assert result.intent.value == intent
    assert result.action.value == action
    assert getattr(result.entities, key) == value


@pytest.mark.parametrize(
    "text",
    [
        "how do I send money to maria — is there a fee?",
        "can I lock my card and how long does it take?",
        "what happens if I pay the xfinity bill late - is there a fee?",
    ],
)
def test_a_question_first_is_still_a_question(runner: Any, text: str) -> None:
    assert run(runner, text, "c_002").action.value not in ("execute", "confirm")


@pytest.mark.parametrize(
    ("text", "customer", "payee", "amount"),
    [
        (
            "Can you send Maria Garcia 40 on Friday? She paid $95 for the concert tickets last week",
            "c_002", "p_101", 4000,
        ),
        (
            "the cab was like $60 and I'm so late, can you just send david lee 25 dollars",
            "c_002", "p_104", 2500,
        ),
        ("先週の飲み会で1万2千円も使っちゃった。小林陽子さんに800円送っておいて", "c_001", "p_011", 800),
        ("昨日のランチは3000円だった、山本大輔さんに1500円送って", "c_001", "p_009", 1500),
    ],
)  # fmt: skip
def test_the_amount_of_the_order_wins_over_one_told_in_the_past(
    runner: Any, text: str, customer: str, payee: str, amount: int
) -> None:
    result = run(runner, text, customer)
    assert result.action.value == "confirm"
    assert result.entities.recipient_id == payee
    assert result.entities.amount_minor == amount


@pytest.mark.parametrize(
    "text",
    [
        "I paid $95 for the tickets and $40 for dinner",
        "send maria garcia 40 or 95",
        "maria paid $95 for the tickets, I want to send her something like 40",
    ],
)
def test_two_amounts_with_no_order_between_them_do_not_act(runner: Any, text: str) -> None:
    assert run(runner, text, "c_002").action.value not in ("execute", "confirm")


# (written with the code, after blind round 65's development set: a clause that ends in てくれた orders
# nothing, and a story's sentence joined by "and" is told in the past as a whole)
@pytest.mark.parametrize(
    ("text", "customer", "payee", "amount"),
    [
        (
            "I was charged $40 at the gym and $12 for parking on monday, so annoying. "
            "anyway send maria garcia 30",
            "c_002", "p_101", 3000,
        ),
        (
            "先月佐藤健太さんが飲み会代8000円立て替えてくれたから、4000円を佐藤健太さんに送っておいて",
            "c_001", "p_003", 4000,
        ),
    ],
)  # fmt: skip
def test_a_story_of_several_amounts_is_the_storys(
    runner: Any, text: str, customer: str, payee: str, amount: int
) -> None:
    result = run(runner, text, customer)
    assert result.action.value == "confirm"
    assert result.entities.recipient_id == payee
    assert result.entities.amount_minor == amount
