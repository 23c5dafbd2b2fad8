"""Hearing the customer's own words: n-best rescored against their names and numbers, a near-miss name
corrected with its trace, an unknown name never invented (the demo bank's customers, real pipeline)."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import Any

import numpy as np
import pytest
from tests.voice.conftest import silence
from tests.voice.test_replay_clock import LoudIsSpeech, _tone

from teller.voice.asr import Hypothesis
from teller.voice.audio import SAMPLE_RATE, Samples
from teller.voice.engine import StreamParts, VoiceEngine
from teller.voice.files import act_on_fragments, fragments, listen_samples
from teller.voice.hearing import Ear, hear
from teller.voice.settings import VoiceSettings

NOW_US = datetime.fromisoformat("2026-11-21T09:00:00-05:00")
NOW_JP = datetime.fromisoformat("2026-11-21T09:00:00+09:00")


@pytest.mark.parametrize(
    ("customer", "heard", "span", "name"),
    [
        ("c_002", "Send $200 to Merida.", "Merida", "Maria"),
        ("c_001", "Pay 8800 yen to Decomo.", "Decomo", "docomo"),  # heard "Hey, …": test_hearing_onset
        ("c_001", "渡辺青美さんに2万円振り込んで", "渡辺青美", "渡辺直美"),
        ("c_001", "山本大阪さんに1万円振り込んで", "山本大阪", "山本大輔"),
    ],
)
def test_a_near_miss_name_is_corrected_with_its_trace(
    ears: dict[str, Ear], customer: str, heard: str, span: str, name: str
) -> None:
    """A stretch that sounds like exactly one registered name becomes that name, and says so."""
    text, changes = hear(heard, (), ears[customer])
    assert text == heard.replace(span, name)
    assert [(c.rule, c.heard, c.text) for c in changes] == [("hear:name", span, name)]


@pytest.mark.parametrize(
    ("customer", "heard"),
    [
        ("c_002", "send thirty dollars to bob smith"),
        ("c_002", "send $100 to Only Payee"),
        ("c_002", "send fifty dollars to my landlord"),
        ("c_001", "send 10000 yen to mom"),
        ("c_001", "send six thousand yen to tanaka jiro"),
        ("c_001", "田中次郎さんに6000円振り込んで"),
        ("c_002", "what's my balance"),
        ("c_002", "Send $75 to Catherine Wright."),  # already a payee: nothing to correct
    ],
)
def test_an_unknown_name_is_never_invented(ears: dict[str, Ear], customer: str, heard: str) -> None:
    """Names nobody registered, common words and exact names are left exactly as heard."""
    assert hear(heard, (), ears[customer]) == (heard, [])


def test_a_name_between_two_payees_is_left_for_the_turn_to_ask(ears: dict[str, Ear]) -> None:
    """ "Sado" is as near Sato as Saito: nothing is changed (the turn asks), never a guess."""
    assert hear("send 5000 yen to Sado", (), ears["c_001"]) == ("send 5000 yen to Sado", [])


def test_nbest_prefers_the_transcript_with_the_customers_name(ears: dict[str, Ear]) -> None:
    """Of two beam transcripts, the one naming a payee wins over the decoder's first, traced."""
    text, changes = hear("Send $200 to Merida.", ("Send $200 to Maria.",), ears["c_002"])
    assert text == "Send $200 to Maria."
    assert [(c.rule, c.heard) for c in changes] == [("hear:nbest", "Send $200 to Merida.")]


def test_nbest_prefers_a_card_number_the_customer_has(ears: dict[str, Ear]) -> None:
    """ "ending in 00830" (five digits, no such card) loses to "ending in 8830" (their debit card)."""
    text, changes = hear("Lock card ending in 00830.", ("Lock card ending in 8830.",), ears["c_002"])
    assert text == "Lock card ending in 8830." and changes[0].rule == "hear:nbest"


