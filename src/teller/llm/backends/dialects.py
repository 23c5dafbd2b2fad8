"""Request bodies for OpenAI-compatible servers, one function per engine dialect.

Pure functions (no I/O) so tests can compare them with the engines' documented shapes:

- ``vllm``: ``response_format = {"type": "json_schema", "json_schema": {"name", "schema", "strict"}}``
  (vLLM's OpenAI server compiles it with xgrammar/guidance). The old ``guided_json`` extra field is
  silently ignored by current vLLM, so it is never sent. ``chat_template_kwargs.enable_thinking`` is
  sent explicitly because Gemma 4 / Qwen3 templates otherwise decide for themselves.
- ``sglang``: the same ``response_format`` (SGLang's OpenAI server), and ``chat_template_kwargs``.
- ``llamacpp`` (the C++ ``llama-server``): top-level ``json_schema`` (converted to a GBNF grammar by
  the server), and ``chat_template_kwargs`` (honoured by ``--jinja`` templates).
- ``llamacpp-python`` (``python -m llama_cpp.server``): only ``response_format =
  {"type": "json_object", "schema": …}`` is enforced; ``json_schema`` response formats are ignored.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Final, Literal

from teller.errors import ConfigError
from teller.llm.protocol import Message

Dialect = Literal["vllm", "sglang", "llamacpp", "llamacpp-python"]
DIALECTS: Final[tuple[Dialect, ...]] = ("vllm", "sglang", "llamacpp", "llamacpp-python")
SCHEMA_NAME: Final = "teller_extraction"
_USAGE_IN_STREAM: Final = frozenset({"vllm", "sglang"})


def check_dialect(name: str) -> Dialect:
    """Validate a configured dialect name."""
    for dialect in DIALECTS:
        if dialect == name:
            return dialect
    raise ConfigError(f"unknown LLM dialect {name!r}; expected one of {', '.join(DIALECTS)}")


def _base(
    dialect: Dialect,
    model: str,
    messages: Sequence[Message],
    *,
    max_tokens: int,
    temperature: float,
    thinking: bool | None,
) -> dict[str, Any]:
    body: dict[str, Any] = {
        "model": model,
        "messages": [dict(m) for m in messages],
        "max_tokens": max_tokens,
        "temperature": temperature,
        "stream": True,
    }
    if dialect in _USAGE_IN_STREAM:
        body["stream_options"] = {"include_usage": True}
    if thinking is not None and dialect != "llamacpp-python":
        body["chat_template_kwargs"] = {"enable_thinking": thinking}
    return body


def json_body(
    dialect: Dialect,
    model: str,
    messages: Sequence[Message],
    schema: Mapping[str, Any],
    *,
    max_tokens: int,
    temperature: float = 0.0,
    thinking: bool = False,
) -> dict[str, Any]:
    """A streamed chat completion whose output the server must constrain to `schema`."""
    body = _base(dialect, model, messages, max_tokens=max_tokens, temperature=temperature, thinking=thinking)
    if dialect in ("vllm", "sglang"):
        body["response_format"] = {
            "type": "json_schema",
            "json_schema": {"name": SCHEMA_NAME, "schema": dict(schema), "strict": True},
        }
    elif dialect == "llamacpp":
        body["json_schema"] = dict(schema)
    else:
        body["response_format"] = {"type": "json_object", "schema": dict(schema)}
    return body


def text_body(
    dialect: Dialect,
    model: str,
    messages: Sequence[Message],
    *,
    max_tokens: int,
    temperature: float,
    thinking: bool | None = False,
) -> dict[str, Any]:
    """A streamed, unconstrained chat completion (QnA answers)."""
    return _base(dialect, model, messages, max_tokens=max_tokens, temperature=temperature, thinking=thinking)
