"""VAD + endpointing split a stream of several spoken commands with silences and noise bursts."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest
from tests.voice.conftest import noise_burst, silence

from teller.voice.audio import SAMPLE_RATE, frames
from teller.voice.endpoint import Endpointer, Kind
from teller.voice.settings import VoiceSettings

pytest.importorskip("onnxruntime", reason="voice extra not installed")

TEXTS = ["what's my balance", "lock my debit card", "pay the verizon bill"]


def _stream(say: Any, bursts: bool = True) -> tuple[np.ndarray, list[tuple[float, float]]]:
    """Three utterances with 1-1.2 s gaps (a noise burst and a click in them); the true speech spans."""
    parts: list[np.ndarray] = [silence(0.5)]
    spans: list[tuple[float, float]] = []
    gaps = [
        [silence(0.5), noise_burst(0.06) if bursts else silence(0.06), silence(0.6)],
        [silence(0.4), noise_burst(0.02, level=0.8, seed=1) if bursts else silence(0.02), silence(0.8)],
        [silence(1.0)],
    ]
    for text, gap in zip(TEXTS, gaps, strict=True):
        speech = say(text)
        start = sum(p.size for p in parts) / SAMPLE_RATE
        parts.append(speech)
        first, last = _voiced_edges(speech)
        spans.append((start + first, start + last))
        parts.extend(gap)
    return np.concatenate(parts), spans


def _voiced_edges(speech: np.ndarray) -> tuple[float, float]:
    """Seconds from the clip's start to its first and last 10 ms window with real signal energy.

    Measured rather than assumed: the synthesizer's leading and trailing silence varies by version.
    """
    window = SAMPLE_RATE // 100
    usable = speech[: speech.size // window * window].reshape(-1, window)
    rms = np.sqrt(np.mean(usable.astype(np.float64) ** 2, axis=1))
    loud = np.flatnonzero(rms > 0.02 * rms.max())
    return loud[0] * window / SAMPLE_RATE, (loud[-1] + 1) * window / SAMPLE_RATE


def _segments(samples: np.ndarray, backend: str) -> list[tuple[float, float]]:
    from teller.voice.vad import load_vad

    vad, settings = load_vad(backend), VoiceSettings()
    endpointer = Endpointer(settings)
    found = []
    for frame in frames(samples):
        for event in endpointer.push(vad.probability(frame) >= settings.vad_threshold):
            if event.kind is Kind.END:
                found.append((event.speech_start_ms / 1000, event.speech_end_ms / 1000))
    return found


# WebRTC's GMM detector takes broadband noise for speech, which is why Silero is the default:
# the fallback is only asked to split on silences.
@pytest.mark.parametrize(("backend", "bursts"), [("silero", True), ("webrtc", False)])
def test_stream_splits_into_its_utterances(say: Any, backend: str, bursts: bool) -> None:
    """Each utterance is one segment, within 150 ms of its true edges; bursts make no segment."""
    if backend == "webrtc":
        pytest.importorskip("webrtcvad")
    samples, truth = _stream(say, bursts)
    found = _segments(samples, backend)
    assert len(found) == len(truth), found
    for (start, end), (true_start, true_end) in zip(found, truth, strict=True):
        assert abs(start - true_start) < 0.15 and abs(end - true_end) < 0.15, (found, truth)


def test_silero_scores_speech_above_noise(say: Any) -> None:
    """Silero gives speech frames high probability and white noise low probability."""
    from teller.voice.vad import load_vad

    vad = load_vad("silero")
    speech = [vad.probability(f) for f in frames(say("send money to david lee"))]
    vad.reset()
    noise = [vad.probability(f) for f in frames(noise_burst(1.0))]
    assert max(speech) > 0.9 and float(np.mean(noise)) < 0.2
