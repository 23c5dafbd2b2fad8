# mypy: disable-error-code="no-untyped-def,no-untyped-call,misc,untyped-decorator"
"""Fused elementwise kernels (Triton) for the decoder's glue between matrix products.

Without them a decode step launches ~65 small kernels per layer (each norm alone is an upcast, a
reduction, a multiply and a downcast; RoPE is a negate, a concat, two multiplies and an add), ~2,700
per token: at 2-3 µs each, even inside a CUDA graph, that is more than the weights take to read.
These three kernels bring a layer to ~18 launches. Each reproduces the reference's rounding to the
activation dtype at the same points (norm output, each RoPE product, gelu before the multiply).

- `norm(x, w, residual=, scale=, w2=)`: y = residual + rmsnorm(x)·w, then · scale; optionally also
  returns rmsnorm(y)·w2 (the next norm, fused).
- `qkv_norm_rope(proj, ...)`: splits q|k|v rows, RMS-normalises each head (v without weight),
  rotates q and k; writes q [T, H, D] and k, v [Hkv, T, D] (the cache's layout).
- `gelu_mul(a, b)`: gelu_tanh(a) · b (the MLP's gate·up and the per-layer-input gate).
"""

from __future__ import annotations

from typing import Any

import torch
import triton
import triton.language as tl


@triton.jit
def _gelu(x):  # tanh approximation; tanh(y) = 2·sigmoid(2y) - 1
    inner = 0.7978845608028654 * (x + 0.044715 * x * x * x)
    return 0.5 * x * (2.0 * tl.sigmoid(2.0 * inner))


@triton.jit
def _norm_kernel(
    X, W, RES, SCALE, W2, OUT, OUT2, N, stride_x, stride_r, stride_o, eps,
    HAS_RES: tl.constexpr, HAS_SCALE: tl.constexpr, HAS_W2: tl.constexpr, BLOCK: tl.constexpr,
):  # fmt: skip
    row = tl.program_id(0)
    cols = tl.arange(0, BLOCK)
    ok = cols < N
    x = tl.load(X + row * stride_x + cols, mask=ok, other=0.0).to(tl.float32)
    w = tl.load(W + cols, mask=ok, other=0.0).to(tl.float32)
    y = x / tl.sqrt(tl.sum(x * x, axis=0) / N + eps) * w
    y = y.to(OUT.dtype.element_ty).to(tl.float32)
    if HAS_RES:
        r = tl.load(RES + row * stride_r + cols, mask=ok, other=0.0).to(tl.float32)
        y = (r + y).to(OUT.dtype.element_ty).to(tl.float32)
    if HAS_SCALE:
        s = tl.load(SCALE).to(tl.float32)
        y = (y * s).to(OUT.dtype.element_ty).to(tl.float32)
    tl.store(OUT + row * stride_o + cols, y.to(OUT.dtype.element_ty), mask=ok)
    if HAS_W2:
        w2 = tl.load(W2 + cols, mask=ok, other=0.0).to(tl.float32)
        y2 = y / tl.sqrt(tl.sum(y * y, axis=0) / N + eps) * w2
        tl.store(OUT2 + row * N + cols, y2.to(OUT2.dtype.element_ty), mask=ok)


def norm(
    x: torch.Tensor,
    w: torch.Tensor,
    eps: float,
    *,
    residual: torch.Tensor | None = None,
    scale: torch.Tensor | None = None,
    w2: torch.Tensor | None = None,
) -> tuple[torch.Tensor, torch.Tensor | None]:
    rows, n = x.shape
    out = torch.empty((rows, n), dtype=x.dtype, device=x.device)
    out2 = torch.empty((rows, n), dtype=x.dtype, device=x.device) if w2 is not None else None
    res = residual if residual is not None else x
    _norm_kernel[(rows,)](
        x, w, res, scale if scale is not None else w, w2 if w2 is not None else w, out,
        out2 if out2 is not None else out, n, x.stride(0), res.stride(0), out.stride(0), eps,
        HAS_RES=residual is not None, HAS_SCALE=scale is not None, HAS_W2=w2 is not None,
        BLOCK=triton.next_power_of_2(n), num_warps=8,
    )  # fmt: skip
    return out, out2


