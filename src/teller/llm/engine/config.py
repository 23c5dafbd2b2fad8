"""Gemma 4 text-decoder shapes: the published E2B and E4B values, a tiny one for tests, or a checkpoint's.

Pure Python (no torch), so settings, the CLI and tests can name a configuration without the `gpu` extra.
The published values are those of transformers' `models/gemma4/convert_gemma4_weights.py`:

| | E2B | E4B |
|---|---|---|
| layers | 35, four sliding then one global | 42, five sliding then one global |
| hidden / MLP | 1536 / 6144 (KV-shared layers 12288) | 2560 / 10240 |
| heads, KV heads | 8, 1 | 8, 2 |
| head_dim sliding / global | 256 / 512 | 256 / 512 |
| last layers reading another layer's KV | 20 | 18 |

Common to both: a 262,144-token vocabulary, a 512-position sliding window, per-layer input embeddings
of 256 per layer, final logits soft-capped at 30, RoPE theta 10,000 on sliding layers and
"proportional" RoPE (theta 1,000,000 on a quarter of the 512 dims) on global ones.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

SLIDING = "sliding_attention"
FULL = "full_attention"


@dataclass(frozen=True, slots=True)
class ModelConfig:
    """Everything the engine needs to build, load and run one Gemma 4 text decoder."""

    name: str
    vocab_size: int = 262_144
    hidden_size: int = 2560
    intermediate_size: int = 10_240
    num_layers: int = 42
    num_heads: int = 8
    num_kv_heads: int = 2
    head_dim: int = 256  # sliding layers
    global_head_dim: int = 512  # full-attention layers
    layer_types: tuple[str, ...] = field(default_factory=tuple)
    num_kv_shared_layers: int = 18
    sliding_window: int = 512
    ple_dim: int = 256  # hidden_size_per_layer_input
    double_wide_mlp: bool = False  # KV-shared layers have a 2x MLP (E2B)
    final_logit_softcap: float | None = 30.0
    rms_norm_eps: float = 1e-6
    rope_theta_sliding: float = 10_000.0
    rope_theta_full: float = 1_000_000.0
    partial_rotary_full: float = 0.25
    max_position_embeddings: int = 131_072
    bos_id: int = 2
    eos_ids: tuple[int, ...] = (1,)
    pad_id: int = 0

    def __post_init__(self) -> None:
        if not self.layer_types:
            raise ValueError("layer_types is empty")
        if len(self.layer_types) != self.num_layers:
            raise ValueError(f"{len(self.layer_types)} layer types for {self.num_layers} layers")
        if self.layer_types[-1] != FULL:
            raise ValueError("the last layer must be a full-attention layer")

    # -- derived -------------------------------------------------------------------------------------

    @property
    def first_shared(self) -> int:
        """Index of the first layer that reads another layer's KV instead of computing its own."""
        return self.num_layers - self.num_kv_shared_layers

    def is_shared(self, layer: int) -> bool:
        return self.num_kv_shared_layers > 0 and layer >= self.first_shared

    def is_sliding(self, layer: int) -> bool:
        return self.layer_types[layer] == SLIDING

    def layer_head_dim(self, layer: int) -> int:
        return self.head_dim if self.is_sliding(layer) else self.global_head_dim

    def kv_source(self, layer: int) -> int:
        """The layer whose keys and values `layer` attends over (itself unless KV-shared)."""
        if not self.is_shared(layer):
            return layer
        kind = self.layer_types[layer]
        for src in range(self.first_shared - 1, -1, -1):
            if self.layer_types[src] == kind:
                return src
        raise ValueError(f"no layer before {self.first_shared} produces {kind} KV for layer {layer}")

    def layer_mlp_size(self, layer: int) -> int:
        return self.intermediate_size * (2 if self.double_wide_mlp and self.is_shared(layer) else 1)

    def with_(self, **changes: Any) -> ModelConfig:
        return replace(self, **changes)

    def to_hf_kwargs(self) -> dict[str, Any]:
        """Keyword arguments for transformers' `Gemma4TextConfig` describing the same model."""
        return {
            "vocab_size": self.vocab_size,
            "hidden_size": self.hidden_size,
            "intermediate_size": self.intermediate_size,
            "num_hidden_layers": self.num_layers,
            "num_attention_heads": self.num_heads,
            "num_key_value_heads": self.num_kv_heads,
            "head_dim": self.head_dim,
            "global_head_dim": self.global_head_dim,
            "num_global_key_value_heads": None,
            "layer_types": list(self.layer_types),
            "num_kv_shared_layers": self.num_kv_shared_layers,
            "sliding_window": self.sliding_window,
            "hidden_size_per_layer_input": self.ple_dim,
            "vocab_size_per_layer_input": self.vocab_size,
            "use_double_wide_mlp": self.double_wide_mlp,
            "final_logit_softcapping": self.final_logit_softcap,
            "rms_norm_eps": self.rms_norm_eps,
            "attention_k_eq_v": False,
            "use_bidirectional_attention": None,
            "max_position_embeddings": self.max_position_embeddings,
            "rope_parameters": {
                FULL: {
                    "rope_type": "proportional",
                    "rope_theta": self.rope_theta_full,
                    "partial_rotary_factor": self.partial_rotary_full,
                },
                SLIDING: {"rope_type": "default", "rope_theta": self.rope_theta_sliding},
            },
            "bos_token_id": self.bos_id,
            "eos_token_id": list(self.eos_ids),
            "pad_token_id": self.pad_id,
            "tie_word_embeddings": True,
        }


