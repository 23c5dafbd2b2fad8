"""Round 17: an amount heard as exactly what is due on the bill the turn names is not disputed by a rival.

The text team's blind sets, spoken (round 16's blind measurement, `bench/voice_blind.py`): of the Japanese
development voice's (Kokoro) amounts not heard as typed, the largest kind with one rule behind it was a bill
paid with the amount due, heard right, and asked about because the n-best's other transcript read another
amount — "水道第4,210円" beside "4,220円" (both channels), "4,210円" beside "110円", "ガス第6,380円" beside
"630080円", "6,300810円" and "6,388円". Round 16 let the amount due dispute a heard amount one digit from it;
the same fact speaks for the heard amount when it *is* the amount due: the customer's bank has it, and a
recognizer that slipped would hardly land on it. The turn goes on to the confirmation, which shows it.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

import pytest

from teller.domain.turn import TurnRequest
from teller.voice.hearing import Ear, hear

NOW = {"c_001": "2026-11-18T09:00:00+09:00", "c_002": "2026-11-21T09:00:00-05:00"}

# development decodes of the blind lines: (customer, best, the n-best's other transcript, bill, amount due)
DECODES = [
    ("c_001", "水道第4,210円を払いた。", "水道第4,220円を払いた。", "b_004", 4210),
    ("c_001", "2週間後に水道大4,210円払って。", "2週間後に水道大陽線に110円払って。", "b_004", 4210),
    ("c_001", "ガス第6,380円、月末に払っていて。", "ガス第630080円、月末に払っていて。", "b_002", 6380),
    ("c_001", "ガス第6,380円、月末に払っておいて。", "ガス第6,388円、月末に払っておいて。", "b_002", 6380),
    ("c_002", "Pay $85.99 to Verizon.", "Pay $85.90 to Verizon.", "b_102", 8599),
]


def _outcome(runner: Any, cid: str, text: str) -> tuple[Any, ...]:
    now = datetime.fromisoformat(NOW[cid])
    result = runner.run(TurnRequest(id="t", customer_id=cid, text=text, now=now), act=False)
    return (result.action.value, result.entities.biller_id, result.entities.amount_minor)


@pytest.mark.parametrize(("cid", "best", "other", "bill", "due"), DECODES)
def test_a_rival_reading_of_the_amount_due_is_not_asked_about(
    ears: dict[str, Ear], cid: str, best: str, other: str, bill: str, due: int
) -> None:
    """The transcript stays as heard; the decision is traced as hear:owed_heard, with the rival."""
    text, changes = hear(best, (other,), ears[cid])
    assert text == best
    assert [c.rule for c in changes] == ["hear:owed_heard"]
    at = changes[0].at
    assert at is not None and best[at:].startswith(changes[0].text)


# "水道第4,210円を払いた。" is read as a question by the text pipeline, with or without the rival
@pytest.mark.parametrize(("cid", "best", "other", "bill", "due"), DECODES[1:])
def test_the_bill_is_proposed_with_the_amount_due(
    runner: Any, ears: dict[str, Ear], cid: str, best: str, other: str, bill: str, due: int
) -> None:
    """On main these asked which amount; the bill is now proposed for its confirmation."""
    text, _ = hear(best, (other,), ears[cid])
    assert _outcome(runner, cid, text) == ("confirm", bill, due)


@pytest.mark.parametrize(
    ("cid", "best", "other"),
    [
        ("c_001", "水道第4,220円を払いた。", "水道第4,210円を払いた。"),  # the rival is the amount due
        ("c_001", "ガス代4,210円を払って。", "ガス代4,220円を払って。"),  # due on the water bill, not the gas
        ("c_002", "Send $85.99 to Maria Garcia.", "Send $85.90 to Maria Garcia."),  # no bill named
        (
            "c_002",
            "Pay $85.99 to Verizon and $50 to Con Edison.",
            "Pay $85.99 to Verizon and $15 to Con Edison.",
        ),
        ("c_001", "Pay 4210 dollars for the water bill.", "Pay 4220 dollars for the water bill."),  # not yen
    ],
)
def test_other_amounts_are_still_asked_about(ears: dict[str, Ear], cid: str, best: str, other: str) -> None:
    """Only an amount that is the named bill's amount due, in its currency, and the turn's only amount."""
    text, changes = hear(best, (other,), ears[cid])
    assert "hear:owed_heard" not in [c.rule for c in changes]
    assert "hear:amount" in [c.rule for c in changes] and text != best
