"""Shared fixtures for the voice tests: committed speech recordings, loaded models, runners."""

from __future__ import annotations

from datetime import datetime
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from teller.domain.intents import Action, Intent
from teller.domain.turn import TurnRequest, TurnResult
from teller.voice.hearing import Ear, ear_for

SPEECH = Path(__file__).resolve().parents[2] / "bench" / "speech"


class RecordingRunner:
    """A stand-in text pipeline that records what the voice path hands it."""

    def __init__(self) -> None:
        self.texts: list[str] = []
        self.acted: list[str] = []  # texts run with act=True (only a whole request may act)
        self.prefetched: list[str] = []

    def run(self, request: TurnRequest, *, act: bool = True) -> TurnResult:
        self.texts.append(request.text)
        if act:
            self.acted.append(request.text)
        return TurnResult(id=request.id, intent=Intent.OUT_OF_SCOPE, action=Action.UNSUPPORTED)

    def prefetch(self, customer_id: str, text: str, now: datetime) -> None:
        self.prefetched.append(text)


@pytest.fixture(scope="session")
def say() -> Any:
    """say(text) → 16 kHz float32 of the committed piper recording (0.3 s of quiet around the speech)."""
    from tests.speech import fixture_path

    from teller.voice.audio import load_audio

    def _say(text: str) -> np.ndarray:
        return load_audio(fixture_path(text, "piper"))

    return _say


@pytest.fixture(scope="session")
def engine() -> Any:
    """The process-wide voice engine with default settings (whisper tiny.en + pocketsphinx + Silero)."""
    pytest.importorskip("faster_whisper", reason="voice extra not installed")
    pytest.importorskip("pocketsphinx", reason="voice extra not installed")
    pytest.importorskip("onnxruntime", reason="voice extra not installed")
    from teller.voice.engine import VoiceEngine

    return VoiceEngine.shared()


def silence(seconds: float) -> np.ndarray:
    return np.zeros(int(seconds * 16_000), dtype=np.float32)


def noise_burst(seconds: float, level: float = 0.3, seed: int = 0) -> np.ndarray:
    return (np.random.default_rng(seed).standard_normal(int(seconds * 16_000)) * level).astype(np.float32)


@pytest.fixture
def ears(runner: Any) -> dict[str, Ear]:
    """What the demo bank knows about c_001 (ja-JP, English names too) and c_002 (en-US), as the hearing
    rules see it."""
    return {cid: ear_for(runner.bank.snapshot(cid)) for cid in ("c_001", "c_002")}
