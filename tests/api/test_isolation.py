"""One customer cannot slow or starve another, through a real uvicorn server (issue 11).

Each protection is driven with a small configured limit, and each test would fail without it. The
LLM is a fake backend that blocks until the test releases it (or its deadline passes, as a real
backend does), so "the model is busy" is a state the test controls, not a timing.
"""

from __future__ import annotations

import json
import threading
from collections.abc import Iterator, Mapping, Sequence
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import httpx
import pytest
from tests.api.conftest import Served, api_for_tests, serve
from tests.conftest import BACKENDS, Databases
from websockets.exceptions import ConnectionClosed, InvalidStatus
from websockets.sync.client import connect

from teller.config import Settings, StoreSettings
from teller.errors import DeadlineExceeded
from teller.llm.extract import Extractor
from teller.llm.protocol import Completion, Message
from teller.pipeline.turn import TurnRunner

LLM_TEXT = "money thing for ken"  # the fast path cannot decide (for c_001 and c_002): it asks the model
REPLY = {
    "intent": "transfer_money",
    "recipient_candidate_id": None,
    "biller_id": None,
    "card_id": None,
    "account_id": None,
    "amount": None,
    "currency": None,
    "needs_confirmation": True,
    "ambiguity_reason": None,
}


class BlockingBackend:
    """A model that works until released or until its deadline, like a real backend."""

    def __init__(self) -> None:
        self.release = threading.Event()
        self.started = threading.Event()
        self.running = 0
        self.calls = 0

    def complete_json(
        self, messages: Sequence[Message], schema: Mapping[str, Any], *, max_tokens: int, deadline_s: float
    ) -> Completion:
        self.calls += 1
        self.running += 1
        self.started.set()
        try:
            if not self.release.wait(deadline_s):
                raise DeadlineExceeded(f"fake model: no reply within {deadline_s:.2f} s")
            return Completion(json.dumps(REPLY))
        finally:
            self.running -= 1


@pytest.fixture(params=BACKENDS)
def backend(request: pytest.FixtureRequest) -> str:
    """Each protection on both databases (a turn writes sessions and pending actions)."""
    return str(request.param)


@pytest.fixture
def model() -> Iterator[BlockingBackend]:
    backend = BlockingBackend()
    yield backend
    backend.release.set()


def _llm_server(databases: Databases, backend: BlockingBackend, deadline_s: float = 30.0, **api: Any) -> Any:
    settings = Settings(store=StoreSettings(url=databases.url()))
    settings.llm.extract.deadline_s = deadline_s

    def factory(s: Settings) -> TurnRunner:
        runner = TurnRunner.from_settings(s)
        runner._extractor = Extractor(backend, deadline_s=deadline_s)
        return runner

    return serve(settings.store.url, api_for_tests(**api), settings, runner_factory=factory, llm=True)


def _turn(s: Served, text: str, customer: str = "c_001", **extra: Any) -> httpx.Response:
    return httpx.post(f"{s.url}/v1/turns", json={"text": text, **extra}, headers=s.auth(customer), timeout=60)


def test_a_full_model_lane_degrades_the_turn_at_once(databases: Databases, model: BlockingBackend) -> None:
    """With the model busy and no queue, the next LLM-bound turn is `clarify` / `llm_busy` right away."""
    with _llm_server(databases, model, llm_queue=0) as s, ThreadPoolExecutor(1) as pool:
        first = pool.submit(_turn, s, LLM_TEXT)
        assert model.started.wait(30)
        second = _turn(s, LLM_TEXT, "c_002")
        assert model.running == 1 and not model.release.is_set()  # answered while the model still works
        assert second.status_code == 200
        assert (second.json()["action"], second.json()["reason"]) == ("clarify", "llm_busy")
        assert model.calls == 1  # the second turn never reached the model
        model.release.set()
        assert first.result().status_code == 200


def test_request_workers_are_free_while_the_model_works(databases: Databases, model: BlockingBackend) -> None:
    """With one request worker and the model busy on a turn, another customer's balance is answered."""
    with _llm_server(databases, model, workers=1) as s, ThreadPoolExecutor(1) as pool:
        pending = pool.submit(_turn, s, LLM_TEXT)
        assert model.started.wait(30)
        balance = _turn(s, "what's my balance", "c_002")
        assert model.running == 1  # the model had not finished when the balance came back
        assert balance.status_code == 200 and balance.json()["intent"] == "balance_inquiry"
        model.release.set()
        assert pending.result().status_code == 200


