"""Round 16: a number the recognizer glued to the letters before it is written apart, so the turn reads it.

The text team's blind sets, spoken (round 16): "pay xfinity 80 bucks on the first business day of next month"
was decoded by flite rms (clean and telephone) as "Pay Xfion IDY80 bucks …": no amount was read in "IDY80",
so the turn proposed the Xfinity bill in full, $79.99. "Pay Chris back the 25 he spent on my Uber" came out of
espeak as "Pay Chris Mack, Latwenty Five, …" and was proposed as $5. The digits and the number words are the
recognizer's own; only the space between them and the word before is put back (`hear:glued`).
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

import pytest

from teller.domain.turn import TurnRequest
from teller.voice.hearing import Ear, hear

NOW = datetime.fromisoformat("2026-11-21T09:00:00-05:00")
XFINITY = "Pay Xfion IDY80 bucks on the first business day of next month."
CHRIS = "Pay Chris Mack, Latwenty Five, he spent on my Uber, he's Chris O'Neil."


def _outcome(runner: Any, text: str) -> tuple[Any, ...]:
    result = runner.run(TurnRequest(id="t", customer_id="c_002", text=text, now=NOW), act=False)
    return (
        result.action.value,
        result.entities.recipient_id or result.entities.biller_id,
        result.entities.amount_minor,
    )


@pytest.mark.parametrize(
    ("heard", "apart"),
    [
        (XFINITY, "IDY 80 bucks"),
        (CHRIS, "La twenty Five"),
        ("Send Maria Y80 dollars.", "Y 80 dollars"),
        ("Send Maria Garcia Transfifty dollars.", "Trans fifty dollars"),
    ],
)
def test_a_number_glued_to_letters_is_written_apart_with_its_trace(
    ears: dict[str, Ear], heard: str, apart: str
) -> None:
    """Digits before a currency word, or a tens word ending a word that is no English word, stand apart."""
    text, changes = hear(heard, (), ears["c_002"])
    assert apart in text
    assert "hear:glued" in [c.rule for c in changes]


def test_the_bill_is_paid_with_the_amount_heard_not_in_full(runner: Any, ears: dict[str, Ear]) -> None:
    """ "IDY80 bucks": $80 to Xfinity, as typed (main proposed the whole $79.99 due)."""
    text, _ = hear(XFINITY, (), ears["c_002"])
    assert _outcome(runner, text) == ("confirm", "b_103", 8000)


def test_the_glued_tens_word_is_not_dropped_from_the_amount(runner: Any, ears: dict[str, Ear]) -> None:
    """ "Latwenty Five" is no longer proposed as $5."""
    text, _ = hear(CHRIS, (), ears["c_002"])
    assert _outcome(runner, text) != ("confirm", "p_105", 500)


@pytest.mark.parametrize(
    "heard",
    [
        "I have plenty of money, send 50 to Maria.",  # an English word ending in "ty"
        "Pay the Verizon B1 Pay date.",  # digits glued to a letter, no currency word after them
        "Send $80 to Maria Garcia.",
        "Send 80 bucks to Maria Garcia.",
        "Lock my card ending in 4417.",
    ],
)
def test_words_and_numbers_already_apart_are_left_as_heard(ears: dict[str, Ear], heard: str) -> None:
    """Nothing else is split."""
    _, changes = hear(heard, (), ears["c_002"])
    assert "hear:glued" not in [c.rule for c in changes]
