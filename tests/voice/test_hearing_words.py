"""Round 6: the customer's own words heard as the command grammar has them — a card number's digits are
never an amount, an amount said in pieces is one amount, and a few banking words heard as sound-alikes
("one Friday", "for my savings", "safe pays") put back where only the grammar's word fits, each with its
trace; words the grammar could mean as heard are left alone (the demo bank's customers, real pipeline)."""

from __future__ import annotations

from datetime import datetime
from typing import Any

import pytest

from teller.domain.turn import TurnRequest
from teller.voice.hearing import Ear, hear

NOW_US = datetime.fromisoformat("2026-11-21T09:00:00-05:00")


def _rules(changes: list[Any]) -> list[str]:
    return [c.rule for c in changes]


def _turn(runner: Any, text: str, customer: str = "c_002") -> Any:
    return runner.run(TurnRequest(id="t", customer_id=customer, text=text, now=NOW_US), act=False)


# --- a card or account number's digits are a reference, never an amount ---------------------------


@pytest.mark.parametrize(
    ("best", "reading"),
    [
        ("Lock my card ending in 8-830.", "Lock my card ending in 8-8-3-0."),
        ("Freeze the card ending in 1 0 0 2.", "Freeze the card ending in 1002."),
        ("Block my card, last four digits 88 30.", "Block my card, last four digits 8830."),
        ("Unlock the card ending with 10-02, please.", "Unlock the card ending with 1-0-0-2, please."),
    ],
)
def test_a_card_numbers_digits_read_one_by_one_are_no_amount_dispute(
    ears: dict[str, Ear], best: str, reading: str
) -> None:
    """The second look reading a card number digit by digit ("8-8-3-0") writes no "(or 8) (or 3)" in."""
    text, changes = hear(best, (), ears["c_002"], rechecks=((reading, 0.6), (best, 0.3)))
    assert "(or" not in text
    assert not {"hear:amount", "hear:recheck"} & set(_rules(changes))


def test_a_card_number_the_nbest_groups_differently_is_no_amount_dispute(ears: dict[str, Ear]) -> None:
    """ "ending in 8-830" and "ending in 8 8 3 0" are one reference written two ways: nothing is asked."""
    text, changes = hear("Lock my card ending in 8-830.", ("Lock my card ending in 8 8 3 0.",), ears["c_002"])
    assert text == "Lock my card ending in 8-830." and changes == []


def test_a_grouped_card_number_still_locks_that_card(runner: Any, ears: dict[str, Ear]) -> None:
    """Heard as "8-830" with its digits read one by one by the second look, the debit card is locked."""
    best = "Lock my card ending in 8-830."
    text, _ = hear(best, (), ears["c_002"], rechecks=(("Lock my card ending in 8-8-3-0.", 0.6),))
    result = _turn(runner, text)
    assert (result.intent.value, result.action.value, result.entities.card_id) == (
        "card_lock",
        "execute",
        "k_101",
    )


def test_an_amount_beside_a_card_number_is_still_disputed(ears: dict[str, Ear]) -> None:
    """Only the reference's digits are exempt: "$45" heard as "$55" by the other hypothesis still asks."""
    best = "Pay $45 from the account ending in 0042 to Verizon."
    other = "Pay $55 from the account ending in 0042 to Verizon."
    text, changes = hear(best, (other,), ears["c_002"])
    assert "hear:amount" in _rules(changes) and "$45" in text and "$55" in text


# --- an amount said in pieces ("one hundred and twenty") is one amount ------------------------------


@pytest.mark.parametrize(
    ("best", "whole"),
    [
        ("Please send 200 and $50 to David Lee.", "$250"),
        ("Transfer 1000 and $5 to Catherine Wright.", "$1005"),
        ("Wire 300 and $75 to Aoife Brennan, please.", "$375"),
    ],
)
def test_a_round_number_and_a_smaller_amount_are_heard_as_one(
    ears: dict[str, Ear], best: str, whole: str
) -> None:
    """ "200 and $50" is "two hundred and fifty dollars" written in two pieces: one amount, with a trace."""
    text, changes = hear(best, (), ears["c_002"])
    assert whole in text and " and $" not in text
    assert _rules(changes) == ["hear:number"]
    assert changes[0].text == whole


