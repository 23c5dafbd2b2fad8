"""Round 15: a name the recognizer split across a word that is no name ("Chris in" for Kristen) is asked.

"send 75 to Kristen the day after Christmas", spoken by flite rms over the telephone, was decoded "Send 75 to
Chris in the day after Christmas." and proposed to Chris O'Neil (docs/voice.md, round 14's "what is left").
The recognizer's second look from "Chris" heard "Kristen the day after Christmas" — another registered name
standing for the heard name *and the word after it*, with the rest of the transcript the same — at 0.2 of
the heard name's probability, under `NAME_RECHECK`. Such a reading says how the heard words were split, not
merely that another name is possible: it disputes the name at any share, and the turn asks which.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from teller.domain.turn import TurnRequest
from teller.voice.hearing import NAME_RECHECK, Ear, hear
from teller.voice.hearing_names import name_doubt

NOW = datetime.fromisoformat("2026-12-09T18:00:00-05:00")
HEARD = "Send 75 to Chris in the day after Christmas."
# the recognizer's second look from the name (flite rms, telephone; `Hypothesis.name_rechecks`)
NAME_RECHECKS = (
    ("Send 75 to Chris in the day after…", 0.484),
    ("Send 75 to Kristen the day after Christmas…", 0.0949),
    ("Send 75 to Christmas in the day after…", 0.0710),
    ("Send 75 to christen the day after…", 0.0486),
)
FORCED = (
    ("Chris", "Chris O'Neil", -17.883),
    ("Chris", "Kristen", -9.794),
    ("Chris", "Catherine", -17.54),
    ("Christmas", "Chris", -8.932),
    ("Christmas", "Chris O'Neil", -14.977),
    ("Christmas", "Wright", -17.458),
)


def _outcome(runner: Any, text: str) -> tuple[Any, ...]:
    result = runner.run(TurnRequest(id="t", customer_id="c_002", text=text, now=NOW), act=False)
    return (result.action.value, result.entities.recipient_id, result.entities.amount_minor)


def test_a_reading_that_splits_the_name_differently_disputes_it(ears: dict[str, Ear]) -> None:
    """Kristen heard for "Chris in" (0.2 of it, under the share) is written in beside the heard name."""
    doubt = name_doubt(HEARD, NAME_RECHECKS, ears["c_002"].index, share=NAME_RECHECK)
    assert doubt is not None
    assert doubt.text == "Send 75 to Chris (or Chris O'Neil or Kristen O'Neill) in the day after Christmas."
    assert doubt.at == HEARD.index("Chris")


def test_the_development_decode_asks_which_payee(runner: Any, ears: dict[str, Ear]) -> None:
    """The spoken turn asks Chris O'Neil or Kristen O'Neill (round 14 proposed $75 to Chris O'Neil)."""
    text, changes = hear(HEARD, (), ears["c_002"], name_rechecks=NAME_RECHECKS, forced=FORCED)
    assert "hear:recheck_name" in [c.rule for c in changes]
    action, payee, _ = _outcome(runner, text)
    assert action != "confirm" and payee is None


def test_a_faint_rival_for_the_name_alone_is_still_no_question(ears: dict[str, Ear]) -> None:
    """A rival standing for the heard name only ("to Kristen in the day"), under the share, disputes nothing:
    that is round 4's second look, unchanged."""
    readings = (
        ("Send 75 to Chris in the day after…", 0.484),
        ("Send 75 to Kristen in the day after Christmas…", 0.0949),
    )
    assert name_doubt(HEARD, readings, ears["c_002"].index, share=NAME_RECHECK) is None


def test_a_faint_rival_with_another_continuation_is_no_split(ears: dict[str, Ear]) -> None:
    """A rival whose words after it differ from the transcript's ("Kristen tomorrow") says nothing about how
    the heard words were split, and stays under the share."""
    readings = (
        ("Send 75 to Chris in the day after…", 0.484),
        ("Send 75 to Kristen tomorrow morning…", 0.0949),
    )
    assert name_doubt(HEARD, readings, ears["c_002"].index, share=NAME_RECHECK) is None


def test_a_name_heard_whole_with_no_split_reading_still_confirms(runner: Any, ears: dict[str, Ear]) -> None:
    """A second look that heard only the name leaves the proposal as it was."""
    text = "Send 75 to Kristen O'Neill on Friday."
    readings = (("Send 75 to Kristen O'Neill on Friday.", 0.9), ("Send 75 to Kristen O'Neil on…", 0.05))
    heard, changes = hear(text, (), ears["c_002"], name_rechecks=readings)
    assert heard == text and changes == []
    assert _outcome(runner, heard)[:2] == ("confirm", "p_106")
