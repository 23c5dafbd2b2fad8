"""Round 16: a comma after a number is punctuation unless digits follow it; a thousands group ends at 円.

"If my checking balance is over 500, send 100 to Catherine Wright", spoken by flite rms (a blind line), was
decoded word for word; the n-best's other transcript, "… over 500% 100 to Catherine Wright.", had lost the
verb, yet won: `hearing_numbers.malformed` counted the comma of "500, send" as a thousands comma no group
follows, so the right transcript scored lower, and the turn read a balance instead of asking about the
transfer. The same pattern took "12,300円" for malformed (the 円 right after the group is a word character),
so a Japanese transcript with grouped digits lost to one without.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

import pytest

from teller.domain.turn import TurnRequest
from teller.voice.hearing import Ear, hear
from teller.voice.hearing_numbers import malformed

BEST = "If my checking balance is over 500, send 100 to Catherine Wright."
ALTERNATIVE = "If my checking balance is over 500% 100 to Catherine Wright."


@pytest.mark.parametrize(
    "text",
    [
        BEST,
        "Send $50, please.",
        "I paid 200, send 50 more to Maria.",
        "12,400円、送って",
        "伊藤に12,300円送金して。",
        "Send 1,000 yen to Sato Ken.",
        "Send $1,250.50 to David Lee.",
    ],
)
def test_a_comma_no_digit_follows_or_a_whole_group_is_well_formed(text: str) -> None:
    """Punctuation after a number, and a thousands group followed by 円 or a space, break no grammar."""
    assert malformed(text) == 0


@pytest.mark.parametrize(
    "text",
    ["Send $12,34 to Maria.", "Send 1,0000 yen.", "Send $1,5 to Maria.", "12,34円送って", "1,0000円払って"],
)
def test_a_comma_a_wrong_group_follows_is_still_malformed(text: str) -> None:
    """Digits after a comma that are no group of three still count against the transcript."""
    assert malformed(text) >= 1


def test_the_transcript_that_kept_its_verb_is_kept(ears: dict[str, Ear]) -> None:
    """The decoder's best, with "send", is no longer traded for the one that lost it."""
    text, changes = hear(BEST, (ALTERNATIVE,), ears["c_002"])
    assert text == BEST
    assert "hear:nbest" not in [c.rule for c in changes]


def test_the_development_decode_is_no_balance_read(runner: Any, ears: dict[str, Ear]) -> None:
    """On main the turn read the checking balance (executed); now it is the transfer, as typed."""
    text, _ = hear(BEST, (ALTERNATIVE,), ears["c_002"])
    now = datetime.fromisoformat("2026-11-21T09:00:00-05:00")
    result = runner.run(TurnRequest(id="t", customer_id="c_002", text=text, now=now), act=False)
    assert result.intent.value == "transfer_money"


def test_grouped_yen_digits_are_not_traded_for_ungrouped_ones(ears: dict[str, Ear]) -> None:
    """ "12,300円" and "12300円" are the same amount heard alike: the decoder's order stands."""
    _, changes = hear("伊藤翔に12,300円送金して。", ("伊藤翔に12300円送金して。",), ears["c_001"])
    assert "hear:nbest" not in [c.rule for c in changes]
