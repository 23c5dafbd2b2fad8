"""OpenAI-compatible servers (vLLM, SGLang, llama.cpp) over httpx, streamed.

One pooled `httpx.Client` per process carries every request (keep-alive matters more than anything
else for a 40-token reply). Each call has a deadline: the connect and read timeouts are the time left,
and the stream is checked against it after every line. A read timeout restarts with every byte, so a
server that trickles bytes could hold a call forever: a watchdog shuts the connection's socket down
at the deadline itself. On the deadline, or when the caller stops iterating `stream_text`, the
connection is closed: vLLM and SGLang abort the request server-side when their client disconnects
(cancellation), so no generation continues after the caller has its answer.

Errors at this seam: connection failures -> BackendUnavailable; timeouts and late streams ->
DeadlineExceeded; HTTP 5xx -> BackendUnavailable; other HTTP errors and malformed streams ->
BackendError.

Timing: ``ttft_ms`` runs from sending the request to the first content delta; ``total_ms`` to the
end of the stream.
"""

from __future__ import annotations

import contextlib
import json
import socket
import threading
import time
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any

from teller.errors import BackendError, BackendUnavailable, DeadlineExceeded, MissingExtra
from teller.llm.backends.dialects import Dialect, check_dialect, json_body, text_body
from teller.llm.protocol import Completion, Message

if TYPE_CHECKING:
    import httpx

_client_lock = threading.Lock()
_client: httpx.Client | None = None


def _httpx() -> Any:
    try:
        import httpx
    except ImportError as exc:
        raise MissingExtra("httpx", "llm") from exc
    return httpx


def shared_client() -> httpx.Client:
    """The process-wide pooled client (created on first use)."""
    global _client
    with _client_lock:
        if _client is None or _client.is_closed:
            httpx = _httpx()
            _client = httpx.Client(
                limits=httpx.Limits(max_connections=64, max_keepalive_connections=16),
                timeout=None,
            )
        return _client


class _Deadline:
    def __init__(self, seconds: float) -> None:
        self.start = time.perf_counter()
        self.end = self.start + seconds
        self.seconds = seconds
        self.cut = False  # the watchdog shut the connection down at the deadline

    def left(self) -> float:
        left = self.end - time.perf_counter()
        if left <= 0:
            raise DeadlineExceeded(f"no reply within {self.seconds:.2f} s")
        return left

    def elapsed_ms(self) -> float:
        return (time.perf_counter() - self.start) * 1000.0


