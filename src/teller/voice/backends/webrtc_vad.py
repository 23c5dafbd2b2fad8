"""WebRTC VAD (from the `webrtcvad-wheels` package): the light fallback detector."""

from __future__ import annotations

import numpy as np

from teller.errors import MissingExtra
from teller.voice.audio import SAMPLE_RATE, Samples

_SUB = 480  # WebRTC takes 10/20/30 ms frames; 30 ms = 480 samples, scored in 512-sample windows


class WebrtcVad:
    """Fraction of voiced 30 ms sub-frames, as a probability-like score."""

    def __init__(self, aggressiveness: int = 3) -> None:
        try:
            import webrtcvad
        except ImportError as exc:
            raise MissingExtra("webrtcvad-wheels", "voice") from exc
        self._vad = webrtcvad.Vad(aggressiveness)
        self._carry = np.zeros(0, dtype=np.float32)

    def reset(self) -> None:
        self._carry = np.zeros(0, dtype=np.float32)

    def probability(self, frame: Samples) -> float:
        buf = np.concatenate([self._carry, frame])
        votes: list[bool] = []
        while buf.size >= _SUB:
            pcm = (np.clip(buf[:_SUB], -1.0, 1.0) * 32767).astype("<i2").tobytes()
            votes.append(bool(self._vad.is_speech(pcm, SAMPLE_RATE)))
            buf = buf[_SUB:]
        self._carry = buf
        return sum(votes) / len(votes) if votes else 0.0
