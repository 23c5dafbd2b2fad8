"""Issue 15, round 5: the recognizer's forced look. The customer's registered names are scored where the
transcript names someone, and the opposite card verb where it says one; a close registered rival is
asked about, a clear registered winner for an unregistered name is proposed with its trace, an unknown
name is never invented, and "lock" with "unlock" nearly as likely asks which."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import Any

import numpy as np
import pytest
from tests.speech import fixture_path
from tests.voice.conftest import silence
from tests.voice.test_hearing import _Engine, _tone

from teller.voice.asr import Hypothesis
from teller.voice.audio import SAMPLE_RATE, Samples, load_audio
from teller.voice.files import act_on_fragments, fragments, listen_samples
from teller.voice.hearing import Ear, hear
from teller.voice.hearing_forced import ASK, FIX, MARGIN, VERB_ASK, forced_plan, name_slots

NOW_US = datetime.fromisoformat("2026-11-21T09:00:00-05:00")
C002 = (
    "Aoife Brennan", "Catherine Wright", "Chris O'Neil", "Con Edison", "David Lee", "Kristen O'Neill",
    "Maria Garcia", "Mohammed Al-Rashid", "Nguyen Thi Lan", "NYC Water Board", "Sara Jonson",
    "Sarah Johnson", "Stephen Philips", "Steven Phillips", "Verizon Wireless", "Xfinity",
)  # fmt: skip


# -- where the look goes, and what it scores ------------------------------------------------------


def test_a_registered_name_is_looked_at_with_the_names_that_sound_nearest() -> None:
    """ "Chris O'Neil" is scored against Kristen O'Neill (nearest in sound), never against itself."""
    text = "Send $90 to Chris O'Neil."
    looks = forced_plan(text, C002)
    assert [text[look.start : look.end] for look in looks] == ["Chris O'Neil"]
    assert "Kristen O'Neill" in looks[0].alternatives
    assert "Chris O'Neil" not in looks[0].alternatives


def test_an_unregistered_word_where_a_bill_names_its_biller_is_looked_at() -> None:
    """ "Pay my Walker bill": "Walker" stands where a biller stands; the registered "Water" is scored."""
    text = "Pay my Walker bill."
    looks = forced_plan(text, C002)
    assert [text[look.start : look.end] for look in looks] == ["Walker"]
    assert "Water" in looks[0].alternatives


def test_words_before_the_money_verb_and_turns_without_names_are_not_looked_at() -> None:
    """ "I went to pay Maria Garcia" looks at the name only; a balance question at nothing."""
    text = "I went to pay Maria Garcia $60."
    assert [text[a:b] for a, b in name_slots(text, C002)] == ["Maria Garcia"]
    assert forced_plan("What's my balance?", C002) == []


@pytest.mark.parametrize(
    ("text", "heard", "flipped"),
    [
        ("Lock my debit card, please.", "Lock", "Unlock"),
        ("And lock my debit card, please.", "And lock", "Unlock"),
        ("please unfreeze my credit card", "unfreeze", "freeze"),
        ("Block the card ending in 8830.", "Block", "Unblock"),
    ],
)
def test_a_card_verb_is_looked_at_with_its_opposite(text: str, heard: str, flipped: str) -> None:
    """lock / unlock, freeze / unfreeze, block / unblock: the opposite verb, written like the heard one."""
    looks = [look for look in forced_plan(text, C002) if text[look.start : look.end] == heard]
    assert [look.alternatives for look in looks] == [(flipped,)]


# -- what hearing does with the scores ------------------------------------------------------------


