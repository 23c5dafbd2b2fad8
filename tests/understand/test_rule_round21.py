"""Issue 9, round 21 (blind round 25's development misses as rules: utterances of more than one part;
phrasings written before the code, none copied from the blind set): two orders in one turn (the first said
is the one proposed, with its own values; the other is in the trace), an order taken back at the end
("…actually forget it"), and asking oneself whether to send ("should I…", 〜てもいいかな)."""

from __future__ import annotations

from typing import Any

import pytest
from tests.understand.conftest import acts, run


@pytest.mark.parametrize(
    ("text", "customer", "intent", "field", "value", "other"),
    [
        (
            "pay the verizon bill and then send david lee $30",
            "c_002",
            "bill_payment",
            "biller_id",
            "b_102",
            "recipient_id",
        ),
        (
            "send aoife brennan 25 dollars and pay the con ed bill",
            "c_002",
            "transfer_money",
            "recipient_id",
            "p_111",
            "biller_id",
        ),
        (
            "まずガス代を払って、それから伊藤翔さんに3000円送って",
            "c_001",
            "bill_payment",
            "biller_id",
            "b_002",
            "recipient_id",
        ),
        (
            "lock my debit card and send maria garcia $40",
            "c_002",
            "card_lock",
            "card_id",
            "k_101",
            "recipient_id",
        ),
    ],
)
def test_of_two_orders_the_first_said_is_proposed_with_its_own_values(
    runner: Any, text: str, customer: str, intent: str, field: str, value: str, other: str
) -> None:
    result = run(runner, text, customer)
    assert (result.intent.value, getattr(result.entities, field)) == (intent, value), result.reason
    assert getattr(result.entities, other) is None
    assert any(t.rule == "second_request" for t in result.trace)


def test_one_order_with_a_purpose_is_not_split(runner: Any) -> None:
    result = run(runner, "pay maria garcia 40 dollars for the water bill")
    assert (result.intent.value, result.entities.recipient_id, result.entities.amount_minor) == (
        "transfer_money",
        "p_101",
        4000,
    )


@pytest.mark.parametrize(
    ("text", "customer"),
    [
        ("send david lee $60... actually forget it", "c_002"),
        ("pay the water bill, never mind", "c_002"),
        ("lock my debit card. no wait, don't bother", "c_002"),
        ("佐藤健太さんに5000円送って…やっぱりやめとく", "c_001"),
    ],
)
def test_an_order_taken_back_at_the_end_does_not_act(runner: Any, text: str, customer: str) -> None:
    assert not acts(run(runner, text, customer))


@pytest.mark.parametrize(
    ("text", "customer"),
    [
        ("should i send maria garcia $100?", "c_002"),
        ("伊藤翔さんに2万円送ってもいいかな？", "c_001"),
        ("do you think i should pay the con ed bill now?", "c_002"),
    ],
)
def test_asking_oneself_whether_to_send_does_not_act(runner: Any, text: str, customer: str) -> None:
    assert not acts(run(runner, text, customer))


@pytest.mark.parametrize(
    "text",
    [
        "send david lee $80... hmm, you know what, forget it",
        "pay the con ed bill. don't bother, actually",
        "send maria garcia 20 bucks, cancel that",
    ],
)
def test_an_order_retracted_in_other_words_does_not_act(runner: Any, text: str) -> None:
    assert not acts(run(runner, text))


@pytest.mark.parametrize(
    ("text", "customer", "payee", "minor"),
    [
        ("David Lee paid $60 for our tickets yesterday, send him half", "c_002", "p_104", 3000),
        ("伊藤翔さんがタクシー代3000円を払ってくれたから半分送って", "c_001", "p_006", 1500),
        ("maria garcia covered the $45 lunch, send her a third", "c_002", "p_101", 1500),
    ],
)
def test_a_share_of_the_one_amount_told_is_that_share_sent_now(
    runner: Any, text: str, customer: str, payee: str, minor: int
) -> None:
    result = run(runner, text, customer)
    assert result.action.value == "confirm", result.reason
    assert (result.entities.recipient_id, result.entities.amount_minor, result.entities.execute_on) == (
        payee,
        minor,
        None,
    )


def test_a_share_of_two_amounts_told_is_asked_about(runner: Any) -> None:
    result = run(runner, "the bill was $80 and the tip $20, send david lee half")
    assert not acts(result)


@pytest.mark.parametrize(
    ("text", "minor"),
    [
        ("send david lee $50 for his half of the rent", 5000),
        ("pay maria garcia $18 for my half of the cab", 1800),
    ],
)
def test_a_portion_named_beside_its_own_amount_is_that_amount(runner: Any, text: str, minor: int) -> None:
    """(Added after blind round 15's development line "…$32 for her half of the groceries" became $16.)"""
    result = run(runner, text)
    assert (result.action.value, result.entities.amount_minor) == ("confirm", minor)