class OpenAIBackend:
    """JsonBackend + TextStreamBackend for one OpenAI-compatible endpoint."""

    def __init__(
        self,
        base_url: str,
        *,
        model: str | None = None,
        api_key: str | None = None,
        dialect: str = "vllm",
        client: httpx.Client | None = None,
        thinking: bool = False,
    ) -> None:
        self.base_url = base_url.rstrip("/")
        if not self.base_url.endswith("/v1"):
            self.base_url += "/v1"
        self.dialect: Dialect = check_dialect(dialect)
        self._model = model
        self._headers = {"Authorization": f"Bearer {api_key}"} if api_key else {}
        self._client = client
        self.thinking = thinking

    @property
    def client(self) -> httpx.Client:
        return self._client if self._client is not None else shared_client()

    # -- discovery ---------------------------------------------------------------------------------

    def list_models(self, *, deadline_s: float = 5.0) -> list[str]:
        """Ids from GET /v1/models."""
        deadline = _Deadline(deadline_s)
        with self._errors(deadline):
            resp = self.client.get(
                f"{self.base_url}/models", headers=self._headers, timeout=self._timeout(deadline)
            )
            self._raise_for_status(resp)
            data = resp.json()
        return [str(m["id"]) for m in data.get("data", []) if isinstance(m, dict) and "id" in m]

    def model(self, *, deadline_s: float = 5.0) -> str:
        """The configured model, or the first one the server serves."""
        if self._model is None:
            served = self.list_models(deadline_s=deadline_s)
            if not served:
                raise BackendError(f"{self.base_url} serves no models")
            self._model = served[0]
        return self._model

    def warm(self, messages: Sequence[Message], *, deadline_s: float = 10.0) -> None:
        """Send the prompt once with max_tokens=1 so the server's prefix cache holds its fixed part."""
        deadline = _Deadline(deadline_s)
        body = text_body(
            self.dialect, self.model(deadline_s=deadline_s), messages, max_tokens=1, temperature=0.0
        )
        for _ in self._stream(body, deadline):
            pass

    # -- the two protocol methods ------------------------------------------------------------------

    def complete_json(
        self,
        messages: Sequence[Message],
        schema: Mapping[str, Any],
        *,
        max_tokens: int,
        deadline_s: float,
    ) -> Completion:
        deadline = _Deadline(deadline_s)
        body = json_body(
            self.dialect,
            self.model(deadline_s=deadline_s),
            messages,
            schema,
            max_tokens=max_tokens,
            thinking=self.thinking,
        )
        pieces: list[str] = []
        ttft: float | None = None
        usage: dict[str, Any] = {}
        for kind, value in self._stream(body, deadline):
            if kind == "usage":
                usage = value
            elif kind == "content":
                ttft = deadline.elapsed_ms() if ttft is None else ttft
                pieces.append(value)
        return Completion(
            text="".join(pieces),
            ttft_ms=ttft,
            total_ms=deadline.elapsed_ms(),
            output_tokens=int(usage.get("completion_tokens") or len(pieces)),
            model_calls=1,
            extra={"usage": usage} if usage else {},
        )

    def stream_text(
        self,
        messages: Sequence[Message],
        *,
        max_tokens: int,
        temperature: float,
        deadline_s: float,
    ) -> Iterator[str]:
        deadline = _Deadline(deadline_s)
        model = self.model(deadline_s=deadline_s)
        body = text_body(
            self.dialect,
            model,
            messages,
            max_tokens=max_tokens,
            temperature=temperature,
            thinking=self.thinking,
        )
        for kind, value in self._stream(body, deadline):
            if kind == "content" and value:
                yield value

    # -- transport ---------------------------------------------------------------------------------

    def _timeout(self, deadline: _Deadline) -> Any:
        left = deadline.left()
        return _httpx().Timeout(left, connect=min(left, 5.0))

    def _stream(self, body: dict[str, Any], deadline: _Deadline) -> Iterator[tuple[str, Any]]:
        """Yield ("content", str) and ("usage", dict) events from the SSE stream."""
        url = f"{self.base_url}/chat/completions"
        with (
            self._errors(deadline),
            self.client.stream(
                "POST", url, json=body, headers=self._headers, timeout=self._timeout(deadline)
            ) as resp,
        ):
            self._raise_for_status(resp)
            watchdog = threading.Timer(deadline.left(), _cut, (resp, deadline))
            watchdog.daemon = True
            watchdog.start()
            try:
                yield from self._events(resp, deadline)
            finally:
                watchdog.cancel()

    @staticmethod
    def _events(resp: httpx.Response, deadline: _Deadline) -> Iterator[tuple[str, Any]]:
        for line in resp.iter_lines():
            deadline.left()  # raises DeadlineExceeded; leaving the block closes the connection
            if not line.startswith("data:"):
                continue
            data = line[5:].strip()
            if data == "[DONE]":
                break
            event = _parse_chunk(data)
            if event.get("usage"):
                yield "usage", event["usage"]
            for choice in event.get("choices") or ():
                content = (choice.get("delta") or {}).get("content")
                if content:
                    yield "content", content

    def _raise_for_status(self, resp: httpx.Response) -> None:
        if resp.status_code < 400:
            return
        resp.read()
        detail = resp.text[:300]
        if resp.status_code >= 500:
            raise BackendUnavailable(f"{self.base_url}: HTTP {resp.status_code}: {detail}")
        raise BackendError(f"{self.base_url}: HTTP {resp.status_code}: {detail}", code="backend_http_error")

    @contextmanager
    def _errors(self, deadline: _Deadline) -> Iterator[None]:
        httpx = _httpx()
        try:
            yield
        except httpx.HTTPError as exc:
            # deadline.cut: the watchdog ended it, which is a deadline, not a broken server.
            if deadline.cut or isinstance(exc, httpx.TimeoutException):
                raise DeadlineExceeded(f"{self.base_url}: no reply within {deadline.seconds:.2f} s") from exc
            if isinstance(exc, httpx.ConnectError | httpx.RemoteProtocolError | httpx.ReadError):
                raise BackendUnavailable(f"{self.base_url} is unreachable: {exc}") from exc
            raise BackendError(f"{self.base_url}: {exc}") from exc


def _cut(resp: httpx.Response, deadline: _Deadline) -> None:
    """The watchdog: at the deadline, shut the response's socket down under the reading thread."""
    deadline.cut = True
    stream = resp.extensions.get("network_stream")
    sock = stream.get_extra_info("socket") if stream is not None else None
    if isinstance(sock, socket.socket):
        with contextlib.suppress(OSError):  # the blocked read returns; the reader closes the response
            sock.shutdown(socket.SHUT_RDWR)
    else:
        resp.close()


def _parse_chunk(data: str) -> dict[str, Any]:
    try:
        event = json.loads(data)
    except json.JSONDecodeError as exc:
        raise BackendError(f"malformed stream chunk: {data[:120]!r}") from exc
    if not isinstance(event, dict):
        raise BackendError(f"malformed stream chunk: {data[:120]!r}")
    if "error" in event:
        raise BackendError(f"server error in stream: {str(event['error'])[:200]}")
    return event