def test_an_amount_in_pieces_the_second_look_heard_whole_is_no_question(ears: dict[str, Ear]) -> None:
    """ "100 and $20" beside the second look's "$120" is one amount, not two to choose from."""
    best = "Can you move 100 and $20 to Catherine Wright?"
    rechecks = (
        ("Can you move $120 to Catherine Wright?", 0.4),
        ("Can you move 100 and $20 to Catherine Wright?", 0.5),
    )
    text, changes = hear(best, (), ears["c_002"], rechecks=rechecks)
    assert text == "Can you move $120 to Catherine Wright?"
    assert "(or" not in text and "hear:recheck" not in _rules(changes)


def test_an_amount_in_pieces_reaches_the_turn_as_one_amount(runner: Any, ears: dict[str, Ear]) -> None:
    """The whole amount is proposed for confirmation, to the payee said."""
    text, _ = hear("Please send 200 and $50 to David Lee.", (), ears["c_002"])
    result = _turn(runner, text)
    assert (result.action.value, result.entities.recipient_id, result.entities.amount_minor) == (
        "confirm",
        "p_104",
        25000,
    )


def test_an_amount_in_pieces_another_hypothesis_disputes_is_still_asked(ears: dict[str, Ear]) -> None:
    """Joined to $120, the amount still meets the other hypothesis's "$150": the turn asks."""
    text, changes = hear("Send 100 and $20 to Maria Garcia.", ("Send $150 to Maria Garcia.",), ears["c_002"])
    assert "$120" in text and "$150" in text
    assert "hear:amount" in _rules(changes)


@pytest.mark.parametrize(
    "heard",
    [
        "Send $100 and $20 to Maria Garcia.",  # both with a currency: two amounts said as two
        "Send 100 and $200 to Maria Garcia.",  # the second is no smaller part of the first
        "Send 2 and $20 to Maria Garcia.",  # "two and twenty" is no number of the grammar
        "$10 $50 to Maria Garcia.",  # no "and": not joined (kept for the turn, round 2)
        "Send 100 and 20 to Maria Garcia.",  # no currency said on either
    ],
)
def test_numbers_the_grammar_does_not_join_are_left_alone(ears: dict[str, Ear], heard: str) -> None:
    """Pieces that are no "N hundred/thousand and M" stay as heard: the text pipeline questions them."""
    assert hear(heard, (), ears["c_002"]) == (heard, [])


# --- banking words heard as sound-alikes, put back where only the grammar's word fits -------------


@pytest.mark.parametrize(
    ("heard", "fixed"),
    [
        ("Send $40 to David Lee one Friday.", "Send $40 to David Lee on Friday."),
        ("Pay the Xfinity bill one Monday, please.", "Pay the Xfinity bill on Monday, please."),
        (
            "Transfer $200 to Aoife Brennan one December 3rd.",
            "Transfer $200 to Aoife Brennan on December 3rd.",
        ),
        ("Wire $90 to Catherine Wright one the 15th.", "Wire $90 to Catherine Wright on the 15th."),
    ],
)
def test_one_before_a_day_is_heard_as_on(ears: dict[str, Ear], heard: str, fixed: str) -> None:
    """ "one Friday" is no amount and no date of the grammar; "on Friday" is, so it is heard so, traced."""
    text, changes = hear(heard, (), ears["c_002"])
    assert text == fixed
    assert _rules(changes) == ["hear:word"]
    assert (changes[0].heard, changes[0].text) == ("one", "on")


@pytest.mark.parametrize(
    "heard",
    [
        "Send forty one Friday to David Lee.",  # forty-one, or forty on Friday: not the ear's call
        "Send $41 Friday to David Lee.",
        "Send one dollar to David Lee on Friday.",
        "Pay one bill on Monday.",
        "Send $40 to David Lee one day next week.",  # "one day" is a phrase of its own
    ],
)
def test_one_that_may_be_a_number_is_left_alone(ears: dict[str, Ear], heard: str) -> None:
    """After a number, or before no day, "one" stays as heard."""
    assert hear(heard, (), ears["c_002"]) == (heard, [])


