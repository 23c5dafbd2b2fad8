"""Silero VAD (MIT) run with onnxruntime, without torch.

The model file comes from the `silero-vad` wheel (install with `--no-deps`: importing the package
pulls in torch, so only its data folder is located, never imported).
"""

from __future__ import annotations

import importlib.util
from pathlib import Path

import numpy as np

from teller.errors import MissingExtra
from teller.voice.audio import FRAME_SAMPLES, SAMPLE_RATE, Samples

_CONTEXT = 64  # samples of the previous frame the v5+ model expects in front of each frame


def silero_model_path() -> Path:
    spec = importlib.util.find_spec("silero_vad")
    if spec is None or not spec.submodule_search_locations:
        raise MissingExtra("silero-vad", "voice")
    path = Path(next(iter(spec.submodule_search_locations))) / "data" / "silero_vad.onnx"
    if not path.is_file():
        raise MissingExtra("silero-vad", "voice")
    return path


class SileroVad:
    """Stateful Silero VAD over 512-sample frames."""

    def __init__(self, model_path: Path | None = None) -> None:
        try:
            import onnxruntime
        except ImportError as exc:
            raise MissingExtra("onnxruntime", "voice") from exc
        options = onnxruntime.SessionOptions()
        options.intra_op_num_threads = 1
        options.inter_op_num_threads = 1
        self._session = onnxruntime.InferenceSession(
            str(model_path or silero_model_path()), sess_options=options, providers=["CPUExecutionProvider"]
        )
        self._sr = np.array(SAMPLE_RATE, dtype=np.int64)
        self.reset()

    def reset(self) -> None:
        self._state = np.zeros((2, 1, 128), dtype=np.float32)
        self._context = np.zeros(_CONTEXT, dtype=np.float32)

    def probability(self, frame: Samples) -> float:
        if frame.shape != (FRAME_SAMPLES,):
            raise ValueError(f"Silero takes frames of {FRAME_SAMPLES} samples, got {frame.shape}")
        x = np.concatenate([self._context, frame]).astype(np.float32)[None, :]
        out, self._state = self._session.run(None, {"input": x, "state": self._state, "sr": self._sr})
        self._context = x[0, -_CONTEXT:]
        return float(out[0, 0])
