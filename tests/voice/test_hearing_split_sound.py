"""Round 17: a registered name and a short word that together sound like a longer registered name ask.

The text team's blind sets, spoken: "I said Sato Kenta. 20000 yen." was heard by espeak as "I said Sato Ken
to 20,000 yen." and 20,000 yen was proposed to Sato Ken — another payee. Round 15 caught a name split
across a word ("Chris in" for Kristen) when the recognizer's second look heard the longer name there; this
decode's second look had "Sato Kenta" too weakly, and cut short. The transcript alone says it: "Ken" and
"to" are "Kenta" with its last sound blurred, and Sato Kenta is registered. So the longer name is written
in beside the heard one ("Sato Ken (or Sato Kenta) to 20,000 yen") and the turn asks which; nothing is
replaced.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

import pytest

from teller.domain.turn import TurnRequest
from teller.voice.hearing import Ear, hear

NOW = {"c_001": "2026-11-21T09:00:00+09:00", "c_002": "2026-11-21T09:00:00-05:00"}


# the decode's forced look (espeak clean): Saito Ken far below Sato Ken, so round 7 does not ask between them
FORCED = (
    ("Sato", "Saito", -6.814),
    ("Sato", "Sato Ken", -12.092),
    ("Sato", "Saito Ken", -18.139),
    ("said Sato Ken", "Saito Ken", -13.644),
    ("said Sato Ken", "Sato Ken", -9.042),
    ("said Sato Ken", "Sato Kenta", -21.165),
)


def test_the_development_decode_asks_which_name(runner: Any, ears: dict[str, Ear]) -> None:
    """Written in beside the heard name, traced as hear:split_sound; the turn no longer proposes Sato Ken."""
    heard = "I didn't say send it to Sato, I said Sato Ken to 20,000 yen."
    text, changes = hear(heard, (), ears["c_001"], forced=FORCED)
    assert "I said Sato Ken (or Sato Kenta) to 20,000 yen." in text
    assert "hear:split_sound" in [c.rule for c in changes]
    now = datetime.fromisoformat(NOW["c_001"])
    result = runner.run(TurnRequest(id="t", customer_id="c_001", text=text, now=now), act=False)
    assert result.action.value not in ("confirm", "execute")


@pytest.mark.parametrize(
    ("cid", "heard"),
    [
        ("c_001", "Send 20,000 yen to Sato Ken tomorrow."),  # a long word after the name
        ("c_001", "Send 20,000 yen to Sato Kenta."),  # the longer name said
        ("c_002", "Send $50 to Chris in the morning."),  # no registered name begins with Chris's letters
        ("c_002", "Send $50 to Maria Garcia at noon."),  # nothing registered is Garcia and "at"
        ("c_002", "Is Chris O'Neil one of my payees?"),  # O'Neill is a spelling of O'Neil, not O'Neil + "one"
        ("c_001", "If I lock my credit card now, Ken I still use Apple Pay."),  # "I" is not the "ta" of Kenta
    ],
)
def test_other_words_after_a_name_are_left(ears: dict[str, Ear], cid: str, heard: str) -> None:
    """Nothing written in."""
    _, changes = hear(heard, (), ears[cid])
    assert "hear:split_sound" not in [c.rule for c in changes]
