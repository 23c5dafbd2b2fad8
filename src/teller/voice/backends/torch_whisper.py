"""Final transcripts from Whisper run by PyTorch (`voice.asr.backend = "torch"`), on CUDA or the CPU.

For a GPU machine whose CUDA libraries CTranslate2's wheels cannot use (CUDA 13): the same pinned
weights (the bundled tiny.en, a bundled profile such as whisper-base, or any CTranslate2 Whisper
directory) are read from `model.bin` (`ct2_weights`) and run by `torch_net.WhisperNet` in float16 on
CUDA, float32 on the CPU (`compute_type` "float16" / "bfloat16" / "float32" overrides). Decoding
follows `whisper_asr.WhisperFinals`: the utterance plus `window_pad_s` of silence, the customer's
names in the prompt, beam search keeping `n_best` transcripts, blank and end-of-text suppressed at the
first step and the model's `suppress_ids` always. Loaded only when selected: torch is imported here.
"""

from __future__ import annotations

import json
import math
import threading
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from teller.errors import ConfigError, MissingExtra
from teller.voice.asr import Hypothesis
from teller.voice.audio import SAMPLE_RATE, Samples
from teller.voice.backends.whisper_asr import (
    _FULL_WINDOW,
    SHORT_JA_S,
    ForcedItem,
    _drop_repeats,
    _window,
    forced_gains,
    forced_items,
    resolve_model,
    token_spans,
)
from teller.voice.hearing_forced import forced_plan
from teller.voice.hearing_names import name_spans
from teller.voice.hearing_numbers import OPEN, amount_spans
from teller.voice.settings import ASRSettings

_DTYPES = ("float16", "bfloat16", "float32")


