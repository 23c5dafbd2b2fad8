"""`teller engine serve`'s app over real HTTP (uvicorn on a free port), the tiny engine on the CPU,
driven by Teller's own OpenAI client (every dialect) and `teller doctor`."""

from __future__ import annotations

import json
import socket
import threading
import time
from collections.abc import Iterator

import pytest

pytest.importorskip("torch", reason="the gpu extra is installed by scripts/setup.sh")
uvicorn = pytest.importorskip("uvicorn")

from teller.llm.backends.dialects import DIALECTS  # noqa: E402
from teller.llm.backends.gpu import GpuBackend, GpuSettings  # noqa: E402
from teller.llm.backends.openai_http import OpenAIBackend  # noqa: E402
from teller.llm.doctor import run_doctor  # noqa: E402
from teller.llm.engine.server import create_app  # noqa: E402
from teller.llm.prompt import CandidateLine, build_messages  # noqa: E402
from teller.llm.schema import build_schema, check_reply  # noqa: E402

MODEL = "teller-gemma4-tiny-dummy"
CANDIDATES = [
    CandidateLine("p_001", "payee", "佐藤 健", "さとう けん", 0.93),
    CandidateLine("p_003", "payee", "佐藤 健太", None, 0.90),
    CandidateLine("a_001", "account", "ordinary savings JPY", None, None),
]
IDS = {"payee": ["p_001", "p_003"], "account": ["a_001"]}


@pytest.fixture(scope="module")
def base_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    import os

    os.environ.setdefault("TELLER_MODEL_CACHE", str(tmp_path_factory.mktemp("models")))
    backend = GpuBackend(
        GpuSettings(preset="tiny", device="cpu", dtype="float32", max_len=2048, attention="sdpa")
    )
    backend.load()
    sock = socket.socket()
    sock.bind(("127.0.0.1", 0))
    port = sock.getsockname()[1]
    server = uvicorn.Server(
        uvicorn.Config(create_app(backend, model_name=MODEL, deadline_s=120), log_level="warning")
    )
    thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    for _ in range(200):
        if server.started:
            break
        time.sleep(0.05)
    yield f"http://127.0.0.1:{port}"
    server.should_exit = True
    thread.join(timeout=10)


def test_models_lists_the_served_model(base_url: str) -> None:
    """GET /v1/models names the one model."""
    assert OpenAIBackend(base_url).list_models() == [MODEL]


@pytest.mark.parametrize("dialect", DIALECTS)
def test_extraction_is_schema_valid_in_every_dialect(base_url: str, dialect: str) -> None:
    """Each dialect's way of sending the schema is enforced: the streamed reply passes the strict check."""
    client = OpenAIBackend(base_url, model=MODEL, dialect=dialect)
    messages = build_messages("send 5000 yen to sato", CANDIDATES, {"amount": "5000"}, "en")
    reply = client.complete_json(messages, build_schema(IDS), max_tokens=160, deadline_s=120)
    check_reply(reply.text, IDS)
    assert reply.ttft_ms is not None and reply.ttft_ms <= reply.total_ms


def test_text_streams_and_not_streamed_requests_answer(base_url: str) -> None:
    """Unconstrained text streams in pieces; a non-streamed request gets one chat.completion with usage."""
    import httpx

    client = OpenAIBackend(base_url, model=MODEL)
    pieces = list(client.stream_text([{"role": "user", "content": "hello"}], max_tokens=8,
                                     temperature=0.0, deadline_s=120))  # fmt: skip
    assert pieces and all(pieces)
    body = {"model": MODEL, "messages": [{"role": "user", "content": "hello"}], "max_tokens": 8,
            "temperature": 0.0}  # fmt: skip
    resp = httpx.post(f"{base_url}/v1/chat/completions", json=body, timeout=120)
    assert resp.status_code == 200
    data = resp.json()
    assert data["object"] == "chat.completion"
    assert data["choices"][0]["message"]["content"] == "".join(pieces)
    assert data["usage"]["completion_tokens"] >= 1


@pytest.mark.parametrize(
    ("body", "status"),
    [
        ({"messages": []}, 400),
        ({"messages": [{"role": "user", "content": "x"}], "response_format": {"type": "grammar"}}, 400),
        ({"messages": [{"role": "user", "content": "x"}], "max_tokens": 0}, 400),
        ({"model": "gpt-4", "messages": [{"role": "user", "content": "x"}]}, 404),
        ({"messages": [{"role": "user", "content": "x"}],
          "response_format": {"type": "json_schema", "json_schema": {"schema": {"type": "nonsense"}}}}, 400),
    ],
)  # fmt: skip
def test_bad_requests_get_clear_errors(base_url: str, body: dict[str, object], status: int) -> None:
    """Malformed requests, unsupported formats, unknown models and bad schemas are 4xx with a message."""
    import httpx

    resp = httpx.post(f"{base_url}/v1/chat/completions", json=body, timeout=120)
    assert resp.status_code == status
    assert resp.json()["error"]["message"]


def test_doctor_passes_against_the_engine_server(base_url: str) -> None:
    """`teller doctor` passes: model, schema enforced (thinking on and off), enums, prefix-cache hits."""
    report = run_doctor(base_url, calls=3, deadline_s=120)
    failed = [c for c in report.checks if c.ok is False]
    assert report.ok, failed
    names = {c.name for c in report.checks}
    expected = {"schema enforced (thinking off)", "schema enforced (thinking on)", "enums respected"}
    assert {"models", *expected} <= names
    assert report.latency["prefix_cache_hit_rate"] > 0.5
    metrics = json.dumps(report.latency)
    assert "total_p95_ms" in metrics