def test_a_registered_rival_scoring_close_is_written_in_with_its_trace(ears: dict[str, Ear]) -> None:
    """Kristen O'Neill forced at Chris O'Neil's place scores within ASK of it: the turn gets both names."""
    forced = [("Chris O'Neil", "Kristen O'Neill", -ASK / 2), ("Chris O'Neil", "Con Edison", -20.0)]
    text, changes = hear("Send $90 to Chris O'Neil.", (), ears["c_002"], forced=forced)
    assert text == "Send $90 to Chris O'Neil (or Kristen O'Neill)."
    assert [(c.rule, c.heard) for c in changes] == [("hear:forced_rival", "Chris O'Neil / Kristen O'Neill")]


def test_a_registered_rival_scoring_far_below_changes_nothing(ears: dict[str, Ear]) -> None:
    """A rival more than ASK below the heard name is no doubt: nothing changes."""
    forced = [("Chris O'Neil", "Kristen O'Neill", -ASK - 1.0)]
    assert hear("Send $90 to Chris O'Neil.", (), ears["c_002"], forced=forced) == (
        "Send $90 to Chris O'Neil.",
        [],
    )


def test_an_unregistered_near_miss_with_one_clear_registered_winner_is_proposed(ears: dict[str, Ear]) -> None:
    """ "Pay $45 to reason": Verizon forced there scores within FIX of it and far clear of every other
    registered name: the turn runs on the registered name, traced with what was heard and the score."""
    forced = [
        ("reason", "Verizon", -FIX / 2),
        ("reason", "Edison", -FIX / 2 - MARGIN - 1.0),
        ("reason", "Chris O'Neil", -20.0),
    ]
    text, changes = hear("Pay $45 to reason.", (), ears["c_002"], forced=forced)
    assert text == "Pay $45 to Verizon Wireless."
    assert [(c.rule, c.heard) for c in changes] == [("hear:forced_name", "reason")]
    assert "Verizon" in changes[0].text


def test_two_registered_names_both_close_are_both_asked_about(ears: dict[str, Ear]) -> None:
    """ "Chris and O'Neil" (no registered form): Chris O'Neil and Kristen O'Neill score within MARGIN of
    each other: both are written in, so the turn asks, and neither is picked."""
    forced = [
        ("Chris and O'Neil", "Chris O'Neil", -FIX / 2),
        ("Chris and O'Neil", "Kristen O'Neill", -FIX / 2 - MARGIN / 2),
    ]
    text, changes = hear("Send $90 to Chris and O'Neil.", (), ears["c_002"], forced=forced)
    assert text == "Send $90 to Chris and O'Neil (or Chris O'Neil or Kristen O'Neill)."
    assert [c.rule for c in changes] == ["hear:forced_rival"]


def test_an_unknown_name_is_never_turned_into_a_registered_one(ears: dict[str, Ear]) -> None:
    """ "Bob Smith" (nobody registered): every registered name forced there scores far below it, so
    nothing is invented and nothing changes."""
    forced = [("Bob Smith", "Sarah Johnson", -FIX - 5.0), ("Bob Smith", "Steven Phillips", -FIX - 8.0)]
    assert hear("Send $50 to Bob Smith.", (), ears["c_002"], forced=forced) == ("Send $50 to Bob Smith.", [])


def test_a_near_miss_put_right_by_its_spelling_is_still_asked_about_when_a_rival_scores_close(
    ears: dict[str, Ear],
) -> None:
    """ "Kristen O'Neil" is put right to Kristen O'Neill by its sound; Chris O'Neil forced there scores
    within ASK of Kristen O'Neill's own forced score: the turn asks which."""
    forced = [("Kristen O'Neil", "Kristen O'Neill", -0.5), ("Kristen O'Neil", "Chris O'Neil", -0.5 - ASK / 2)]
    text, changes = hear("Send $90 to Kristen O'Neil.", (), ears["c_002"], forced=forced)
    assert text == "Send $90 to Kristen O'Neill (or Chris O'Neil)."
    assert [c.rule for c in changes] == ["hear:name", "hear:forced_rival"]


