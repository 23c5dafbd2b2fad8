"""The engine's own static KV cache (one sequence).

- Sliding layers keep a ring of `window + slack` slots (slot = position % ring) plus one scratch
  slot that padded tokens of a bucketed prefill write to, so padding never overwrites a live key.
  The slack lets a forward of up to slack+1 tokens (a decode step, forced tokens, a speculative
  draft) write its keys before attending, and lets rejected draft tokens be forgotten: a write never
  lands on a key still inside some later query's window.
- Global layers keep `max_len` slots (slot = position) plus the same scratch slot.
- KV-shared layers own nothing: they read the keys and values their source layer used in the same
  forward pass.
- `ring_pos` holds the position stored in each ring slot (-1: empty); every sliding layer writes the
  same positions, so one vector serves them all.

The kept prompt prefix: after the fixed prefix is prefilled, `snapshot()` copies the rings and the
global slots below the prefix length; `restore()` puts them back before each request that starts with
that prefix (positions written after the prefix wrap around the rings, so the rings must be restored;
the copy is ~20-50 MB on E4B, tens of microseconds).
"""

from __future__ import annotations

from dataclasses import dataclass, field

import torch

from teller.llm.engine.config import ModelConfig


@dataclass
class KVCache:
    config: ModelConfig
    max_len: int
    k: dict[int, torch.Tensor]  # layer -> [Hkv, slots+1, D]
    v: dict[int, torch.Tensor]
    ring_pos: torch.Tensor  # [window+1] int64
    window: int  # ring slots (sliding window + slack)
    _snap_k: dict[int, torch.Tensor] = field(default_factory=dict)
    _snap_v: dict[int, torch.Tensor] = field(default_factory=dict)
    _snap_ring_pos: torch.Tensor | None = None
    snapshot_len: int = 0

    @classmethod
    def allocate(
        cls, cfg: ModelConfig, *, max_len: int, ring: int, dtype: torch.dtype, device: str | torch.device
    ) -> KVCache:
        window = ring
        k: dict[int, torch.Tensor] = {}
        v: dict[int, torch.Tensor] = {}
        for i in range(cfg.num_layers):
            if cfg.is_shared(i):
                continue
            slots = window if cfg.is_sliding(i) else max_len
            shape = (cfg.num_kv_heads, slots + 1, cfg.layer_head_dim(i))
            k[i] = torch.zeros(shape, dtype=dtype, device=device)
            v[i] = torch.zeros(shape, dtype=dtype, device=device)
        ring_pos = torch.full((window + 1,), -1, dtype=torch.long, device=device)
        return cls(config=cfg, max_len=max_len, k=k, v=v, ring_pos=ring_pos, window=window)

    def reset(self) -> None:
        """Forget every position (keys stay in memory but are masked out by `ring_pos`/positions)."""
        self.ring_pos.fill_(-1)

    def nbytes(self) -> int:
        return sum(t.numel() * t.element_size() for t in (*self.k.values(), *self.v.values()))

    def snapshot(self, length: int) -> None:
        """Keep the state after the first `length` positions (the fixed prompt prefix)."""
        for i, kt in self.k.items():
            span = slice(None) if self.config.is_sliding(i) else slice(0, length)
            self._snap_k[i] = kt[:, span].clone()
            self._snap_v[i] = self.v[i][:, span].clone()
        self._snap_ring_pos = self.ring_pos.clone()
        self.snapshot_len = length

    def restore(self) -> None:
        """Back to the state `snapshot` kept (no-op without one)."""
        if self._snap_ring_pos is None:
            return
        for i, kt in self.k.items():
            span = slice(None) if self.config.is_sliding(i) else slice(0, self.snapshot_len)
            kt[:, span].copy_(self._snap_k[i])
            self.v[i][:, span].copy_(self._snap_v[i])
        self.ring_pos.copy_(self._snap_ring_pos)

    def drop_snapshot(self) -> None:
        self._snap_k.clear()
        self._snap_v.clear()
        self._snap_ring_pos = None
        self.snapshot_len = 0
