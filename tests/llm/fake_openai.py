"""A tiny OpenAI-compatible server over real HTTP (stdlib), for backend and doctor tests.

`reply(body) -> str` decides the assistant text for each chat request; the server streams it as SSE
in small pieces (with a usage chunk), after `delay_s`. Every request body is kept in `requests`.
"""

from __future__ import annotations

import json
import sys
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any


@dataclass
class FakeOpenAI:
    reply: Callable[[dict[str, Any]], str]
    models: tuple[str, ...] = ("fake-model",)
    delay_s: float = 0.0
    status: int = 200
    metrics: str = ""
    requests: list[dict[str, Any]] = field(default_factory=list)
    headers: list[dict[str, str]] = field(default_factory=list)
    disconnects: int = 0
    port: int = 0

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.port}"


def _handler(fake: FakeOpenAI) -> type[BaseHTTPRequestHandler]:
    class Handler(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"

        def log_message(self, format: str, *args: Any) -> None:
            pass

        def _send(self, code: int, payload: bytes, content_type: str) -> None:
            self.send_response(code)
            self.send_header("Content-Type", content_type)
            self.send_header("Content-Length", str(len(payload)))
            self.end_headers()
            self.wfile.write(payload)

        def do_GET(self) -> None:
            fake.headers.append(dict(self.headers))
            if self.path == "/v1/models":
                data = {"object": "list", "data": [{"id": m, "object": "model"} for m in fake.models]}
                self._send(200, json.dumps(data).encode(), "application/json")
            elif self.path == "/metrics" and fake.metrics:
                self._send(200, fake.metrics.encode(), "text/plain")
            else:
                self._send(404, b"{}", "application/json")

        def do_POST(self) -> None:
            body = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
            fake.requests.append(body)
            fake.headers.append(dict(self.headers))
            if fake.status != 200:
                self._send(fake.status, b'{"error": "boom"}', "application/json")
                return
            text = fake.reply(body)
            self.send_response(200)
            self.send_header("Content-Type", "text/event-stream")
            self.send_header("Transfer-Encoding", "chunked")
            self.end_headers()
            try:
                time.sleep(fake.delay_s)
                pieces = [text[i : i + 4] for i in range(0, len(text), 4)]
                for piece in pieces:
                    self._chunk({"choices": [{"index": 0, "delta": {"content": piece}}]})
                    time.sleep(fake.delay_s / 10)
                self._chunk({"choices": [], "usage": {"completion_tokens": len(pieces)}})
                self._raw(b"data: [DONE]\n\n")
                self._raw(b"")
            except (BrokenPipeError, ConnectionResetError):
                fake.disconnects += 1

        def _chunk(self, event: dict[str, Any]) -> None:
            self._raw(b"data: " + json.dumps(event).encode() + b"\n\n")

        def _raw(self, data: bytes) -> None:
            self.wfile.write(f"{len(data):x}\r\n".encode() + data + b"\r\n")
            self.wfile.flush()

    return Handler


class _QuietServer(ThreadingHTTPServer):
    """A client that hangs up mid-reply is no server error: no traceback on stderr, where a CLI test
    reading the command's output would find it."""

    def handle_error(self, request: Any, client_address: Any) -> None:
        if not isinstance(sys.exc_info()[1], ConnectionError):
            super().handle_error(request, client_address)


@contextmanager
def serve(fake: FakeOpenAI) -> Iterator[FakeOpenAI]:
    """Run `fake` on a free loopback port for the duration of the block."""
    server = _QuietServer(("127.0.0.1", 0), _handler(fake))
    server.daemon_threads = True
    fake.port = server.server_address[1]
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield fake
    finally:
        server.shutdown()
        server.server_close()
