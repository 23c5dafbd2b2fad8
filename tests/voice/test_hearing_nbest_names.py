"""Round 15: the n-best never trades a transcript that names two of the customer's names as registered for
one that names only one of them.

"i already paid the water bill this morning, please pay verizon too", spoken by piper over the telephone, was
decoded right ("… Please pay Verizon, too."); its alternative "… Please pay for your eyes in two." named
only the water bill, and `_fit` scored a transcript naming two billers as a choice (1) below one naming one
(2): the n-best chose the alternative and the turn proposed $2.00 to the NYC Water Board (docs/voice.md,
round 15). Two names each said in full at their own place are no weaker evidence than one.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from teller.domain.turn import TurnRequest
from teller.voice.hearing import Ear, hear

NOW = datetime.fromisoformat("2026-11-21T09:00:00-05:00")
BEST = "I already paid the water bill this morning. Please pay Verizon, too."
ALTERNATIVE = "I already paid the water bill this morning. Please pay for your eyes in two."


def _outcome(runner: Any, text: str) -> tuple[Any, ...]:
    result = runner.run(TurnRequest(id="t", customer_id="c_002", text=text, now=NOW), act=False)
    return (result.action.value, result.entities.biller_id, result.entities.amount_minor)


def test_a_transcript_naming_two_registered_names_is_kept(ears: dict[str, Ear]) -> None:
    """The first transcript names the water bill and Verizon as registered: the alternative that drops
    Verizon is not chosen."""
    text, changes = hear(BEST, (ALTERNATIVE,), ears["c_002"])
    assert text == BEST
    assert "hear:nbest" not in [c.rule for c in changes]


def test_the_development_decode_pays_verizon(runner: Any, ears: dict[str, Ear]) -> None:
    """The spoken turn proposes the Verizon bill, as typed (round 14: $2.00 to the water board)."""
    text, _ = hear(BEST, (ALTERNATIVE,), ears["c_002"])
    action, biller, _ = _outcome(runner, text)
    assert (action, biller) == ("confirm", "b_102")


def test_an_alternative_naming_a_name_still_beats_one_naming_none(ears: dict[str, Ear]) -> None:
    """Round 2's n-best is kept where the first transcript names nobody: the alternative with Verizon wins."""
    best = "Please pay for your eyes in two."
    text, changes = hear(best, ("Please pay Verizon, too.",), ears["c_002"])
    assert text == "Please pay Verizon, too."
    assert [c.rule for c in changes][:1] == ["hear:nbest"]


def test_one_name_heard_as_a_choice_still_loses_to_one_said_in_full(ears: dict[str, Ear]) -> None:
    """A first name several payees share ("Chris", a choice) still scores below the full registered name."""
    best = "Send $20 to Chris."
    other = "Send $20 to Chris O'Neil."
    text, changes = hear(best, (other,), ears["c_002"])
    assert text == other and [c.rule for c in changes][:1] == ["hear:nbest"]
