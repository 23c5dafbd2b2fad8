"""Round 14: a disputed amount's other reading is written beside the amount it disputes, not beside the
first amount of the transcript. "I already sent Maria 200 on Thursday, send her another 15 now." with the
second look hearing 50 at the 15 (a development decode, flite rms) was written "200 (or 50) … another 15",
and the turn proposed $15; beside the 15 the turn asks which amount (docs/voice.md, round 14)."""

from __future__ import annotations

from datetime import datetime
from typing import Any

import pytest

from teller.domain.turn import TurnRequest
from teller.voice.hearing import Ear, hear
from teller.voice.hearing_numbers import disputed

NOW = datetime.fromisoformat("2026-11-21T09:00:00-05:00")
HEARD = "I already sent Maria 200 on Thursday, send her another 15 now."
# the recognizer's second look at each amount of HEARD (flite rms, clean; `Hypothesis.rechecks`)
RECHECKS = (
    ("I already sent Maria 200 on Thursday, send…", 0.138),
    ("I already sent Maria 200 on Thursday, sent…", 0.128),
    ("I already sent Maria to 100 on Thursday,…", 0.076),
    ("I already sent Maria 200 on Thursday. Send…", 0.015),
    ("I already sent Maria 200 on Thursday, send her another 15 now.", 0.702),
    ("I already sent Maria 200 on Thursday, send her another 50 now.", 0.163),
    ("I already sent Maria 200 on Thursday, send her another fifteen now.", 0.027),
)


def _outcome(runner: Any, text: str) -> tuple[Any, ...]:
    result = runner.run(TurnRequest(id="t", customer_id="c_002", text=text, now=NOW), act=False)
    return (result.action.value, result.entities.recipient_id, result.entities.amount_minor)


@pytest.mark.parametrize(
    ("chosen", "other", "written", "at"),
    [
        (
            HEARD,
            HEARD.replace("15", "50"),
            "I already sent Maria 200 on Thursday, send her another 15 (or 50) now.",
            55,
        ),
        (
            "Send Maria $60 on the 3rd and $15 on the 20th.",
            "Send Maria $60 on the 3rd and $50 on the 20th.",
            "Send Maria $60 on the 3rd and $15 (or $50) on the 20th.",
            30,
        ),
        (
            "3000円を佐藤さんに、500円を鈴木さんに",
            "3000円を佐藤さんに、5000円を鈴木さんに",
            "3000円を佐藤さんに、500円（または5000円）を鈴木さんに",
            12,
        ),
        # the first amount disputed: as before
        (
            "Send $16 to Maria and $40 to Lan.",
            "Send $60 to Maria and $40 to Lan.",
            "Send $16 (or $60) to Maria and $40 to Lan.",
            5,
        ),
    ],
)
def test_the_other_reading_is_written_beside_the_amount_it_disputes(
    chosen: str, other: str, written: str, at: int
) -> None:
    """The reading goes right after the amount that differs, and the doubt says where that amount starts."""
    doubt = disputed(chosen, [other])
    assert doubt is not None
    assert doubt.text == written
    assert doubt.at == at


def test_a_reading_with_a_different_count_of_amounts_is_written_after_the_first_as_before() -> None:
    """When the amounts cannot be paired ("to 100" read where "200" stood), the first amount is doubted."""
    doubt = disputed("Send Maria 200 and 15 more.", ["Send Maria to 100."])
    assert doubt is not None and doubt.text == "Send Maria 200 (or 100) and 15 more."


def test_the_second_looks_amount_is_asked_where_it_was_heard(runner: Any, ears: dict[str, Ear]) -> None:
    """The development decode: the second look's 50 is written beside the 15 and the turn asks the amount."""
    text, changes = hear(HEARD, (), ears["c_002"], rechecks=RECHECKS)
    assert "another 15 (or 50) now" in text
    assert [(c.rule, c.at) for c in changes if c.rule == "hear:recheck"] == [("hear:recheck", 55)]
    action, _, amount = _outcome(runner, text)
    assert action != "confirm" and amount is None
