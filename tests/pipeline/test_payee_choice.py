"""Issue 15, voice round 10: a question between payees whose names sound the same (Sarah Johnson / Sara
Jonson, Steven Phillips / Stephen Philips, Sato Ken / Saito Ken) tells them apart by what a customer can say
— bank and last digits — and the next turn that names one of them that way picks it."""

from __future__ import annotations

from typing import Any

import pytest
from tests.understand.conftest import acts, run, say, session_runner

PHILLIPS = "Send $75 to Steven Phillips (or Stephen Philips)."
JOHNSON = "Send $50 to Sara Johnson (or Sarah Johnson or Sara Jonson)."
SATO = "Transfer 5000 yen to Sato Ken (or Saito Ken)."
# golden piper's transcript of "pay sarah johnson fifty bucks": no "to" before the name, and "Sara Johnson" as
# heard is neither registered spelling
JOHNSON_PAY = "Pay Sara Johnson (or Sarah Johnson or Sara Jonson), 50 bucks."


@pytest.mark.parametrize(
    ("text", "customer", "reply", "choices"),
    [
        (
            PHILLIPS,
            "c_002",
            "Which one do you mean: Steven Phillips (PNC ···2468), Stephen Philips (US Bank ···1357)?",
            [("p_109", "Steven Phillips", "PNC", "2468"), ("p_110", "Stephen Philips", "US Bank", "1357")],
        ),
        (
            JOHNSON,
            "c_002",
            "Which one do you mean: Sarah Johnson (Wells Fargo ···2020), Sara Jonson (Ally ···7373)?",
            [("p_102", "Sarah Johnson", "Wells Fargo", "2020"), ("p_103", "Sara Jonson", "Ally", "7373")],
        ),
        (
            SATO,
            "c_001",
            "Which one do you mean: 佐藤 健 (みずほ銀行 ···3321), 斉藤 健 (三井住友銀行 ···8812)?",
            [("p_001", "佐藤 健", "みずほ銀行", "3321"), ("p_002", "斉藤 健", "三井住友銀行", "8812")],
        ),
    ],
)
def test_payees_that_sound_the_same_are_asked_with_bank_and_last_digits(
    runner: Any, text: str, customer: str, reply: str, choices: list[tuple[str, str, str, str]]
) -> None:
    """Read back, "Sarah Johnson, Sara Jonson" cannot be told apart: each is shown with bank and digits."""
    result = run(runner, text, customer)
    assert result.action.value == "clarify"
    assert result.reply == reply
    assert result.data == {
        "payee_choices": [
            {"recipient_id": i, "display_name": n, "bank": b, "account_last4": d} for i, n, b, d in choices
        ]
    }


def test_only_the_sound_alikes_of_a_question_get_their_details(runner: Any) -> None:
    """ "to ken" asks among 佐藤 健, 斉藤 健 (alike) and 加藤 健 (not): only the alike two carry a bank."""
    result = run(runner, "send 5000 yen to ken", "c_001")
    assert result.action.value == "clarify"
    assert (
        result.reply
        == "Which one do you mean: 佐藤 健 (みずほ銀行 ···3321), 斉藤 健 (三井住友銀行 ···8812), 加藤 健?"
    )


def test_names_that_sound_different_are_asked_as_before(runner: Any) -> None:
    """Chris O'Neil / Kristen O'Neill sound different: the question lists the names alone, no choices data."""
    result = run(runner, "Send $50 to Chris O'Neil (or Kristen O'Neill).", "c_002")
    assert result.reply == "Which one do you mean: Chris O'Neil, Kristen O'Neill?"
    assert not (result.data or {}).get("payee_choices")


@pytest.mark.parametrize(
    ("question", "answer", "customer", "payee", "amount"),
    [
        (PHILLIPS, "the PNC one", "c_002", "p_109", 7500),
        (PHILLIPS, "US Bank", "c_002", "p_110", 7500),
        (PHILLIPS, "the one ending in 1357", "c_002", "p_110", 7500),
        (PHILLIPS, "2468, please", "c_002", "p_109", 7500),
        (PHILLIPS, "Stephen Philips", "c_002", "p_110", 7500),
        (PHILLIPS, "The P.N.C. one.", "c_002", "p_109", 7500),  # as a recognizer writes letters said
        (PHILLIPS, "Ending in 13 57.", "c_002", "p_110", 7500),  # digits as a recognizer groups them
        (JOHNSON, "the one at Ally", "c_002", "p_103", 5000),
        (JOHNSON, "Wells Fargo.", "c_002", "p_102", 5000),
        (JOHNSON_PAY, "the Ally one", "c_002", "p_103", 5000),
        (JOHNSON_PAY, "ending in 2020", "c_002", "p_102", 5000),
        (SATO, "三井住友銀行の方", "c_001", "p_002", 5000),
        (SATO, "3321です", "c_001", "p_001", 5000),
        (SATO, "the Mizuho one", "c_001", None, None),  # the bank is registered as みずほ銀行: not said so
    ],
)
def test_the_answer_by_bank_or_digits_picks_the_payee(
    runner: Any, question: str, answer: str, customer: str, payee: str | None, amount: int | None
) -> None:
    """After the question, "the PNC one" / "ending in 1357" / 三井住友銀行の方 proposes that transfer."""
    sessions = session_runner(runner)
    asked = say(sessions, question, customer)
    assert asked.action.value == "clarify"
    result = say(sessions, answer, customer)
    if payee is None:
        assert not acts(result)
        return
    assert (result.intent.value, result.action.value) == ("transfer_money", "confirm")
    assert (result.entities.recipient_id, result.entities.amount_minor) == (payee, amount)


@pytest.mark.parametrize(
    "answer",
    [
        "what's my balance",  # a new request
        "the Chase one",  # nobody's bank
        "ending in 9999",  # nobody's digits
        "send $20 to David Lee",  # a new request that names its own payee
    ],
)
def test_an_answer_that_picks_none_of_them_is_its_own_turn(runner: Any, answer: str) -> None:
    """Words that name neither sound-alike by bank, digits or name leave both unpicked."""
    sessions = session_runner(runner)
    say(sessions, PHILLIPS, "c_002")
    result = say(sessions, answer, "c_002")
    assert result.entities.recipient_id not in ("p_109", "p_110")


def test_bank_or_digits_without_a_question_before_them_pick_nothing(runner: Any) -> None:
    """ "the PNC one" after a turn that asked nothing about payees proposes nothing."""
    sessions = session_runner(runner)
    say(sessions, "what's my balance", "c_002")
    result = say(sessions, "the PNC one", "c_002")
    assert not acts(result)


def test_an_amount_written_in_is_still_asked_after_the_payee_is_picked() -> None:
    """Only names written in are dropped when the payee is picked: "$16 (or $60)" still asks which amount."""
    from teller.pipeline.payee_choice import with_payee

    choices = [
        {"recipient_id": "p_109", "display_name": "Steven Phillips", "bank": "PNC", "account_last4": "2468"},
        {
            "recipient_id": "p_110",
            "display_name": "Stephen Philips",
            "bank": "US Bank",
            "account_last4": "1357",
        },
    ]
    text = with_payee("Send $16 (or $60) to Steven Phillips (or Stephen Philips).", choices, choices[1])
    assert text == "Send $16 (or $60) to Stephen Philips."
