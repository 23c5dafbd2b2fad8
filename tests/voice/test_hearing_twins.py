"""Round 15: an amount whose hearing is disputed between a -teen and its -ty ("15" / "50") asks, never acts.

"I already sent Maria 200 on Thursday, send her another 50 now", spoken by flite rms over the telephone,
was decoded "… sent her another 15 now." (alternative "… send her another 15 now."); the recognizer's
second look at the 15 heard 50 too, at 0.04 of the 15's probability — under `RECHECK` (0.15), and not read
at all because the n-best chose the alternative ("send" for "sent"). The turn proposed $15 to Maria
(docs/voice.md, round 14's "what is left"). A -teen and its -ty twin differ only in the unstressed end of
one word, which the telephone band blurs: a twin the wider beam heard at all disputes the amount; and the
second look at an amount speaks for any transcript that names the same amounts as the one it read on from.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

import pytest

from teller.domain.turn import TurnRequest
from teller.voice.hearing import Ear, hear
from teller.voice.hearing_numbers import second_look

NOW = datetime.fromisoformat("2026-11-21T09:00:00-05:00")
# the development decode (flite rms, telephone): best, its alternative, the second look at each amount
BEST = "I already sent Maria 200 on Thursday, sent her another 15 now."
ALTERNATIVE = "I already sent Maria 200 on Thursday, send her another 15 now."
RECHECKS = (
    ("I already sent Maria 200 on Thursday, sent…", 0.0861),
    ("I already sent Maria 200 on Thursday, send…", 0.0479),
    ("I already sent Maria to 100 on Thursday,…", 0.0278),
    ("I already sent Maria 200 on Thursday. Send…", 0.0166),
    ("I already sent Maria 200 on Thursday, sent her another 15 now.", 0.7374),
    ("I already sent Maria 200 on Thursday, sent her another fifteen now.", 0.0510),
    ("I already sent Maria 200 on Thursday, sent her another 50 now.", 0.0304),
    ("I already sent Maria 200 on Thursday, sent her another 15 now. I already…", 0.0120),
)


def _outcome(runner: Any, text: str) -> tuple[Any, ...]:
    result = runner.run(TurnRequest(id="t", customer_id="c_002", text=text, now=NOW), act=False)
    return (result.action.value, result.entities.recipient_id, result.entities.amount_minor)


@pytest.mark.parametrize(
    ("heard", "twin"),
    [
        ("Send $15 to Maria Garcia.", "Send $50 to Maria Garcia."),
        ("Send $50 to Maria Garcia.", "Send $15 to Maria Garcia."),
        ("Send $13 to David Lee.", "Send $30 to David Lee."),
        ("Send $90 to David Lee.", "Send $19 to David Lee."),
        ("Send 16 dollars to David Lee.", "Send sixty dollars to David Lee."),
        ("Send $14,000 to David Lee.", "Send $40,000 to David Lee."),
    ],
)
def test_a_twin_the_wider_beam_heard_at_all_is_returned(heard: str, twin: str) -> None:
    """The -teen / -ty twin at 0.03 of the written amount's probability (under the share) disputes it."""
    readings = ((heard, 0.8), (twin, 0.024))
    assert second_look(heard, readings, share=0.15) == [twin]


@pytest.mark.parametrize(
    "other",
    [
        "Send $16 to Maria Garcia.",  # a neighbour, not the twin
        "Send $5 to Maria Garcia.",
        "Send $150 to Maria Garcia.",
        "Send $40 to Maria Garcia.",
    ],
)
def test_a_faint_reading_that_is_no_twin_still_disputes_nothing(other: str) -> None:
    """Only the twin is exempt from the share: any other faint reading (0.03 of it) is no rival, as before."""
    readings = (("Send $15 to Maria Garcia.", 0.8), (other, 0.024))
    assert second_look("Send $15 to Maria Garcia.", readings, share=0.15) == []


def test_the_second_look_speaks_for_the_chosen_transcript_with_the_same_amounts(
    ears: dict[str, Ear],
) -> None:
    """The n-best chose "send" for "sent"; both name 200 and 15, so the second look's 50 is written beside the
    15, traced as hear:recheck where the 15 stands."""
    text, changes = hear(BEST, (ALTERNATIVE,), ears["c_002"], rechecks=RECHECKS)
    assert text == "I already sent Maria 200 on Thursday, send her another 15 (or 50) now."
    assert [c.rule for c in changes] == ["hear:nbest", "hear:recheck"]
    assert changes[-1].at == ALTERNATIVE.index("15")


def test_the_development_decode_asks_the_amount(runner: Any, ears: dict[str, Ear]) -> None:
    """The turn asks which amount (round 14 proposed $15 to Maria)."""
    text, _ = hear(BEST, (ALTERNATIVE,), ears["c_002"], rechecks=RECHECKS)
    action, _, amount = _outcome(runner, text)
    assert action != "confirm" and amount is None


def test_a_chosen_transcript_with_other_amounts_reads_no_second_look(ears: dict[str, Ear]) -> None:
    """The second look read on from the first transcript's amounts: a chosen one naming others is not judged
    by it (round 3's rule, kept)."""
    best = "Why are $16 to Catherine Wright?"
    other = "Wire $60 to Catherine Wright."
    readings = (("Why are $16 to Catherine Wright?", 0.3), ("Why are $19 to Catherine Wright?", 0.3))
    text, _ = hear(best, (other,), ears["c_002"], readings)
    assert "$19" not in text


def test_a_right_amount_with_no_twin_heard_still_confirms(runner: Any, ears: dict[str, Ear]) -> None:
    """A second look that heard only the amount and faint non-twins leaves the proposal as it was."""
    readings = (
        ("Send $50 to Maria Garcia.", 0.8),
        ("Send 50 dollars to Maria Garcia.", 0.1),
        ("Send $55 to Maria Garcia.", 0.02),
    )
    text, changes = hear("Send $50 to Maria Garcia.", (), ears["c_002"], rechecks=readings)
    assert text == "Send $50 to Maria Garcia." and changes == []
    assert _outcome(runner, text) == ("confirm", "p_101", 5000)


def test_japanese_amounts_have_no_twins() -> None:
    """一万五千 and 五万 (15,000円 / 50,000円) sound nothing alike: a faint reading disputes nothing there."""
    readings = (("佐藤健さんに15000円振り込んで", 0.8), ("佐藤健さんに50000円振り込んで", 0.024))
    assert second_look("佐藤健さんに15000円振り込んで", readings, share=0.15) == []


def test_an_english_transcript_with_a_curly_apostrophe_still_has_twins() -> None:
    """ "I’d" (U+2019) is still English: the twin disputes."""
    heard = "I’d like to send $15 to Maria Garcia."
    readings = ((heard, 0.8), ("I’d like to send $50 to Maria Garcia.", 0.024))
    assert second_look(heard, readings, share=0.15) == ["I’d like to send $50 to Maria Garcia."]
