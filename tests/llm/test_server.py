"""Against a real OpenAI-compatible server: llama-cpp-python's server with the bundled model."""

from __future__ import annotations

import pytest

from teller.llm.backends.openai_http import OpenAIBackend
from teller.llm.doctor import PROSE_PROMPT, PROSE_SCHEMA, run_doctor, valid_prose_reply
from teller.llm.extract import CandidateView, ExtractionInput, Extractor

pytestmark = pytest.mark.slow
DEADLINE = 300.0  # behaviour, not speed: llama.cpp's GBNF sampler is slow on a shared CPU


def test_server_enforces_the_schema_on_a_prose_prompt(llama_server: str) -> None:
    """The json_object+schema dialect makes the server return schema-valid JSON to a prose request."""
    backend = OpenAIBackend(llama_server, dialect="llamacpp-python")
    reply = backend.complete_json(
        [{"role": "user", "content": PROSE_PROMPT}], PROSE_SCHEMA, max_tokens=32, deadline_s=DEADLINE
    )
    assert valid_prose_reply(reply.text), reply.text
    assert reply.ttft_ms is not None and reply.model_calls == 1


def test_doctor_passes_against_the_llama_cpp_server(llama_server: str) -> None:
    """teller doctor's checks (models, enforcement with thinking off/on, enums) pass on a real server."""
    report = run_doctor(llama_server, dialect="llamacpp-python", calls=1, deadline_s=DEADLINE)
    assert report.ok, report.checks
    assert report.model == "bundled"
    assert {c.name for c in report.checks} >= {"models", "enums respected", "schema enforced (thinking on)"}
    assert report.latency["total_p50_ms"] > 0


def test_deadline_against_the_real_server_degrades(llama_server: str) -> None:
    """A deadline the server cannot meet yields llm_deadline_exceeded, and the stream is dropped."""
    inp = ExtractionInput("send 5000 yen to sato", (CandidateView("p_001", "payee", "佐藤 健"),), {})
    out = Extractor(OpenAIBackend(llama_server, dialect="llamacpp-python"), deadline_s=0.05).extract(inp)
    assert (out.ok, out.reason) == (False, "llm_deadline_exceeded")


def test_stream_text_from_the_real_server(llama_server: str) -> None:
    """Plain streamed text arrives in several SSE pieces."""
    backend = OpenAIBackend(llama_server, dialect="llamacpp-python")
    pieces = list(
        backend.stream_text(
            [{"role": "user", "content": "Say hello to a bank customer."}],
            max_tokens=16,
            temperature=0.0,
            deadline_s=DEADLINE,
        )
    )
    assert len(pieces) > 2 and "".join(pieces).strip()
