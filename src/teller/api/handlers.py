"""Exception handlers: the one place where errors from `teller.errors` become HTTP status codes.

Every error body has one shape: {"error": {"code": "...", "message": "..."}}. Not-found and
belongs-to-someone-else answer the same 404 with the same words, so a caller learns nothing about
other customers' objects.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import orjson
from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import Response
from starlette.exceptions import HTTPException as StarletteHTTPException

from teller.api.edge import note
from teller.errors import (
    BackendError,
    BackendUnavailable,
    ConfigError,
    ConfirmationError,
    DeadlineExceeded,
    Forbidden,
    InputError,
    MissingExtra,
    NotFound,
    Overloaded,
    RateLimited,
    TellerError,
    TokenExpired,
    TooLarge,
    Unauthenticated,
    UnsupportedMedia,
)

# Most specific first: the first class the error is an instance of decides the status.
_STATUS: tuple[tuple[type[TellerError], int], ...] = (
    (Unauthenticated, 401),
    (NotFound, 404),
    (Forbidden, 404),
    (TooLarge, 413),
    (UnsupportedMedia, 415),
    (TokenExpired, 410),
    (ConfirmationError, 409),
    (InputError, 422),
    (Overloaded, 429),
    (DeadlineExceeded, 504),
    (BackendUnavailable, 503),
    (MissingExtra, 501),
    (BackendError, 502),
    (ConfigError, 500),  # the operator must fix a setting; no Retry-After (it is not transient)
)


def status_for(exc: TellerError) -> int:
    return next((status for cls, status in _STATUS if isinstance(exc, cls)), 500)


def error_response(status: int, code: str, message: str, headers: dict[str, str] | None = None) -> Response:
    body = orjson.dumps({"error": {"code": code, "message": message}})
    return Response(body, status_code=status, media_type="application/json", headers=headers)


def _public(exc: TellerError) -> tuple[str, str]:
    """Code and message safe to show the caller."""
    if isinstance(exc, NotFound | Forbidden):
        return "not_found", "not found"
    return exc.code, exc.message


async def _teller_error(request: Request, exc: Exception) -> Response:
    assert isinstance(exc, TellerError)  # registered for TellerError only
    return render_error(request, exc)


def render_error(request: Request, exc: TellerError) -> Response:
    """The response for a Teller error (also used where an answer is kept for idempotent replay)."""
    status = status_for(exc)
    headers: dict[str, str] = {}
    if status == 401:
        headers["WWW-Authenticate"] = "Bearer"
    if isinstance(exc, RateLimited):
        headers["Retry-After"] = str(exc.retry_after_s)
    elif exc.transient:
        headers["Retry-After"] = str(request.app.state.api_settings.retry_after_s)
    request.app.state.metrics.errors.labels(code=exc.code).inc()
    note(code=exc.code)
    code, message = _public(exc)
    return error_response(status, code, message, headers)


def _describe(error: Mapping[str, Any]) -> str:
    where = ".".join(str(part) for part in error.get("loc", ()) if part != "body") or "body"
    return f"{where}: {error.get('msg', 'invalid')}"


async def _validation_error(request: Request, exc: Exception) -> Response:
    assert isinstance(exc, RequestValidationError)
    errors = list(exc.errors())
    request.app.state.metrics.errors.labels(code="bad_request").inc()
    note(code="bad_request")
    if any(e.get("type") == "json_invalid" for e in errors):
        return error_response(400, "bad_json", "the request body is not valid JSON")
    message = "; ".join(_describe(e) for e in errors[:5])
    return error_response(422, "bad_request", message)


async def _http_error(request: Request, exc: Exception) -> Response:
    assert isinstance(exc, StarletteHTTPException)
    code = {404: "no_route", 405: "method_not_allowed", 413: "too_large"}.get(exc.status_code, "http_error")
    note(code=code)
    return error_response(exc.status_code, code, str(exc.detail), dict(exc.headers or {}))


async def _unexpected(request: Request, exc: Exception) -> Response:
    # Not logged here: the exception goes on to `teller.api.edge.Edge`, which writes the request's
    # one line with it (and stops it there).
    request.app.state.metrics.errors.labels(code="internal").inc()
    note(code="internal")
    return error_response(500, "internal", "internal error")


async def respond(request: Request, exc: Exception) -> Response:
    """What the installed handlers answer for `exc`, for ASGI code outside FastAPI's routing
    (`routes.turns.TurnLane`). Anything else is re-raised, to reach the catch-all 500 handler."""
    if isinstance(exc, TellerError):
        return render_error(request, exc)
    if isinstance(exc, RequestValidationError):
        return await _validation_error(request, exc)
    raise exc


def install(app: FastAPI) -> None:
    app.add_exception_handler(TellerError, _teller_error)
    app.add_exception_handler(RequestValidationError, _validation_error)
    app.add_exception_handler(StarletteHTTPException, _http_error)
    app.add_exception_handler(Exception, _unexpected)
