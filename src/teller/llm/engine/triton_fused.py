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
  rotates q and k; writes q [T, H, D] and k, v [Hkv, T, D] (the cache's layout), or, given the
  layer's cache and each token's slot, k and v straight into the cache (no index_copy kernels).
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
    P, QN, KN, COS, SIN, Q, K, V, SLOT, stride_p, stride_c, stride_kv, T, eps,
    H: tl.constexpr, HKV: tl.constexpr, D: tl.constexpr, HALF: tl.constexpr, HAS_KV: tl.constexpr,
    TO_CACHE: tl.constexpr,
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
        if j < H:
            dst = Q + (t * H + j) * D
        elif TO_CACHE:
            dst = K + (j - H) * stride_kv + tl.load(SLOT + t) * D
        else:
            dst = K + ((j - H) * T + t) * D
        tl.store(dst + c, oa)
        tl.store(dst + half + c, ob)
    else:
        if TO_CACHE:
            dst = V + (j - H - HKV) * stride_kv + tl.load(SLOT + t) * D
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
    cache: tuple[torch.Tensor, torch.Tensor, torch.Tensor] | None = None,
) -> tuple[torch.Tensor, torch.Tensor | None, torch.Tensor | None]:
    """q [T, H, D]; k, v [Hkv, T, D] (None for a KV-shared layer, whose `proj` holds q only).

    With `cache` = (k_cache, v_cache [Hkv, slots, D], slot [T] int64) k and v go into the cache at
    each token's slot instead, and None is returned for them."""
    t = proj.shape[0]
    has_kv = k_norm is not None
    to_cache = has_kv and cache is not None
    dev, dt = proj.device, proj.dtype
    q = torch.empty((t, heads, head_dim), dtype=dt, device=dev)
    if to_cache:
        assert cache is not None
        k, v, slot = cache
        if k.stride(1) != head_dim or k.stride() != v.stride():
            raise ValueError("cache tensors must be [Hkv, slots, D] with contiguous rows")
        stride_kv = k.stride(0)
    else:
        k = torch.empty((kv_heads, t, head_dim), dtype=dt, device=dev) if has_kv else q
        v = torch.empty((kv_heads, t, head_dim), dtype=dt, device=dev) if has_kv else q
        slot, stride_kv = q, 0
    grid: Any = (t, heads + (2 * kv_heads if has_kv else 0))
    _qkv_kernel[grid](
        proj, q_norm, k_norm if has_kv else q_norm, cos, sin, q, k, v, slot,
        proj.stride(0), cos.stride(0), stride_kv, t, eps,
        H=heads, HKV=kv_heads, D=head_dim, HALF=head_dim // 2, HAS_KV=has_kv, TO_CACHE=to_cache,
        num_warps=4,
    )  # fmt: skip
    if to_cache or not has_kv:
        return q, None, None
    return q, k, v


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


# -- one-token decode: the per-layer-input (PLE) block in two kernels instead of five ------------------
#
# After the MLP a Gemma 4 layer does: h = h + norm(m)·w_post_ff; g = gelu(h @ Wg^T)·ple;
# h = (h + norm(g @ Wp^T)·w_ple)·scalar; x = norm(h)·w_next. With one token (a decode step) that is
# two small matrix-vector products (2560x256 and 256x2560) between three row-wise norms: five
# launches whose fixed cost dwarfs their work. `ple_in` recomputes the first norm in every program
# (the row is 5 KB) and applies gelu·ple to its slice of the product; `ple_out` computes its slice of
# the second product, and the last program to finish (an atomic counter, reset by that program)
# applies the two norms to the whole row. Rounding points are the unfused path's.


@triton.jit
def _ple_in_kernel(
    M, H, WPF, WG, PLE, HOUT, G, N, P, eps, BLOCK_P: tl.constexpr, BLOCK_K: tl.constexpr,
):  # fmt: skip
    pid = tl.program_id(0)
    dt = HOUT.dtype.element_ty
    sq = tl.zeros([BLOCK_K], dtype=tl.float32)
    for k0 in range(0, N, BLOCK_K):
        cols = k0 + tl.arange(0, BLOCK_K)
        mv = tl.load(M + cols, mask=cols < N, other=0.0).to(tl.float32)
        sq += mv * mv
    denom = tl.sqrt(tl.sum(sq, axis=0) / N + eps)
    rows = pid * BLOCK_P + tl.arange(0, BLOCK_P)
    row_ok = rows < P
    acc = tl.zeros([BLOCK_P], dtype=tl.float32)
    for k0 in range(0, N, BLOCK_K):
        cols = k0 + tl.arange(0, BLOCK_K)
        ok = cols < N
        mv = tl.load(M + cols, mask=ok, other=0.0).to(tl.float32)
        w = tl.load(WPF + cols, mask=ok, other=0.0).to(tl.float32)
        y = (mv / denom * w).to(dt).to(tl.float32)
        hv = tl.load(H + cols, mask=ok, other=0.0).to(tl.float32)
        hn = (hv + y).to(dt).to(tl.float32)
        tl.store(HOUT + cols, hn.to(dt), mask=ok & (pid == 0))
        wt = tl.load(WG + rows[:, None] * N + cols[None, :], mask=row_ok[:, None] & ok[None, :], other=0.0)
        acc += tl.sum(wt.to(tl.float32) * hn[None, :], axis=1)
    a = acc.to(dt).to(tl.float32)
    g = _gelu(a).to(dt).to(tl.float32)
    pl = tl.load(PLE + rows, mask=row_ok, other=0.0).to(tl.float32)
    tl.store(G + rows, (g * pl).to(dt), mask=row_ok)


