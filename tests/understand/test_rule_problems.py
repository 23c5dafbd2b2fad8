"""Issue 9: problem reports are answered, not acted on; what is asked beside them still acts."""

from __future__ import annotations

from typing import Any

import pytest
from tests.understand.conftest import acts, run


@pytest.mark.parametrize(
    ("text", "customer"),
    [
        ("the transfer to sarah johnson bounced back", "c_002"),
        ("i keep getting an error when i try to pay my phone bill", "c_002"),
        ("my balance looks wrong after the deposit yesterday", "c_002"),
        ("why was my credit card declined online", "c_002"),
        ("i don't recognize a payment of 60 dollars on my statement", "c_002"),
        ("money i sent to david lee last week still hasn't arrived", "c_002"),
        ("カードで払おうとしたら拒否されました", "c_001"),
        ("昨日の振込がまだ反映されていません", "c_001"),
        ("残高がおかしいです", "c_001"),
    ],
)
def test_a_problem_report_is_answered(runner: Any, text: str, customer: str) -> None:
    """Declined, bounced, an error, not arrived, not recognised, 拒否, 反映されていない: never an action."""
    result = run(runner, text, customer)
    assert not acts(result), (result.intent, result.action)
    assert result.intent.value == "qna", result.intent


@pytest.mark.parametrize(
    ("text", "customer", "intent"),
    [
        ("my debit card was stolen yesterday", "c_002", "card_lock"),
        ("there's a charge i don't recognize, freeze my debit card", "c_002", "card_lock"),
        ("a payment looks wrong, can you show me my recent transactions", "c_002", "recent_transactions"),
        ("デビットカードを落としました", "c_001", "card_lock"),
    ],
)
def test_what_is_asked_beside_a_problem_still_acts(
    runner: Any, text: str, customer: str, intent: str
) -> None:
    """A card lost, stolen or at risk locks; the customer's own transactions are shown."""
    result = run(runner, text, customer)
    assert result.intent.value == intent, (result.intent, result.reason)
    assert acts(result), (result.action, result.reason)


@pytest.mark.parametrize(
    ("text", "customer"),
    [
        ("there's a fraudulent charge on my checking account", "c_002"),
        ("i think i was scammed, someone took money from my account", "c_002"),
    ],
)
def test_alleged_fraud_goes_to_a_person(runner: Any, text: str, customer: str) -> None:
    """A fraud report is a case a person opens: handoff, not an answer and not a command."""
    result = run(runner, text, customer)
    assert result.intent.value == "human_handoff", (result.intent, result.reason)


@pytest.mark.parametrize(
    ("text", "customer"),
    [
        ("is this an automated assistant or a person", "c_002"),
        ("tell me whether you are a bot", "c_002"),
        ("what's the balance of my hotel points", "c_002"),
        ("give me a recipe for pancakes", "c_002"),
        ("my sister wants to send me some money, how does that work", "c_002"),
        ("activate my new card", "c_002"),
        ("unblock my pin please", "c_002"),
    ],
)
def test_look_alikes_of_commands_do_not_act(runner: Any, text: str, customer: str) -> None:
    """About Teller itself, non-account balances, 'give me' a thing, incoming money, new-card activation
    and PINs are not the banking commands they resemble."""
    result = run(runner, text, customer)
    assert not acts(result), (result.intent, result.action)


@pytest.mark.parametrize(
    ("text", "customer"),
    [
        ("my balance looks wrong, i'd like to speak to an actual person", "c_002"),
        ("the app keeps failing when i pay, can i get someone on the line", "c_002"),
        ("振込がエラーになります。担当者と話したいです", "c_001"),
    ],
)
def test_a_problem_with_a_person_asked_for_goes_to_a_person(runner: Any, text: str, customer: str) -> None:
    """A problem report that also asks for a person is a handoff, not an answer."""
    result = run(runner, text, customer)
    assert result.intent.value == "human_handoff", (result.intent, result.reason)


def test_how_much_i_have_spent_is_not_the_balance(runner: Any) -> None:
    """'how much I have spent' asks about spending, not what is left."""
    result = run(runner, "tell me how much i have spent this week", "c_002")
    assert result.intent.value != "balance_inquiry", (result.intent, result.reason)
