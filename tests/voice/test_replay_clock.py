"""Replayed streams split into the same turns however long the recognizer takes (no models needed)."""

from __future__ import annotations

import time
from collections.abc import Sequence
from datetime import datetime

import numpy as np
import pytest
from tests.voice.conftest import RecordingRunner, silence

from teller.voice.asr import Hypothesis
from teller.voice.audio import SAMPLE_RATE, Samples
from teller.voice.engine import StreamParts, VoiceEngine
from teller.voice.files import listen_samples
from teller.voice.settings import VoiceSettings

NOW = datetime.fromisoformat("2026-11-21T09:00:00-05:00")


class LoudIsSpeech:
    """A VAD that calls any frame with energy speech."""

    def probability(self, frame: Samples) -> float:
        return 1.0 if float(np.abs(frame).max()) > 0.05 else 0.0

    def reset(self) -> None:
        pass


class SlowFinals:
    """A recognizer that takes `delay_s` per call and hears a digit string that is still going."""

    def __init__(self, delay_s: float) -> None:
        self.delay_s = delay_s
        self.calls = 0

    def transcribe(self, samples: Samples, *, bias: Sequence[str] = ()) -> Hypothesis:
        self.calls += 1
        time.sleep(self.delay_s)
        return Hypothesis("lock the card ending in eight eight", True, samples.size / SAMPLE_RATE * 1000)


def _tone(seconds: float) -> Samples:
    t = np.arange(int(seconds * SAMPLE_RATE)) / SAMPLE_RATE
    return (0.3 * np.sin(2 * np.pi * 220 * t)).astype(np.float32)


class _Engine(VoiceEngine):
    def __init__(self, settings: VoiceSettings, finals: SlowFinals) -> None:
        super().__init__(settings, finals)
        self._parts = StreamParts(LoudIsSpeech(), None)

    def stream_parts(self):  # type: ignore[no-untyped-def,override]
        from contextlib import nullcontext

        return nullcontext(self._parts)

    def finals_for(self, *, japanese: bool) -> SlowFinals:  # type: ignore[override]
        assert isinstance(self.finals, SlowFinals)
        return self.finals


def _turns(delay_s: float, settings: VoiceSettings) -> int:
    engine = _Engine(settings, SlowFinals(delay_s))
    samples = np.concatenate([silence(0.3), _tone(1.0), silence(0.65), _tone(0.5), silence(0.3)])
    runner = RecordingRunner()
    listen_samples(runner, samples, customer_id="c_002", now=NOW, engine=engine)
    return len(runner.texts)


@pytest.mark.parametrize("delay_s", [0.0, 0.25, 0.6])
def test_a_mid_digit_pause_is_held_however_slow_the_decode(delay_s: float) -> None:
    """The speculative final says the digits are still going: one turn, at every decode speed."""
    settings = VoiceSettings(partials="none")
    assert _turns(delay_s, settings) == 1


def test_without_the_hold_the_same_audio_splits() -> None:
    """The control: with a hold shorter than the pause the same stream is two turns."""
    settings = VoiceSettings(partials="none", hold_ms=400)
    assert _turns(0.0, settings) == 2
