"""Loaded voice models, once per process: the final recognizer, plus pools of per-stream parts.

VAD and partial recognizers keep per-stream state, so each live stream borrows its own pair from
a pool (created on first need, reused afterwards); the final recognizer is shared.
"""

from __future__ import annotations

import threading
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field

from teller.voice.asr import FinalRecognizer, PartialRecognizer
from teller.voice.settings import ASRSettings, VoiceSettings
from teller.voice.vad import VoiceActivity, load_vad

_engines: dict[str, VoiceEngine] = {}
_finals: dict[str, FinalRecognizer] = {}
_engines_lock = threading.Lock()


def load_finals(settings: ASRSettings) -> FinalRecognizer:
    """A new instance of the configured final-transcript backend."""
    if settings.backend == "openai":
        from teller.voice.backends.openai_asr import OpenAIFinals

        return OpenAIFinals(settings)
    from teller.voice.backends.whisper_asr import WhisperFinals

    return WhisperFinals(settings)


def load_partials(settings: VoiceSettings) -> PartialRecognizer | None:
    if settings.partials == "none":
        return None
    from teller.voice.backends.pocketsphinx_asr import PocketsphinxPartials

    return PocketsphinxPartials()


@dataclass
class StreamParts:
    vad: VoiceActivity
    partials: PartialRecognizer | None


@dataclass
class VoiceEngine:
    settings: VoiceSettings
    finals: FinalRecognizer
    _pool: list[StreamParts] = field(default_factory=list)
    _lock: threading.Lock = field(default_factory=threading.Lock)

    @classmethod
    def shared(cls, settings: VoiceSettings | None = None) -> VoiceEngine:
        """The process-wide engine for these settings (models load on the first call only)."""
        settings = settings or VoiceSettings()
        key = settings.model_dump_json()
        with _engines_lock:
            engine = _engines.get(key)
            if engine is None:
                asr_key = settings.asr.model_dump_json()
                if asr_key not in _finals:
                    _finals[asr_key] = load_finals(settings.asr)
                engine = cls(settings, _finals[asr_key])
                _engines[key] = engine
            return engine

    @contextmanager
    def stream_parts(self) -> Iterator[StreamParts]:
        """Borrow a VAD and a partial recognizer for one stream."""
        with self._lock:
            parts = self._pool.pop() if self._pool else None
        if parts is None:
            parts = StreamParts(load_vad(self.settings.vad_backend), load_partials(self.settings))
        parts.vad.reset()
        try:
            yield parts
        finally:
            with self._lock:
                self._pool.append(parts)