@triton.jit
def _ple_out_kernel(
    G, WP, HIN, WN, SCALE, W2, WS, COUNTER, HOUT, XOUT, N, P, eps, NPROG,
    BLOCK_H: tl.constexpr, BLOCK_P: tl.constexpr, BLOCK_N: tl.constexpr,
):  # fmt: skip
    pid = tl.program_id(0)
    dt = HOUT.dtype.element_ty
    rows = pid * BLOCK_H + tl.arange(0, BLOCK_H)
    row_ok = rows < N
    ks = tl.arange(0, BLOCK_P)
    k_ok = ks < P
    g = tl.load(G + ks, mask=k_ok, other=0.0).to(tl.float32)
    w = tl.load(WP + rows[:, None] * P + ks[None, :], mask=row_ok[:, None] & k_ok[None, :], other=0.0)
    m = tl.sum(w.to(tl.float32) * g[None, :], axis=1)
    tl.store(WS + rows, m.to(dt), mask=row_ok)
    done = tl.atomic_add(COUNTER, 1, sem="acq_rel")
    if done == NPROG - 1:  # every slice is written: the whole row's norms
        cols = tl.arange(0, BLOCK_N)
        ok = cols < N
        x = tl.load(WS + cols, mask=ok, other=0.0, cache_modifier=".cg").to(tl.float32)
        wn = tl.load(WN + cols, mask=ok, other=0.0).to(tl.float32)
        y = (x / tl.sqrt(tl.sum(x * x, axis=0) / N + eps) * wn).to(dt).to(tl.float32)
        r = tl.load(HIN + cols, mask=ok, other=0.0).to(tl.float32)
        y = (r + y).to(dt).to(tl.float32)
        y = (y * tl.load(SCALE).to(tl.float32)).to(dt).to(tl.float32)
        tl.store(HOUT + cols, y.to(dt), mask=ok)
        w2 = tl.load(W2 + cols, mask=ok, other=0.0).to(tl.float32)
        tl.store(XOUT + cols, (y / tl.sqrt(tl.sum(y * y, axis=0) / N + eps) * w2).to(dt), mask=ok)
        tl.atomic_xchg(COUNTER, 0)


class PleDecode:
    """The fused PLE block for one token; owns the workspace row and the counter its kernels use
    (kernels run one after another on a stream, so one of each serves every layer)."""

    def __init__(self, hidden: int, ple_dim: int, dtype: torch.dtype, device: torch.device) -> None:
        self.n, self.p = hidden, ple_dim
        self.ws = torch.zeros(hidden, dtype=dtype, device=device)
        self.counter = torch.zeros(1, dtype=torch.int32, device=device)
        self.block_p = 8
        self.block_h = 64

    def __call__(
        self,
        m: torch.Tensor,
        h: torch.Tensor,
        post_ff: torch.Tensor,
        gate: torch.Tensor,
        ple: torch.Tensor,
        proj: torch.Tensor,
        ple_norm: torch.Tensor,
        scale: torch.Tensor,
        nxt: torch.Tensor,
        eps: float,
    ) -> tuple[torch.Tensor, torch.Tensor]:
        """(h, the next layer's normed input) for one token: m = the MLP's output [1, N], h [1, N],
        ple [1, P] (a strided view is fine: one row)."""
        n, p = self.n, self.p
        dev, dt = h.device, h.dtype
        h_mid = torch.empty((1, n), dtype=dt, device=dev)
        g = torch.empty(p, dtype=dt, device=dev)
        _ple_in_kernel[(triton.cdiv(p, self.block_p),)](
            m, h, post_ff, gate, ple, h_mid, g, n, p, eps,
            BLOCK_P=self.block_p, BLOCK_K=min(512, triton.next_power_of_2(n)), num_warps=4,
        )  # fmt: skip
        h_out = torch.empty((1, n), dtype=dt, device=dev)
        x_out = torch.empty((1, n), dtype=dt, device=dev)
        nprog = triton.cdiv(n, self.block_h)
        _ple_out_kernel[(nprog,)](
            g, proj, h_mid, ple_norm, scale, nxt, self.ws, self.counter, h_out, x_out, n, p, eps, nprog,
            BLOCK_H=self.block_h, BLOCK_P=triton.next_power_of_2(p), BLOCK_N=triton.next_power_of_2(n),
            num_warps=4,
        )  # fmt: skip
        return h_out, x_out
