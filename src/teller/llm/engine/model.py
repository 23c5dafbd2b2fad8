"""The Gemma 4 text decoder's forward pass over the engine's static KV cache.

One function, `Model.hidden(cache, batch, kv_len=, yoco=)`, serves prefill chunks, decode steps,
jump-forward batches and speculative verification, with static shapes so a CUDA graph can capture
it; the tied output head is separate (`logits`: all 262k rows; `sparse_logits`: only the rows of the
tokens a grammar allows), so a constrained step reads the 1.3 GB head only when it must:

- `batch.tokens`/`pos` [T]: padded to a bucket; padded tokens write their keys to the scratch slot
  (`ring_slot`/`glob_slot`, computed on the host) and are masked out as keys.
- `batch.out_idx` [M]: the rows whose output is wanted (the last real token, or several when verifying).
- `yoco`: fast prefill through the KV-shared layers. Those layers write no KV, so a position's
  hidden state there only feeds its own logits: only the `out_idx` rows go through them.
- `fused`: the glue between matrix products (norms, RoPE, gelu, residuals) as three Triton kernels
  (`triton_fused`) instead of ~65 small PyTorch ops per layer; same rounding points. The q/k/v
  kernel also writes the layer's keys and values into the cache (no separate copy kernels).
- `kv_len`: how many global-cache slots the attention reads (a bucket >= the last position + 1;
  the Triton backend reads up to the last query position by itself and takes `max_len`).

Numerics follow transformers' Gemma4TextModel: fp32 RMSNorm (weight applied as is, v without
weight), q/k normalised then rotated, attention scale 1, sqrt(hidden) rounded to the weight dtype
for the embeddings, per-layer inputs (token table + projection of the embedding) scaled by 1/sqrt(2),
a per-layer output scalar, and tanh soft-capping of the final logits.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

import torch
import torch.nn.functional as F

from teller.llm.engine.attention import AttentionFn
from teller.llm.engine.cache import KVCache
from teller.llm.engine.config import FULL, SLIDING
from teller.llm.engine.weights import LayerWeights, ModelWeights, embed_scale

RING_SLACK = 32  # ring slots beyond the window: up to 33 tokens per forward may write before attending


@dataclass
class Batch:
    """One forward's inputs (device int64; views of one buffer the runner fills with one copy).

    tokens, pos [T]: padded to a bucket (padding: token 0, positions clamped below max_len);
    ring_slot, glob_slot [T]: where each token's keys go in the sliding rings / global caches (padding:
    the scratch slot); out_idx [M]: the rows whose hidden state (and logits) are wanted."""

    tokens: torch.Tensor
    pos: torch.Tensor
    ring_slot: torch.Tensor
    glob_slot: torch.Tensor
    out_idx: torch.Tensor


def _rope_table(
    theta: float, dim: int, rotary_fraction: float, max_len: int, device: torch.device
) -> tuple[torch.Tensor, torch.Tensor]:
    """cos/sin [max_len, dim] in fp32: rotate_half layout; the un-rotated ("nope") pairs get cos 1, sin 0."""
    angles = int(rotary_fraction * dim // 2)
    inv = 1.0 / (theta ** (torch.arange(0, 2 * angles, 2, dtype=torch.int64).float() / dim))
    inv = torch.cat([inv, torch.zeros(dim // 2 - angles)])
    freqs = torch.outer(torch.arange(max_len, dtype=torch.float32), inv)
    emb = torch.cat([freqs, freqs], dim=-1)
    return emb.cos().to(device), emb.sin().to(device)


def _rotate(x: torch.Tensor, cos: torch.Tensor, sin: torch.Tensor) -> torch.Tensor:
    half = x.shape[-1] // 2
    rotated = torch.cat([-x[..., half:], x[..., :half]], dim=-1)
    return x * cos[:, None, :] + rotated * sin[:, None, :]


class Model:
    """Weights + RoPE tables + per-layer attention functions; `forward` is graph-capturable."""

    def __init__(
        self,
        weights: ModelWeights,
        *,
        max_len: int,
        attention: list[AttentionFn],
        fused: bool = False,
        fuse_decode: bool = True,
    ) -> None:
        cfg = weights.config
        if len(attention) != cfg.num_layers:
            raise ValueError("one attention function per layer")
        self.w = weights
        self.cfg = cfg
        self.max_len = max_len
        self.attention = attention
        self.fused = fused
        self._fused: Any = None
        self._ple_decode: Any = None  # one-token PLE block in two kernels (fused path only)
        if fused:
            from teller.llm.engine import triton_fused

            self._fused = triton_fused
            if fuse_decode and cfg.ple_dim:
                self._ple_decode = triton_fused.PleDecode(
                    cfg.hidden_size, cfg.ple_dim, weights.dtype, weights.device
                )
        dev, dt = weights.device, weights.dtype
        self.window = min(cfg.sliding_window, max_len)
        self.ring = self.window + RING_SLACK
        cos, sin = _rope_table(cfg.rope_theta_sliding, cfg.head_dim, 1.0, max_len, dev)
        self.rope = {SLIDING: (cos.to(dt), sin.to(dt))}
        cos, sin = _rope_table(
            cfg.rope_theta_full, cfg.global_head_dim, cfg.partial_rotary_full, max_len, dev
        )
        self.rope[FULL] = (cos.to(dt), sin.to(dt))
        self.embed_scale = embed_scale(cfg, dt).to(dev)
        self.ple_scale = torch.tensor(math.sqrt(cfg.ple_dim) if cfg.ple_dim else 1.0).to(dt).to(dev)

    def new_cache(self) -> KVCache:
        return KVCache.allocate(
            self.cfg, max_len=self.max_len, ring=self.ring, dtype=self.w.dtype, device=self.w.device
        )

    # -- pieces --------------------------------------------------------------------------------------

    def _norm(self, x: torch.Tensor, weight: torch.Tensor | None) -> torch.Tensor:
        w = weight.float() if weight is not None else None
        return F.rms_norm(x.float(), (x.shape[-1],), w, self.cfg.rms_norm_eps).to(x.dtype)

    def _per_layer_inputs(self, tokens: torch.Tensor, x: torch.Tensor) -> torch.Tensor | None:
        w, cfg = self.w, self.cfg
        if w.ple_embed is None or w.ple_model_proj is None:
            return None
        t = tokens.shape[0]
        tok = (F.embedding(tokens, w.ple_embed) * self.ple_scale).view(t, cfg.num_layers, cfg.ple_dim)
        proj = (x @ w.ple_model_proj.T) * cfg.hidden_size**-0.5
        proj = self._norm(proj.view(t, cfg.num_layers, cfg.ple_dim), w.ple_proj_norm)
        out: torch.Tensor = (proj + tok) * 2.0**-0.5
        return out

    def _qkv(
        self, h: torch.Tensor, layer: LayerWeights, d: int, cos: torch.Tensor, sin: torch.Tensor
    ) -> tuple[torch.Tensor, torch.Tensor | None, torch.Tensor | None]:
        """q [T, H, D] and, unless KV-shared, k, v [Hkv, T, D]: normed, rotated (plain PyTorch)."""
        cfg = self.cfg
        n = h.shape[0]
        proj = self._norm(h, layer.input_norm) @ layer.qkv.T
        q = _rotate(
            self._norm(proj[:, : cfg.num_heads * d].view(n, cfg.num_heads, d), layer.q_norm), cos, sin
        )
        if layer.k_norm is None:
            return q, None, None
        kv = cfg.num_kv_heads * d
        k = proj[:, cfg.num_heads * d : cfg.num_heads * d + kv].view(n, cfg.num_kv_heads, d)
        v = proj[:, cfg.num_heads * d + kv :].view(n, cfg.num_kv_heads, d)
        k = _rotate(self._norm(k, layer.k_norm), cos, sin).transpose(0, 1)
        return q, k, self._norm(v, None).transpose(0, 1)

    def _write_kv(
        self,
        cache: KVCache,
        i: int,
        k: torch.Tensor,
        v: torch.Tensor,
        glob_slot: torch.Tensor,
        ring_slot: torch.Tensor,
        ring_kpos: torch.Tensor,
        kv_len: int,
        write_first: bool,
    ) -> tuple[torch.Tensor, torch.Tensor, torch.Tensor | None]:
        """Store this forward's keys/values; return what attention reads (keys, values, key positions)."""
        kc, vc = cache.k[i], cache.v[i]
        if not self.cfg.is_sliding(i):
            kc.index_copy_(1, glob_slot, k)
            vc.index_copy_(1, glob_slot, v)
            return kc[:, :kv_len], vc[:, :kv_len], None
        if write_first:
            kc.index_copy_(1, ring_slot, k)
            vc.index_copy_(1, ring_slot, v)
            return kc[:, : self.ring], vc[:, : self.ring], ring_kpos
        # More tokens than the ring's slack: attend over (ring before this chunk) + the chunk, then write.
        k_all = torch.cat([kc[:, : self.ring], k], dim=1)
        v_all = torch.cat([vc[:, : self.ring], v], dim=1)
        kc.index_copy_(1, ring_slot, k)
        vc.index_copy_(1, ring_slot, v)
        return k_all, v_all, ring_kpos

    def _mlp(
        self, h: torch.Tensor, attn: torch.Tensor, layer: LayerWeights, ple: torch.Tensor | None
    ) -> torch.Tensor:
        """The rest of a layer after attention, in plain PyTorch."""
        h = h + self._norm(attn @ layer.o.T, layer.post_attn_norm)
        x = self._norm(h, layer.pre_ff_norm)
        gate, up = (x @ layer.gate_up.T).chunk(2, dim=-1)
        h = h + self._norm((F.gelu(gate, approximate="tanh") * up) @ layer.down.T, layer.post_ff_norm)
        if ple is not None and layer.ple_gate is not None and layer.ple_proj is not None:
            x = F.gelu(h @ layer.ple_gate.T, approximate="tanh") * ple
            h = h + self._norm(x @ layer.ple_proj.T, layer.ple_norm)
        return h * layer.scalar

    def _fused_mlp(
        self,
        h: torch.Tensor,
        attn: torch.Tensor,
        layer: LayerWeights,
        ple: torch.Tensor | None,
        nxt: torch.Tensor,
    ) -> tuple[torch.Tensor, torch.Tensor]:
        """`_mlp` with fused norms; also returns the next layer's normed input (`nxt` weights)."""
        f, eps = self._fused, self.cfg.rms_norm_eps
        h, x = f.norm(attn @ layer.o.T, layer.post_attn_norm, eps, residual=h, w2=layer.pre_ff_norm)
        assert x is not None
        gu = x @ layer.gate_up.T
        inter = gu.shape[1] // 2
        m = f.gelu_mul(gu[:, :inter], gu[:, inter:]) @ layer.down.T
        if (
            self._ple_decode is not None
            and h.shape[0] == 1
            and ple is not None
            and layer.ple_gate is not None
            and layer.ple_proj is not None
            and layer.ple_norm is not None
        ):
            return self._ple_decode(  # type: ignore[no-any-return]
                m, h, layer.post_ff_norm, layer.ple_gate, ple, layer.ple_proj, layer.ple_norm,
                layer.scalar, nxt, eps,
            )  # fmt: skip
        if (
            ple is not None
            and layer.ple_gate is not None
            and layer.ple_proj is not None
            and layer.ple_norm is not None
        ):
            h, _ = f.norm(m, layer.post_ff_norm, eps, residual=h)
            m = f.gelu_mul(h @ layer.ple_gate.T, ple) @ layer.ple_proj.T
            h, x = f.norm(m, layer.ple_norm, eps, residual=h, scale=layer.scalar, w2=nxt)
        else:
            h, x = f.norm(m, layer.post_ff_norm, eps, residual=h, scale=layer.scalar, w2=nxt)
        assert x is not None
        return h, x

    # -- forward -------------------------------------------------------------------------------------

    def hidden(self, cache: KVCache, b: Batch, *, kv_len: int, yoco: bool = True) -> torch.Tensor:
        """The final normed hidden state [M, hidden] of the `b.out_idx` rows; writes the cache."""
        cfg, w = self.cfg, self.w
        t = b.tokens.shape[0]
        pos, ring_slot, glob_slot = b.pos, b.ring_slot, b.glob_slot
        write_first = t <= RING_SLACK + 1
        if write_first:
            cache.ring_pos.index_copy_(0, ring_slot, pos)
            ring_kpos = cache.ring_pos[: self.ring]
        else:
            before = cache.ring_pos[: self.ring]
            valid = glob_slot < self.max_len
            ring_kpos = torch.cat([torch.where(before < pos[:1], before, -1), torch.where(valid, pos, -1)])
        rope = {kind: (cos[pos], sin[pos]) for kind, (cos, sin) in self.rope.items()}
        qpos = pos
        out_idx = b.out_idx

        h = F.embedding(b.tokens, w.embed) * self.embed_scale
        ple = self._per_layer_inputs(b.tokens, h)
        shared: dict[str, tuple[torch.Tensor, torch.Tensor, torch.Tensor | None]] = {}
        rows_taken = False
        x: torch.Tensor | None = None  # the next layer's normed input, when the fused path made it
        for i, layer in enumerate(w.layers):
            if yoco and not rows_taken and cfg.is_shared(i):
                h, qpos = h[out_idx], qpos[out_idx]
                x = x[out_idx] if x is not None else None
                ple = ple[out_idx] if ple is not None else None
                rope = {kind: (cos[out_idx], sin[out_idx]) for kind, (cos, sin) in rope.items()}
                rows_taken = True
            kind = cfg.layer_types[i]
            sliding = kind == SLIDING
            d = cfg.layer_head_dim(i)
            cos, sin = rope[kind]
            if k_v := self._fused_qkv_to_cache(cache, i, write_first, sliding, ring_slot, glob_slot):
                if x is None:
                    x, _ = self._fused.norm(h, layer.input_norm, cfg.rms_norm_eps)
                q, _, _ = self._fused.qkv_norm_rope(
                    x @ layer.qkv.T, layer.q_norm, layer.k_norm, cos, sin,
                    heads=cfg.num_heads, kv_heads=cfg.num_kv_heads, head_dim=d, eps=cfg.rms_norm_eps,
                    cache=k_v,
                )  # fmt: skip
                k_all, v_all = k_v[0], k_v[1]
                kv = (k_all[:, : self.ring], v_all[:, : self.ring], ring_kpos) if sliding else (
                    k_all[:, :kv_len], v_all[:, :kv_len], None
                )  # fmt: skip
                shared[kind] = kv
                k_all, v_all, kpos = kv
            else:
                if self.fused:
                    if x is None:
                        x, _ = self._fused.norm(h, layer.input_norm, cfg.rms_norm_eps)
                    q, k, v = self._fused.qkv_norm_rope(
                        x @ layer.qkv.T, layer.q_norm, layer.k_norm, cos, sin,
                        heads=cfg.num_heads, kv_heads=cfg.num_kv_heads, head_dim=d, eps=cfg.rms_norm_eps,
                    )  # fmt: skip
                else:
                    q, k, v = self._qkv(h, layer, d, cos, sin)
                if k is None or v is None:
                    k_all, v_all, kpos = shared[kind]
                else:
                    k_all, v_all, kpos = self._write_kv(
                        cache, i, k, v, glob_slot, ring_slot, ring_kpos, kv_len, write_first
                    )
                    shared[kind] = (k_all, v_all, kpos)
            attn = self.attention[i](q, k_all, v_all, qpos, kpos, self.window if sliding else 0)
            nxt = w.layers[i + 1].input_norm if i + 1 < len(w.layers) else w.final_norm
            if self.fused:
                h, x = self._fused_mlp(h, attn, layer, ple[:, i, :] if ple is not None else None, nxt)
            else:
                h = self._mlp(h, attn, layer, ple[:, i, :] if ple is not None else None)
                x = None

        if not write_first:
            cache.ring_pos.index_copy_(0, ring_slot, pos)
        if x is None:
            x = self._norm(h, w.final_norm)
        if not rows_taken:
            x = x[out_idx]
        return x

    def _fused_qkv_to_cache(
        self,
        cache: KVCache,
        i: int,
        write_first: bool,
        sliding: bool,
        ring_slot: torch.Tensor,
        glob_slot: torch.Tensor,
    ) -> tuple[torch.Tensor, torch.Tensor, torch.Tensor] | None:
        """(k cache, v cache, slots) when the fused q/k/v kernel can write this layer's KV itself."""
        if not (self.fused and write_first) or self.cfg.is_shared(i):
            return None
        return cache.k[i], cache.v[i], ring_slot if sliding else glob_slot

    def _softcap(self, logits: torch.Tensor) -> torch.Tensor:
        cap = self.cfg.final_logit_softcap
        return torch.tanh(logits / cap) * cap if cap else logits

    def logits(self, x: torch.Tensor) -> torch.Tensor:
        """Soft-capped fp32 logits [M, vocab] from final hidden rows (the tied head, every row read)."""
        return self._softcap((x @ self.w.embed.T).float())

    def sparse_logits(self, x: torch.Tensor, ids: torch.Tensor) -> torch.Tensor:
        """Soft-capped fp32 logits [M, K] of the tokens `ids` only: K rows of the head are read, not 262k."""
        return self._softcap((x @ self.w.embed.index_select(0, ids).T).float())

    def forward(self, cache: KVCache, b: Batch, *, kv_len: int, yoco: bool = True) -> torch.Tensor:
        """Logits (fp32, soft-capped) [M, vocab] for the `b.out_idx` rows; writes the cache."""
        return self.logits(self.hidden(cache, b, kv_len=kv_len, yoco=yoco))
