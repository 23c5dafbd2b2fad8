# mypy: disable-error-code="no-untyped-def,no-untyped-call,misc,untyped-decorator"
"""A split-K ("flash-decoding") attention kernel in Triton for Gemma 4's shapes.

Why: at batch 1 the stock kernels are launch- and occupancy-bound, and none of FlashAttention or cuDNN
has a head_dim-512 kernel (the global layers); the memory-efficient one needs K/V expanded to the
query heads. This kernel handles both head sizes, native GQA (the query heads of one KV head are the
rows of one tile), the sliding window and causality from explicit key positions (no mask tensor), and
splits the keys across programs so even one query fills several SMs; a second tiny kernel combines
the splits. For a linear (global) cache it stops at the last query position, so one captured graph
serves every context length.

Inputs: q [T, H, D] (rotated), k/v [Hkv, N, D], qpos [T] int64, kpos [N] int64 or None (slot = position),
window (0: none). Output [T, H*D] in q's dtype.
"""

from __future__ import annotations

from typing import Any

import torch
import triton
import triton.language as tl


@triton.jit
def _split_kernel(
    Q, K, V, QPOS, KPOS, O_PART, M_PART, L_PART,
    stride_qt, stride_qh, stride_kh, stride_kn, stride_vh, stride_vn,
    T, N, R, window,
    G: tl.constexpr, H: tl.constexpr, D: tl.constexpr,
    HAS_KPOS: tl.constexpr, HAS_WINDOW: tl.constexpr,
    SPLIT_N: tl.constexpr, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr,
):  # fmt: skip
    split = tl.program_id(0)
    kvh = tl.program_id(1)
    mblk = tl.program_id(2)
    rows = mblk * BLOCK_M + tl.arange(0, BLOCK_M)
    row_ok = rows < T * G
    t = rows // G
    h = kvh * G + rows % G
    qp = tl.load(QPOS + t, mask=row_ok, other=-1)
    d = tl.arange(0, D)
    q = tl.load(
        Q + t[:, None] * stride_qt + h[:, None] * stride_qh + d[None, :], mask=row_ok[:, None], other=0.0
    )
    start = split * SPLIT_N
    hi = tl.minimum(start + SPLIT_N, N)
    if not HAS_KPOS:
        hi = tl.minimum(hi, tl.max(qp, axis=0) + 1)
    m_i = tl.full([BLOCK_M], float("-inf"), dtype=tl.float32)
    l_i = tl.zeros([BLOCK_M], dtype=tl.float32)
    acc = tl.zeros([BLOCK_M, D], dtype=tl.float32)
    for n0 in range(start, hi, BLOCK_N):
        n = n0 + tl.arange(0, BLOCK_N)
        n_ok = n < hi
        k = tl.load(K + kvh * stride_kh + n[:, None] * stride_kn + d[None, :], mask=n_ok[:, None], other=0.0)
        s = tl.dot(q, tl.trans(k))
        if HAS_KPOS:  # noqa: SIM108 - a constexpr branch, resolved when the kernel compiles
            kp = tl.load(KPOS + n, mask=n_ok, other=-1)
        else:
            kp = n
        ok = n_ok[None, :] & (kp[None, :] >= 0) & (kp[None, :] <= qp[:, None])
        if HAS_WINDOW:
            ok = ok & ((qp[:, None] - kp[None, :]) < window)
        s = tl.where(ok, s, float("-inf"))
        m_new = tl.maximum(m_i, tl.max(s, axis=1))
        m_safe = tl.where(m_new == float("-inf"), 0.0, m_new)
        p = tl.exp(s - m_safe[:, None])
        alpha = tl.exp(m_i - m_safe)
        l_i = l_i * alpha + tl.sum(p, axis=1)
        v = tl.load(V + kvh * stride_vh + n[:, None] * stride_vn + d[None, :], mask=n_ok[:, None], other=0.0)
        acc = acc * alpha[:, None] + tl.dot(p.to(v.dtype), v)
        m_i = m_new
    prow = t * H + h
    tl.store(M_PART + split * R + prow, m_i, mask=row_ok)
    tl.store(L_PART + split * R + prow, l_i, mask=row_ok)
    tl.store(O_PART + (split * R + prow)[:, None] * D + d[None, :], acc, mask=row_ok[:, None])


@triton.jit
def _combine_kernel(O_PART, M_PART, L_PART, OUT, R, S, D: tl.constexpr, S_P2: tl.constexpr):
    r = tl.program_id(0)
    s = tl.arange(0, S_P2)
    s_ok = s < S
    m = tl.load(M_PART + s * R + r, mask=s_ok, other=float("-inf"))
    lsum = tl.load(L_PART + s * R + r, mask=s_ok, other=0.0)
    m_max = tl.max(m, axis=0)
    w = tl.where(m == float("-inf"), 0.0, tl.exp(m - m_max))
    denom = tl.sum(lsum * w, axis=0)
    d = tl.arange(0, D)
    o = tl.load(O_PART + (s * R + r)[:, None] * D + d[None, :], mask=s_ok[:, None], other=0.0)
    out = tl.sum(o * w[:, None], axis=0) / denom
    tl.store(OUT + r * D + d, out.to(OUT.dtype.element_ty))


def _blocks(d: int, rows: int) -> tuple[int, int, int, int]:
    """(BLOCK_M, BLOCK_N, num_warps, num_stages) for a head size and query rows per KV head; shared
    memory stays under Hopper's 228 KB (q tile + stages x (K + V tiles))."""
    stages = 2 if d >= 512 else 3
    if rows <= 16:
        return 16, (32 if d >= 512 else 64), 4, stages
    return (32 if d >= 512 else 64), 32, 8, stages


def attention(
    q: torch.Tensor,
    k: torch.Tensor,
    v: torch.Tensor,
    qpos: torch.Tensor,
    kpos: torch.Tensor | None,
    window: int,
    *,
    split_n: int = 128,
) -> torch.Tensor:
    """softmax(q·kᵀ, masked by positions) · v with scale 1 (Gemma 4 normalises q and k instead)."""
    t, h, d = q.shape
    hkv, n, _ = k.shape
    g = h // hkv
    q = q.contiguous()
    r = t * h
    splits = triton.cdiv(n, split_n)
    o_part = torch.empty((splits, r, d), dtype=torch.float32, device=q.device)
    m_part = torch.empty((splits, r), dtype=torch.float32, device=q.device)
    l_part = torch.empty((splits, r), dtype=torch.float32, device=q.device)
    block_m, block_n, warps, stages = _blocks(d, t * g)
    grid: Any = (splits, hkv, triton.cdiv(t * g, block_m))
    _split_kernel[grid](
        q, k, v, qpos, kpos if kpos is not None else qpos, o_part, m_part, l_part,
        q.stride(0), q.stride(1), k.stride(0), k.stride(1), v.stride(0), v.stride(1),
        t, n, r, window,
        G=g, H=h, D=d, HAS_KPOS=kpos is not None, HAS_WINDOW=window > 0,
        SPLIT_N=split_n, BLOCK_M=block_m, BLOCK_N=block_n, num_warps=warps, num_stages=stages,
    )  # fmt: skip
    out = torch.empty((t, h, d), dtype=q.dtype, device=q.device)
    _combine_kernel[(r,)](o_part, m_part, l_part, out, r, splits, D=d, S_P2=triton.next_power_of_2(splits))
    return out.view(t, h * d)
