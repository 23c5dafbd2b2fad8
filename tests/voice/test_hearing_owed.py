"""Round 16: an amount heard one digit away from what is due on the bill the turn names asks, never acts.

The text team's blind sets, spoken (round 16's blind measurement, `bench/voice_blind.py`): of the 25
development-voice decodes that acted confidently wrong, 14 proposed an amount heard wrong, and 8 of those
were a bill paid with an amount one digit off what is due on it — "水道代 … 4210円" heard as 420円 (Kokoro,
both channels, two lines), "ドコモの携帯代8800円" as 800円, "ガス代6380円" as 6,388円, "$85.99 to Verizon"
as "85.9" and "$142.37" as "142.3" (espeak). No n-best or second look disputed them; the customer's bank
does: the amount due on the bill. So it is written in beside the heard amount and the turn asks which.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

import pytest

from teller.domain.turn import TurnRequest
from teller.voice.hearing import Ear, hear

NOW = {"c_001": "2026-11-18T09:00:00+09:00", "c_002": "2026-11-21T09:00:00-05:00"}

# development decodes of the blind lines (the heard transcript; none had an n-best rival for its amount)
DECODES = [
    (
        "c_001",
        "今週の金用に水道台払っておいて、420円。",
        "今週の金用に水道台払っておいて、420円（または4210円）。",
    ),
    (
        "c_001",
        "ドコモの携帯大発線800円を支払い、技術に払いたい。",
        "ドコモの携帯大発線800円（または8800円）を支払い、技術に払いたい。",
    ),
    (
        "c_001",
        "台州の水曜日にガス、第6,388円を払う。",
        "台州の水曜日にガス、第6,388円（または6380円）を払う。",
    ),
    ("c_002", "Payed at the 85.9 to Verizon.", "Payed at the 85.9 (or $85.99) to Verizon."),
    (
        "c_002",
        "Keep my light song, Pay the Electric Company, another 142.3 Heaven.",
        "Keep my light song, Pay the Electric Company, another 142.3 (or $142.37) Heaven.",
    ),
]


def _outcome(runner: Any, cid: str, text: str) -> tuple[Any, ...]:
    now = datetime.fromisoformat(NOW[cid])
    result = runner.run(TurnRequest(id="t", customer_id=cid, text=text, now=now), act=False)
    return (result.action.value, result.entities.biller_id, result.entities.amount_minor)


@pytest.mark.parametrize(("cid", "heard", "written"), DECODES)
def test_the_amount_due_is_written_beside_an_amount_one_digit_off(
    ears: dict[str, Ear], cid: str, heard: str, written: str
) -> None:
    """The amount due goes right after the heard amount, traced as hear:owed where that amount stands."""
    text, changes = hear(heard, (), ears[cid])
    assert text == written
    assert [c.rule for c in changes] == ["hear:owed"]
    at = changes[0].at
    assert at is not None and heard[at].isdigit() and not heard[at - 1].isdigit()


@pytest.mark.parametrize(("cid", "heard", "written"), DECODES)
def test_the_development_decodes_ask_instead_of_proposing_the_heard_amount(
    runner: Any, ears: dict[str, Ear], cid: str, heard: str, written: str
) -> None:
    """On main each of these proposed the heard amount to the biller; now the turn asks."""
    text, _ = hear(heard, (), ears[cid])
    action, _, _ = _outcome(runner, cid, text)
    assert action not in ("confirm", "execute")


@pytest.mark.parametrize(
    ("cid", "heard"),
    [
        ("c_001", "水道代4210円払って"),  # said as due
        ("c_002", "Pay $85.99 to Verizon."),
        ("c_002", "Pay $80 to Xfinity."),  # $79.99 due: more than a digit away
        ("c_001", "水道代5000円払って"),  # 4210円 due
        ("c_002", "Pay $100 to Con Edison."),
        ("c_002", "Pay $61.5 to Verizon."),  # one digit off the water bill, which the turn does not name
        ("c_002", "Send $85.9 to Maria Garcia."),  # no bill named at all
        ("c_001", "Pay 420 dollars for the water bill."),  # another currency than the bill's
    ],
)
def test_an_amount_as_due_or_farther_from_it_is_left_as_heard(
    ears: dict[str, Ear], cid: str, heard: str
) -> None:
    """Only a near miss of the named bill's amount due, in its currency, is asked about."""
    text, changes = hear(heard, (), ears[cid])
    assert text == heard and "hear:owed" not in [c.rule for c in changes]


def test_a_right_amount_still_confirms(runner: Any, ears: dict[str, Ear]) -> None:
    """The bill paid as due is proposed as before."""
    text, _ = hear("Pay $85.99 to Verizon.", (), ears["c_002"])
    assert _outcome(runner, "c_002", text) == ("confirm", "b_102", 8599)


def test_a_dispute_the_n_best_raised_is_not_written_twice(ears: dict[str, Ear]) -> None:
    """An amount the n-best already disputes keeps that dispute; the amount due is not added to it."""
    text, changes = hear("Pay $85.9 to Verizon.", ("Pay $95 to Verizon.",), ears["c_002"])
    assert [c.rule for c in changes] == ["hear:amount"]
    assert "$85.99" not in text
