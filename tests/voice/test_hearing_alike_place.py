"""Round 12: a registered sound-alike (`hear:sound_alike`, round 7) is written in right after the words that
name the payee, not after the end of the name's slot: on a money turn the slot runs on over words that are
no command word ("Sarah Johnson sixty-five", "sarah johnson uh", "sarah johnson, use"), and the choice was
written after them ("sixty-five (or Sarah Johnson or Sara Jonson) dollars"), cutting the amount from its
unit and tracing words that name nobody. The turn asks which payee either way (the demo bank's customers)."""

from __future__ import annotations

import pytest

from teller.voice.hearing import Ear, hear

MOVED = [
    (
        "I'd like to send Sarah Johnson sixty-five dollars for the concert tickets",
        "I'd like to send Sarah Johnson (or Sara Jonson) sixty-five dollars for the concert tickets",
    ),
    (
        "send sarah johnson uh a hundred. no. one fifty. next tuesday",
        "send sarah johnson (or Sara Jonson) uh a hundred. no. one fifty. next tuesday",
    ),
    (
        "transfer 120 dollars to sarah johnson, use my savings",
        "transfer 120 dollars to sarah johnson (or Sara Jonson), use my savings",
    ),
    (
        "transfer 500 to sarah johnson, sorry i mean",
        "transfer 500 to sarah johnson (or Sara Jonson), sorry i mean",
    ),
    ("give Steven Phillips fifty-ish dollars", "give Steven Phillips (or Stephen Philips) fifty-ish dollars"),
]


@pytest.mark.parametrize(("heard", "written"), MOVED)
def test_the_sound_alike_is_written_right_after_the_name(
    ears: dict[str, Ear], heard: str, written: str
) -> None:
    """The choice follows the name's own words; the words after it stay where they were."""
    text, changes = hear(heard, (), ears["c_002"])
    assert text == written
    assert [c.rule for c in changes] == ["hear:sound_alike"]


@pytest.mark.parametrize(("heard", "written"), MOVED)
def test_the_trace_names_the_heard_name_alone(ears: dict[str, Ear], heard: str, written: str) -> None:
    """The trace's heard words are the name as said, not the slot's next words."""
    _, changes = hear(heard, (), ears["c_002"])
    said = changes[0].heard.split(" / ")[0]
    assert said.lower() in ("sarah johnson", "steven phillips")


@pytest.mark.parametrize(
    ("customer", "heard", "written"),
    [
        ("c_002", "Send $50 to Sara Johnson.", "Send $50 to Sara Johnson (or Sarah Johnson or Sara Jonson)."),
        (
            "c_002",
            "Pay Sara Johnson, 50 bucks.",
            "Pay Sara Johnson (or Sarah Johnson or Sara Jonson), 50 bucks.",
        ),
        ("c_002", "send sarah johnson 40 dollars", "send sarah johnson (or Sara Jonson) 40 dollars"),
        (
            "c_001",
            "please wire 8000 yen to Ken Sato",
            "please wire 8000 yen to Ken Sato (or Sato Ken or Saito Ken)",
        ),
        (
            "c_001",
            "send 7000 yen to saito ken on wednesday",
            "send 7000 yen to saito ken (or Sato Ken) on wednesday",
        ),
    ],
)
def test_a_name_that_ends_its_slot_is_written_as_before(
    ears: dict[str, Ear], customer: str, heard: str, written: str
) -> None:
    """Where nothing follows the name in its slot the text is as round 7 wrote it."""
    text, _ = hear(heard, (), ears[customer])
    assert text == written
