"""POST /v1/turns: a JSON text turn, or a multipart audio upload (when the voice path is installed)."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request, Response
from fastapi.exceptions import RequestValidationError
from pydantic import ValidationError

from teller.api.auth import CustomerId
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
    content_type = request.headers.get("content-type", "").split(";")[0].strip().lower()
    if content_type == "multipart/form-data":
        limit = service.settings.max_audio_bytes
        async with request.form(max_files=1, max_fields=4, max_part_size=limit) as form:
            out = await service.audio_turn(customer, form)
    elif content_type in ("application/json", ""):
        out = await service.turn(customer, _parse(await request.body()))
    else:
        raise UnsupportedMedia("send application/json (text) or multipart/form-data (audio)")
    return Response(out.model_dump_json(), media_type="application/json")


def _parse(body: bytes) -> TurnIn:
    try:
        return TurnIn.model_validate_json(body)
    except ValidationError as exc:
        raise RequestValidationError(exc.errors(include_url=False)) from None
