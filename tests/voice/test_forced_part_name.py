"""Round 17: a rival written beside part of a registered name comes with that name in full, so the turn asks.

The text team's blind sets, spoken: "send $200 to my landlord" was heard by piper "… to my landor.",
put right as the near miss "Lan" (of Nguyen Thi Lan), and the forced look wrote its close rival beside it:
"… to my Lan (or David Lee)." The text pipeline reads "Lan (or David Lee)" as David Lee — one word of a
name is a weaker match than a whole one — and proposed $200 to David Lee: confidently wrong. The same
happens to any one-word name with a rival ("Chris (or Kristen O'Neill)" proposes Kristen O'Neill). Round 4
wrote the registered form of a heard name beside its rivals for this reason ("Chris and O'Neil (or Chris
O'Neil or Kristen O'Neill)"); the forced look now does too, so the turn sees two whole names and asks.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

import pytest

from teller.domain.turn import TurnRequest
from teller.voice.hearing import Ear, hear

NOW = datetime.fromisoformat("2026-11-21T09:00:00-05:00")

CASES = [
    (  # the blind decode (piper clean) with its forced look
        "Send Dollar 200 to my landor.",
        (("landor", "Lan", -15.123), ("landor", "Water", -16.97), ("landor", "Lee", -15.428)),
        "to my Lan (or Nguyen Thi Lan or David Lee).",
    ),
    (
        "Send $90 to Chris.",
        (("Chris", "Kristen O'Neill", -0.2), ("Chris", "Sarah Johnson", -9.0)),
        "to Chris (or Chris O'Neil or Kristen O'Neill).",
    ),
]


@pytest.mark.parametrize(("heard", "forced", "written"), CASES)
def test_the_heard_part_is_written_in_full_beside_its_rival(
    runner: Any, ears: dict[str, Ear], heard: str, forced: Any, written: str
) -> None:
    """Both whole names are written in, and the turn asks which instead of proposing the rival."""
    text, changes = hear(heard, (), ears["c_002"], forced=forced)
    assert text.endswith(written)
    assert "hear:forced_rival" in [c.rule for c in changes]
    result = runner.run(TurnRequest(id="t", customer_id="c_002", text=text, now=NOW), act=False)
    assert result.action.value not in ("confirm", "execute")


def test_a_whole_name_heard_is_not_written_twice(ears: dict[str, Ear]) -> None:
    """ "Chris O'Neil (or Kristen O'Neill)": the heard name is whole already."""
    text, _ = hear(
        "Send $90 to Chris O'Neil.", (), ears["c_002"], forced=(("Chris O'Neil", "Kristen O'Neill", 0.1),)
    )
    assert text == "Send $90 to Chris O'Neil (or Kristen O'Neill)."
