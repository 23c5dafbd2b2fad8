"""Live partials from pocketsphinx (the PyPI wheel ships an en-us acoustic and language model)."""

from __future__ import annotations

import numpy as np

from teller.errors import MissingExtra
from teller.voice.asr import Hypothesis
from teller.voice.audio import FRAME_MS, SAMPLE_RATE, Samples


class PocketsphinxPartials:
    """Real streaming decode; asks for a hypothesis every `every` frames (hyp() is not free)."""

    def __init__(self, every: int = 3) -> None:
        try:
            from pocketsphinx import Decoder
        except ImportError as exc:
            raise MissingExtra("pocketsphinx", "voice") from exc
        self._decoder = Decoder(samprate=SAMPLE_RATE, loglevel="FATAL")
        self._every = every
        self._frames = 0
        self._last = ""
        self._open = False

    def start(self) -> None:
        if self._open:
            self._decoder.end_utt()
        self._decoder.start_utt()
        self._open, self._frames, self._last = True, 0, ""

    def accept(self, frame: Samples, *, speech: bool = True) -> Hypothesis | None:
        pcm = (np.clip(frame, -1.0, 1.0) * 32767).astype("<i2").tobytes()
        self._decoder.process_raw(pcm, False, False)
        self._frames += 1
        if self._frames % self._every:
            return None
        hyp = self._decoder.hyp()
        text = hyp.hypstr if hyp is not None else ""
        if not text or text == self._last:
            return None
        self._last = text
        return Hypothesis(text, final=False, audio_ms=self._frames * FRAME_MS)
