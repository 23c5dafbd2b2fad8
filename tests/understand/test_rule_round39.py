"""Issue 9, round 39 (phrasings written before the code; the lead's own, from the development leftovers): a
bare number is a count of transactions only where "last"/"latest" stands right before it or a word for
transactions right after it, never because the sentence ends with "last" ("send 50 to whoever I paid
last": 50 is the amount); money paid to a person named by the customer's history is a transfer, as to a
person named ("pay 50 to whoever I paid last")."""

from __future__ import annotations

from typing import Any

import pytest
from tests.understand.conftest import run


@pytest.mark.parametrize(
    "text",
    [
        "send 50 to whoever I paid last",
        "transfer 50 to the person I sent money to last",
        "can you send 50 to the same guy I paid last",
    ],
)
def test_a_bare_number_before_a_payee_paid_last_is_the_amount(runner: Any, text: str) -> None:
    result = run(runner, text, "c_002")
    assert result.intent.value == "transfer_money"
    assert result.action.value == "confirm"
    assert result.entities.amount_minor == 5000
    assert result.entities.recipient_id == "p_101"


@pytest.mark.parametrize(
    "text",
    [
        "pay 50 to whoever I paid last",
        "pay the person I paid last 50 dollars",
    ],
)
def test_paying_a_person_named_by_the_history_is_a_transfer(runner: Any, text: str) -> None:
    result = run(runner, text, "c_002")
    assert result.intent.value == "transfer_money"
    assert result.action.value == "confirm"
    assert result.entities.amount_minor == 5000
    assert result.entities.recipient_id == "p_101"


@pytest.mark.parametrize(
    ("text", "count"),
    [
        ("show me my last 3", 3),
        ("what were the 4 transactions I made last", 4),
    ],
)
def test_a_number_after_last_or_before_transactions_still_counts(runner: Any, text: str, count: int) -> None:
    result = run(runner, text, "c_002")
    assert result.intent.value == "recent_transactions"
    assert result.action.value == "execute"
    assert result.entities.amount_minor is None


@pytest.mark.parametrize(
    ("text", "customer", "payee", "amount"),
    [
        ("I was going to pay David $50 last week but forgot, can you do it now?", "c_002", "p_104", 5000),
        ("meant to send Maria 20 bucks yesterday, could you do that for me now", "c_002", "p_101", 2000),
        ("先週佐藤健太さんに5000円送るの忘れてた、今やってくれる？", "c_001", "p_003", 5000),
    ],
)
def test_a_forgotten_payment_asked_to_be_done_now_is_proposed_now(
    runner: Any, text: str, customer: str, payee: str, amount: int
) -> None:
    result = run(runner, text, customer)
    assert result.intent.value == "transfer_money"
    assert result.action.value == "confirm"
    assert result.entities.recipient_id == payee
    assert result.entities.amount_minor == amount
    assert result.entities.execute_on in (None, "2026-11-21")


@pytest.mark.parametrize(
    "text",
    [
        "I meant to pay David $50 yesterday, please do it now",
        "forgot to send sarah johnson $30 on monday, send it today",
    ],
)
def test_the_day_of_a_forgotten_payment_is_not_the_day_it_is_made(runner: Any, text: str) -> None:
    result = run(runner, text, "c_002")
    assert result.action.value in ("confirm", "clarify", "ask_slot")
    assert result.reason is None or result.reason.value != "date_in_past"
    assert result.entities.execute_on in (None, "2026-11-21")


@pytest.mark.parametrize(
    "text",
    [
        "my sister pays her bills by talking to her phone, can you do that?",
        "other banks let you split a bill with friends, can you do that",
    ],
)
def test_asking_whether_the_assistant_can_do_something_is_no_order(runner: Any, text: str) -> None:
    result = run(runner, text, "c_002")
    assert result.action.value not in ("execute", "confirm")


@pytest.mark.parametrize(
    ("text", "customer"),
    [
        ("I plan to pay him next week", "c_002"),
        ("I gotta pay her back", "c_002"),
        ("I'm going to pay them on friday", "c_002"),
        ("彼女に来週払う予定", "c_001"),
        ("あいつに明日お金送るつもり", "c_001"),
    ],
)
def test_money_for_someone_said_only_as_a_pronoun_asks_who(runner: Any, text: str, customer: str) -> None:
    result = run(runner, text, customer)
    assert result.intent.value == "transfer_money"
    assert result.action.value in ("clarify", "ask_slot")


@pytest.mark.parametrize(
    "text",
    ["pay him a visit tomorrow", "give her a call tonight", "send them my regards"],
)
def test_a_visit_a_call_or_regards_are_no_money(runner: Any, text: str) -> None:
    result = run(runner, text, "c_002")
    assert result.action.value not in ("execute", "confirm", "clarify", "ask_slot")
