"""Request size limits, enforced while the body streams in (a lying Content-Length gains nothing).

JSON bodies may be `max_body_bytes`; multipart (audio upload) bodies `max_audio_bytes` plus room for
the form's own framing. A declared length over the limit is refused before a byte is read; a body
that grows past it raises `TooLarge`, which the exception handlers answer with 413.
"""

from __future__ import annotations

import orjson
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from teller.errors import TooLarge, UnsupportedMedia

__all__ = ["BodyLimit", "TooLarge", "UnsupportedMedia"]

_FORM_OVERHEAD = 64 * 1024


class BodyLimit:
    def __init__(self, app: ASGIApp, *, max_body_bytes: int, max_audio_bytes: int) -> None:
        self.app = app
        self.max_body = max_body_bytes
        self.max_form = max_audio_bytes + _FORM_OVERHEAD

    def _limit(self, scope: Scope) -> int:
        for name, value in scope["headers"]:
            if name == b"content-type" and value.startswith(b"multipart/"):
                return self.max_form
        return self.max_body

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        limit = self._limit(scope)
        declared = next((v for n, v in scope["headers"] if n == b"content-length"), None)
        if declared is not None and declared.isdigit() and int(declared) > limit:
            await _refuse(send, limit)
            return
        seen = 0
        exceeded = refused = False

        async def limited() -> Message:
            nonlocal seen, exceeded
            message = await receive()
            if message["type"] == "http.request":
                seen += len(message.get("body", b""))
                if seen > limit:
                    exceeded = True
                    raise TooLarge(f"request body exceeds {limit} bytes")
            return message

        async def guarded(message: Message) -> None:
            # Body parsers may wrap our error in their own 400; once over the limit, the answer is 413.
            nonlocal refused
            if not exceeded:
                await send(message)
            elif not refused and message["type"] == "http.response.start":
                refused = True
                await _refuse(send, limit)

        try:
            await self.app(scope, limited, guarded)
        except TooLarge:
            if not refused:
                await _refuse(send, limit)


async def _refuse(send: Send, limit: int) -> None:
    body = orjson.dumps({"error": {"code": "too_large", "message": f"request body exceeds {limit} bytes"}})
    headers = [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode())]
    await send({"type": "http.response.start", "status": 413, "headers": headers})
    await send({"type": "http.response.body", "body": body})
