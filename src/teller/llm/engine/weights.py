"""The decoder's weights: random ("dummy", like vLLM's `--load-format dummy`) or from safetensors.

Projections that read the same input are fused (q|k|v, gate|up) so a decode step launches fewer,
larger matrix-vector products. `hf_state_dict` gives transformers' parameter names as *views* into
the fused tensors, so the reference model runs on the very same memory (no second 15 GB copy).
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import torch

from teller.errors import BackendUnavailable
from teller.llm.engine.config import ModelConfig


@dataclass
class LayerWeights:
    qkv: torch.Tensor  # [H*D (+ 2*Hkv*D when the layer computes its own KV), hidden]
    o: torch.Tensor  # [hidden, H*D]
    q_norm: torch.Tensor
    k_norm: torch.Tensor | None
    gate_up: torch.Tensor  # [2*I, hidden]
    down: torch.Tensor  # [hidden, I]
    input_norm: torch.Tensor
    post_attn_norm: torch.Tensor
    pre_ff_norm: torch.Tensor
    post_ff_norm: torch.Tensor
    ple_gate: torch.Tensor | None  # [ple, hidden]
    ple_proj: torch.Tensor | None  # [hidden, ple]
    ple_norm: torch.Tensor | None
    scalar: torch.Tensor  # [1]


@dataclass
class ModelWeights:
    config: ModelConfig
    embed: torch.Tensor  # [V, hidden]; the output head too (tied)
    final_norm: torch.Tensor
    ple_embed: torch.Tensor | None  # [V, layers*ple]
    ple_model_proj: torch.Tensor | None  # [layers*ple, hidden]
    ple_proj_norm: torch.Tensor | None  # [ple]
    layers: list[LayerWeights]

    @property
    def dtype(self) -> torch.dtype:
        return self.embed.dtype

    @property
    def device(self) -> torch.device:
        return self.embed.device

    def nbytes_per_decode_step(self) -> int:
        """Bytes a decode step must read: every layer weight plus the tied head (embedding rows excluded)."""
        total = self.embed.numel() * self.embed.element_size()
        if self.ple_model_proj is not None:
            total += self.ple_model_proj.numel() * self.ple_model_proj.element_size()
        for layer in self.layers:
            for tensor in vars(layer).values():
                if isinstance(tensor, torch.Tensor):
                    total += tensor.numel() * tensor.element_size()
        return total


def _q_rows(cfg: ModelConfig, i: int) -> int:
    return cfg.num_heads * cfg.layer_head_dim(i)


def _kv_rows(cfg: ModelConfig, i: int) -> int:
    return 0 if cfg.is_shared(i) else cfg.num_kv_heads * cfg.layer_head_dim(i)


def allocate(cfg: ModelConfig, *, dtype: torch.dtype, device: str | torch.device) -> ModelWeights:
    """Uninitialised weights of the right shapes."""

    def empty(*shape: int) -> torch.Tensor:
        return torch.empty(*shape, dtype=dtype, device=device)

    hid = cfg.hidden_size
    layers = []
    for i in range(cfg.num_layers):
        d = cfg.layer_head_dim(i)
        inter = cfg.layer_mlp_size(i)
        has_ple = cfg.ple_dim > 0
        layers.append(
            LayerWeights(
                qkv=empty(_q_rows(cfg, i) + 2 * _kv_rows(cfg, i), hid),
                o=empty(hid, cfg.num_heads * d),
                q_norm=empty(d),
                k_norm=None if cfg.is_shared(i) else empty(d),
                gate_up=empty(2 * inter, hid),
                down=empty(hid, inter),
                input_norm=empty(hid),
                post_attn_norm=empty(hid),
                pre_ff_norm=empty(hid),
                post_ff_norm=empty(hid),
                ple_gate=empty(cfg.ple_dim, hid) if has_ple else None,
                ple_proj=empty(hid, cfg.ple_dim) if has_ple else None,
                ple_norm=empty(hid) if has_ple else None,
                scalar=empty(1),
            )
        )
    has_ple = cfg.ple_dim > 0
    return ModelWeights(
        config=cfg,
        embed=empty(cfg.vocab_size, hid),
        final_norm=empty(hid),
        ple_embed=empty(cfg.vocab_size, cfg.num_layers * cfg.ple_dim) if has_ple else None,
        ple_model_proj=empty(cfg.num_layers * cfg.ple_dim, hid) if has_ple else None,
        ple_proj_norm=empty(cfg.ple_dim) if has_ple else None,
        layers=layers,
    )


def dummy(
    cfg: ModelConfig,
    *,
    dtype: torch.dtype = torch.bfloat16,
    device: str | torch.device = "cuda",
    seed: int = 0,
    std: float = 0.02,
) -> ModelWeights:
    """Random weights (normal(0, std) matrices, norms near one) drawn on `device` from `seed`."""
    weights = allocate(cfg, dtype=dtype, device=device)
    gen = torch.Generator(device=device).manual_seed(seed)
    for name, tensor in hf_state_dict(weights).items():
        if tensor.dim() == 1:  # norms and scalars: near one, not exactly, so a misplaced one shows
            tensor.copy_(
                1.0 + 0.1 * torch.rand(tensor.shape, generator=gen, device=device, dtype=torch.float32)
            )
        else:
            tensor.normal_(0.0, std, generator=gen)
        del name
    return weights


# -- transformers' names ---------------------------------------------------------------------------------


def hf_state_dict(weights: ModelWeights, prefix: str = "model.") -> dict[str, torch.Tensor]:
    """transformers' `Gemma4ForCausalLM` parameter names mapped to views of these weights."""
    cfg = weights.config
    out: dict[str, torch.Tensor] = {
        f"{prefix}embed_tokens.weight": weights.embed,
        f"{prefix}norm.weight": weights.final_norm,
    }
    if weights.ple_embed is not None:
        assert weights.ple_model_proj is not None and weights.ple_proj_norm is not None
        out[f"{prefix}embed_tokens_per_layer.weight"] = weights.ple_embed
        out[f"{prefix}per_layer_model_projection.weight"] = weights.ple_model_proj
        out[f"{prefix}per_layer_projection_norm.weight"] = weights.ple_proj_norm
    for i, layer in enumerate(weights.layers):
        base = f"{prefix}layers.{i}."
        q_rows, kv_rows = _q_rows(cfg, i), _kv_rows(cfg, i)
        out[base + "self_attn.q_proj.weight"] = layer.qkv[:q_rows]
        out[base + "self_attn.q_norm.weight"] = layer.q_norm
        if kv_rows:
            assert layer.k_norm is not None
            out[base + "self_attn.k_proj.weight"] = layer.qkv[q_rows : q_rows + kv_rows]
            out[base + "self_attn.v_proj.weight"] = layer.qkv[q_rows + kv_rows :]
            out[base + "self_attn.k_norm.weight"] = layer.k_norm
        out[base + "self_attn.o_proj.weight"] = layer.o
        inter = cfg.layer_mlp_size(i)
        out[base + "mlp.gate_proj.weight"] = layer.gate_up[:inter]
        out[base + "mlp.up_proj.weight"] = layer.gate_up[inter:]
        out[base + "mlp.down_proj.weight"] = layer.down
        out[base + "input_layernorm.weight"] = layer.input_norm
        out[base + "post_attention_layernorm.weight"] = layer.post_attn_norm
        out[base + "pre_feedforward_layernorm.weight"] = layer.pre_ff_norm
        out[base + "post_feedforward_layernorm.weight"] = layer.post_ff_norm
        if layer.ple_gate is not None:
            assert layer.ple_proj is not None and layer.ple_norm is not None
            out[base + "per_layer_input_gate.weight"] = layer.ple_gate
            out[base + "per_layer_projection.weight"] = layer.ple_proj
            out[base + "post_per_layer_input_norm.weight"] = layer.ple_norm
        out[base + "layer_scalar"] = layer.scalar
    return out


