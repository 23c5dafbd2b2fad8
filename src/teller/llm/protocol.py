"""The one seam every LLM backend implements (embedded llama.cpp, OpenAI-compatible servers, fakes).

Messages are OpenAI-style dicts: {"role": "system"|"user"|"assistant", "content": str}.
Backends raise only errors from `teller.errors` (BackendUnavailable, DeadlineExceeded, BackendError),
re-raising foreign errors `from exc` at this seam.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol, runtime_checkable

Message = Mapping[str, str]


@dataclass(frozen=True, slots=True)
class Completion:
    """A finished constrained completion: the raw JSON text plus what it cost."""

    text: str
    ttft_ms: float | None = None
    total_ms: float = 0.0
    output_tokens: int = 0
    model_calls: int = 0
    extra: dict[str, Any] = field(default_factory=dict)


@runtime_checkable
class JsonBackend(Protocol):
    """Returns text that satisfies `schema` (a JSON Schema object), or raises a BackendError."""

    def complete_json(
        self,
        messages: Sequence[Message],
        schema: Mapping[str, Any],
        *,
        max_tokens: int,
        deadline_s: float,
    ) -> Completion: ...


@runtime_checkable
class TextStreamBackend(Protocol):
    """Yields text pieces as the model produces them (for QnA answers)."""

    def stream_text(
        self,
        messages: Sequence[Message],
        *,
        max_tokens: int,
        temperature: float,
        deadline_s: float,
    ) -> Iterator[str]: ...


@runtime_checkable
class Backend(JsonBackend, TextStreamBackend, Protocol):
    """Both seams: what `teller.llm.factory.build_backend` returns."""
