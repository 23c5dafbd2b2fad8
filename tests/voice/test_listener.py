"""The streaming listener: slot-aware holds, backchannels, speculative finals and prefetch, files."""

from __future__ import annotations

from datetime import datetime
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from tests.voice.conftest import RecordingRunner, silence

from teller.errors import BadAudio
from teller.voice.engine import VoiceEngine
from teller.voice.files import ask_audio, listen_samples
from teller.voice.settings import VoiceSettings

NOW = datetime.fromisoformat("2026-11-21T09:00:00-05:00")
QUIET = 4_800  # the 0.3 s of quiet the generator puts around each phrase


def _phrases(say: Any, first: str, gap_s: float, second: str) -> np.ndarray:
    return np.concatenate(
        [silence(0.3), say(first)[:-QUIET], silence(gap_s), say(second)[QUIET:], silence(0.3)]
    )


def _texts(engine: VoiceEngine, samples: np.ndarray) -> list[str]:
    runner = RecordingRunner()
    listen_samples(runner, samples, customer_id="c_002", now=NOW, engine=engine)
    return runner.texts


@pytest.mark.parametrize(
    ("first", "second"),
    [
        ("send five thousand", "two hundred dollars to david lee"),
        ("lock the card ending in eight eight", "three oh"),
    ],
)
def test_pause_mid_amount_or_digits_is_held(say: Any, engine: VoiceEngine, first: str, second: str) -> None:
    """A 650 ms pause mid-amount / mid-digit-string stays one turn; without the hold it splits in two."""
    samples = _phrases(say, first, 0.65, second)
    assert len(_texts(engine, samples)) == 1
    no_hold = VoiceEngine.shared(VoiceSettings(hold_ms=400))
    assert len(_texts(no_hold, samples)) == 2


def test_backchannel_does_not_make_a_turn(say: Any, engine: VoiceEngine) -> None:
    """ "uh huh" on its own never reaches the text pipeline."""
    assert _texts(engine, np.concatenate([say("uh huh"), silence(0.5)])) == []


def test_speculative_final_and_prefetch(say: Any, engine: VoiceEngine) -> None:
    """A plain command uses the speculative final, prefetches, and reports the voice timings."""
    runner = RecordingRunner()
    [result] = listen_samples(runner, say("what's my balance"), customer_id="c_002", now=NOW, engine=engine)
    t = result.timings_ms
    assert t["speculative"] == 1.0 and runner.prefetched
    assert "balance" in (result.transcript or "").lower()
    assert 0 < t["end_of_speech"] <= t["eos_to_action"] and t["asr_final"] <= t["eos_to_action"]
    assert {"audio_received", "partials", "asr_decode"} <= t.keys()


def test_speech_resuming_after_a_pause_discards_the_speculation(say: Any, engine: VoiceEngine) -> None:
    """Speech coming back after a 250 ms pause: the final covers both halves."""
    samples = _phrases(say, "send fifty dollars", 0.25, "to maria garcia")
    [text] = _texts(engine, samples)
    assert "garcia" in text.lower() and "fifty" in text.lower().replace("50", "fifty")


def test_ask_audio_reads_a_file(say: Any, engine: VoiceEngine, tmp_path: Path) -> None:
    """ask_audio returns one result with the transcript of the file."""
    import soundfile

    path = tmp_path / "ask.wav"
    soundfile.write(path, say("freeze my debit card"), 16_000)
    result = ask_audio(RecordingRunner(), path, "c_002", NOW)
    assert "debit card" in (result.transcript or "").lower()


def test_ask_audio_without_speech_is_bad_audio(engine: VoiceEngine, tmp_path: Path) -> None:
    """A file of silence gets BadAudio saying no speech was found."""
    import soundfile

    path = tmp_path / "quiet.wav"
    soundfile.write(path, silence(1.0), 16_000)
    with pytest.raises(BadAudio, match="no speech"):
        ask_audio(RecordingRunner(), path, "c_002", NOW)