def test_nbest_never_trades_a_good_first_transcript(ears: dict[str, Ear]) -> None:
    """When the first transcript already fits, an alternative that fits no better is ignored."""
    first = "Send $75 to David Lee."
    assert hear(first, ("Send $75 to Maria Garcia.",), ears["c_002"]) == (first, [])


def test_digits_and_amounts_are_never_rewritten(ears: dict[str, Ear]) -> None:
    """With no better alternative, a malformed amount or digit string is kept for the turn to question."""
    for heard in ("Pay 1800,000 800 yen to docomo.", "Lock card ending in 00830."):
        text, _ = hear(heard, (), ears["c_002"])
        assert text == heard


class Scripted:
    """A recognizer that 'hears' a fixed best transcript and alternatives."""

    def __init__(self, text: str, *alternatives: str) -> None:
        self.text, self.alternatives = text, alternatives

    def transcribe(self, samples: Samples, *, bias: Sequence[str] = ()) -> Hypothesis:
        return Hypothesis(self.text, True, samples.size / SAMPLE_RATE * 1000, alternatives=self.alternatives)


class _Engine(VoiceEngine):
    def __init__(self, finals: Scripted) -> None:
        super().__init__(VoiceSettings(partials="none"), finals)
        self._parts = StreamParts(LoudIsSpeech(), None)

    def stream_parts(self):  # type: ignore[no-untyped-def,override]
        from contextlib import nullcontext

        return nullcontext(self._parts)

    def finals_for(self, *, japanese: bool) -> Any:  # type: ignore[override]
        return self.finals


def _spoken_turn(runner: Any, finals: Scripted, customer: str, now: datetime) -> Any:
    samples = np.concatenate([silence(0.3), _tone(2.0), silence(1.2)])
    engine = _Engine(finals)
    turns = listen_samples(fragments(runner), samples, customer_id=customer, now=now, engine=engine)
    return act_on_fragments(fragments(runner), turns, customer_id=customer, now=now, request_id="t")


def test_corrected_name_reaches_the_turn_with_its_trace(runner: Any) -> None:
    """Heard "to Merida": the real pipeline proposes Maria Garcia, and the trace shows what was heard."""
    result = _spoken_turn(runner, Scripted("Send $200 to Merida."), "c_002", NOW_US)
    assert result.entities.recipient_id == "p_101" and result.action.value == "confirm"
    voice = [(t.rule, t.surface, t.value) for t in result.trace if t.stage == "voice"]
    assert ("hear:name", "Merida", "Maria") in voice
    assert result.transcript == "Send $200 to Maria."


def test_unknown_name_reaches_the_turn_unchanged(runner: Any) -> None:
    """Heard "to Bob Smith": no payee is picked, no voice change is traced."""
    result = _spoken_turn(runner, Scripted("Send $30 to Bob Smith."), "c_002", NOW_US)
    assert result.entities.recipient_id is None
    assert not [t for t in result.trace if t.stage == "voice"]


def test_hearing_can_be_turned_off(runner: Any) -> None:
    """With `hear` off the transcript is the recognizer's best, unknown name and all."""
    finals = Scripted("Send $200 to Merida.")
    engine = _Engine(finals)
    engine.settings = VoiceSettings(partials="none", hear=False)
    samples = np.concatenate([silence(0.3), _tone(2.0), silence(1.2)])
    turns = listen_samples(fragments(runner), samples, customer_id="c_002", now=NOW_US, engine=engine)
    assert turns[0].transcript == "Send $200 to Merida." and turns[0].entities.recipient_id is None


@pytest.mark.parametrize(
    "heard",
    [
        "Lock my Davit card, please.",
        "Freeze my Debbit card.",
        "Unlock the Daved card.",
        "What's the balance of my Davit account?",
        "Lock my Marie a card.",
    ],
)
def test_a_word_before_card_or_account_is_never_taken_for_a_payee(ears: dict[str, Ear], heard: str) -> None:
    """What stands before "card"/"account" names a product (debit, credit), never a payee."""
    _, changes = hear(heard, (), ears["c_002"])
    assert {c.rule for c in changes} <= {"hear:product"}  # at most a product word, never a payee
