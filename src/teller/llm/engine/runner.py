"""The engine: one sequence on one device, prefill in buckets, decode steps, all replayable as CUDA graphs.

    engine = Engine(weights, options)      # chooses attention backends per layer, logs them
    engine.set_prefix(tokens)              # prefill the fixed prompt prefix once and keep it
    logits = engine.prefill(prompt)        # restores the prefix when `prompt` starts with it
    logits = engine.step([token, *forced]) # one forward of 1..33 tokens (decode / jump-forward)
    logits = engine.verify(tokens)         # logits for every token (speculative verification)
    engine.rollback(n)                     # forget the last n positions (rejected draft tokens)

Each forward runs through `Model.forward` with static shapes: T is padded to a bucket (1, 2, 4, ...,
512), so each (T, rows out, global-cache length) has one CUDA graph, captured on first use (its
warm-up runs with zero valid tokens, so capturing never disturbs the cache) and replayed after the
inputs are copied into its static buffers. Options switch every speed feature off independently so
the bench can measure each.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

import torch

from teller.errors import BackendError
from teller.llm.engine import attention as attn
from teller.llm.engine.config import SLIDING
from teller.llm.engine.model import RING_SLACK, Model
from teller.llm.engine.weights import ModelWeights

log = logging.getLogger(__name__)

STEP_BUCKETS = (1, 2, 4, 8, 16, RING_SLACK)
PREFILL_BUCKETS = (64, 128, 256, 512)


@dataclass(frozen=True, slots=True)
class EngineOptions:
    max_len: int = 4096
    attention: str = "auto"  # auto | sdpa | sdpa-math | triton | "sliding=triton,global=sdpa"
    cuda_graphs: bool = True
    prefix_cache: bool = True
    yoco: bool = True  # fast prefill: only the output rows go through the KV-shared layers
    bucket_prefill: bool = True  # pad prefill chunks to buckets (needed for graphs)
    kv_buckets: tuple[int, ...] = (512, 1024, 2048)  # global-cache lengths read by SDPA layers
    fused: bool | None = None  # Triton kernels for norms/RoPE/gelu; None: on CUDA when triton imports


@dataclass
class _Static:
    tokens: torch.Tensor
    pos: torch.Tensor
    n_valid: torch.Tensor
    out_idx: torch.Tensor
    logits: torch.Tensor | None = None
    graph: Any = None


@dataclass
class Counters:
    forwards: int = 0
    graph_replays: int = 0
    graphs_captured: int = 0
    prefill_tokens: int = 0
    prefix_hits: int = 0
    prefix_misses: int = 0
    capture_ms: float = 0.0
    extra: dict[str, float] = field(default_factory=dict)


def _bucket(n: int, buckets: Sequence[int]) -> int:
    for b in buckets:
        if n <= b:
            return b
    return buckets[-1]


class Engine:
    """One Gemma 4 sequence: its KV cache, its graphs, its kept prefix. Not thread-safe (callers lock)."""

    def __init__(self, weights: ModelWeights, options: EngineOptions | None = None) -> None:
        self.options = opts = options or EngineOptions()
        self.cfg = weights.config
        self.device = weights.device
        self.use_graphs = opts.cuda_graphs and self.device.type == "cuda"
        self.choices = self._choose_attention(weights, opts)
        fns = [attn.BACKENDS[self.choices[i]] for i in range(self.cfg.num_layers)]
        fused = opts.fused if opts.fused is not None else "triton" in attn.available(self.device)
        self.model = Model(weights, max_len=opts.max_len, attention=fns, fused=fused)
        self.cache = self.model.new_cache()
        self.window = self.model.window
        self.tokens: list[int] = []  # what the cache holds, position by position
        self.prefix: list[int] = []
        self.counters = Counters()
        self._static: dict[tuple[int, int, int, bool], _Static] = {}
        self._pool: Any = torch.cuda.graph_pool_handle() if self.use_graphs else None
        self._global_linear = all(
            self.choices[i] == "triton" for i in range(self.cfg.num_layers) if not self.cfg.is_sliding(i)
        )

    # -- attention backends --------------------------------------------------------------------------

    def _choose_attention(self, weights: ModelWeights, opts: EngineOptions) -> dict[int, str]:
        cfg = self.cfg
        candidates = attn.available(self.device)
        fixed: dict[str, str] = {}
        if opts.attention == "auto" and self.device.type != "cuda":
            fixed = {"sliding": "sdpa", "global": "sdpa"}  # nothing to choose between on a CPU
        elif opts.attention != "auto":
            if "=" in opts.attention:
                fixed = dict(part.split("=", 1) for part in opts.attention.split(","))
            else:
                fixed = {"sliding": opts.attention, "global": opts.attention}
        picks: dict[str, str] = {}
        for kind, d, keys, ring in (
            ("sliding", cfg.head_dim, min(cfg.sliding_window, opts.max_len) + RING_SLACK, True),
            ("global", cfg.global_head_dim, min(1024, opts.max_len), False),
        ):
            if kind in fixed:
                name = fixed[kind]
                if name not in candidates:
                    raise BackendError(f"attention backend {name!r} is not available on {self.device}")
                picks[kind] = name
                log.info("attention %s layers (head_dim %d): %s (configured)", kind, d, name)
                continue
            choice = attn.choose(
                heads=cfg.num_heads,
                kv_heads=cfg.num_kv_heads,
                head_dim=d,
                keys=keys,
                window=cfg.sliding_window if ring else 0,
                ring=ring,
                dtype=weights.dtype,
                device=self.device,
                candidates=candidates,
            )
            picks[kind] = choice.backend
            timings = ", ".join(f"{k} {v:.0f} µs" for k, v in sorted(choice.timings_us.items()))
            failed = "; ".join(f"{k}: {v}" for k, v in choice.errors.items())
            log.info(
                "attention %s layers (head_dim %d, decode over %d keys): %s [%s]%s",
                kind, d, keys, choice.backend, timings, f" unusable: {failed}" if failed else "",
            )  # fmt: skip
        out = {}
        for i in range(cfg.num_layers):
            kind = "sliding" if cfg.layer_types[i] == SLIDING else "global"
            out[i] = picks[kind]
            src = cfg.kv_source(i)
            log.info(
                "layer %2d %-7s d=%d kv=%s: %s",
                i, kind, cfg.layer_head_dim(i), "own" if src == i else f"layer {src}", out[i],
            )  # fmt: skip
        return out

    def attention_table(self) -> list[dict[str, Any]]:
        """Per layer: kind, head_dim, KV source, backend (what start-up logged)."""
        cfg = self.cfg
        return [
            {
                "layer": i,
                "kind": "sliding" if cfg.is_sliding(i) else "global",
                "head_dim": cfg.layer_head_dim(i),
                "kv_source": cfg.kv_source(i),
                "backend": self.choices[i],
            }
            for i in range(cfg.num_layers)
        ]

    # -- one forward ----------------------------------------------------------------------------------

    def _kv_len(self, end: int) -> int:
        if self._global_linear:
            return self.options.max_len
        return _bucket(
            end, (*[b for b in self.options.kv_buckets if b < self.options.max_len], self.options.max_len)
        )

    def _forward(self, tokens: Sequence[int], rows_out: int) -> torch.Tensor:
        """Run `tokens` at the next positions; logits for the last token ([1, V], rows_out=1) or for
        every padded row ([T, V], rows_out=0: the first len(tokens) rows are the real ones)."""
        n = len(tokens)
        start = len(self.tokens)
        if start + n > self.options.max_len:
            raise BackendError(f"sequence of {start + n} tokens exceeds max_len={self.options.max_len}")
        if n <= RING_SLACK + 1 and n <= STEP_BUCKETS[-1]:
            t = _bucket(n, STEP_BUCKETS) if (self.options.bucket_prefill or self.use_graphs) else n
        else:
            t = _bucket(n, PREFILL_BUCKETS) if (self.options.bucket_prefill or self.use_graphs) else n
        if n > t:
            raise BackendError(f"{n} tokens in one forward (at most {t})")
        m = rows_out or t
        kv_len = self._kv_len(start + t)
        st = self._static_for(t, m, kv_len)
        ids = torch.tensor(list(tokens) + [0] * (t - n), dtype=torch.long)
        st.tokens.copy_(ids, non_blocking=True)
        st.pos.copy_(torch.arange(start, start + t), non_blocking=True)
        st.n_valid.fill_(n)
        st.out_idx.copy_(torch.arange(n - 1, n) if m == 1 else torch.arange(t), non_blocking=True)
        if st.graph is not None:
            st.graph.replay()
            self.counters.graph_replays += 1
            assert st.logits is not None
            logits = st.logits
        else:
            logits = self._run(st, kv_len)
        self.counters.forwards += 1
        self.tokens.extend(tokens)
        return logits

    def _run(self, st: _Static, kv_len: int) -> torch.Tensor:
        with torch.inference_mode():
            return self.model.forward(
                self.cache, st.tokens, st.pos, st.n_valid, st.out_idx, kv_len=kv_len, yoco=self.options.yoco
            )

    def _static_for(self, t: int, m: int, kv_len: int) -> _Static:
        key = (t, m, kv_len, self.options.yoco)
        st = self._static.get(key)
        if st is not None:
            return st
        dev = self.device
        st = _Static(
            tokens=torch.zeros(t, dtype=torch.long, device=dev),
            pos=torch.arange(t, dtype=torch.long, device=dev),
            n_valid=torch.zeros((), dtype=torch.long, device=dev),
            out_idx=torch.zeros(m, dtype=torch.long, device=dev),
        )
        if self.use_graphs:
            t0 = time.perf_counter()
            stream = torch.cuda.Stream(dev)  # type: ignore[no-untyped-call]
            stream.wait_stream(torch.cuda.current_stream(dev))
            with torch.cuda.stream(stream):
                for _ in range(2):  # zero valid tokens: warm-up writes only the scratch slots
                    self._run(st, kv_len)
            torch.cuda.current_stream(dev).wait_stream(stream)
            graph = torch.cuda.CUDAGraph()
            with torch.inference_mode(), torch.cuda.graph(graph, pool=self._pool):
                st.logits = self.model.forward(
                    self.cache,
                    st.tokens,
                    st.pos,
                    st.n_valid,
                    st.out_idx,
                    kv_len=kv_len,
                    yoco=self.options.yoco,
                )
            st.graph = graph
            self.counters.graphs_captured += 1
            self.counters.capture_ms += (time.perf_counter() - t0) * 1000
        self._static[key] = st
        return st

    def warm_graphs(self, *, prompt_buckets: Sequence[int] = PREFILL_BUCKETS, verify: int = 0) -> None:
        """Capture the graphs a request will need now, not during its first call."""
        ends = sorted({self._kv_len(b) for b in (*self.options.kv_buckets, self.options.max_len)})
        for kv_len in ends:
            for t in (*STEP_BUCKETS, *prompt_buckets):
                self._static_for(t, 1, kv_len)
            for t in STEP_BUCKETS[1:]:
                if verify and t <= _bucket(verify, STEP_BUCKETS):
                    self._static_for(t, t, kv_len)

    # -- sequences ------------------------------------------------------------------------------------

    def reset(self) -> None:
        self.cache.reset()
        self.tokens = []

    def set_prefix(self, tokens: Sequence[int]) -> None:
        """Prefill `tokens` from position 0 and keep the result for every prompt that starts with them."""
        self.reset()
        self.cache.drop_snapshot()
        self.prefix = []
        if tokens:
            self._prefill_chunks(list(tokens))
            self.cache.snapshot(len(tokens))
            self.prefix = list(tokens)

    def prefill(self, prompt: Sequence[int]) -> torch.Tensor:
        """Logits [V] after `prompt`; reuses the kept prefix when the prompt starts with it."""
        prompt = list(prompt)
        if not prompt:
            raise BackendError("empty prompt")
        p = len(self.prefix)
        if self.options.prefix_cache and p and len(prompt) > p and prompt[:p] == self.prefix:
            self.cache.restore()
            self.tokens = list(self.prefix)
            self.counters.prefix_hits += 1
            rest = prompt[p:]
        else:
            self.reset()
            self.counters.prefix_misses += bool(p)
            rest = prompt
        return self._prefill_chunks(rest)[-1]

    def _prefill_chunks(self, tokens: list[int]) -> torch.Tensor:
        chunk = min(PREFILL_BUCKETS[-1], self.model.ring)  # distinct ring slots within a chunk
        logits: torch.Tensor | None = None
        for i in range(0, len(tokens), chunk):
            logits = self._forward(tokens[i : i + chunk], 1)
        self.counters.prefill_tokens += len(tokens)
        assert logits is not None
        return logits

    def step(self, tokens: Sequence[int]) -> torch.Tensor:
        """Logits [V] after feeding 1..33 tokens (a sampled token plus the tokens forced after it)."""
        if not 1 <= len(tokens) <= RING_SLACK + 1:
            raise BackendError(f"step takes 1..{RING_SLACK + 1} tokens, got {len(tokens)}")
        return self._forward(tokens, 1)[-1]

    def verify(self, tokens: Sequence[int]) -> torch.Tensor:
        """Logits [len(tokens), V]: the prediction after each token (speculative verification)."""
        if not 1 <= len(tokens) <= RING_SLACK:
            raise BackendError(f"verify takes 1..{RING_SLACK} tokens, got {len(tokens)}")
        return self._forward(tokens, 0)[: len(tokens)]

    def rollback(self, n: int) -> None:
        """Forget the last `n` positions (their keys are masked or overwritten before use)."""
        if n:
            del self.tokens[-n:]
            self.cache.ring_pos.masked_fill_(self.cache.ring_pos >= len(self.tokens), -1)