def test_one_friday_reaches_the_turn_as_a_date(runner: Any, ears: dict[str, Ear]) -> None:
    """Heard "one Friday", the transfer is proposed for that Friday, as typed "on Friday" would be."""
    text, _ = hear("Send $40 to David Lee one Friday.", (), ears["c_002"])
    result = _turn(runner, text)
    typed = _turn(runner, "send $40 to david lee on friday")
    assert result.action.value == "confirm"
    assert result.entities.execute_on == typed.entities.execute_on is not None


@pytest.mark.parametrize(
    ("heard", "fixed"),
    [
        ("Send $40 to David Lee for my savings.", "Send $40 to David Lee from my savings."),
        ("Pay the water bill for my checking account.", "Pay the water bill from my checking account."),
        (
            "Transfer $100 to Maria Garcia for my savings account, please.",
            "Transfer $100 to Maria Garcia from my savings account, please.",
        ),
        ("Wire $300 for my checking to Catherine Wright.", "Wire $300 from my checking to Catherine Wright."),
    ],
)
def test_for_my_account_on_a_payment_to_someone_is_heard_as_from(
    ears: dict[str, Ear], heard: str, fixed: str
) -> None:
    """Money going to a payee or biller can only come *from* the customer's own account: "for" → "from"."""
    text, changes = hear(heard, (), ears["c_002"])
    assert text == fixed
    assert _rules(changes) == ["hear:word"]
    assert (changes[0].heard, changes[0].text) == ("for my", "from my")


@pytest.mark.parametrize(
    "heard",
    [
        "What's the balance for my savings?",  # no money moves: "for" is the grammar's own word
        "Send $40 to David Lee for my rent.",  # rent is no account of theirs
        "Transfer $100 for my savings.",  # no destination said: "for" may be "to"
        "Send $40 to David Lee for dinner.",
        "Show the transactions for my checking account.",
    ],
)
def test_for_that_the_grammar_can_mean_is_left_alone(ears: dict[str, Ear], heard: str) -> None:
    """ "for my …" on a read, before no account, or with nowhere else for the money to go stays as heard."""
    assert hear(heard, (), ears["c_002"]) == (heard, [])


def test_for_my_savings_pays_from_savings(runner: Any, ears: dict[str, Ear]) -> None:
    """Heard "for my savings", the transfer is proposed from the savings account, as typed "from" is."""
    text, _ = hear("Send $40 to David Lee for my savings.", (), ears["c_002"])
    result = _turn(runner, text)
    typed = _turn(runner, "send $40 to david lee from my savings")
    assert result.action.value == "confirm"
    assert result.entities.account_id == typed.entities.account_id == "a_102"


@pytest.mark.parametrize(
    ("heard", "fixed"),
    [
        ("Show me my safe pays.", "Show me my saved payees."),
        ("Who are my pays?", "Who are my payees?"),
        ("List my saved pays, please.", "List my saved payees, please."),
        ("Can you read me my safe payees?", "Can you read me my saved payees?"),
    ],
)
def test_payees_heard_as_pays_are_put_back(ears: dict[str, Ear], heard: str, fixed: str) -> None:
    """ "my pays" / "safe pays" is no English; "my payees" / "saved payees" is the grammar's, traced."""
    text, changes = hear(heard, (), ears["c_002"])
    assert text == fixed
    assert _rules(changes) == ["hear:word"] * len(changes) and changes


@pytest.mark.parametrize(
    "heard",
    [
        "Pay my water bill.",
        "Which bills does my card pay?",
        "Maria pays me back on Friday.",
        "Is my money safe?",
        "Keep my card safe, lock it.",
    ],
)
def test_pay_and_safe_the_grammar_means_are_left_alone(ears: dict[str, Ear], heard: str) -> None:
    """ "pay" as a verb, "pays" after a person, "safe" before no payees: nothing is changed."""
    assert hear(heard, (), ears["c_002"]) == (heard, [])


