"""Round 11: the near-miss name rule (`hear:name`) takes neither a number's suffix ("the 15th": "th" is not
Thi, of Nguyen Thi Lan) nor a registered name said with "'s" ("Maria's", "David Lee's") for a name to put
right: a typed turn heard word for word keeps the outcome it has typed (the demo bank's c_002, real
pipeline)."""

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
    return (result.intent, result.action, e.recipient_id, e.biller_id, e.amount_minor, e.execute_on)


SAID_AS_TYPED = [
    "Send Maria $125 on the 15th of next month.",
    "Send David $60 on Monday the 30th.",
    "My rent is due on the 15th, so send Catherine $1,800 on that day.",
    "Maria's rent is due, send her $900.",
    "It's David Lee's birthday on Friday, send him $25.",
]


@pytest.mark.parametrize("heard", SAID_AS_TYPED)
def test_a_suffix_or_a_possessive_is_no_near_miss_name(ears: dict[str, Ear], heard: str) -> None:
    """ "the 15th" and "Maria's" are left as heard: no `hear:name` change."""
    text, changes = hear(heard, (), ears["c_002"])
    assert [c for c in changes if c.rule == "hear:name"] == []
    assert text == heard


@pytest.mark.parametrize("heard", SAID_AS_TYPED)
def test_heard_word_for_word_the_turn_is_the_typed_one(runner: Any, ears: dict[str, Ear], heard: str) -> None:
    """The transcript that says exactly what was typed reaches the typed outcome (payee, amount, date)."""
    text, _ = hear(heard, (), ears["c_002"])
    assert _outcome(runner, text) == _outcome(runner, heard)


@pytest.mark.parametrize(
    ("heard", "fixed"),
    [
        ("Send $20 to Davd Lee on the 15th.", "Send $20 to David Lee on the 15th."),
        ("Send Catherine Wrigth sixty bucks.", "Send Catherine Wright sixty bucks."),
        ("Is Catherine Wrigth one of my payees?", "Is Catherine Wright one of my payees?"),
    ],
)
def test_a_near_miss_name_is_still_put_right(ears: dict[str, Ear], heard: str, fixed: str) -> None:
    """A misheard name beside a date or in a question is still the registered one, traced."""
    text, changes = hear(heard, (), ears["c_002"])
    assert text == fixed
    assert [c.rule for c in changes] == ["hear:name"]
