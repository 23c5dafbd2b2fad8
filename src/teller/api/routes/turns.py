"""POST /v1/turns: a JSON text turn, or a multipart audio upload (when the voice path is installed).

Two doors to one behaviour. `TurnLane` serves JSON text turns straight from the ASGI scope; the
FastAPI route `turn` serves audio uploads, answers anything else the lane passes on, and is what the
OpenAPI schema describes. Both authenticate the same way, parse the body with `parse`, run
`TurnService.turn` and answer errors with the handlers of `teller.api.handlers`.
"""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request, Response
from fastapi.exceptions import RequestValidationError
from pydantic import ValidationError
from starlette.types import ASGIApp, Receive, Scope, Send

from teller.api.auth import CustomerId, authenticate
from teller.api.handlers import respond
from teller.api.limits import UnsupportedMedia
from teller.api.service import TurnService
from teller.api.wire import ErrorOut, TurnIn, TurnOut

router = APIRouter(prefix="/v1", tags=["turns"])


_AUDIO_FORM: dict[str, Any] = {
    "type": "object",
    "required": ["audio"],
    "properties": {
        "audio": {"type": "string", "format": "binary", "description": "WAV, or raw 16 kHz mono PCM16"},
        "session_id": {"type": "string", "maxLength": 64, "pattern": "^[A-Za-z0-9_-]+$"},
    },
}
_BODY = {
    "requestBody": {
        "required": True,
        "content": {
            "application/json": {"schema": {"$ref": "#/components/schemas/TurnIn"}},
            "multipart/form-data": {"schema": _AUDIO_FORM},
        },
    }
}
_ERRORS: dict[int | str, dict[str, Any]] = {
    code: {"model": ErrorOut} for code in (400, 401, 413, 415, 422, 429, 501, 504)
}


@router.post("/turns", response_model=TurnOut, openapi_extra=_BODY, responses=_ERRORS)
async def turn(request: Request, customer: CustomerId) -> Response:
    """Run one turn: the turn contract, a human-readable `reply`, and the session to follow up in."""
    service: TurnService = request.app.state.service
    content_type = _media_type(request.headers.get("content-type", ""))
    if content_type == "multipart/form-data":
        limit = service.settings.max_audio_bytes
        async with request.form(max_files=1, max_fields=4, max_part_size=limit) as form:
            out = await service.audio_turn(customer, form)
    elif content_type in ("application/json", ""):
        out = await service.turn(customer, parse(await request.body()))
    else:
        raise UnsupportedMedia("send application/json (text) or multipart/form-data (audio)")
    return Response(out.model_dump_json(), media_type="application/json")


def parse(body: bytes) -> TurnIn:
    try:
        return TurnIn.model_validate_json(body)
    except ValidationError as exc:
        raise RequestValidationError(exc.errors(include_url=False)) from None


def _media_type(content_type: str) -> str:
    return content_type.split(";")[0].strip().lower()


class TurnLane:
    """ASGI middleware that serves `POST /v1/turns` with a JSON body (or none) without FastAPI.

    Why: a fast-path turn costs ~0.4 ms of CPU, and FastAPI's per-request machinery (routing,
    dependency solving, `Request` objects, the exception middleware's send wrappers) cost a third as
    much again on a single-core-bound server. Installed inside admission and the body limit, so both
    still apply; errors go through `handlers.respond` (the installed handlers), and anything
    unexpected is re-raised to the catch-all 500 handler, as from the route.
    """

    def __init__(self, app: ASGIApp) -> None:
        self.app = app
        # The route's own object in scope["route"], as routing would set it: admission labels by it.
        self.route = next(r for r in router.routes if getattr(r, "path", None) == "/v1/turns")

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or scope["path"] != "/v1/turns" or scope["method"] != "POST":
            await self.app(scope, receive, send)
            return
        authorization: str | None = None
        content_type = ""
        seen_type = False
        for name, value in scope["headers"]:  # the first of a repeated header counts, as in Starlette
            if name == b"authorization" and authorization is None:
                authorization = value.decode("latin-1")
            elif name == b"content-type" and not seen_type:
                content_type, seen_type = value.decode("latin-1"), True
        if _media_type(content_type) not in ("application/json", ""):
            await self.app(scope, receive, send)  # audio, or a 415 after authentication
            return
        scope["route"] = self.route
        app = scope["app"]
        try:
            customer = authenticate(app.state.keyring, authorization)
            body = await _body(receive)
            if body is None:
                return  # the client went away; there is no one to answer
            service: TurnService = app.state.service
            out = await service.turn(customer, parse(body))
        except Exception as exc:
            response = await respond(Request(scope, receive), exc)
            await response(scope, receive, send)
            return
        payload = out.model_dump_json().encode()
        headers = [(b"content-type", b"application/json"), (b"content-length", str(len(payload)).encode())]
        await send({"type": "http.response.start", "status": 200, "headers": headers})
        await send({"type": "http.response.body", "body": payload})


async def _body(receive: Receive) -> bytes | None:
    """The whole request body, or None if the client disconnected first."""
    chunks: list[bytes] = []
    while True:
        message = await receive()
        if message["type"] == "http.disconnect":
            return None
        chunks.append(message.get("body", b""))
        if not message.get("more_body", False):
            return b"".join(chunks)
