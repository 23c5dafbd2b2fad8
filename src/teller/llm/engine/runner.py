"""The engine: one sequence on one device, prefill in buckets, decode steps, all replayable as CUDA graphs.

    engine = Engine(weights, options)      # chooses attention backends per layer, logs them
    engine.warm_graphs()                   # capture every graph now (CUDA), not during a request
    engine.set_prefix(tokens)              # prefill the fixed prompt prefix once and keep it
    engine.start(prompt)                   # restores the prefix when `prompt` starts with it
    engine.run(tokens, rows)               # one forward of 1..33 tokens; outputs of `rows` kept
    engine.argmax() / engine.logits()      # the full head over those rows
    engine.pick(bitmasks)                  # masked argmax; only the allowed head rows when few
    engine.rollback(n)                     # forget the last n positions (rejected draft tokens)
    (prefill / step / verify: the same, returning logits, for tests and simple callers)

A forward is two parts, each a CUDA graph: the body (`Model.hidden`: embeddings to the final norm,
static shapes: T padded to a bucket 1, 2, 4, ..., 512, M output rows to 1, 4, 16 or 32) and the head
(full: all 262k rows of the tied embedding, optionally masked by a grammar bitmask; sparse: only the
K <= 256 rows a grammar allows, gathered). The body is enqueued first; the caller computes the next
grammar mask on the CPU while the GPU runs it, then enqueues the head. A body's inputs (tokens,
positions, cache slots, output rows) are computed on the host and copied in with one transfer from
pinned memory. Graph warm-up runs write only the scratch slots, so capturing never disturbs the
cache. Options switch every speed feature off independently so the bench can measure each.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np
import torch

from teller.errors import BackendError
from teller.llm.engine import attention as attn
from teller.llm.engine.config import SLIDING
from teller.llm.engine.model import RING_SLACK, Batch, Model
from teller.llm.engine.weights import ModelWeights

log = logging.getLogger(__name__)

STEP_BUCKETS = (1, 2, 4, 8, 16, RING_SLACK)
PREFILL_BUCKETS = (64, 128, 256, 512)
ROW_BUCKETS = (1, 4, 16, RING_SLACK)  # output rows of one forward (verification needs several)
SPARSE_BUCKETS = (16, 64, 256)  # head rows gathered when a grammar allows few tokens


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
    sparse_head: bool = True  # constrained steps that allow <= 256 tokens read only those head rows
    fuse_decode: bool = True  # one-token forwards: the PLE block in 2 kernels instead of 5 (fused path)


@dataclass
class _Body:
    """One (T, M, kv_len) shape: its input buffer (one copy fills it), its graph, its output rows."""

    t: int
    m: int
    buf: torch.Tensor  # int64 [4T + M]: tokens | pos | ring_slot | glob_slot | out_idx
    batch: Batch
    graph: Any = None


@dataclass
class _Head:
    """One output-head shape: full (every vocabulary row) or sparse (K gathered rows)."""

    kind: str  # "full" | "masked" | "sparse"
    m: int
    k: int
    ids: torch.Tensor | None = None  # sparse: [K] token ids
    allow: torch.Tensor | None = None  # sparse: [M, K] bool; masked: [M, words] int32 bitmask
    logits: torch.Tensor | None = None  # full: [M, V] fp32 (graph output)
    picks: torch.Tensor | None = None  # [M] int64 argmax token ids (graph output)
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
    heads_full: int = 0
    heads_sparse: int = 0
    extra: dict[str, float] = field(default_factory=dict)


def _bucket(n: int, buckets: Sequence[int]) -> int:
    for b in buckets:
        if n <= b:
            return b
    return buckets[-1]


def allowed_ids(bitmask: np.ndarray, vocab: int, limit: int) -> np.ndarray | None:
    """Token ids set in an llguidance bitmask (uint32 words), or None when more than `limit`."""
    nz = np.flatnonzero(bitmask)
    if len(nz) > limit:  # each word holds at least one allowed id
        return None
    bits = (bitmask[nz, None] >> np.arange(32, dtype=np.uint32)) & 1
    ids = (nz[:, None] * 32 + np.arange(32))[bits.astype(bool)]
    ids = ids[ids < vocab]
    return ids if len(ids) <= limit else None


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
        self.model = Model(
            weights, max_len=opts.max_len, attention=fns, fused=fused, fuse_decode=opts.fuse_decode
        )
        self.cache = self.model.new_cache()
        self.window = self.model.window
        self.tokens: list[int] = []  # what the cache holds, position by position
        self.prefix: list[int] = []
        self.counters = Counters()
        self._bodies: dict[tuple[int, int, int], _Body] = {}
        self._heads: dict[tuple[str, int, int], _Head] = {}
        self._pool: Any = torch.cuda.graph_pool_handle() if self.use_graphs else None
        self._global_linear = all(
            self.choices[i] == "triton" for i in range(self.cfg.num_layers) if not self.cfg.is_sliding(i)
        )
        hidden = self.cfg.hidden_size
        self._x = torch.zeros((ROW_BUCKETS[-1], hidden), dtype=weights.dtype, device=self.device)
        self._rows = 0  # output rows of the last forward (valid rows of self._x)
        size = 4 * PREFILL_BUCKETS[-1] + ROW_BUCKETS[-1]
        pinned = self.device.type == "cuda"
        self._staging = [torch.zeros(size, dtype=torch.long, pin_memory=pinned) for _ in range(2)]
        self._staged: list[Any] = [None, None]  # CUDA event per staging buffer: its copy has run
        self._turn = 0
        # Pinned host buffers for the head's inputs (a pick ends with a sync, so one set suffices).
        m, k, words = ROW_BUCKETS[-1], SPARSE_BUCKETS[-1], (self.cfg.vocab_size + 31) // 32
        self._pin_ids = torch.zeros(k, dtype=torch.long, pin_memory=pinned)
        self._pin_allow = torch.zeros((m, k), dtype=torch.bool, pin_memory=pinned)
        self._pin_bits = torch.zeros((m, words), dtype=torch.int32, pin_memory=pinned)
        # Read by the masked head's graph: it must outlive the capture (a graph holds no references).
        self._shifts = torch.arange(32, dtype=torch.int32, device=self.device)

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

    def _shape(self, n: int, rows: int) -> tuple[int, int]:
        """(T, M) buckets for n tokens with `rows` output rows."""
        m = _bucket(rows, ROW_BUCKETS)
        if rows > m:
            raise BackendError(f"{rows} output rows in one forward (at most {m})")
        graphs = self.options.bucket_prefill or self.use_graphs
        if n <= RING_SLACK + 1 and n <= STEP_BUCKETS[-1]:
            t = max(_bucket(n, STEP_BUCKETS), m) if graphs else n
        else:
            t = _bucket(n, PREFILL_BUCKETS) if graphs else n
        if n > t:
            raise BackendError(f"{n} tokens in one forward (at most {t})")
        return t, (m if graphs else rows)

    def _stage(self, body: _Body, tokens: Sequence[int], start: int, rows: Sequence[int]) -> None:
        """Fill the body's input buffer with one host-to-device copy (double-buffered pinned staging)."""
        t, m, n = body.t, body.m, len(tokens)
        turn = self._turn
        self._turn ^= 1
        event = self._staged[turn]
        if event is not None:
            event.synchronize()  # the copy that last read this staging buffer has run
        host = self._staging[turn].numpy()[: 4 * t + m]
        pos = np.minimum(np.arange(start, start + t), self.options.max_len - 1)
        host[:n] = tokens
        host[n:t] = 0
        host[t : 2 * t] = pos
        host[2 * t : 3 * t] = pos % self.model.ring
        host[2 * t + n : 3 * t] = self.model.ring  # padding: the scratch slots
        host[3 * t : 4 * t] = pos
        host[3 * t + n : 4 * t] = self.options.max_len
        host[4 * t : 4 * t + len(rows)] = rows
        host[4 * t + len(rows) : 4 * t + m] = rows[-1]
        body.buf.copy_(self._staging[turn][: 4 * t + m], non_blocking=True)
        if self.device.type == "cuda":
            event = self._staged[turn] or torch.cuda.Event()  # type: ignore[no-untyped-call]
            event.record()
            self._staged[turn] = event

    def run(self, tokens: Sequence[int], rows: Sequence[int] = (-1,)) -> None:
        """Enqueue one forward of `tokens` (1..512) at the next positions; the outputs of `rows`
        (indices into `tokens`, -1: the last) are then read by `logits`/`argmax`/`pick`."""
        n = len(tokens)
        start = len(self.tokens)
        if not tokens:
            raise BackendError("a forward needs at least one token")
        if start + n > self.options.max_len:
            raise BackendError(f"sequence of {start + n} tokens exceeds max_len={self.options.max_len}")
        rows = [r % n for r in rows]
        t, m = self._shape(n, len(rows))
        kv_len = self._kv_len(start + t)
        body = self._body_for(t, m, kv_len)
        self._stage(body, tokens, start, rows)
        if body.graph is not None:
            body.graph.replay()
            self.counters.graph_replays += 1
        else:
            self._run_body(body, kv_len)
        self.counters.forwards += 1
        self.tokens.extend(tokens)
        self._rows = len(rows)

    def _run_body(self, body: _Body, kv_len: int) -> None:
        with torch.inference_mode():
            x = self.model.hidden(self.cache, body.batch, kv_len=kv_len, yoco=self.options.yoco)
            self._x[: body.m].copy_(x)

    def _body_for(self, t: int, m: int, kv_len: int) -> _Body:
        key = (t, m, kv_len)
        body = self._bodies.get(key)
        if body is not None:
            return body
        buf = torch.zeros(4 * t + m, dtype=torch.long, device=self.device)
        buf[2 * t : 3 * t] = self.model.ring  # until staged: every token writes only scratch slots
        buf[3 * t : 4 * t] = self.options.max_len
        batch = Batch(
            tokens=buf[:t], pos=buf[t : 2 * t], ring_slot=buf[2 * t : 3 * t],
            glob_slot=buf[3 * t : 4 * t], out_idx=buf[4 * t :],
        )  # fmt: skip
        body = _Body(t=t, m=m, buf=buf, batch=batch)
        if self.use_graphs:
            body.graph = self._capture(lambda: self._run_body(body, kv_len))
        self._bodies[key] = body
        return body

    def _capture(self, fn: Any) -> Any:
        """A CUDA graph of `fn` (after two eager warm-up runs on a side stream, as PyTorch requires)."""
        t0 = time.perf_counter()
        dev = self.device
        stream = torch.cuda.Stream(dev)  # type: ignore[no-untyped-call]
        stream.wait_stream(torch.cuda.current_stream(dev))
        with torch.cuda.stream(stream):
            for _ in range(2):
                fn()
        torch.cuda.current_stream(dev).wait_stream(stream)
        graph = torch.cuda.CUDAGraph()
        with torch.cuda.graph(graph, pool=self._pool):
            fn()
        self.counters.graphs_captured += 1
        self.counters.capture_ms += (time.perf_counter() - t0) * 1000
        return graph

    # -- the output head -----------------------------------------------------------------------------

    def _head_for(self, kind: str, m: int, k: int = 0) -> _Head:
        key = (kind, m, k)
        head = self._heads.get(key)
        if head is not None:
            return head
        dev = self.device
        head = _Head(kind=kind, m=m, k=k)
        if kind == "sparse":
            head.ids = torch.zeros(k, dtype=torch.long, device=dev)
            head.allow = torch.zeros((m, k), dtype=torch.bool, device=dev)
        elif kind == "masked":
            head.allow = torch.zeros((m, (self.cfg.vocab_size + 31) // 32), dtype=torch.int32, device=dev)
        shifts = self._shifts

        def fn() -> None:
            with torch.inference_mode():
                x = self._x[:m]
                if kind == "sparse":
                    assert head.ids is not None and head.allow is not None
                    scores = self.model.sparse_logits(x, head.ids)
                    best = torch.where(head.allow, scores, float("-inf")).argmax(-1)
                    head.picks = head.ids[best]
                    return
                head.logits = self.model.logits(x)
                if kind == "masked":
                    assert head.allow is not None
                    vocab = head.logits.shape[-1]
                    bits = ((head.allow[:, :, None] >> shifts) & 1).bool().view(m, -1)[:, :vocab]
                    head.picks = torch.where(bits, head.logits, float("-inf")).argmax(-1)
                else:
                    head.picks = head.logits.argmax(-1)

        head.graph = self._capture(fn) if self.use_graphs else fn
        self._heads[key] = head
        return head

    def _head(self, head: _Head) -> _Head:
        if self.use_graphs:
            head.graph.replay()
            self.counters.graph_replays += 1
        else:
            head.graph()
        return head

    def logits(self) -> torch.Tensor:
        """fp32 logits [rows, V] of the last forward's output rows (the full head)."""
        head = self._head(self._head_for("full", _bucket(self._rows, ROW_BUCKETS)))
        self.counters.heads_full += 1
        assert head.logits is not None
        return head.logits[: self._rows]

    def argmax(self) -> list[int]:
        """Greedy tokens of the last forward's output rows."""
        head = self._head(self._head_for("full", _bucket(self._rows, ROW_BUCKETS)))
        self.counters.heads_full += 1
        assert head.picks is not None
        picks: list[int] = head.picks[: self._rows].tolist()
        return picks

    def pick(self, bitmasks: Sequence[np.ndarray]) -> list[int]:
        """Greedy tokens of the last forward's rows, each among the ids its bitmask (llguidance's
        uint32 words) allows. When the union of allowed ids is small, only those head rows are read."""
        if len(bitmasks) != self._rows:
            raise BackendError(f"{len(bitmasks)} masks for {self._rows} rows")
        m = _bucket(self._rows, ROW_BUCKETS)
        vocab = self.cfg.vocab_size
        union: np.ndarray | None = None
        if self.options.sparse_head:
            per_row = [allowed_ids(b, vocab, SPARSE_BUCKETS[-1]) for b in bitmasks]
            if all(ids is not None for ids in per_row):
                union = np.unique(np.concatenate([ids for ids in per_row if ids is not None]))
                if len(union) > SPARSE_BUCKETS[-1] or not len(union):
                    union = None
        if union is not None:
            k = _bucket(len(union), SPARSE_BUCKETS)
            head = self._head_for("sparse", m, k)
            ids = self._pin_ids[:k]
            allow = self._pin_allow[:m, :k]
            ids_np, allow_np = ids.numpy(), allow.numpy()
            ids_np[:] = 0
            ids_np[: len(union)] = union
            allow_np[:] = False
            shifts = (union % 32).astype(np.uint32)
            for r, mask in enumerate(bitmasks):
                allow_np[r, : len(union)] = (mask[union // 32] >> shifts) & 1
            assert head.ids is not None and head.allow is not None
            head.ids.copy_(ids, non_blocking=True)
            head.allow.copy_(allow, non_blocking=True)
            self.counters.heads_sparse += 1
        else:
            head = self._head_for("masked", m)
            assert head.allow is not None
            words = head.allow.shape[1]
            bits = self._pin_bits[:m]
            host = bits.numpy()
            host[:] = 0
            for r, mask in enumerate(bitmasks):
                n = min(words, len(mask))
                host[r, :n] = mask[:n].view(np.int32)
            head.allow.copy_(bits, non_blocking=True)
            self.counters.heads_full += 1
        self._head(head)
        assert head.picks is not None
        picks: list[int] = head.picks[: self._rows].tolist()
        return picks

    def warm_graphs(self, *, prompt_buckets: Sequence[int] = PREFILL_BUCKETS, verify: int = 32) -> None:
        """Capture, now, every graph a request can need (bodies of every T and row bucket up to
        `verify` rows, every head), so that no request pays for a capture."""
        ends = sorted({self._kv_len(b) for b in (*self.options.kv_buckets, self.options.max_len)})
        rows = [m for m in ROW_BUCKETS if m <= max(1, verify)]
        for kv_len in ends:
            for t in (*STEP_BUCKETS, *prompt_buckets):
                self._body_for(t, 1, kv_len)
            for m in rows[1:]:
                for t in STEP_BUCKETS:
                    if t >= m:
                        self._body_for(t, m, kv_len)
        for m in rows:
            self._head_for("full", m)
            self._head_for("masked", m)
            for k in SPARSE_BUCKETS:
                self._head_for("sparse", m, k)

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

    def start(self, prompt: Sequence[int]) -> None:
        """Enqueue `prompt` (reusing the kept prefix when it starts with it); its last row is the output."""
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
        self._prefill_chunks(rest)

    def prefill(self, prompt: Sequence[int]) -> torch.Tensor:
        """Logits [V] after `prompt`; reuses the kept prefix when the prompt starts with it."""
        self.start(prompt)
        return self.logits()[-1]

    def _prefill_chunks(self, tokens: list[int]) -> None:
        chunk = min(PREFILL_BUCKETS[-1], self.model.ring)  # distinct ring slots within a chunk
        for i in range(0, len(tokens), chunk):
            self.run(tokens[i : i + chunk])
        self.counters.prefill_tokens += len(tokens)

    def step(self, tokens: Sequence[int]) -> torch.Tensor:
        """Logits [V] after feeding 1..33 tokens (a sampled token plus the tokens forced after it)."""
        if not 1 <= len(tokens) <= RING_SLACK + 1:
            raise BackendError(f"step takes 1..{RING_SLACK + 1} tokens, got {len(tokens)}")
        self.run(tokens)
        return self.logits()[-1]

    def verify(self, tokens: Sequence[int]) -> torch.Tensor:
        """Logits [len(tokens), V]: the prediction after each token (speculative verification)."""
        if not 1 <= len(tokens) <= RING_SLACK:
            raise BackendError(f"verify takes 1..{RING_SLACK} tokens, got {len(tokens)}")
        self.run(tokens, range(len(tokens)))
        return self.logits()

    def rollback(self, n: int) -> None:
        """Forget the last `n` positions (their keys are masked or overwritten before use)."""
        if n:
            del self.tokens[-n:]
            self.cache.ring_pos.masked_fill_(self.cache.ring_pos >= len(self.tokens), -1)
