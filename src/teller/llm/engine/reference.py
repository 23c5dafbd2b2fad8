"""transformers' Gemma 4 on the engine's own weight tensors: the reference the engine is checked against.

The reference model is built on the meta device and then given the engine's tensors (views into the
fused q|k|v and gate|up weights), so both run on the same memory; only the buffers transformers does
not save (RoPE frequencies, embedding scales) are rebuilt on the real device.
"""

from __future__ import annotations

from typing import Any

import torch

from teller.errors import MissingExtra
from teller.llm.engine.weights import ModelWeights, hf_state_dict


def hf_config(weights: ModelWeights, attn_implementation: str = "sdpa") -> Any:
    try:
        from transformers import Gemma4TextConfig
    except ImportError as exc:
        raise MissingExtra("transformers", "gpu") from exc
    config = Gemma4TextConfig(**weights.config.to_hf_kwargs())
    config._attn_implementation = attn_implementation
    return config


def hf_model(weights: ModelWeights, attn_implementation: str = "sdpa") -> Any:
    """transformers' `Gemma4ForCausalLM` sharing `weights`' memory (eval mode)."""
    from transformers import Gemma4ForCausalLM
    from transformers.models.gemma4 import modeling_gemma4 as mg

    config = hf_config(weights, attn_implementation)
    with torch.device("meta"):
        model = Gemma4ForCausalLM(config)
    state = hf_state_dict(weights)
    state["lm_head.weight"] = weights.embed
    result = model.load_state_dict(state, assign=True, strict=False)
    if result.missing_keys:
        raise RuntimeError(f"reference model lacks tensors: {result.missing_keys[:5]}")
    device = weights.device
    model.model.rotary_emb = mg.Gemma4TextRotaryEmbedding(config).to(device)
    for module in model.modules():
        if isinstance(module, mg.Gemma4TextScaledWordEmbedding):
            module.embed_scale = torch.tensor(module.scalar_embed_scale, device=device)  # type: ignore[assignment]
    leftovers = [name for name, t in [*model.named_parameters(), *model.named_buffers()] if t.is_meta]
    if leftovers:
        raise RuntimeError(f"reference model tensors left on meta: {leftovers[:5]}")
    return model.eval()  # type: ignore[no-untyped-call]
