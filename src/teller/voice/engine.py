"""Loaded voice models, once per process: the final recognizers, plus pools of per-stream parts.

VAD and partial recognizers keep per-stream state, so each live stream borrows its own pair from
a pool (created on first need, reused afterwards); the final recognizers are shared. The main
(English) recognizer loads with the engine; the Japanese one on the first Japanese-locale turn, so
English-only processes never load it. Japanese live partials (`asr.ja_partials`) share one draft
copy of the Japanese model per process, loaded on the first Japanese-locale stream that needs it.
"""

from __future__ import annotations

import threading
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field

from teller.voice.asr import FinalRecognizer, PartialRecognizer
from teller.voice.backends.whisper_partials import Drafting, WhisperChunkPartials
from teller.voice.settings import ASRSettings, VoiceSettings
from teller.voice.vad import VoiceActivity, load_vad

_engines: dict[str, VoiceEngine] = {}
_finals: dict[str, FinalRecognizer] = {}
_drafts: dict[str, Drafting] = {}
_engines_lock = threading.Lock()


def load_finals(settings: ASRSettings) -> FinalRecognizer:
    """A new instance of the configured final-transcript backend."""
    if settings.backend == "openai":
        from teller.voice.backends.openai_asr import OpenAIFinals

        return OpenAIFinals(settings)
    if settings.backend == "torch":
        from teller.voice.backends.torch_whisper import TorchWhisperFinals

        return TorchWhisperFinals(settings)
    from teller.voice.backends.whisper_asr import WhisperFinals

    return WhisperFinals(settings)


def japanese_settings(settings: ASRSettings) -> ASRSettings:
    """The final recognizer for Japanese-locale customers: `ja_model`, language "ja"."""
    if settings.backend == "openai":  # same server; only the language changes
        return settings.model_copy(update={"language": "ja"})
    return settings.model_copy(
        update={
            "model_path": settings.ja_model,
            "model_sha256": settings.ja_model_sha256,
            "language": "ja",
            "beam_size": settings.ja_beam_size,
            "recheck_beam": settings.ja_recheck_beam,
            "window_pad_s": settings.ja_window_pad_s,
        }
    )


def _shared_finals(settings: ASRSettings) -> FinalRecognizer:
    """One recognizer per distinct ASR settings per process (call with `_engines_lock` held)."""
    key = settings.model_dump_json()
    if key not in _finals:
        _finals[key] = load_finals(settings)
    return _finals[key]


def load_draft(settings: ASRSettings) -> Drafting:
    """The Japanese model loaded for live partials (`asr.ja_model`, one CPU thread by default)."""
    from teller.voice.backends.whisper_partials import DraftWhisper

    return DraftWhisper(settings)


def load_partials(settings: VoiceSettings) -> PartialRecognizer | None:
    if settings.partials == "none":
        return None
    from teller.voice.backends.pocketsphinx_asr import PocketsphinxPartials

    return PocketsphinxPartials()


@dataclass
class StreamParts:
    vad: VoiceActivity
    partials: PartialRecognizer | None  # English (pocketsphinx)
    partials_ja: PartialRecognizer | None = None  # Japanese, made on the stream's first Japanese turn


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
                engine = cls(settings, _shared_finals(settings.asr))
                _engines[key] = engine
            return engine

    def finals_for(self, *, japanese: bool) -> FinalRecognizer:
        """The recognizer for a customer: Japanese-or-English (loaded on first use) or the main one."""
        if not (japanese and self.settings.asr.ja):
            return self.finals
        with _engines_lock:
            ja = _shared_finals(japanese_settings(self.settings.asr))
        from teller.voice.bilingual import BilingualFinals, EncodingFinals

        if not isinstance(ja, EncodingFinals):  # a server: it detects or is told the language itself
            return ja

        return BilingualFinals(ja, self.finals, lid_seconds=self.settings.asr.lid_seconds)

    def partials_for(self, parts: StreamParts, *, japanese: bool) -> PartialRecognizer | None:
        """The stream's live partial recognizer for a customer: English (`partials`) or, for a
        Japanese-locale one, the chunked Japanese recognizer (`asr.ja_partials`; None when "none")."""
        asr = self.settings.asr
        if not (japanese and asr.ja):
            return parts.partials
        if asr.ja_partials == "none":
            return None
        if parts.partials_ja is None:
            key = asr.model_dump_json()
            with _engines_lock:
                draft = _drafts.get(key)
                if draft is None:
                    draft = _drafts[key] = load_draft(asr)
            parts.partials_ja = WhisperChunkPartials(draft, every_ms=asr.ja_partials_every_ms)
        return parts.partials_ja

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
