"""Connection limits through a real uvicorn: read deadlines and connection caps (teller.api.connections)."""

from __future__ import annotations

import socket
from pathlib import Path

from tests.api.conftest import Served, api_for_tests, serve


def _read_all(sock: socket.socket) -> bytes:
    """Everything the server sends until it closes the connection (or 30 s pass)."""
    sock.settimeout(30)
    data = b""
    while True:
        try:
            chunk = sock.recv(4096)
        except (TimeoutError, ConnectionResetError):
            return data
        if not chunk:
            return data
        data += chunk


def _open(s: Served, source: str = "127.0.0.1") -> socket.socket:
    port = int(s.url.rsplit(":", 1)[1])
    return socket.create_connection(("127.0.0.1", port), source_address=(source, 0))


def test_headers_that_never_finish_get_408_and_a_closed_connection(tmp_path: Path) -> None:
    """A request whose headers stop arriving is answered 408 at the header deadline and closed."""
    with serve(f"sqlite:///{tmp_path / 'h.sqlite3'}", api_for_tests(header_timeout_s=0.3)) as s:
        sock = _open(s)
        sock.sendall(b"GET /v1/accounts HTTP/1.1\r\nHost: x\r\n")
        reply = _read_all(sock)
        sock.close()
    assert reply.startswith(b"HTTP/1.1 408"), reply[:80]


def test_a_silent_connection_is_closed(tmp_path: Path) -> None:
    """A connection that never sends a byte is closed at the header deadline."""
    with serve(f"sqlite:///{tmp_path / 's.sqlite3'}", api_for_tests(header_timeout_s=0.3)) as s:
        sock = _open(s)
        reply = _read_all(sock)
        sock.close()
    assert reply.startswith(b"HTTP/1.1 408"), reply[:80]


def test_a_body_shorter_than_its_content_length_is_cut_off(tmp_path: Path) -> None:
    """A body that stops short of its Content-Length gets 408 at the body deadline; the server lets go."""
    with serve(f"sqlite:///{tmp_path / 'b.sqlite3'}", api_for_tests(body_timeout_s=0.3)) as s:
        sock = _open(s)
        sock.sendall(
            b"POST /v1/turns HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer "
            + s.key("c_001").encode()
            + b"\r\n"
            b"Content-Type: application/json\r\nContent-Length: 1000\r\n\r\n" + b'{"text": '
        )
        reply = _read_all(sock)
        sock.close()
    assert reply.startswith(b"HTTP/1.1 408"), reply[:80]


def test_oversized_request_heads_are_refused(tmp_path: Path) -> None:
    """A request head over `max_header_bytes` is answered 431 and closed."""
    with serve(f"sqlite:///{tmp_path / 'big.sqlite3'}", api_for_tests(max_header_bytes=2048)) as s:
        sock = _open(s)
        sock.sendall(b"GET /healthz HTTP/1.1\r\nHost: x\r\nX-Pad: " + b"a" * 4096 + b"\r\n\r\n")
        reply = _read_all(sock)
        sock.close()
    assert reply.startswith(b"HTTP/1.1 431"), reply[:80]


def test_connections_per_address_are_capped(tmp_path: Path) -> None:
    """Past `max_connections_per_address` a new connection from that address is closed unanswered;
    another address still connects and is served."""
    api = api_for_tests(max_connections_per_address=2, header_timeout_s=60)
    with serve(f"sqlite:///{tmp_path / 'c.sqlite3'}", api) as s:
        held = [_open(s, "127.0.0.2") for _ in range(2)]
        extra = _open(s, "127.0.0.2")
        extra.sendall(b"GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n")
        refused = _read_all(extra)
        other = _open(s, "127.0.0.3")
        other.sendall(b"GET /healthz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
        served_ok = _read_all(other)
        for sock in (*held, extra, other):
            sock.close()
    assert refused == b""
    assert served_ok.startswith(b"HTTP/1.1 200")


def test_total_connections_are_capped(tmp_path: Path) -> None:
    """Past `max_connections` open connections, a new one is closed before anything is read."""
    api = api_for_tests(max_connections=2, header_timeout_s=60)
    with serve(f"sqlite:///{tmp_path / 't.sqlite3'}", api) as s:
        held = [_open(s, "127.0.0.4"), _open(s, "127.0.0.5")]
        extra = _open(s, "127.0.0.6")
        extra.sendall(b"GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n")
        refused = _read_all(extra)
        for sock in (*held, extra):
            sock.close()
    assert refused == b""
