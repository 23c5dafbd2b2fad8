"""The OpenAI-compatible backend over real HTTP against a tiny fake server."""

from __future__ import annotations

import json
import socket
import time

import pytest
from tests.llm.fake_openai import FakeOpenAI, serve

from teller.errors import BackendError, BackendUnavailable, DeadlineExceeded
from teller.llm.backends.openai_http import OpenAIBackend, shared_client
from teller.llm.extract import CandidateView, ExtractionInput, Extractor

GOOD = (
    '{"intent":"transfer_money","recipient_candidate_id":"p_001","biller_id":null,"card_id":null,'
    '"account_id":null,"amount":"5000","currency":"JPY","needs_confirmation":false,"ambiguity_reason":null}'
)
INP = ExtractionInput("send 5000 yen to sato", (CandidateView("p_001", "payee", "佐藤 健"),), {})


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def test_extraction_through_a_server_streams_and_validates() -> None:
    """A streamed reply is assembled, validated and timed; the body carries the vLLM schema field."""
    with serve(FakeOpenAI(reply=lambda body: GOOD)) as fake:
        out = Extractor(OpenAIBackend(fake.base_url, dialect="vllm")).extract(INP)
    assert out.ok and out.recipient_id == "p_001"
    assert out.ttft_ms is not None and out.ttft_ms <= out.total_ms
    assert out.output_tokens == len(range(0, len(GOOD), 4))
    body = fake.requests[-1]
    assert body["model"] == "fake-model"  # discovered from /v1/models
    assert body["response_format"]["json_schema"]["schema"]["properties"]["recipient_candidate_id"][
        "enum"
    ] == [
        "p_001",
        None,
    ]


def test_server_ignoring_the_schema_degrades_to_invalid_reply() -> None:
    """Prose from a server that ignored the schema is rejected in code."""
    with serve(FakeOpenAI(reply=lambda body: "Sure, sending to p_999!")) as fake:
        out = Extractor(OpenAIBackend(fake.base_url, model="m")).extract(INP)
    assert (out.ok, out.reason) == (False, "llm_invalid_reply")


def test_server_down_degrades_with_a_clear_reason() -> None:
    """Nothing listening: ok=False, reason llm_unavailable, well within the deadline."""
    backend = OpenAIBackend(f"http://127.0.0.1:{_free_port()}", model="m")
    start = time.perf_counter()
    out = Extractor(backend, deadline_s=5.0).extract(INP)
    assert (out.ok, out.reason) == (False, "llm_unavailable")
    assert time.perf_counter() - start < 2.0
    with pytest.raises(BackendUnavailable, match="unreachable"):
        backend.complete_json([{"role": "user", "content": "x"}], {}, max_tokens=8, deadline_s=1.0)


def test_slow_server_hits_the_deadline_and_the_connection_is_dropped() -> None:
    """A server slower than the deadline yields llm_deadline_exceeded near the deadline."""
    with serve(FakeOpenAI(reply=lambda body: GOOD, delay_s=2.0)) as fake:
        start = time.perf_counter()
        out = Extractor(OpenAIBackend(fake.base_url, model="m"), deadline_s=0.5).extract(INP)
        elapsed = time.perf_counter() - start
    assert (out.ok, out.reason) == (False, "llm_deadline_exceeded")
    assert elapsed < 1.5


def test_http_500_is_unavailable_and_400_is_a_backend_error() -> None:
    """5xx means the server is unwell (transient); 4xx means our request is wrong (permanent)."""
    with serve(FakeOpenAI(reply=lambda body: GOOD, status=503)) as fake:
        with pytest.raises(BackendUnavailable, match="503"):
            OpenAIBackend(fake.base_url, model="m").complete_json([], {}, max_tokens=8, deadline_s=2)
        fake.status = 400
        with pytest.raises(BackendError, match="400") as info:
            OpenAIBackend(fake.base_url, model="m").complete_json([], {}, max_tokens=8, deadline_s=2)
        assert not info.value.transient


def test_stream_text_yields_pieces_and_cancels_on_close() -> None:
    """stream_text yields the answer in pieces; closing the generator early drops the connection."""
    answer = "Transfers made after 15:00 arrive the next business day. " * 20
    with serve(FakeOpenAI(reply=lambda body: answer, delay_s=0.05)) as fake:
        backend = OpenAIBackend(fake.base_url, model="m", dialect="sglang")
        pieces = list(
            backend.stream_text(
                [{"role": "user", "content": "q"}], max_tokens=64, temperature=0.2, deadline_s=10
            )
        )
        assert "".join(pieces) == answer and len(pieces) > 1
        assert "response_format" not in fake.requests[-1]
        stream = backend.stream_text(
            [{"role": "user", "content": "q"}], max_tokens=64, temperature=0.2, deadline_s=10
        )
        assert next(stream)
        stream.close()
        deadline = time.monotonic() + 5
        while fake.disconnects == 0 and time.monotonic() < deadline:
            time.sleep(0.05)
    assert fake.disconnects >= 1


def test_one_pooled_client_per_process() -> None:
    """Backends share the process-wide httpx client (keep-alive across endpoints)."""
    a = OpenAIBackend("http://127.0.0.1:1", model="m")
    b = OpenAIBackend("http://127.0.0.1:2/v1", model="m")
    assert a.client is b.client is shared_client()
    assert b.base_url == "http://127.0.0.1:2/v1"


def test_api_key_is_sent_as_bearer() -> None:
    """The configured api_key travels as an Authorization bearer header on every request."""
    with serve(FakeOpenAI(reply=lambda body: GOOD)) as fake:
        backend = OpenAIBackend(fake.base_url, api_key="sekret")
        assert backend.list_models() == ["fake-model"]
        assert json.loads(backend.complete_json([], {}, max_tokens=8, deadline_s=5).text)["amount"] == "5000"
    assert [h.get("Authorization") for h in fake.headers] == ["Bearer sekret"] * 3


def test_a_trickling_server_is_cut_off_at_the_deadline() -> None:
    """A server that keeps sending a byte at a time (never a whole line) cannot hold the call past its
    deadline: DeadlineExceeded, and the connection is closed so the server stops generating."""
    import threading

    closed = threading.Event()
    listener = socket.socket()
    listener.bind(("127.0.0.1", 0))
    listener.listen()
    port = listener.getsockname()[1]

    def trickle() -> None:
        conn, _ = listener.accept()
        conn.recv(65536)
        conn.sendall(b"HTTP/1.1 200 OK\r\ncontent-type: text/event-stream\r\n\r\ndata: {")
        try:
            for _ in range(600):  # one byte every 50 ms for up to 30 s
                time.sleep(0.05)
                conn.sendall(b" ")
        except OSError:
            closed.set()
        finally:
            conn.close()

    threading.Thread(target=trickle, daemon=True).start()
    backend = OpenAIBackend(f"http://127.0.0.1:{port}", model="m")
    with pytest.raises(DeadlineExceeded):
        backend.complete_json(
            [{"role": "user", "content": "x"}], {"type": "object"}, max_tokens=8, deadline_s=0.5
        )
    assert closed.wait(30)
    listener.close()
