"""Voice activity: a per-frame speech probability behind a one-method Protocol.

Backends live in `voice.backends` (Silero via onnxruntime, WebRTC VAD as the fallback); each keeps
its own recurrent state, so one detector serves one stream at a time.
"""

from __future__ import annotations

from typing import Protocol

from teller.voice.audio import Samples


class VoiceActivity(Protocol):
    """Scores 32 ms frames (512 samples at 16 kHz) in stream order."""

    def probability(self, frame: Samples) -> float:
        """Speech probability of this frame, in [0, 1]."""
        ...

    def reset(self) -> None:
        """Forget the stream so far (call before a new stream)."""
        ...


def load_vad(backend: str = "silero") -> VoiceActivity:
    """A fresh detector; `silero` falls back to `webrtc` only when asked for by name."""
    if backend == "silero":
        from teller.voice.backends.silero_vad import SileroVad

        return SileroVad()
    if backend == "webrtc":
        from teller.voice.backends.webrtc_vad import WebrtcVad

        return WebrtcVad()
    raise ValueError(f"unknown VAD backend {backend!r} (silero | webrtc)")
