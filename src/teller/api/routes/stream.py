"""WS /v1/turns/stream: one session per connection.

Client → server: binary frames of 16 kHz mono PCM16 (when the voice path is installed), or JSON text
frames `{"type": "text", "text": "..."}` for typed turns and `{"type": "end"}` to close an utterance.
Server → client: JSON events `partial` and `final` (transcripts), `result` (the turn contract plus
`session_id`) and `error` (`code`, `message`). The key goes in the `Authorization: Bearer` header of
the handshake; a bad key closes the handshake with 1008, saying nothing more.
"""

from __future__ import annotations

import uuid
from typing import Any

import orjson
from fastapi import APIRouter, WebSocket, WebSocketDisconnect
from pydantic import ValidationError

from teller.api.service import TurnService
from teller.api.wire import TurnIn
from teller.errors import TellerError

router = APIRouter(tags=["turns"])

_TRY_LATER = 1013
_POLICY = 1008


@router.websocket("/v1/turns/stream")
async def stream(ws: WebSocket) -> None:
    """Streamed turns over one WebSocket (see the module docstring for the events)."""
    customer = _customer(ws)
    if customer is None:
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
    session_id = uuid.uuid4().hex
    audio = service.voice.stream(service, customer, session_id) if service.voice is not None else None
    await ws.accept()
    try:
        while True:
            message = await ws.receive()
            if message["type"] == "websocket.disconnect":
                return
            if message.get("bytes") is not None:
                if audio is None:
                    await _error(ws, "missing_extra", "the voice path is not installed; send text frames")
                    continue
                try:
                    events = await audio.feed(message["bytes"])
                except TellerError as exc:
                    await _error(ws, exc.code, exc.message)
                    continue
                for event in events:
                    await ws.send_text(orjson.dumps(event).decode())
            elif message.get("text") is not None:
                await _on_text(ws, service, customer, session_id, message["text"], audio)
    except WebSocketDisconnect:
        return
    finally:
        if audio is not None:
            audio.close()
        service.open_streams -= 1
        metrics.streams.set(service.open_streams)


async def _on_text(
    ws: WebSocket, service: TurnService, customer: str, session_id: str, raw: str, audio: Any
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
        elif kind == "end" and audio is not None:
            for event in await audio.end():
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
    header = ws.headers.get("authorization", "")
    scheme, _, key = header.partition(" ")
    if scheme.lower() != "bearer" or not key:
        return None
    customer: str | None = ws.app.state.keyring.customer_for(key.strip())
    return customer