def test_the_opposite_card_verb_scoring_close_is_traced(ears: dict[str, Ear]) -> None:
    """ "Lock" with "Unlock" forced there within VERB_ASK: traced as hear:verb; the words are kept."""
    forced = [("Lock", "Unlock", -VERB_ASK / 2)]
    text, changes = hear("Lock my debit card, please.", (), ears["c_002"], forced=forced)
    assert text == "Lock my debit card, please."
    assert [(c.rule, c.heard) for c in changes] == [("hear:verb", "Lock")]


def test_a_far_opposite_verb_is_no_doubt(ears: dict[str, Ear]) -> None:
    """ "Unlock" far below "Lock": nothing changes."""
    forced = [("Lock", "Unlock", -VERB_ASK - 3.0)]
    assert hear("Lock my debit card, please.", (), ears["c_002"], forced=forced) == (
        "Lock my debit card, please.",
        [],
    )


# -- the whole spoken turn ---------------------------------------------------------------------------


class _Forced:
    """A recognizer that hears a fixed transcript and fixed forced-look scores."""

    def __init__(self, text: str, forced: Sequence[tuple[str, str, float]]) -> None:
        self.text, self.forced = text, tuple(forced)

    def transcribe(self, samples: Samples, *, bias: Sequence[str] = ()) -> Hypothesis:
        return Hypothesis(self.text, True, samples.size / SAMPLE_RATE * 1000, forced=self.forced)


def _spoken(runner: Any, finals: _Forced, *, acting: bool = False) -> Any:
    """One whole spoken request of c_002; its joined transcript runs acting only when `acting`."""
    samples = np.concatenate([silence(0.3), _tone(2.0), silence(1.2)])
    engine = _Engine(finals)  # type: ignore[arg-type]
    turns = listen_samples(fragments(runner), samples, customer_id="c_002", now=NOW_US, engine=engine)
    final = runner if acting else fragments(runner)
    return act_on_fragments(final, turns, customer_id="c_002", now=NOW_US, request_id="t")


def _cards(runner: Any) -> dict[str, str]:
    return {c.id: c.status for c in runner.bank.snapshot("c_002").cards}


def test_a_spoken_near_miss_biller_is_proposed_for_confirmation_with_its_trace(runner: Any) -> None:
    """Heard "Pay $45 to reason" with Verizon the clear forced winner: the turn asks to confirm the
    bill to Verizon Wireless (nothing paid without a yes), and the trace says what was heard."""
    forced = [("reason", "Verizon", -FIX / 2), ("reason", "Edison", -FIX / 2 - MARGIN - 1.0)]
    result = _spoken(runner, _Forced("Pay $45 to reason.", forced))
    assert (result.action.value, result.entities.biller_id) == ("confirm", "b_102")
    voice = [(t.rule, t.surface) for t in result.trace if t.stage == "voice"]
    assert ("hear:forced_name", "reason") in voice


def test_a_spoken_registered_rival_makes_the_turn_ask(runner: Any) -> None:
    """Kristen O'Neill scoring close to the heard Chris O'Neil: the turn clarifies among both."""
    forced = [("Chris O'Neil", "Kristen O'Neill", -ASK / 2)]
    result = _spoken(runner, _Forced("Send $90 to Chris O'Neil.", forced))
    assert result.action.value == "clarify" and result.entities.recipient_id is None
    assert {c.display_name for c in result.candidates} == {"Chris O'Neil", "Kristen O'Neill"}


def test_a_spoken_unknown_name_is_not_invented(runner: Any) -> None:
    """Heard "Send $50 to Bob Smith" with every registered name far below: no payee is proposed."""
    forced = [("Bob Smith", "Sarah Johnson", -FIX - 5.0), ("Bob Smith", "Steven Phillips", -FIX - 8.0)]
    result = _spoken(runner, _Forced("Send $50 to Bob Smith.", forced))
    assert result.entities.recipient_id is None and result.action.value != "confirm"
    assert not [t for t in result.trace if t.stage == "voice"]


