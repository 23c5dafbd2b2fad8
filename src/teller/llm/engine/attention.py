"""Attention backends, one per layer, chosen at start-up and logged.

Every backend computes the same function: q [T, H, D] against k/v [Hkv, N, D], keys allowed when
0 <= key position <= query position (and, on sliding layers, query - key < window), scale 1.

- `sdpa`: PyTorch's scaled_dot_product_attention with a boolean mask and K/V expanded to the query
  heads (the memory-efficient kernel has no native GQA; flash has no masks). Works on any device.
- `sdpa-math`: the same through the math kernel: the reference the others are checked against.
- `triton`: the split-K kernel in `triton_attn` (CUDA only): both head sizes, native GQA.

`choose` times each candidate on the layer's real decode shape and keeps the fastest that matches
the math reference; the runner logs one line per layer ("layer 5 global d=512: triton ...").
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable
from dataclasses import dataclass
from functools import partial

import torch
import torch.nn.functional as F

log = logging.getLogger(__name__)

AttentionFn = Callable[
    [torch.Tensor, torch.Tensor, torch.Tensor, torch.Tensor, torch.Tensor | None, int], torch.Tensor
]


def _mask(qpos: torch.Tensor, kpos: torch.Tensor | None, n: int, window: int) -> torch.Tensor:
    if kpos is None:
        kpos = torch.arange(n, device=qpos.device)
    allowed = (kpos[None, :] <= qpos[:, None]) & (kpos[None, :] >= 0)
    if window:
        allowed &= (qpos[:, None] - kpos[None, :]) < window
    return allowed


def sdpa(
    q: torch.Tensor,
    k: torch.Tensor,
    v: torch.Tensor,
    qpos: torch.Tensor,
    kpos: torch.Tensor | None,
    window: int,
) -> torch.Tensor:
    t, h, d = q.shape
    hkv, n, _ = k.shape
    mask = _mask(qpos, kpos, n, window)
    if h != hkv:
        k = k.repeat_interleave(h // hkv, dim=0)
        v = v.repeat_interleave(h // hkv, dim=0)
    out = F.scaled_dot_product_attention(
        q.transpose(0, 1)[None], k[None], v[None], attn_mask=mask[None, None], scale=1.0
    )
    return out[0].transpose(0, 1).reshape(t, h * d)


def sdpa_math(
    q: torch.Tensor,
    k: torch.Tensor,
    v: torch.Tensor,
    qpos: torch.Tensor,
    kpos: torch.Tensor | None,
    window: int,
) -> torch.Tensor:
    from torch.nn.attention import SDPBackend, sdpa_kernel

    with sdpa_kernel([SDPBackend.MATH]):
        return sdpa(q, k, v, qpos, kpos, window)


def triton_splitk(
    q: torch.Tensor,
    k: torch.Tensor,
    v: torch.Tensor,
    qpos: torch.Tensor,
    kpos: torch.Tensor | None,
    window: int,
) -> torch.Tensor:
    from teller.llm.engine import triton_attn

    return triton_attn.attention(q, k, v, qpos, kpos, window)


BACKENDS: dict[str, AttentionFn] = {"sdpa": sdpa, "sdpa-math": sdpa_math, "triton": triton_splitk}


def available(device: torch.device) -> list[str]:
    """Backends that can run on `device` (the Triton kernel needs CUDA and an importable triton)."""
    names = ["sdpa", "sdpa-math"]
    if device.type == "cuda":
        try:
            import triton  # noqa: F401
        except ImportError:
            return names
        names.append("triton")
    return names


@dataclass(frozen=True, slots=True)
class Choice:
    backend: str
    timings_us: dict[str, float]
    errors: dict[str, str]


def choose(
    *,
    heads: int,
    kv_heads: int,
    head_dim: int,
    keys: int,
    window: int,
    ring: bool,
    dtype: torch.dtype,
    device: torch.device,
    candidates: list[str],
) -> Choice:
    """The fastest candidate on this layer shape's decode step that agrees with the math kernel
    (on the decode shape and on a 64-token prefill shape)."""
    gen = torch.Generator(device=device).manual_seed(1)
    k = torch.randn(kv_heads, keys, head_dim, device=device, dtype=dtype, generator=gen) / head_dim**0.5
    v = torch.randn(kv_heads, keys, head_dim, device=device, dtype=dtype, generator=gen)
    kpos = torch.arange(keys, device=device) if ring else None
    shapes = []
    for t in (1, min(64, keys)):
        q = torch.randn(t, heads, head_dim, device=device, dtype=dtype, generator=gen)
        qpos = torch.arange(keys - t, keys, device=device)
        shapes.append((q, qpos, sdpa_math(q, k, v, qpos, kpos, window).float()))
    timings: dict[str, float] = {}
    errors: dict[str, str] = {}
    for name in candidates:
        fn = BACKENDS[name]
        try:
            worst = 0.0
            for q, qpos, ref in shapes:
                out = fn(q, k, v, qpos, kpos, window).float()
                worst = max(worst, float((out - ref).norm() / ref.norm()))
            if not worst < 2e-2:
                errors[name] = f"relative error {worst:.3g}"
                continue
            q, qpos, _ = shapes[0]
            timings[name] = _time_us(partial(fn, q, k, v, qpos, kpos, window), device)
        except Exception as exc:  # a kernel missing for this shape is a normal outcome here
            errors[name] = f"{type(exc).__name__}: {str(exc)[:120]}"
    if not timings:
        return Choice("sdpa-math", timings, errors)
    best = min(timings, key=lambda name: timings[name])
    return Choice(best, timings, errors)


def _time_us(fn: Callable[[], object], device: torch.device, reps: int = 50) -> float:
    for _ in range(3):
        fn()
    if device.type == "cuda":
        torch.cuda.synchronize(device)
        start = torch.cuda.Event(enable_timing=True)  # type: ignore[no-untyped-call]
        end = torch.cuda.Event(enable_timing=True)  # type: ignore[no-untyped-call]
        start.record()
        for _ in range(reps):
            fn()
        end.record()
        end.synchronize()
        return float(start.elapsed_time(end)) * 1000.0 / reps
    t0 = time.perf_counter()
    for _ in range(reps):
        fn()
    return (time.perf_counter() - t0) * 1e6 / reps
