"""POST /v1/qna: a grounded answer to an open question, streamed as Server-Sent Events.

Events, in order: `retrieved` (the articles the answer may use), `token`* (answer text, citations
already checked), `done` (citations kept, grounded or not); or `error` after whatever was sent, if
the model fails mid-answer. Each step of the answer iterator (retrieval, then the answering model
when one is configured) runs on the QnA lane under the request deadline, never in the request
workers; when the lane is full the answer is an `error` event (`overloaded`) at once. A client that
hangs up stops the iteration (closing the model's stream).
"""

from __future__ import annotations

import contextlib
import time
from collections.abc import AsyncIterator, Iterator
from typing import Any, Literal

import orjson
from fastapi import APIRouter, Request
from fastapi.responses import StreamingResponse
from pydantic import BaseModel, ConfigDict, Field

from teller.api.auth import CustomerId
from teller.api.service import TurnService
from teller.api.wire import ErrorOut
from teller.errors import BackendUnavailable, TellerError

router = APIRouter(prefix="/v1", tags=["qna"])


class QuestionIn(BaseModel):
    model_config = ConfigDict(extra="forbid")

    question: str = Field(min_length=1, max_length=1000, pattern=r"\S")
    language: Literal["en", "ja"] | None = None


_SSE: dict[int | str, dict[str, Any]] = {
    200: {"content": {"text/event-stream": {}}, "description": "retrieved, token*, done | error"}
}
_ERRORS: dict[int | str, dict[str, Any]] = {code: {"model": ErrorOut} for code in (401, 413, 422, 429, 503)}


@router.post("/qna", response_class=StreamingResponse, responses={**_SSE, **_ERRORS})
async def qna(request: Request, customer: CustomerId, body: QuestionIn) -> StreamingResponse:
    """Stream a cited answer from the knowledge base (no bank data is read or written)."""
    service: TurnService = request.app.state.service
    answerer = service.answerer
    if answerer is None:
        raise BackendUnavailable("the QnA path is not available on this server")
    events = answerer.stream(body.question, language=body.language)
    return StreamingResponse(_sse(service, events), media_type="text/event-stream")


async def _sse(service: TurnService, events: Iterator[Any]) -> AsyncIterator[bytes]:
    t0 = time.perf_counter()
    done = False
    try:
        while True:
            event = await service.qna_call(next, events, None)
            if event is None:
                break
            done = done or event.kind == "done"
            yield _frame(event.kind, event.payload())
    except TellerError as exc:
        service.metrics.errors.labels(code=exc.code).inc()
        yield _frame("error", {"code": exc.code, "message": exc.message})
    finally:
        # Not awaited: on a hang-up this runs while the task is being cancelled.
        service.qna_lane.submit(_close, events)
        if done:
            service.metrics.turn.labels(path="qna").observe(time.perf_counter() - t0)


def _close(events: Iterator[Any]) -> None:
    close = getattr(events, "close", None)
    if close is not None:
        # A generator closes the model's stream in its own finally; ValueError: it is still running
        # in another worker, and ends at its next step.
        with contextlib.suppress(ValueError):
            close()


def _frame(kind: str, payload: dict[str, Any]) -> bytes:
    return b"event: " + kind.encode() + b"\ndata: " + orjson.dumps(payload) + b"\n\n"