def test_a_spoken_lock_with_unlock_nearly_as_likely_asks_which_and_locks_nothing(runner: Any) -> None:
    """Heard "Lock my debit card" with "Unlock" close: the turn asks lock or unlock; no card is locked."""
    before = _cards(runner)
    forced = [("Lock", "Unlock", -VERB_ASK / 2)]
    result = _spoken(runner, _Forced("Lock my debit card, please.", forced), acting=True)
    assert result.action.value == "clarify"
    assert result.reply == "Did you want to lock or unlock your debit card?"
    assert ("hear:verb", "Lock") in [(t.rule, t.surface) for t in result.trace if t.stage == "voice"]
    assert _cards(runner) == before


def test_a_spoken_lock_with_unlock_far_below_locks(runner: Any) -> None:
    """Heard "Lock my debit card" with "Unlock" far below: the lock runs as before (a lock needs no yes)."""
    forced = [("Lock", "Unlock", -VERB_ASK - 3.0)]
    result = _spoken(runner, _Forced("Lock my debit card, please.", forced), acting=True)
    assert (result.intent.value, result.action.value) == ("card_lock", "execute")


# -- the real recognizers ----------------------------------------------------------------------------


def test_the_real_recognizer_scores_registered_names_where_a_name_was_said(engine: Any) -> None:
    """tiny.en on committed speech: the forced look scores registered names at "David Lee", each below
    the name that was said (a clear recording), so the turn is left as heard."""
    finals = engine.finals_for(japanese=False)
    hyp = finals.transcribe(load_audio(fixture_path("send $40 to David Lee next Friday")), bias=list(C002))
    names = [f for f in hyp.forced if f[0] == "David Lee"]
    assert names, hyp
    assert all(alternative in C002 or " " not in alternative for _, alternative, _ in names)
    assert all(gain < 0 for _, _, gain in names)


def test_the_real_recognizer_scores_the_opposite_card_verb(engine: Any) -> None:
    """tiny.en on committed speech of "unlock my credit card": the opposite verb is scored at the verb."""
    finals = engine.finals_for(japanese=False)
    hyp = finals.transcribe(load_audio(fixture_path("unlock my credit card")), bias=list(C002))
    verbs = [(heard.lower(), alternative.lower()) for heard, alternative, _ in hyp.forced]
    assert ("unlock", "lock") in verbs or ("and lock", "unlock") in verbs or ("lock", "unlock") in verbs


def test_the_forced_look_is_off_with_its_setting(engine: Any) -> None:
    """`asr.forced_look = false` leaves `Hypothesis.forced` empty."""
    from teller.voice.engine import load_finals
    from teller.voice.settings import ASRSettings

    off = load_finals(ASRSettings(forced_look=False))
    hyp = off.transcribe(load_audio(fixture_path("send $40 to David Lee next Friday")), bias=list(C002))
    assert hyp.forced == ()


def test_the_torch_backend_has_the_forced_look(engine: Any) -> None:
    """The PyTorch decode (the GPU's backend, run here on the CPU) scores the same looks as CTranslate2:
    the same heard words and alternatives, gains within a few nats of each other."""
    pytest.importorskip("torch", reason="gpu extra (torch) not installed")
    pytest.importorskip("tokenizers", reason="gpu extra not installed")
    from teller.voice.engine import load_finals
    from teller.voice.settings import ASRSettings

    audio = load_audio(fixture_path("send $40 to David Lee next Friday"))
    ct2 = engine.finals_for(japanese=False).transcribe(audio, bias=list(C002))
    torch_hyp = load_finals(ASRSettings(backend="torch", device="cpu")).transcribe(audio, bias=list(C002))
    assert torch_hyp.text == ct2.text
    assert [f[:2] for f in torch_hyp.forced] == [f[:2] for f in ct2.forced]
    assert all(abs(a[2] - b[2]) < 3.0 for a, b in zip(torch_hyp.forced, ct2.forced, strict=True))
