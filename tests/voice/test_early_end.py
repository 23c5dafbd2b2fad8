"""Ending a turn early after a self-contained command, and never while the customer is mid-command.

The listener understands the speculative transcript without side effects (`preview`) and ends the
turn after `complete_ms` when the result needs nothing more; these tests replay committed speech
with a real text pipeline (demo bank, LLM off) and count the turns the endpointer makes.
"""

from __future__ import annotations

from datetime import datetime
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from tests.voice.conftest import silence

from teller.domain.turn import TurnRequest, TurnResult
from teller.voice.engine import VoiceEngine
from teller.voice.files import ask_audio, fragments, listen_samples
from teller.voice.settings import VoiceSettings

NOW = datetime.fromisoformat("2026-11-21T09:00:00-05:00")
QUIET = 4_800  # the 0.3 s of quiet the generator puts around each phrase
# The recordings keep ~20-50 ms of quiet inside those 0.3 s at each end, so a 0.2 s gap is a pause of
# ~0.27-0.3 s: longer than `complete_ms` (160), shorter than `silence_ms` (400).
GAP_S = 0.2


class BankRunner:
    """The real text pipeline on a fresh demo bank; records which texts ran with act=True."""

    def __init__(self, tmp: Path) -> None:
        from teller.config import Settings, StoreSettings
        from teller.pipeline.turn import TurnRunner

        settings = Settings(store=StoreSettings(url=f"sqlite:///{tmp / 'bank'}.sqlite3"))
        settings.llm.enabled = False
        self._runner = TurnRunner.from_settings(settings)
        self.bank = self._runner.bank
        self.acted: list[str] = []

    def run(self, request: TurnRequest, *, act: bool = True) -> TurnResult:
        if act:
            self.acted.append(request.text)
        return self._runner.run(request, act=act)

    def prefetch(self, customer_id: str, text: str, now: datetime) -> None:
        self._runner.prefetch(customer_id, text, now)


@pytest.fixture(scope="module")
def bank(tmp_path_factory: pytest.TempPathFactory) -> BankRunner:
    """One demo bank for the module (every turn here is understood without side effects)."""
    return BankRunner(tmp_path_factory.mktemp("early-end"))


def _phrases(say: Any, first: str, gap_s: float, second: str) -> np.ndarray:
    return np.concatenate(
        [silence(0.3), say(first)[:-QUIET], silence(gap_s), say(second)[QUIET:], silence(0.3)]
    )


def _turns(engine: VoiceEngine, bank: BankRunner, samples: np.ndarray) -> list[str]:
    results = listen_samples(fragments(bank), samples, customer_id="c_002", now=NOW, engine=engine)
    return [(r.transcript or "").lower() for r in results]


def test_a_whole_command_ends_after_a_short_pause(say: Any, engine: VoiceEngine, bank: BankRunner) -> None:
    """ "Send $200 to Maria" is settled (one Maria): a short pause ends it; what follows is a new turn."""
    samples = _phrases(say, "send two hundred dollars to Maria", GAP_S, "what's my balance")
    turns = _turns(engine, bank, samples)
    assert len(turns) == 2
    assert "maria" in turns[0] and "balance" in turns[1]


def test_without_the_preview_the_same_pause_does_not_end_the_turn(say: Any, bank: BankRunner) -> None:
    """The old rule (tail rules only: 400 ms for a tail they call neutral) keeps that audio as one turn."""
    engine = VoiceEngine.shared(VoiceSettings(preview=False))
    samples = _phrases(say, "send two hundred dollars to Maria", GAP_S, "what's my balance")
    assert len(_turns(engine, bank, samples)) == 1


def test_a_command_missing_its_payee_is_not_cut_off(say: Any, engine: VoiceEngine, bank: BankRunner) -> None:
    """ "send fifty dollars" (no payee yet) waits the normal silence: a payee after a short pause joins it."""
    samples = _phrases(say, "send fifty dollars", GAP_S, "to maria garcia")
    [turn] = _turns(engine, bank, samples)
    assert "garcia" in turn


def test_a_command_missing_its_amount_is_not_cut_off(say: Any, engine: VoiceEngine, bank: BankRunner) -> None:
    """ "send money to david lee" asks for an amount: the amount after a short pause joins it."""
    samples = _phrases(say, "send money to david lee", GAP_S, "send fifty dollars")
    [turn] = _turns(engine, bank, samples)
    assert "lee" in turn and "fifty" in turn.replace("50", "fifty")


def test_a_pause_mid_amount_is_not_cut_off(say: Any, engine: VoiceEngine, bank: BankRunner) -> None:
    """A 650 ms pause after "send five thousand" stays inside the turn."""
    samples = _phrases(say, "send five thousand", 0.65, "two hundred dollars to david lee")
    [turn] = _turns(engine, bank, samples)
    assert "lee" in turn


def test_a_file_ended_early_still_acts_once_on_all_its_words(
    say: Any, engine: VoiceEngine, bank: BankRunner, tmp_path: Path
) -> None:
    """An upload split by an early end: both pieces are fragments, the joined words act once."""
    import soundfile

    path = tmp_path / "two.wav"
    samples = _phrases(say, "send two hundred dollars to Maria", GAP_S, "what's my balance")
    soundfile.write(path, samples, 16_000)
    bank.acted.clear()
    result = ask_audio(bank, path, "c_002", NOW)
    text = (result.transcript or "").lower()
    assert "maria" in text and "balance" in text
    assert len(bank.acted) == 1
