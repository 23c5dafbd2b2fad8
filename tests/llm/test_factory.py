"""Backends from configuration: lazy, one per endpoint, disabled when configured so."""

from __future__ import annotations

import pytest

from teller.config import LLMEndpoint, LLMSettings
from teller.errors import ConfigError
from teller.llm.backends.embedded import EmbeddedBackend
from teller.llm.backends.openai_http import OpenAIBackend
from teller.llm.extract import ExtractionInput, build_extractor
from teller.llm.factory import build_backend
from teller.llm.protocol import Backend, JsonBackend, TextStreamBackend


def test_embedded_is_the_default_and_loads_nothing_when_built() -> None:
    """The default endpoint builds an embedded backend without loading any model."""
    backend = build_backend(LLMEndpoint(model_path="/nonexistent/model.gguf"))
    assert isinstance(backend, EmbeddedBackend)
    assert backend._json_llm is None
    assert isinstance(backend, JsonBackend) and isinstance(backend, TextStreamBackend)


def test_same_endpoint_same_backend_and_qna_shares_the_embedded_model() -> None:
    """Extraction and QnA on the same embedded model share one backend instance."""
    settings = LLMSettings(qna=LLMEndpoint(backend="embedded", max_tokens=256, temperature=0.2))
    assert build_backend(settings.extract) is build_backend(settings.qna)


def test_openai_endpoint_builds_the_http_backend() -> None:
    """backend=openai with a dialect yields the OpenAI-compatible backend with that dialect."""
    endpoint = LLMEndpoint(backend="openai", dialect="sglang", base_url="http://gpu:30000", model="g")
    backend = build_backend(endpoint)
    assert isinstance(backend, OpenAIBackend) and isinstance(backend, Backend)
    assert backend.dialect == "sglang" and backend.base_url == "http://gpu:30000/v1"


def test_openai_without_base_url_is_a_configuration_error() -> None:
    """A missing base_url fails when the backend is built, naming the setting; it is not transient."""
    with pytest.raises(ConfigError, match="BASE_URL") as info:
        build_backend(LLMEndpoint(backend="openai"))
    assert not info.value.transient


def test_missing_model_file_degrades_instead_of_raising() -> None:
    """An embedded model path that does not exist degrades the turn with llm_unavailable."""
    extractor = build_extractor(LLMEndpoint(model_path="/nonexistent/model.gguf"))
    out = extractor.extract(ExtractionInput("send money", (), {}))
    assert (out.ok, out.reason) == (False, "llm_unavailable")


def test_disabled_llm_builds_a_disabled_extractor() -> None:
    """enabled=False (TELLER_LLM__ENABLED=false) gives an extractor that answers llm_disabled."""
    out = build_extractor(LLMEndpoint(), enabled=False).extract(ExtractionInput("x", (), {}))
    assert (out.ok, out.reason) == (False, "llm_disabled")