@triton.jit
def _qkv_kernel(
    P, QN, KN, COS, SIN, Q, K, V, stride_p, stride_c, T, eps,
    H: tl.constexpr, HKV: tl.constexpr, D: tl.constexpr, HALF: tl.constexpr, HAS_KV: tl.constexpr,
):  # fmt: skip
    t = tl.program_id(0)
    j = tl.program_id(1)  # head: q heads, then k heads, then v heads
    half = HALF
    c = tl.arange(0, HALF)
    base = P + t * stride_p + j * D
    xa = tl.load(base + c).to(tl.float32)
    xb = tl.load(base + half + c).to(tl.float32)
    inv = 1.0 / tl.sqrt((tl.sum(xa * xa, axis=0) + tl.sum(xb * xb, axis=0)) / D + eps)
    dt = Q.dtype.element_ty
    if j < H + HKV:
        if j < H:
            wa = tl.load(QN + c).to(tl.float32)
            wb = tl.load(QN + half + c).to(tl.float32)
        else:
            wa = tl.load(KN + c).to(tl.float32)
            wb = tl.load(KN + half + c).to(tl.float32)
        na = (xa * inv * wa).to(dt).to(tl.float32)
        nb = (xb * inv * wb).to(dt).to(tl.float32)
        ca = tl.load(COS + t * stride_c + c).to(tl.float32)
        cb = tl.load(COS + t * stride_c + half + c).to(tl.float32)
        sa = tl.load(SIN + t * stride_c + c).to(tl.float32)
        sb = tl.load(SIN + t * stride_c + half + c).to(tl.float32)
        oa = ((na * ca).to(dt).to(tl.float32) + (-nb * sa).to(dt).to(tl.float32)).to(dt)
        ob = ((nb * cb).to(dt).to(tl.float32) + (na * sb).to(dt).to(tl.float32)).to(dt)
        if j < H:  # noqa: SIM108
            dst = Q + (t * H + j) * D
        else:
            dst = K + ((j - H) * T + t) * D
        tl.store(dst + c, oa)
        tl.store(dst + half + c, ob)
    else:
        dst = V + ((j - H - HKV) * T + t) * D
        tl.store(dst + c, (xa * inv).to(dt))
        tl.store(dst + half + c, (xb * inv).to(dt))


def qkv_norm_rope(
    proj: torch.Tensor,
    q_norm: torch.Tensor,
    k_norm: torch.Tensor | None,
    cos: torch.Tensor,
    sin: torch.Tensor,
    *,
    heads: int,
    kv_heads: int,
    head_dim: int,
    eps: float,
) -> tuple[torch.Tensor, torch.Tensor | None, torch.Tensor | None]:
    """q [T, H, D]; k, v [Hkv, T, D] (None for a KV-shared layer, whose `proj` holds q only)."""
    t = proj.shape[0]
    has_kv = k_norm is not None
    dev, dt = proj.device, proj.dtype
    q = torch.empty((t, heads, head_dim), dtype=dt, device=dev)
    k = torch.empty((kv_heads, t, head_dim), dtype=dt, device=dev) if has_kv else q
    v = torch.empty((kv_heads, t, head_dim), dtype=dt, device=dev) if has_kv else q
    grid: Any = (t, heads + (2 * kv_heads if has_kv else 0))
    _qkv_kernel[grid](
        proj, q_norm, k_norm if has_kv else q_norm, cos, sin, q, k, v, proj.stride(0), cos.stride(0), t, eps,
        H=heads, HKV=kv_heads, D=head_dim, HALF=head_dim // 2, HAS_KV=has_kv, num_warps=4,
    )  # fmt: skip
    return q, (k if has_kv else None), (v if has_kv else None)


@triton.jit
def _gelu_mul_kernel(A, B, OUT, N, stride_a, stride_b, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    cols = tl.program_id(1) * BLOCK + tl.arange(0, BLOCK)
    ok = cols < N
    a = tl.load(A + row * stride_a + cols, mask=ok, other=0.0).to(tl.float32)
    b = tl.load(B + row * stride_b + cols, mask=ok, other=0.0).to(tl.float32)
    g = _gelu(a).to(OUT.dtype.element_ty).to(tl.float32)
    tl.store(OUT + row * N + cols, (g * b).to(OUT.dtype.element_ty), mask=ok)


def gelu_mul(a: torch.Tensor, b: torch.Tensor) -> torch.Tensor:
    """gelu_tanh(a) · b for 2-D views with unit column stride."""
    rows, n = a.shape
    out = torch.empty((rows, n), dtype=a.dtype, device=a.device)
    block = 1024
    _gelu_mul_kernel[(rows, triton.cdiv(n, block))](a, b, out, n, a.stride(0), b.stride(0), BLOCK=block)
    return out
