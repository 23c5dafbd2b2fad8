"""Request bodies per engine dialect match the engines' documented shapes."""

from __future__ import annotations

import pytest

from teller.errors import ConfigError
from teller.llm.backends.dialects import check_dialect, json_body, text_body

SCHEMA = {"type": "object", "properties": {"a": {"enum": ["x", None]}}, "required": ["a"]}
MSGS = [{"role": "user", "content": "hi"}]


def test_vllm_uses_response_format_json_schema_and_thinking_off() -> None:
    """vLLM: OpenAI response_format json_schema, enable_thinking false sent explicitly, never guided_json."""
    body = json_body("vllm", "google/gemma-4-E4B-it", MSGS, SCHEMA, max_tokens=96)
    assert body["response_format"] == {
        "type": "json_schema",
        "json_schema": {"name": "teller_extraction", "schema": SCHEMA, "strict": True},
    }
    assert body["chat_template_kwargs"] == {"enable_thinking": False}
    assert body["temperature"] == 0.0 and body["max_tokens"] == 96
    assert body["stream"] is True and body["stream_options"] == {"include_usage": True}
    assert not any(key.startswith("guided_") for key in body)
    assert body["messages"] == MSGS and body["model"] == "google/gemma-4-E4B-it"


def test_sglang_uses_response_format_json_schema() -> None:
    """SGLang: the same OpenAI response_format json_schema shape."""
    body = json_body("sglang", "m", MSGS, SCHEMA, max_tokens=64)
    assert body["response_format"]["type"] == "json_schema"
    assert body["response_format"]["json_schema"]["schema"] == SCHEMA
    assert "json_schema" not in body and "guided_json" not in body


def test_llamacpp_server_uses_top_level_json_schema() -> None:
    """llama.cpp's C++ llama-server: a top-level json_schema field."""
    body = json_body("llamacpp", "m", MSGS, SCHEMA, max_tokens=64)
    assert body["json_schema"] == SCHEMA
    assert "response_format" not in body


def test_llamacpp_python_server_uses_json_object_with_schema() -> None:
    """llama-cpp-python's server only enforces response_format json_object with a schema."""
    body = json_body("llamacpp-python", "m", MSGS, SCHEMA, max_tokens=64)
    assert body["response_format"] == {"type": "json_object", "schema": SCHEMA}
    assert "chat_template_kwargs" not in body


def test_thinking_on_is_sent_when_asked() -> None:
    """The doctor's thinking-on probe sends enable_thinking true."""
    assert json_body("vllm", "m", MSGS, SCHEMA, max_tokens=8, thinking=True)["chat_template_kwargs"] == {
        "enable_thinking": True
    }


def test_text_body_is_unconstrained() -> None:
    """QnA bodies carry no schema field and keep the requested temperature."""
    body = text_body("vllm", "m", MSGS, max_tokens=256, temperature=0.2)
    assert "response_format" not in body and "json_schema" not in body
    assert body["temperature"] == 0.2


def test_unknown_dialect_is_refused() -> None:
    """A typo in the configured dialect fails loudly, as a (permanent) configuration error."""
    with pytest.raises(ConfigError, match="vllm"):
        check_dialect("vlm")
