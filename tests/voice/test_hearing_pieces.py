"""Round 9: amount rivals that are pieces of the heard amount — "grand" heard as "grant" after a number
(a grammar word, traced `hear:word`), and a reading that writes the one amount said in pieces ("$250 and
$50 and 50 cents" for "two hundred and fifty dollars and fifty cents") — dispute nothing; a rival that
is no piece of the heard amount still asks (the demo bank's c_002, real pipeline)."""

from __future__ import annotations

from datetime import datetime
from typing import Any

import pytest

from teller.domain.turn import TurnRequest
from teller.voice.hearing import Ear, ear_for, hear

NOW_US = datetime.fromisoformat("2026-11-21T09:00:00-05:00")


@pytest.fixture
def ear(runner: Any) -> Ear:
    """What the demo bank knows about c_002 (en-US)."""
    return ear_for(runner.bank.snapshot("c_002"))


def _rules(changes: list[Any]) -> list[str]:
    return [c.rule for c in changes]


def _turn(runner: Any, text: str) -> Any:
    return runner.run(TurnRequest(id="t", customer_id="c_002", text=text, now=NOW_US), act=False)


# --- "grand" heard as "grant" right after a number ----------------------------------------------------


@pytest.mark.parametrize(
    ("heard", "fixed"),
    [
        ("Send 3 grant to David Lee.", "Send 3 grand to David Lee."),  # golden flite rms, clean
        ("Send three grant to David Lee.", "Send three grand to David Lee."),
        ("Transfer 2 Grant to Catherine Wright, please.", "Transfer 2 Grand to Catherine Wright, please."),
        ("Pay Maria Garcia five grant.", "Pay Maria Garcia five grand."),
    ],
)
def test_grant_after_a_number_is_heard_as_grand(ear: Ear, heard: str, fixed: str) -> None:
    """ "3 grant" is no amount and no English; "3 grand" is the grammar's: put back, with its trace."""
    text, changes = hear(heard, (), ear)
    assert text == fixed
    assert _rules(changes) == ["hear:word"]
    assert changes[0].heard.lower() == "grant" and changes[0].text == "grand"


def test_three_grant_reaches_the_turn_as_three_thousand(runner: Any, ear: Ear) -> None:
    """Golden flite rms "Send 3 grant to David Lee." (its second look: "three grand") confirms $3,000."""
    rechecks = (
        ("Send 3 grant to David Lee…", 0.26),
        ("Send three grand to David Lee…", 0.19),
        ("Send three grant to David Lee…", 0.18),
        ("Send 3 grand to David Lee…", 0.09),
    )
    text, changes = hear("Send 3 grant to David Lee.", ("Send three grand to David Lee.",), ear, rechecks)
    assert "(or" not in text and "hear:amount" not in _rules(changes)
    result = _turn(runner, text)
    assert (result.action.value, result.entities.recipient_id, result.entities.amount_minor) == (
        "confirm",
        "p_104",
        300000,
    )


def test_another_hypothesis_heard_grant_is_no_amount_dispute(ear: Ear) -> None:
    """Golden flite rms telephone: "three grand" beside the n-best's "three grant" is one amount."""
    best = "Send three grand to David Lee."
    assert hear(best, ("Send three grant to David Lee.",), ear) == (best, [])


@pytest.mark.parametrize(
    "heard",
    [
        "Send $50 to Grant Lee.",  # a name, after "to"
        "Is the grant paid?",  # no number before it
        "I got a grant of $500.",  # "a grant" is English
        "Send $3 grant to David Lee.",  # a sum with its currency: "grant" is not its unit
        "Send 3 dollars grant to David Lee.",
        "Send 3 grants to David Lee.",
    ],
)
def test_grant_the_grammar_may_mean_is_left_alone(ear: Ear, heard: str) -> None:
    """ "grant" that is not right after a bare number is no "grand" heard short: left as heard."""
    text, changes = hear(heard, (), ear)
    assert "hear:word" not in _rules(changes) and ("grant" in text.lower())


# --- a reading that writes the one amount in pieces ---------------------------------------------------


FLITE_CLEAN = (  # golden flite rms, clean: the second look at "$250.50"
    ("send $250.50 to Catherine Wright.…", 0.469),
    ("send $250 and $50 and 50 cents…", 0.045),
    ("send $250 and 50.50 to Catherine…", 0.028),
    ("send $250 and $50 and $50…", 0.028),
)


def test_pieces_of_the_heard_amount_in_the_second_look_are_no_question(ear: Ear) -> None:
    """ "$250 and $50 and 50 cents" is "two hundred and fifty dollars and fifty cents" in pieces: $250.50."""
    best = "send $250.50 to Catherine Wright."
    text, changes = hear(best, ("Send $250.50 to Catherine Wright.",), ear, FLITE_CLEAN)
    assert text == best and "(or" not in text
    assert not {"hear:recheck", "hear:amount"} & set(_rules(changes))


def test_pieces_of_the_heard_amount_in_the_nbest_are_no_question(runner: Any, ear: Ear) -> None:
    """Golden flite rms telephone: the n-best's "$250 and $50 and 50 cents" disputes nothing; $250.50
    goes to the confirmation."""
    best = "Send $250.50 to Catherine Wright."
    text, changes = hear(best, ("Send $250 and $50 and 50 cents to Catherine Wright.",), ear)
    assert (text, changes) == (best, [])
    result = _turn(runner, text)
    assert (result.action.value, result.entities.recipient_id, result.entities.amount_minor) == (
        "confirm",
        "p_108",
        25050,
    )


@pytest.mark.parametrize(
    ("best", "other", "also"),
    [
        # 60 is no piece of 250.50
        ("Send $250.50 to Catherine Wright.", "Send $250 and $60 and 50 cents to Catherine Wright.", "$250"),
        # 50.50 is no piece of 250: the cents were heard by the other reading only
        ("Send $250 to Catherine Wright.", "Send $250 and $50 and 50 cents to Catherine Wright.", "$50"),
        # a well-formed reading of another amount is a dispute however its digits look
        ("Send $250.50 to Catherine Wright.", "Send $250 to Catherine Wright.", "$250"),
        ("Send $45 to Maria Garcia.", "Send $5 to Maria Garcia.", "$5"),
        # pieces of another amount ($16 is said "sixteen": 60 and 6 are no pieces of it)
        ("Send $16 to Maria Garcia.", "Send $60 and $6 to Maria Garcia.", "$60"),
    ],
)
def test_a_rival_that_is_no_piece_of_the_heard_amount_still_asks(
    ear: Ear, best: str, other: str, also: str
) -> None:
    """Only a reading made wholly of pieces of the heard amount is let go; any other still asks."""
    text, changes = hear(best, (other,), ear)
    assert f"(or {also}" in text and "hear:amount" in _rules(changes)