def _pattern(sliding: int, repeats: int) -> tuple[str, ...]:
    return tuple(([SLIDING] * sliding + [FULL]) * repeats)


E4B = ModelConfig(name="gemma-4-E4B", layer_types=_pattern(5, 7))
E2B = ModelConfig(
    name="gemma-4-E2B",
    hidden_size=1536,
    intermediate_size=6144,
    num_layers=35,
    num_kv_heads=1,
    layer_types=_pattern(4, 7),
    num_kv_shared_layers=20,
    double_wide_mlp=True,
)
# Small enough for fp32 on two CPU cores, with every feature present: sliding and global layers of
# different head sizes, a window shorter than the test prompts, KV sharing of both kinds, PLE.
TINY = ModelConfig(
    name="tiny",
    vocab_size=512,
    hidden_size=64,
    intermediate_size=128,
    num_layers=8,
    num_heads=4,
    num_kv_heads=2,
    head_dim=16,
    global_head_dim=32,
    layer_types=_pattern(3, 2),
    num_kv_shared_layers=4,
    sliding_window=8,
    ple_dim=8,
    double_wide_mlp=True,
)
PRESETS: dict[str, ModelConfig] = {"e4b": E4B, "e2b": E2B, "tiny": TINY}


def from_hf_config(path: Path) -> ModelConfig:
    """The configuration of a checkpoint directory's `config.json` (multimodal or text-only)."""
    raw = json.loads((path / "config.json").read_text())
    text = raw.get("text_config", raw)
    rope = text.get("rope_parameters") or {}
    full = rope.get(FULL, {})
    sliding = rope.get(SLIDING, {})
    eos = text.get("eos_token_id", raw.get("eos_token_id", 1))
    return ModelConfig(
        name=str(raw.get("_name_or_path") or path.name),
        vocab_size=int(text["vocab_size"]),
        hidden_size=int(text["hidden_size"]),
        intermediate_size=int(text["intermediate_size"]),
        num_layers=int(text["num_hidden_layers"]),
        num_heads=int(text["num_attention_heads"]),
        num_kv_heads=int(text["num_key_value_heads"]),
        head_dim=int(text.get("head_dim", 256)),
        global_head_dim=int(text.get("global_head_dim", 512)),
        layer_types=tuple(text["layer_types"]),
        num_kv_shared_layers=int(text.get("num_kv_shared_layers", 0)),
        sliding_window=int(text.get("sliding_window", 512)),
        ple_dim=int(text.get("hidden_size_per_layer_input", 0)),
        double_wide_mlp=bool(text.get("use_double_wide_mlp", False)),
        final_logit_softcap=text.get("final_logit_softcapping"),
        rms_norm_eps=float(text.get("rms_norm_eps", 1e-6)),
        rope_theta_sliding=float(sliding.get("rope_theta", 10_000.0)),
        rope_theta_full=float(full.get("rope_theta", 1_000_000.0)),
        partial_rotary_full=float(full.get("partial_rotary_factor", 0.25)),
        bos_id=int(text.get("bos_token_id", 2)),
        eos_ids=tuple(eos) if isinstance(eos, list) else (int(eos),),
        pad_id=int(text.get("pad_token_id", 0)),
    )
