"""WS /v1/turns/stream: one session per connection.

Client → server: binary frames of mono audio (when the voice path is installed), or JSON text
frames `{"type": "text", "text": "..."}` for typed turns and `{"type": "end"}` to close an utterance.
Audio is 16 kHz little-endian PCM16 unless a `{"type": "start", "encoding": "mulaw", "sample_rate":
8000}` message came first (encodings `pcm16`, `mulaw`, `alaw`; any rate from 8 to 192 kHz): the
server answers `started` and keeps that format for the connection's later utterances too.
Server → client: JSON events `partial` and `final` (transcripts), `result` (the turn contract plus
`session_id`), `error` (`code`, `message`), and `ended` once an `end` has been handled (after any
result it finished); the next audio starts a new utterance on the same connection and session.

The key goes in the handshake's `Authorization: Bearer` header or, from a browser (which cannot set
headers on a WebSocket), in a subprotocol `teller.bearer.<base64url of the key>` offered beside
`teller.v1`; the server answers `teller.v1`, never the key. `?session_id=` continues an existing
session (the one a typed turn opened, say).

Admission at the handshake, as for HTTP (`teller.api.admission`), each refusal an HTTP answer with
the usual error body before anything is accepted: a key in the query string (400), a malformed
session id (400), an address throttled for failed authentications (429), a missing or unknown key
(401, the same body every time). A stream over capacity (`max_streams` in all, `max_streams_per_key`
per customer), or whose recognizer cannot be had in time, is accepted and closed at once with 1013
(try again later). A stream that sends nothing for `ws_idle_timeout_s` is closed (1000, reason
"idle timeout").
"""

from __future__ import annotations

import asyncio
import base64
import binascii
import uuid
from typing import Any

import orjson
from fastapi import APIRouter, Response, WebSocket, WebSocketDisconnect
from pydantic import ValidationError

from teller.api.admission import Gate, client_address, key_in_query
from teller.api.fairness import retry_after
from teller.api.service import TurnService
from teller.api.wire import SESSION_PATTERN, TurnIn
from teller.errors import MissingExtra, TellerError

router = APIRouter(tags=["turns"])

_TRY_LATER = 1013
_POLICY = 1008
_NORMAL = 1000
PROTOCOL = "teller.v1"
BEARER_PROTOCOL = "teller.bearer."


@router.websocket("/v1/turns/stream")
async def stream(ws: WebSocket) -> None:
    """Streamed turns over one WebSocket (see the module docstring for the events)."""
    session_id = ws.query_params.get("session_id") or uuid.uuid4().hex
    customer = await _admit(ws, session_id)
    if customer is None:
        return
    service: TurnService = ws.app.state.service
    metrics = ws.app.state.metrics
    settings = service.settings
    subprotocol = PROTOCOL if PROTOCOL in ws.scope.get("subprotocols", ()) else None
    if (
        service.open_streams >= settings.max_streams
        or service.streams_by_customer[customer] >= settings.max_streams_per_key
    ):
        metrics.rejected.labels(reason="streams").inc()
        await _try_later(ws, subprotocol, "at capacity")
        return
    service.open_streams += 1
    service.streams_by_customer[customer] += 1
    metrics.streams.set(service.open_streams)
    voice = _Utterances(service, customer, session_id)
    try:
        try:
            await voice.start()
        except TellerError:  # the voice path could not take a stream in time
            await _try_later(ws, subprotocol, "voice path busy")
            return
        await ws.accept(subprotocol=subprotocol)
        while True:
            try:
                message = await asyncio.wait_for(ws.receive(), settings.ws_idle_timeout_s)
            except TimeoutError:
                await ws.close(code=_NORMAL, reason="idle timeout")
                return
            if message["type"] == "websocket.disconnect":
                return
            if message.get("bytes") is not None:
                if voice.audio is None:
                    await _error(ws, "missing_extra", "the voice path is not installed; send text frames")
                    continue
                try:
                    events = await voice.audio.feed(message["bytes"])
                except TellerError as exc:
                    await _error(ws, exc.code, exc.message)
                    continue
                for event in events:
                    await ws.send_text(orjson.dumps(event).decode())
            elif message.get("text") is not None:
                await _on_text(ws, service, customer, session_id, message["text"], voice)
    except WebSocketDisconnect:
        return
    finally:
        voice.close()
        service.open_streams -= 1
        service.streams_by_customer[customer] -= 1
        if service.streams_by_customer[customer] <= 0:
            del service.streams_by_customer[customer]
        metrics.streams.set(service.open_streams)


async def _try_later(ws: WebSocket, subprotocol: str | None, reason: str) -> None:
    """Accept, then close with 1013: a client is told to come back, not refused (HTTP 403)."""
    await ws.accept(subprotocol=subprotocol)
    await ws.close(code=_TRY_LATER, reason=reason)