def test_the_model_deadline_degrades_the_turn(databases: Databases, model: BlockingBackend) -> None:
    """A model that does not answer within its deadline: `clarify` / `llm_deadline_exceeded`, not 504."""
    with _llm_server(databases, model, deadline_s=0.5) as s:
        out = _turn(s, LLM_TEXT)
        assert out.status_code == 200
        assert (out.json()["action"], out.json()["reason"]) == ("clarify", "llm_deadline_exceeded")
        assert model.running == 0  # nothing is left working on it


def test_one_key_over_its_rate_gets_429_and_others_do_not(databases: Databases) -> None:
    """A key past its burst gets 429 `rate_limited` with Retry-After; another customer is served."""
    api = api_for_tests(rate_per_key_s=0.01, burst_per_key=3)
    with serve(databases.url(), api) as s:
        codes = [_turn(s, "what's my balance").status_code for _ in range(3)]
        refused = _turn(s, "what's my balance")
        other = _turn(s, "what's my balance", "c_002")
    assert codes == [200, 200, 200]
    assert refused.status_code == 429 and refused.json()["error"]["code"] == "rate_limited"
    assert int(refused.headers["retry-after"]) >= 1
    assert other.status_code == 200


def test_one_key_over_its_concurrency_gets_429(databases: Databases, model: BlockingBackend) -> None:
    """With one request in flight per key, the key's next request is refused; another key is served."""
    with _llm_server(databases, model, max_in_flight_per_key=1) as s, ThreadPoolExecutor(1) as pool:
        pending = pool.submit(_turn, s, LLM_TEXT)
        assert model.started.wait(30)
        again = _turn(s, "what's my balance")
        other = _turn(s, "what's my balance", "c_002")
        model.release.set()
        assert pending.result().status_code == 200
    assert again.status_code == 429 and again.json()["error"]["code"] == "rate_limited"
    assert other.status_code == 200


def test_failed_keys_throttle_their_address_only(databases: Databases) -> None:
    """After a burst of unknown keys one address gets 429 even with a good key; another address does not."""
    api = api_for_tests(auth_failures_burst=3, auth_failures_per_s=0.01)
    with serve(databases.url(), api) as s:
        bad = {"Authorization": "Bearer tk_guess"}
        codes = [httpx.get(f"{s.url}/v1/accounts", headers=bad).status_code for _ in range(3)]
        throttled = httpx.get(f"{s.url}/v1/accounts", headers=s.auth())
        elsewhere = httpx.Client(transport=httpx.HTTPTransport(local_address="127.0.0.2"))
        with elsewhere:
            fine = elsewhere.get(f"{s.url}/v1/accounts", headers=s.auth())
    assert codes == [401, 401, 401]
    assert throttled.status_code == 429 and throttled.json()["error"]["code"] == "auth_throttled"
    assert "retry-after" in throttled.headers
    assert fine.status_code == 200


def test_keys_in_the_query_string_are_refused(served: Served) -> None:
    """A key in the URL is refused (400 `key_in_query`) for HTTP and at the WebSocket handshake."""
    key = served.key("c_001")
    r = httpx.get(f"{served.url}/v1/accounts?key={key}")
    assert r.status_code == 400 and r.json()["error"]["code"] == "key_in_query"
    r = httpx.get(f"{served.url}/v1/accounts?x={key}", headers=served.auth())
    assert r.status_code == 400
    with pytest.raises(InvalidStatus) as info:
        connect(f"{served.ws_url}/v1/turns/stream?access_token={key}")
    assert info.value.response.status_code == 400


def _closed_code(ws: Any) -> int | None:
    try:
        ws.recv(timeout=30)
    except ConnectionClosed as exc:
        return exc.rcvd.code if exc.rcvd is not None else None
    return None