_PREFIXES = ("model.language_model.", "model.", "language_model.model.", "")


def load_safetensors(
    path: Path, cfg: ModelConfig, *, dtype: torch.dtype = torch.bfloat16, device: str = "cuda"
) -> ModelWeights:
    """Weights from a checkpoint directory (`*.safetensors`, text or multimodal Gemma 4 naming)."""
    from safetensors import safe_open

    files = sorted(path.glob("*.safetensors"))
    if not files:
        raise BackendUnavailable(f"no *.safetensors in {path}")
    weights = allocate(cfg, dtype=dtype, device=device)
    wanted = hf_state_dict(weights, prefix="")
    filled: set[str] = set()
    for file in files:
        with safe_open(str(file), framework="pt", device="cpu") as handle:
            for key in handle.keys():  # noqa: SIM118 - safe_open is not a Mapping
                name = next(
                    (key[len(p) :] for p in _PREFIXES if key.startswith(p) and key[len(p) :] in wanted), None
                )
                if name is None:
                    continue  # vision/audio towers, KV weights of shared layers, ...
                tensor = handle.get_tensor(key)
                target = wanted[name]
                if tuple(tensor.shape) != tuple(target.shape):
                    raise BackendUnavailable(
                        f"{key}: shape {tuple(tensor.shape)}, expected {tuple(target.shape)}"
                    )
                target.copy_(tensor.to(dtype))
                filled.add(name)
    missing = sorted(set(wanted) - filled)
    if missing:
        raise BackendUnavailable(f"{path}: {len(missing)} tensors missing, e.g. {missing[:3]}")
    return weights


def checkpoint_summary(path: Path) -> dict[str, Any]:
    """What a checkpoint directory holds (for logs): files and total bytes."""
    files = sorted(path.glob("*.safetensors"))
    return {
        "files": len(files),
        "bytes": sum(f.stat().st_size for f in files),
        "config": json.loads((path / "config.json").read_text()).get("architectures"),
    }


def embed_scale(cfg: ModelConfig, dtype: torch.dtype) -> torch.Tensor:
    """sqrt(hidden) rounded to the weights' dtype first, as the reference does (50.596 → 50.5 in bf16)."""
    return torch.tensor(math.sqrt(cfg.hidden_size)).to(dtype)