def test_safe_pays_reaches_the_turn_as_a_payee_list(runner: Any, ears: dict[str, Ear]) -> None:
    """Heard "show me my safe pays", the turn lists the customer's payees, as typed "saved payees" does."""
    text, _ = hear("Show me my safe pays.", (), ears["c_002"])
    result = _turn(runner, text)
    assert (result.intent.value, result.action.value) == ("recipient_lookup", "execute")


def test_hearing_off_changes_no_word(runner: Any) -> None:
    """With no customer data to check against (hearing off), no word is put back."""
    assert hear("Send $40 to David Lee one Friday.", (), None) == ("Send $40 to David Lee one Friday.", [])


# --- "forty" heard as "for (the)" before a units amount: the turn asks which ------------------------


@pytest.mark.parametrize(
    ("heard", "said", "also"),
    [
        ("Pay for the $5 to Verizon.", "$5", "$45"),
        ("Send for $7 to David Lee, please.", "$7", "$47"),
        ("Transfer for the 3 dollars to Aoife Brennan.", "3 dollars", "$43"),
    ],
)
def test_forty_heard_as_for_the_before_a_units_amount_is_asked_about(
    ears: dict[str, Ear], heard: str, said: str, also: str
) -> None:
    """ "Pay for the $5" is how "pay forty-five dollars" comes out: both readings go to the turn, no guess."""
    text, changes = hear(heard, (), ears["c_002"])
    assert said in text and f"(or {also})" in text
    assert _rules(changes) == ["hear:amount"]


def test_forty_heard_as_for_the_reaches_the_turn_as_a_question(runner: Any, ears: dict[str, Ear]) -> None:
    """The turn asks which amount instead of proposing $5 to Verizon."""
    text, _ = hear("Pay for the $5 to Verizon.", (), ears["c_002"])
    result = _turn(runner, text)
    assert result.action.value == "ask_slot" and result.entities.amount_minor is None


@pytest.mark.parametrize(
    "heard",
    [
        "Pay $5 for the parking to David Lee.",  # "for the" after the amount: a purpose
        "Send $40 for the kids to Aoife Brennan.",
        "Pay for the $45 to Verizon.",  # no units amount: "forty" cannot stand before it
        "Pay for the $500 to Verizon.",
        "What did I pay for the $5 coffee?",  # no request to move money starts with it
    ],
)
def test_for_the_before_no_units_amount_is_left_alone(ears: dict[str, Ear], heard: str) -> None:
    """ "for (the)" not right after the money verb, or before no single-digit amount, is no "forty"."""
    assert hear(heard, (), ears["c_002"]) == (heard, [])


def test_payees_whose_names_sound_the_same_are_still_asked_about(ears: dict[str, Ear]) -> None:
    """Steven Phillips and Stephen Philips are both c_002's payees and sound alike: the forced look's
    rival stays written in, so the turn asks (written after the code: a negative that must not change)."""
    forced = (("Steven Phillips", "Stephen Philips", -0.1), ("Steven Phillips", "Sarah Johnson", -9.0))
    text, changes = hear("Send $75 to Steven Phillips.", (), ears["c_002"], forced=forced)
    assert text == "Send $75 to Steven Phillips (or Stephen Philips)."
    assert _rules(changes) == ["hear:forced_rival"]


@pytest.mark.parametrize(
    ("best", "other"),
    [
        ("Send $40 to David Lee on Friday.", "Send $40 to David Lee one Friday."),
        ("Pay the Xfinity bill on Monday.", "Pay the Xfinity bill one Monday."),
    ],
)
def test_another_hypothesis_heard_one_friday_is_no_amount_dispute(
    ears: dict[str, Ear], best: str, other: str
) -> None:
    """The other hypothesis's "one Friday" is heard as "on Friday" too: "one" is no rival amount."""
    assert hear(best, (other,), ears["c_002"]) == (best, [])