def test_streams_per_key_are_capped_with_1013(databases: Databases) -> None:
    """A key over its stream cap is accepted and closed with 1013; another customer still gets a stream."""
    api = api_for_tests(max_streams_per_key=1)
    with serve(databases.url(), api) as s:
        url = f"{s.ws_url}/v1/turns/stream"
        with connect(url, additional_headers=s.auth()) as first:
            with connect(url, additional_headers=s.auth()) as second:
                assert _closed_code(second) == 1013
            with connect(url, additional_headers=s.auth("c_002")) as other:
                other.send(json.dumps({"type": "text", "text": "what's my balance"}))
                assert json.loads(other.recv(timeout=30))["type"] == "result"
            first.send(json.dumps({"type": "text", "text": "what's my balance"}))
            assert json.loads(first.recv(timeout=30))["type"] == "result"


def test_server_stream_capacity_closes_with_1013_not_403(databases: Databases) -> None:
    """Past `max_streams` a stream is accepted and closed with 1013 (try again later), not refused 403."""
    api = api_for_tests(max_streams=1)
    with serve(databases.url(), api) as s:
        url = f"{s.ws_url}/v1/turns/stream"
        with (
            connect(url, additional_headers=s.auth()),
            connect(url, additional_headers=s.auth("c_002")) as ws,
        ):
            assert _closed_code(ws) == 1013


def test_idle_streams_are_closed(databases: Databases) -> None:
    """A stream that sends nothing for `ws_idle_timeout_s` is closed by the server (1000, idle timeout)."""
    api = api_for_tests(ws_idle_timeout_s=0.3)
    with (
        serve(databases.url(), api) as s,
        connect(f"{s.ws_url}/v1/turns/stream", additional_headers=s.auth()) as ws,
        pytest.raises(ConnectionClosed) as info,
    ):
        ws.recv(timeout=30)
    assert info.value.rcvd is not None
    assert (info.value.rcvd.code, info.value.rcvd.reason) == (1000, "idle timeout")


class _SlowAnswers:
    """A QnA answerer whose answers wait until released (a model that is busy)."""

    def __init__(self) -> None:
        self.release = threading.Event()
        self.started = threading.Event()

    def stream(self, question: str, *, language: str | None = None) -> Iterator[Any]:
        self.started.set()
        self.release.wait(60)
        return
        yield


def _sse_events(r: httpx.Response) -> list[str]:
    return [line.split(":", 1)[1].strip() for line in r.text.splitlines() if line.startswith("event:")]


def test_a_full_qna_lane_answers_overloaded_at_once(databases: Databases) -> None:
    """With the QnA lane's only worker busy on one answer, the next question gets an `overloaded` error
    event right away, and a balance request is still served."""
    api = api_for_tests(qna_workers=1, qna_queue=0, voice=False)
    with serve(databases.url(), api) as s, ThreadPoolExecutor(1) as pool:
        slow = _SlowAnswers()
        s.app.state.service.answerer = slow
        ask = {"question": "what are the ATM fees?"}
        first = pool.submit(httpx.post, f"{s.url}/v1/qna", json=ask, headers=s.auth(), timeout=60)
        assert slow.started.wait(30)
        second = httpx.post(f"{s.url}/v1/qna", json=ask, headers=s.auth("c_002"), timeout=60)
        balance = _turn(s, "what's my balance", "c_003")
        assert not slow.release.is_set()
        slow.release.set()
        first.result()
    assert second.status_code == 200 and _sse_events(second) == ["error"]
    assert '"overloaded"' in second.text
    assert balance.status_code == 200


def test_a_full_voice_lane_refuses_uploads_with_429(databases: Databases) -> None:
    """With the voice lane's only worker busy, an audio upload is refused at once (429), not queued."""
    api = api_for_tests(voice_workers=1, voice_queue=0)
    with serve(databases.url(), api) as s:
        service = s.app.state.service
        if service.voice is None:
            pytest.skip("this server has no voice path")
        busy = threading.Event()
        service.voice_lane.try_submit(busy.wait, 60)
        try:
            files = {"audio": ("a.wav", b"RIFF" + b"\x00" * 64, "audio/wav")}
            r = httpx.post(f"{s.url}/v1/turns", files=files, headers=s.auth(), timeout=60)
        finally:
            busy.set()
    assert r.status_code == 429 and r.json()["error"]["code"] == "overloaded"