class _Utterances:
    """The connection's live listener, one per utterance: `end` finishes it and starts the next.

    A listener's VAD and recognizer are built on the voice lane (model work, never on the loop)."""

    def __init__(self, service: TurnService, customer: str, session_id: str) -> None:
        self._service = service
        self._customer = customer
        self._session_id = session_id
        self.audio: Any = None
        self.format: tuple[object, object] | None = None  # the `start` message's (encoding, rate)

    async def start(self) -> None:
        self.audio = await self._service.voice_call(self._new, wait=True)

    def _new(self) -> Any:
        service = self._service
        if service.voice is None:
            return None
        stream = service.voice.stream(service, self._customer, self._session_id)
        if self.format is not None:
            stream.start(*self.format)
        return stream

    def set_format(self, encoding: object, sample_rate: object) -> None:
        """Declare the audio format (checked by the stream; kept for the next utterances)."""
        if self.audio is None:
            raise MissingExtra("voice", "voice")
        self.audio.start(encoding, sample_rate)
        self.format = (encoding, sample_rate)

    async def end(self) -> list[dict[str, Any]]:
        """Finish the open utterance: its events, then `ended`; the next audio is a new utterance."""
        if self.audio is None:
            return [{"type": "ended"}]
        events: list[dict[str, Any]] = await self.audio.end()
        self.audio.close()
        self.audio = None
        self.audio = await self._service.voice_call(self._new, wait=True)
        return [*events, {"type": "ended"}]

    def close(self) -> None:
        if self.audio is not None:
            self.audio.close()


async def _on_text(
    ws: WebSocket, service: TurnService, customer: str, session_id: str, raw: str, voice: _Utterances
) -> None:
    try:
        frame = orjson.loads(raw)
    except orjson.JSONDecodeError:
        await _error(ws, "bad_json", "text frames must be JSON objects")
        return
    kind = frame.get("type") if isinstance(frame, dict) else None
    try:
        if kind == "text":
            body = TurnIn.model_validate({"text": frame.get("text"), "session_id": session_id})
            out = await service.turn(customer, body)
            await ws.send_text(orjson.dumps({"type": "result", **out.model_dump(mode="json")}).decode())
        elif kind == "end":
            for event in await voice.end():
                await ws.send_text(orjson.dumps(event).decode())
        elif kind == "start":
            encoding, rate = frame.get("encoding", "pcm16"), frame.get("sample_rate", 16000)
            voice.set_format(encoding, rate)
            await ws.send_text(
                orjson.dumps({"type": "started", "encoding": encoding, "sample_rate": rate}).decode()
            )
        else:
            await _error(
                ws,
                "bad_frame",
                'expected {"type": "text", "text": ...}, {"type": "start", ...} or {"type": "end"}',
            )
    except ValidationError as exc:
        first = exc.errors()[0]
        await _error(ws, "bad_request", f"{'.'.join(map(str, first['loc']))}: {first['msg']}")
    except TellerError as exc:
        await _error(ws, exc.code, exc.message if exc.code != "forbidden" else "not found")


async def _error(ws: WebSocket, code: str, message: str) -> None:
    await ws.send_text(orjson.dumps({"type": "error", "code": code, "message": message}).decode())


async def _admit(ws: WebSocket, session_id: str) -> str | None:
    """The authenticated customer, or None after refusing the handshake with an HTTP answer."""
    gate: Gate = ws.app.state.gate
    if key_in_query(ws.scope):
        await _deny(
            ws, 400, "key_in_query", "API keys are not accepted in the URL; use the Authorization header"
        )
        return None
    if not SESSION_PATTERN.fullmatch(session_id):
        await _deny(ws, 400, "bad_request", "session_id: must be 1-64 letters, digits, _ or -")
        return None
    wait = gate.throttled(client_address(ws.scope))
    if wait:
        headers = {"Retry-After": str(retry_after(wait))}
        await _deny(ws, 429, "auth_throttled", "too many failed authentications; retry later", headers)
        return None
    customer = gate.authenticate(ws.scope, _key(ws))
    if customer is None:
        await _deny(ws, 401, "unauthenticated", "missing or invalid API key", {"WWW-Authenticate": "Bearer"})
    return customer


async def _deny(
    ws: WebSocket, status: int, code: str, message: str, headers: dict[str, str] | None = None
) -> None:
    ws.app.state.metrics.errors.labels(code=code).inc()
    if "websocket.http.response" not in ws.scope.get("extensions", {}):
        await ws.close(code=_POLICY)  # the server cannot answer HTTP here: a bare refusal (403)
        return
    body = orjson.dumps({"error": {"code": code, "message": message}})
    await ws.send_denial_response(Response(body, status, headers=headers, media_type="application/json"))


def _key(ws: WebSocket) -> str | None:
    """The key of the handshake's `Authorization` header, or else of a bearer subprotocol."""
    header = ws.headers.get("authorization", "")
    scheme, _, key = header.partition(" ")
    if not header:
        key = _subprotocol_key(ws.scope.get("subprotocols", ())) or ""
    elif scheme.lower() != "bearer":
        return None
    return key.strip() or None


def _subprotocol_key(offered: Any) -> str | None:
    for protocol in offered:
        if isinstance(protocol, str) and protocol.startswith(BEARER_PROTOCOL):
            encoded = protocol[len(BEARER_PROTOCOL) :]
            try:
                return base64.urlsafe_b64decode(encoded + "=" * (-len(encoded) % 4)).decode()
            except (binascii.Error, ValueError):
                return None
    return None
