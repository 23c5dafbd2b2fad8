"""Backends from configuration: one instance per distinct endpoint per process.

`build_backend` never loads a model or opens a connection; the embedded backend loads on first use
(once, under a lock) and the OpenAI backend shares the process-wide pooled httpx client. Extraction
and QnA endpoints that name the same embedded model share one backend (one set of mmapped weights,
a separate llama context for each so QnA never evicts the extraction prefix).
"""

from __future__ import annotations

import threading

from teller.config import LLMEndpoint
from teller.errors import ConfigError
from teller.llm.protocol import Backend

_lock = threading.Lock()
_backends: dict[tuple[str, ...], Backend] = {}


def _key(endpoint: LLMEndpoint) -> tuple[str, ...]:
    if endpoint.backend == "embedded":
        return ("embedded", endpoint.model_path or "", str(endpoint.n_ctx), str(endpoint.n_threads))
    if endpoint.backend == "gpu":  # extraction and QnA share one engine (one copy of the weights)
        return ("gpu", endpoint.model_path or "", endpoint.engine_preset, endpoint.engine_device)
    return (
        endpoint.backend,
        endpoint.dialect,
        endpoint.base_url or "",
        endpoint.model or "",
        endpoint.api_key or "",
        str(endpoint.thinking),
    )


def _create(endpoint: LLMEndpoint) -> Backend:
    if endpoint.backend == "embedded":
        from teller.llm.backends.embedded import EmbeddedBackend

        return EmbeddedBackend(
            endpoint.model_path,
            n_ctx=endpoint.n_ctx,
            n_threads=endpoint.n_threads,
            persist_prefix=endpoint.persist_prefix,
        )
    if endpoint.backend == "openai":
        if not endpoint.base_url:
            raise ConfigError("the openai LLM backend needs base_url (TELLER_LLM__EXTRACT__BASE_URL)")
        from teller.llm.backends.openai_http import OpenAIBackend

        return OpenAIBackend(
            endpoint.base_url,
            model=endpoint.model,
            api_key=endpoint.api_key,
            dialect=endpoint.dialect,
            thinking=endpoint.thinking,
        )
    if endpoint.backend == "gpu":
        from teller.llm.backends.gpu import GpuBackend, GpuSettings

        return GpuBackend(
            GpuSettings(
                model_path=endpoint.model_path,
                preset=endpoint.engine_preset,
                device=endpoint.engine_device,
                max_len=endpoint.engine_max_len,
            )
        )
    raise ConfigError(f"unknown LLM backend {endpoint.backend!r}; expected embedded, openai or gpu")


def build_backend(endpoint: LLMEndpoint) -> Backend:
    """The process-wide backend for `endpoint` (created on first request, never loaded here)."""
    key = _key(endpoint)
    with _lock:
        backend = _backends.get(key)
        if backend is None:
            backend = _backends[key] = _create(endpoint)
        return backend
