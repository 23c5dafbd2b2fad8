"""Issue 15, round 4: "unlock" heard as "and lock". A spoken turn that begins with "and" + a lock verb asks
lock or unlock instead of locking; the same words elsewhere in a sentence, and typed text, are untouched."""

from __future__ import annotations

from datetime import datetime
from typing import Any

import numpy as np
import pytest
from tests.voice.conftest import silence
from tests.voice.test_hearing import Scripted, _Engine, _tone

from teller.domain.turn import TurnRequest
from teller.voice.files import act_on_fragments, fragments, listen_samples
from teller.voice.verbs import doubtful_lock

NOW_US = datetime.fromisoformat("2026-11-21T09:00:00-05:00")


@pytest.mark.parametrize(
    "text",
    [
        "And lock my debit card, please.",
        "and freeze my credit card",
        "And block the card ending in 8830.",
        "  And lock it.",
        "And, lock my rewards card",
    ],
)
def test_a_turn_that_begins_with_and_and_a_lock_verb_is_in_doubt(text: str) -> None:
    """ "And lock …" at the start of what was heard may be "unlock …": in doubt."""
    assert doubtful_lock(text)


@pytest.mark.parametrize(
    "text",
    [
        "Lock my debit card",
        "Check my balance and lock my debit card",
        "I lost my wallet and lock my card please",
        "And unlock my debit card",
        "Android lock screen is broken",
        "And send $50 to Maria",
        "Unlock my credit card",
    ],
)
def test_a_lock_verb_anywhere_else_is_not_in_doubt(text: str) -> None:
    """ "… and lock my card" after another clause, a plain lock or unlock: no doubt."""
    assert not doubtful_lock(text)


def _cards(runner: Any) -> dict[str, str]:
    return {c.id: c.status for c in runner.bank.snapshot("c_002").cards}


def _spoken_acting(runner: Any, heard: str) -> Any:
    """A whole spoken request whose joined transcript runs on the real runner, acting."""
    samples = np.concatenate([silence(0.3), _tone(2.0), silence(1.2)])
    engine = _Engine(Scripted(heard))
    turns = listen_samples(fragments(runner), samples, customer_id="c_002", now=NOW_US, engine=engine)
    return act_on_fragments(runner, turns, customer_id="c_002", now=NOW_US, request_id="t")


def test_a_spoken_and_lock_asks_and_locks_nothing(runner: Any) -> None:
    """Heard "And lock my debit card, please.": the turn asks lock or unlock, and no card changes."""
    before = _cards(runner)
    result = _spoken_acting(runner, "And lock my debit card, please.")
    assert result.action.value == "clarify"
    assert "unlock" in result.reply.lower() and "lock" in result.reply.lower().replace("unlock", "")
    assert _cards(runner) == before
    assert [t.rule for t in result.trace if t.stage == "voice"] == ["hear:and_lock"]


def test_a_spoken_lock_after_another_clause_is_left_to_the_turn(runner: Any) -> None:
    """ "Lock my debit card" and "… and lock …" mid-sentence get no voice doubt: the turn does as typed."""
    result = _spoken_acting(runner, "Lock my debit card.")
    assert result.intent.value == "card_lock" and result.action.value == "execute"
    assert not [t for t in result.trace if t.stage == "voice"]


def test_typed_and_lock_is_untouched(runner: Any) -> None:
    """Typed text never goes through hearing: "And lock my debit card" typed is still a lock."""
    request = TurnRequest(id="x", customer_id="c_002", text="And lock my debit card", now=NOW_US)
    result = runner.run(request, act=False)
    assert result.intent.value == "card_lock"
