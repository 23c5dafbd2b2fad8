"""Round 15: a given name heard whole ("John") is a name said, not a near miss of another registered one.

Heard word for word, "send 80 to john smith" became "send 80 to Johnson smith" (a word of Sarah Johnson)
and the turn asked Sarah Johnson or Sara Jonson, where the typed turn says there is no such payee. The
spoken development decodes of those lines did the same ("Send 80 to John Smith.", "Send $50 to John.").
A word of the names index's given-name table (`teller.names.nicknames`) is a name in its own right, never
a near miss of *another* name: hearing leaves it as heard — "a name nobody registered is never near enough
to one that is" — unless the registered name is a form of the same given name the table lists (Kirsten or
Kris for Kristen: a spelling, still put right). Garbled names ("Merida", "La N") are still put right.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

import pytest

from teller.domain.turn import TurnRequest
from teller.voice.hearing import Ear, hear

NOW = datetime.fromisoformat("2026-11-21T09:00:00-05:00")


def _outcome(runner: Any, text: str) -> tuple[Any, ...]:
    result = runner.run(TurnRequest(id="t", customer_id="c_002", text=text, now=NOW), act=False)
    e = result.entities
    return (result.intent.value, result.action.value, e.recipient_id, e.biller_id, e.amount_minor)


@pytest.mark.parametrize(
    "heard",
    [
        "send 80 to john smith",
        "Send 80 to John Smith.",
        "Send $50 to John.",
        "send twenty bucks to john",
        "transfer 300 to john smith",
    ],
)
def test_a_given_name_heard_whole_is_left_as_heard(ears: dict[str, Ear], heard: str) -> None:
    """No registered name is written over a given name the customer said."""
    text, changes = hear(heard, (), ears["c_002"])
    assert text == heard
    assert "hear:name" not in [c.rule for c in changes]


def test_the_spoken_turn_answers_as_the_typed_one(runner: Any, ears: dict[str, Ear]) -> None:
    """ "Send 80 to John Smith." heard: the turn is the typed line's, not a question about Sarah Johnson."""
    text, _ = hear("Send 80 to John Smith.", (), ears["c_002"])
    assert _outcome(runner, text) == _outcome(runner, "send 80 to john smith")


@pytest.mark.parametrize(
    ("heard", "put"),
    [
        ("Send $200 to Merida.", "Maria"),
        ("Send $80 to Nguyen Thi La N.", "Lan"),
        ("Send $90 to Kristen O'Neil.", "Kristen O'Neill"),
        # a form of the same given name (the table's kristen group): a spelling, still put right
        ("Send 50 to Kirsten O'Neil for the pizza.", "Kristen"),
        ("send 40 dollars to kris", "Kristen"),
    ],
)
def test_a_garbled_name_is_still_put_right(ears: dict[str, Ear], heard: str, put: str) -> None:
    """Stretches that are no given name of the table keep round 2's near-miss rule."""
    text, changes = hear(heard, (), ears["c_002"])
    assert put in text
    assert "hear:name" in [c.rule for c in changes]
