"""WS /v1/turns/stream: one session per connection.

Client → server: binary frames of 16 kHz mono PCM16 (when the voice path is installed), or JSON text
frames `{"type": "text", "text": "..."}` for typed turns and `{"type": "end"}` to close an utterance.
Server → client: JSON events `partial` and `final` (transcripts), `result` (the turn contract plus
`session_id`), `error` (`code`, `message`), and `ended` once an `end` has been handled (after any
result it finished); the next audio starts a new utterance on the same connection and session.

The key goes in the handshake's `Authorization: Bearer` header or, from a browser (which cannot set
headers on a WebSocket), in a subprotocol `teller.bearer.<base64url of the key>` offered beside
`teller.v1`; the server answers `teller.v1`, never the key. A bad key closes the handshake with 1008
(HTTP 403), saying nothing more. `?session_id=` continues an existing session (the one a typed turn
opened, say); a malformed one is refused the same way.
"""

from __future__ import annotations

import base64
import binascii
import uuid
from typing import Any

import orjson
from fastapi import APIRouter, WebSocket, WebSocketDisconnect
from pydantic import ValidationError

from teller.api.service import TurnService
from teller.api.wire import SESSION_PATTERN, TurnIn
from teller.errors import TellerError

router = APIRouter(tags=["turns"])

_TRY_LATER = 1013
_POLICY = 1008
PROTOCOL = "teller.v1"
BEARER_PROTOCOL = "teller.bearer."


@router.websocket("/v1/turns/stream")
async def stream(ws: WebSocket) -> None:
    """Streamed turns over one WebSocket (see the module docstring for the events)."""
    customer = _customer(ws)
    session_id = ws.query_params.get("session_id") or uuid.uuid4().hex
    if customer is None or not SESSION_PATTERN.fullmatch(session_id):
        await ws.close(code=_POLICY)
        return
    service: TurnService = ws.app.state.service
    metrics = ws.app.state.metrics
    if service.open_streams >= service.settings.max_streams:
        metrics.rejected.inc()
        await ws.close(code=_TRY_LATER, reason="at capacity")
        return
    service.open_streams += 1
    metrics.streams.set(service.open_streams)
    voice = _Utterances(service, customer, session_id)
    await ws.accept(subprotocol=PROTOCOL if PROTOCOL in ws.scope.get("subprotocols", ()) else None)
    try:
        while True:
            message = await ws.receive()
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
        metrics.streams.set(service.open_streams)


class _Utterances:
    """The connection's live listener, one per utterance: `end` finishes it and starts the next."""

    def __init__(self, service: TurnService, customer: str, session_id: str) -> None:
        self._service = service
        self._customer = customer
        self._session_id = session_id
        self.audio: Any = self._new()

    def _new(self) -> Any:
        service = self._service
        if service.voice is None:
            return None
        return service.voice.stream(service, self._customer, self._session_id)

    async def end(self) -> list[dict[str, Any]]:
        """Finish the open utterance: its events, then `ended`; the next audio is a new utterance."""
        if self.audio is None:
            return [{"type": "ended"}]
        events: list[dict[str, Any]] = await self.audio.end()
        self.audio.close()
        self.audio = None
        self.audio = await self._service.call(self._new)
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
        else:
            await _error(ws, "bad_frame", 'expected {"type": "text", "text": ...} or {"type": "end"}')
    except ValidationError as exc:
        first = exc.errors()[0]
        await _error(ws, "bad_request", f"{'.'.join(map(str, first['loc']))}: {first['msg']}")
    except TellerError as exc:
        await _error(ws, exc.code, exc.message if exc.code != "forbidden" else "not found")


async def _error(ws: WebSocket, code: str, message: str) -> None:
    await ws.send_text(orjson.dumps({"type": "error", "code": code, "message": message}).decode())


def _customer(ws: WebSocket) -> str | None:
    """The customer named by the handshake's `Authorization` header, or else by a bearer subprotocol."""
    header = ws.headers.get("authorization", "")
    scheme, _, key = header.partition(" ")
    if not header:
        key = _subprotocol_key(ws.scope.get("subprotocols", ())) or ""
    elif scheme.lower() != "bearer":
        return None
    if not key.strip():
        return None
    customer: str | None = ws.app.state.keyring.customer_for(key.strip())
    return customer


def _subprotocol_key(offered: Any) -> str | None:
    for protocol in offered:
        if isinstance(protocol, str) and protocol.startswith(BEARER_PROTOCOL):
            encoded = protocol[len(BEARER_PROTOCOL) :]
            try:
                return base64.urlsafe_b64decode(encoded + "=" * (-len(encoded) % 4)).decode()
            except (binascii.Error, ValueError):
                return None
    return None
