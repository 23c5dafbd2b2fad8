"""Round 17: a money verb the recognizer glued to the customer's name is written apart ("PayCon Ed").

The text team's blind sets, spoken: "pay con ed the day before Thanksgiving, $142.37" and "pay Con Ed
$6,000" came out of piper's decodes as "PayCon Ed …" and "PayCon at …" on both channels (4 decodes):
with no verb and no biller the turn was read as a transfer to nobody, asking for a payee. Whisper writes a
capital inside a word only where it glued two words; where the glued word is a money verb and a word of one
of the customer's own names, the space is put back (`hear:glued`), as round 16 puts it back between a
number and the letters before it. "PayPal" (no word of a registered name) stays whole.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

import pytest

from teller.domain.turn import TurnRequest
from teller.voice.hearing import Ear, hear

NOW = datetime.fromisoformat("2026-11-21T12:00:00-05:00")


@pytest.mark.parametrize(
    ("heard", "action", "amount"),
    [
        ("PayCon Ed the day before Thanksgiving, $142.37.", "confirm", 14237),
        ("PayCon Ed $6,000.", "reject", 600000),
        ("PayCon at the day before Thanksgiving, $142.37.", "confirm", 14237),
        ("PayCon at $6,000.", "reject", 600000),
    ],
)
def test_the_development_decodes_pay_the_con_ed_bill(
    runner: Any, ears: dict[str, Ear], heard: str, action: str, amount: int
) -> None:
    """Written apart, traced; the bill is proposed (or refused over the limit) as typed."""
    text, changes = hear(heard, (), ears["c_002"])
    assert text.startswith("Pay ")
    assert ("hear:glued", "PayCon", "Pay Con") in [(c.rule, c.heard, c.text) for c in changes]
    result = runner.run(TurnRequest(id="t", customer_id="c_002", text=text, now=NOW), act=False)
    assert (result.action.value, result.entities.biller_id, result.entities.amount_minor) == (
        action,
        "b_101",
        amount,
    )


@pytest.mark.parametrize(
    "heard",
    [
        "Send $20 to my PayPal.",  # Pal is no word of a registered name
        "Paycheck came in, pay Con Ed.",  # no capital inside the word
        "Send $40 to McDonald.",  # no money verb glued
    ],
)
def test_other_words_are_left_whole(ears: dict[str, Ear], heard: str) -> None:
    """Nothing written apart."""
    _, changes = hear(heard, (), ears["c_002"])
    assert "hear:glued" not in [c.rule for c in changes]