class TorchWhisperFinals:
    """One Whisper model on one torch device; `transcribe` may be called from a worker thread."""

    def __init__(self, settings: ASRSettings) -> None:
        try:
            import torch
            from tokenizers import Tokenizer
        except ImportError as exc:
            raise MissingExtra("torch", "gpu") from exc
        from teller.voice.backends.ct2_weights import read_model
        from teller.voice.backends.torch_net import WhisperNet

        self._settings = settings
        self._torch = torch
        model = Path(resolve_model(settings))
        if not (model / "model.bin").is_file():
            raise ConfigError(f"the torch ASR backend needs a CTranslate2 model directory, not {model!r}")
        device = "cuda" if settings.device == "auto" and torch.cuda.is_available() else settings.device
        if device == "auto":
            device = "cpu"
        dtype_name = settings.compute_type if settings.compute_type in _DTYPES else None
        dtype_name = dtype_name or ("float16" if device.startswith("cuda") else "float32")
        spec, variables = read_model(model)
        if spec != "WhisperSpec":
            raise ConfigError(f"{model} holds a {spec}, not a Whisper model")
        self.net = WhisperNet(variables, device=device, dtype=getattr(torch, dtype_name))
        config = json.loads((model / "config.json").read_text(encoding="utf-8"))
        self._tok: Any = Tokenizer.from_file(str(model / "tokenizer.json"))

        def special(token: str) -> int:
            found = self._tok.token_to_id(token)
            if found is None:
                raise ConfigError(f"{model}/tokenizer.json has no {token} token: not a Whisper tokenizer")
            return int(found)

        self.eot = special("<|endoftext|>")
        self.sot, self.sot_prev = special("<|startoftranscript|>"), special("<|startofprev|>")
        self.no_timestamps = special("<|notimestamps|>")
        # English-only models (51864 tokens) list language ids in config.json too: Whisper's own rule,
        # as CTranslate2's is_multilingual, is the vocabulary size
        multilingual = variables["decoder/embeddings/weight"].shape[0] >= 51865
        self.lang_ids: dict[str, int] = {
            str(self._tok.id_to_token(i)).strip("<|>"): i for i in config.get("lang_ids", []) if multilingual
        }
        language = settings.language if multilingual else None
        self._japanese = language == "ja"
        self._sot_sequence = [self.sot]
        if language is not None:
            self._sot_sequence += [special(f"<|{language}|>"), special("<|transcribe|>")]
        self._suppress = torch.tensor(
            [i for i in config.get("suppress_ids", []) if i >= 0], dtype=torch.long, device=self.net.device
        )
        self._suppress_begin = torch.tensor(
            config.get("suppress_ids_begin", [self._tok.encode(" ").ids[0], self.eot]),
            dtype=torch.long,
            device=self.net.device,
        )
        self._prompts: dict[tuple[str, ...], list[int]] = {}
        self._lock = threading.Lock()
        if self.net.device.type == "cuda":
            self.warm()

    def warm(self) -> None:
        """Pay CUDA's first-use costs at load, not on a customer's turn. Kernels load lazily and cuBLAS
        picks a kernel per matrix shape, so the first decode of a new shape took 0.2-1.3 s on an H100
        (measured: the first turns of each customer, none after). So every shape a turn can meet is run
        once: each encoder window (and its cuFFT plan) with the cross-attention projections, every prompt
        length, and a two-beam (and a `recheck_beam`-wide) decode through all decoder positions."""
        import numpy as np

        torch, net = self._torch, self.net
        zeros = np.zeros(0, dtype=np.float32)
        with torch.inference_mode():
            for frames in range(100, _FULL_WINDOW + 1, 100):
                encoded = net.encode(net.features(zeros, frames))
                net.start(encoded)
            for length in range(1, min(256, net.max_positions)):
                net.decode(torch.full((1, length), self.eot - 1, device=net.device), net.start(encoded))
            for width in sorted({2, self._settings.recheck_beam} - {0, 1}):  # the beam, the second look's
                state = net.start(encoded)
                net.decode(torch.tensor([[self.sot]], device=net.device), state)
                state.reorder(torch.zeros(width, dtype=torch.long, device=net.device))
                for _ in range(net.max_positions - 2):
                    net.decode(torch.full((width, 1), self.eot - 1, device=net.device), state)
        self.transcribe(np.zeros(SAMPLE_RATE, dtype=np.float32), bias=("Warm Up", "Second Name"))
        torch.cuda.synchronize()

    def encode(self, samples: Samples, *, pad_s: float | None = None) -> Any:
        """The encoder's output for `samples` (reusable by `language` and `transcribe`)."""
        window = _window(samples.size, self._settings.window_pad_s if pad_s is None else pad_s)
        with self._torch.inference_mode():
            return self.net.encode(self.net.features(samples, window))

    def language(self, encoded: Any) -> tuple[str, float]:
        """The most likely spoken language and its probability (multilingual models only)."""
        if not self.lang_ids:
            return "en", 1.0
        torch = self._torch
        with torch.inference_mode():
            state = self.net.start(encoded)
            logprobs = self.net.decode(torch.tensor([[self.sot]], device=self.net.device), state)[0]
            ids = torch.tensor(list(self.lang_ids.values()), device=self.net.device)
            probs = torch.softmax(logprobs[ids], dim=-1)
            best = int(torch.argmax(probs))
        return list(self.lang_ids)[best], float(probs[best])

    def detect(self, samples: Samples, seconds: float) -> tuple[str, float]:
        """Language of the first `seconds` of `samples` (an encoder pass over that much audio only)."""
        return self.language(self.encode(samples[: int(seconds * SAMPLE_RATE)], pad_s=0.5))

    def transcribe(self, samples: Samples, *, bias: Sequence[str] = (), encoded: Any = None) -> Hypothesis:
        seconds = samples.size / SAMPLE_RATE
        names = tuple(bias) if self._settings.bias else ()
        if self._japanese and names and seconds < SHORT_JA_S:
            names = ("",)  # command words only, as in whisper_asr
        prompt = self._prompt(names)
        budget = int(seconds * (24 if self._japanese else 8)) + 12
        budget = max(1, min(budget, self.net.max_positions - len(prompt)))
        beam = max(1, self._settings.beam_size)
        keep = max(1, min(beam, self._settings.n_best))
        rechecks: tuple[tuple[str, float], ...] = ()
        name_rechecks: tuple[tuple[str, float], ...] = ()
        with self._lock, self._torch.inference_mode():
            if encoded is None:
                encoded = self.encode(samples)
            found = self._beam_search(encoded, prompt, beam, keep, budget)
            texts: list[str] = []
            for tokens, _ in found:
                text = _drop_repeats(self._tok.decode([t for t in tokens if t < self.eot]).strip())
                if text not in texts:
                    texts.append(text)
            if texts and self._settings.recheck_beam > 0:  # the second looks, as in whisper_asr
                best = [t for t in found[0][0] if t < self.eot]
                rechecks = self._recheck(encoded, prompt, best, amount_spans(texts[0])[:2])
                if self._settings.recheck_names:
                    name_rechecks = self._recheck(encoded, prompt, best, name_spans(texts[0], bias)[:2])
            forced: tuple[tuple[str, str, float], ...] = ()
            if texts and self._settings.forced_look and not self._japanese:  # as in whisper_asr
                best = [t for t in found[0][0] if t < self.eot]
                encode = self._encode_text
                items = forced_items(self._decode_text, encode, best, texts[0], forced_plan(texts[0], bias))
                forced = forced_gains(items, self._forced(encoded, prompt, items))
        return Hypothesis(
            texts[0] if texts else "",
            final=True,
            audio_ms=seconds * 1000,
            confidence=found[0][1] if found else None,
            alternatives=tuple(texts[1:]),
            language="ja" if self._japanese else self._settings.language,
            rechecks=rechecks,
            name_rechecks=name_rechecks,
            forced=forced,
        )

    def _recheck(
        self, encoded: Any, prompt: list[int], tokens: list[int], spans: list[tuple[int, int]]
    ) -> tuple[tuple[str, float], ...]:
        """A beam of `recheck_beam` from the first token of each span of the decoded `tokens`: every
        reading, as the transcript up to the span plus what it heard, with its probability (the sum of
        its log-probabilities, as CTranslate2's `length_penalty=0`); cut readings end in `OPEN`."""
        out: list[tuple[str, float]] = []
        decode = self._decode_text
        for first, last in token_spans(decode, tokens, spans):
            room = last + 4 - first  # tokens the continuation may take, as in whisper_asr
            head = tokens[:first]
            for tail, logp, ended in self._continue(encoded, prompt + head, room):
                heard = decode(head + tail).strip()
                out.append((heard + ("" if ended else OPEN), math.exp(logp)))
        return tuple(out)

    def _decode_text(self, tokens: list[int]) -> str:
        return str(self._tok.decode(tokens))

    def _encode_text(self, text: str) -> list[int]:
        return list(self._tok.encode(text, add_special_tokens=False).ids)

    def _forced(self, encoded: Any, prompt: list[int], items: list[ForcedItem]) -> list[float]:
        """Summed log-probability of each item's continuation forced after the prompt and its head (and
        of the end of text after it when it ends the transcript), as CTranslate2's forced logits give it.
        The items of one look share their head: it is decoded once, then all continuations step together."""
        torch, net = self._torch, self.net
        scores = [0.0] * len(items)
        for look in sorted({item.look for item in items}):
            mine = [i for i, item in enumerate(items) if item.look == look]
            prefix = prompt + items[mine[0]].head
            room = max(0, net.max_positions - len(prefix))
            wanted = [[*items[i].said, *([self.eot] if items[i].ended else [])][:room] for i in mine]
            steps = max((len(w) for w in wanted), default=0)
            if steps == 0:
                continue
            state = net.start(encoded)
            logprobs = net.decode(torch.tensor([prefix], device=net.device), state)
            state.reorder(torch.zeros(len(mine), dtype=torch.long, device=net.device))
            logprobs = logprobs.expand(len(mine), -1)
            padded = torch.tensor([w + [self.eot] * (steps - len(w)) for w in wanted], device=net.device)
            length = torch.tensor([len(w) for w in wanted], device=net.device)
            total = torch.zeros(len(mine), device=net.device)
            for step in range(steps):
                picked = logprobs.gather(1, padded[:, step : step + 1])[:, 0]
                total += torch.where(step < length, picked, torch.zeros_like(picked))
                if step + 1 < steps:
                    logprobs = net.decode(padded[:, step : step + 1], state)
            for i, value in zip(mine, total.tolist(), strict=True):
                scores[i] = float(value)
        return scores

    def _continue(self, encoded: Any, prefix: list[int], room: int) -> list[tuple[list[int], float, bool]]:
        """(tokens after `prefix`, summed log-probability, ended) of the `recheck_beam` best readings."""
        torch, net = self._torch, self.net
        beam = self._settings.recheck_beam
        room = max(1, min(room, net.max_positions - len(prefix)))
        state = net.start(encoded)
        logprobs = net.decode(torch.tensor([prefix], device=net.device), state)
        beams: list[list[int]] = [[]]
        scores = torch.zeros(1, device=net.device)
        done: list[tuple[list[int], float, bool]] = []
        for step in range(room):
            logprobs[:, self._suppress] = -float("inf")
            logprobs[:, self.eot + 1 :] = -float("inf")
            total = (scores[:, None] + logprobs).flatten()
            top_scores, top_ids = torch.topk(total, min(2 * beam, total.numel()))
            vocab = logprobs.shape[-1]
            alive: list[tuple[int, int, float]] = []
            for score, flat in zip(top_scores.tolist(), top_ids.tolist(), strict=True):
                source, token = divmod(flat, vocab)
                if token == self.eot:
                    if len(alive) < beam:
                        done.append((beams[source], score, True))
                elif len(alive) < beam:
                    alive.append((source, token, score))
            if not alive:
                break
            if step == room - 1:  # out of room: the readings still going are cut
                done.extend((beams[s] + [t], sc, False) for s, t, sc in alive)
                break
            state.reorder(torch.tensor([s for s, _, _ in alive], device=net.device))
            beams = [beams[s] + [t] for s, t, _ in alive]
            scores = torch.tensor([sc for _, _, sc in alive], device=net.device)
            logprobs = net.decode(torch.tensor([[t] for _, t, _ in alive], device=net.device), state)
        done.sort(key=lambda item: -item[1])
        return done[:beam]

    def _beam_search(
        self, encoded: Any, prompt: list[int], beam: int, keep: int, budget: int
    ) -> list[tuple[list[int], float]]:
        """(tokens, mean log-probability) of up to `keep` finished hypotheses, best first."""
        torch, net = self._torch, self.net
        state = net.start(encoded)
        logprobs = net.decode(torch.tensor([prompt], device=net.device), state)
        beams: list[list[int]] = [[]]
        scores = torch.zeros(1, device=net.device)
        finished: list[tuple[list[int], float]] = []
        for step in range(budget):
            logprobs[:, self._suppress] = -float("inf")
            logprobs[:, self.eot + 1 :] = -float("inf")  # no special or timestamp tokens in the text
            if step == 0:
                logprobs[:, self._suppress_begin] = -float("inf")
            total = (scores[:, None] + logprobs).flatten()
            top_scores, top_ids = torch.topk(total, 2 * beam)
            vocab = logprobs.shape[-1]
            alive: list[tuple[int, int, float]] = []
            for score, flat in zip(top_scores.tolist(), top_ids.tolist(), strict=True):
                source, token = divmod(flat, vocab)
                if token == self.eot:
                    if len(alive) < beam:  # an ending counts while it ranks among the beam's best
                        tokens = beams[source]
                        finished.append((tokens, score / max(1, len(tokens) + 1)))
                elif len(alive) < beam:
                    alive.append((source, token, score))
            if len(finished) >= keep or not alive or step == budget - 1:
                if not finished:  # out of budget: the best unfinished beams
                    finished = [(beams[s] + [t], sc / (len(beams[s]) + 1)) for s, t, sc in alive]
                break
            index = torch.tensor([s for s, _, _ in alive], device=net.device)
            state.reorder(index)
            beams = [beams[s] + [t] for s, t, _ in alive]
            scores = torch.tensor([sc for _, _, sc in alive], device=net.device)
            logprobs = net.decode(torch.tensor([[t] for _, t, _ in alive], device=net.device), state)
        finished.sort(key=lambda item: -item[1])
        return finished[:keep]

    def _prompt(self, bias: tuple[str, ...]) -> list[int]:
        cached = self._prompts.get(bias)
        if cached is None:
            from teller.voice.asr import bias_prompt, bias_prompt_ja

            cached = []
            if bias:
                listed = tuple(n for n in bias if n)
                text = bias_prompt_ja(listed) if self._japanese else " " + bias_prompt(listed)
                cached = [self.sot_prev, *self._tok.encode(text, add_special_tokens=False).ids[-200:]]
            cached += [*self._sot_sequence, self.no_timestamps]
            self._prompts[bias] = cached
        return list(cached)
