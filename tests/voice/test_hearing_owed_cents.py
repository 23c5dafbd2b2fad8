"""Round 17: an amount with the cents of what is due on the bill the turn names, but other dollars, asks.

The text team's blind sets, spoken: "pay the internet bill, 79.99" was heard "$17.99" by three of the
development voices (piper on both channels, flite rms): "seventy-nine" run into "seventeen". On piper's
telephone decode nothing disputed it — no n-best or second-look reading had another amount — and $17.99
was proposed for the Xfinity bill ($79.99 due): confidently wrong. Cents that are not zero are read off a
bill; the same cents as the amount due with other dollars say the dollars were misheard, as round 16's one
digit off does. So the amount due is written in beside it ("$17.99 (or $79.99)") and the turn asks.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

import pytest

from teller.domain.turn import TurnRequest
from teller.voice.hearing import Ear, hear

NOW = "2026-11-21T09:00:00-05:00"


def _outcome(runner: Any, text: str) -> tuple[Any, ...]:
    result = runner.run(
        TurnRequest(id="t", customer_id="c_002", text=text, now=datetime.fromisoformat(NOW)), act=False
    )
    return (result.action.value, result.entities.biller_id, result.entities.amount_minor)


@pytest.mark.parametrize(
    ("heard", "written"),
    [
        (
            "Payed an internet bill, $17.99.",
            "Payed an internet bill, $17.99 (or $79.99).",
        ),  # the blind decode
        ("Pay Verizon $58.99.", "Pay Verizon $58.99 (or $85.99)."),
        ("Pay the electric bill, 124.37.", "Pay the electric bill, 124.37 (or $142.37)."),
    ],
)
def test_the_amount_due_is_written_beside_other_dollars_with_its_cents(
    ears: dict[str, Ear], heard: str, written: str
) -> None:
    """Traced as hear:owed, where the heard amount stands."""
    text, changes = hear(heard, (), ears["c_002"])
    assert text == written
    assert [c.rule for c in changes] == ["hear:owed"]


def test_the_decode_that_proposed_17_99_asks(runner: Any, ears: dict[str, Ear]) -> None:
    """On main the turn proposed $17.99 to Xfinity; now it asks which amount."""
    text, _ = hear("Payed an internet bill, $17.99.", (), ears["c_002"])
    action, _, _ = _outcome(runner, text)
    assert action not in ("confirm", "execute")


@pytest.mark.parametrize(
    "heard",
    [
        "Pay the internet bill, $79.99.",  # as due
        "Pay the internet bill, $17.50.",  # other cents
        "Pay the internet bill, $40.",  # no cents
        "Pay Verizon $17.37.",  # the cents of another bill's amount due (Con Edison)
        "Send $17.99 to Maria Garcia.",  # no bill named
    ],
)
def test_other_cents_or_no_bill_are_left_as_heard(ears: dict[str, Ear], heard: str) -> None:
    """Only the named bill's own non-zero cents with other dollars."""
    text, changes = hear(heard, (), ears["c_002"])
    assert text == heard and "hear:owed" not in [c.rule for c in changes]
