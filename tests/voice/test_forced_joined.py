"""Round 17: a name lost to an ordinary word where "and" joins it to a registered name asks, never acts.

The text team's blind sets, spoken: "pay the Verizon and the Con Ed bills" was heard by flite rms as
"Pay the reason and the Con Ed bills." on both channels, and the turn proposed the Con Ed bill alone where
the typed one asks which: a biller lost to an ordinary word, and the other one acted on. The forced look
scored Verizon 4.4-4.6 nats below "reason", too far for round 5's bar for putting a name in (`FIX`), but
the sentence itself says a name stands there: the word is joined by "and" to a name the customer
registered. So a registered name that clearly wins there (`MARGIN`) within the wider `JOINED` bar is
written in beside the heard word, and the turn asks which; nothing is replaced.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

import pytest

from teller.domain.turn import TurnRequest
from teller.voice.hearing import Ear, hear
from teller.voice.hearing_forced import FIX, JOINED

NOW = datetime.fromisoformat("2026-11-21T09:00:00-05:00")

# the development decodes (flite rms clean, telephone): best transcript and the forced look
CLEAN = (
    "Pay the reason and the Con Ed bills.",
    (
        ("reason", "Verizon", -4.646),
        ("reason", "Chris O'Neil", -21.578),
        ("reason", "Edison", -9.994),
        ("Con", "Con Edison", -17.576),
        ("Con", "Catherine Wright", -39.414),
        ("Con", "O'Neil", -26.652),
    ),
)
TELEPHONE = (
    "Pay the reason and the Conette bills.",
    (
        ("reason", "Verizon", -4.44),
        ("reason", "Chris O'Neil", -19.709),
        ("reason", "Edison", -10.197),
        ("Conette", "Con", -9.801),
        ("Conette", "Con Edison", -7.997),
        ("Conette", "Catherine Wright", -19.052),
    ),
)


def _run(runner: Any, text: str) -> tuple[Any, ...]:
    result = runner.run(TurnRequest(id="t", customer_id="c_002", text=text, now=NOW), act=False)
    return (result.action.value, result.entities.biller_id)


def test_the_bar_is_wider_than_the_one_for_putting_a_name_in() -> None:
    """Only asking: a wider bar than FIX, and the scores of the decodes lie between them."""
    assert FIX < 4.4 < 4.7 < JOINED


@pytest.mark.parametrize(("best", "forced"), [CLEAN, TELEPHONE])
def test_the_registered_name_is_written_beside_the_word(
    runner: Any, ears: dict[str, Ear], best: str, forced: Any
) -> None:
    """ "the reason (or Verizon Wireless) and the Con Ed bills": traced, and the turn asks."""
    text, changes = hear(best, (), ears["c_002"], forced=forced)
    assert "reason (or Verizon Wireless) and the" in text
    assert "hear:forced_rival" in [c.rule for c in changes]
    action, _ = _run(runner, text)
    assert action not in ("confirm", "execute")


@pytest.mark.parametrize(
    ("best", "forced"),
    [
        # not joined to a registered name by "and": round 5's bar holds
        ("Pay the reason bill.", (("reason", "Verizon", -4.4), ("reason", "Edison", -10.2))),
        ("Pay the reason and the gym bills.", (("reason", "Verizon", -4.4), ("reason", "Edison", -10.2))),
        # joined, but the registered name is too far below the heard word, or has a close rival
        ("Pay the reason and the Con Ed bills.", (("reason", "Verizon", -7.5), ("reason", "Edison", -12.0))),
        ("Pay the reason and the Con Ed bills.", (("reason", "Verizon", -4.4), ("reason", "Xfinity", -5.0))),
    ],
)
def test_otherwise_the_word_is_left_as_heard(ears: dict[str, Ear], best: str, forced: Any) -> None:
    """Nothing written in."""
    text, changes = hear(best, (), ears["c_002"], forced=forced)
    assert "Verizon" not in text
    assert not [c for c in changes if c.rule.startswith("hear:forced")]
