"""Confirm or cancel a pending action: one-time token, exactly once, `Idempotency-Key` honoured.

An Idempotency-Key's first answer is kept twice over: in this worker's memory (`app.state.idempotency`,
so concurrent requests here wait on one future) and in the database (`service.idempotency`,
store/idempotency.py), so a retry that reaches another worker replays it too.
"""

from __future__ import annotations

import asyncio
import contextlib
import contextvars
import hashlib
from collections.abc import Callable
from typing import Annotated, Literal

from fastapi import APIRouter, Header, Path, Request, Response

from teller.api.auth import CustomerId
from teller.api.handlers import render_error
from teller.api.idempotency import Answer
from teller.api.service import TurnService
from teller.api.wire import ActionOut, ConfirmIn, ErrorOut
from teller.errors import StoreUnavailable, TellerError
from teller.store.idempotency import Stored

router = APIRouter(
    prefix="/v1/actions",
    tags=["actions"],
    responses={
        401: {"model": ErrorOut},
        404: {"model": ErrorOut},
        409: {"model": ErrorOut, "description": "token already used, or wrong token"},
        410: {"model": ErrorOut, "description": "token expired"},
        422: {"model": ErrorOut},
        429: {"model": ErrorOut},
    },
)

ActionId = Annotated[str, Path(min_length=1, max_length=64, pattern=r"^[A-Za-z0-9_-]+$")]
IdempotencyKey = Annotated[str | None, Header(alias="Idempotency-Key", min_length=1, max_length=128)]


@router.post("/{action_id}/confirm", response_model=ActionOut)
async def confirm(
    request: Request, customer: CustomerId, action_id: ActionId, body: ConfirmIn, key: IdempotencyKey = None
) -> Response:
    """Execute the pending action (once; a replay with the same Idempotency-Key gets the same answer)."""
    return await _resolve(request, customer, action_id, body.token, "confirm", key)


@router.post("/{action_id}/cancel", response_model=ActionOut)
async def cancel(
    request: Request, customer: CustomerId, action_id: ActionId, body: ConfirmIn, key: IdempotencyKey = None
) -> Response:
    """Cancel the pending action; its token can no longer confirm it."""
    return await _resolve(request, customer, action_id, body.token, "cancel", key)


async def _resolve(
    request: Request,
    customer: str,
    action_id: str,
    token: str,
    op: Literal["confirm", "cancel"],
    key: str | None,
) -> Response:
    service: TurnService = request.app.state.service

    def work() -> Answer:  # in the worker pool
        try:
            out = service.resolve_now(customer, action_id, token, op)
        except TellerError as exc:
            if exc.transient:
                raise
            error = render_error(request, exc)
            return Answer(error.status_code, bytes(error.body))
        return Answer(200, out.model_dump_json().encode())

    if key is None:
        answer = await service.call(contextvars.copy_context().run, work)
        replayed = False
    else:
        fingerprint = f"{op}:{action_id}:{hashlib.sha256(token.encode()).hexdigest()}"
        first: list[bool] = []
        stored: list[bool] = []

        async def tracked() -> Answer:
            first.append(True)
            return await _durable(service, customer, key, fingerprint, work, stored)

        answer = await request.app.state.idempotency.run(customer, key, fingerprint, tracked)
        replayed = not first or bool(stored)
    headers = {"Idempotent-Replayed": "true"} if replayed else None
    return Response(answer.body, status_code=answer.status, media_type="application/json", headers=headers)


async def _durable(
    service: TurnService,
    customer: str,
    key: str,
    fingerprint: str,
    work: Callable[[], Answer],
    stored: list[bool],
) -> Answer:
    """Run `work` once across workers: replay the answer another worker kept, wait while another
    worker is still on it (up to the request deadline), or claim the key and keep what we answer.

    The answer is kept (or the claim released) in the same pool thread that did the work, right
    after it: when the request's deadline passes first (504) the thread goes on, its transaction
    may still commit, and what it committed is what a retry with the key is given.
    """
    records = service.idempotency
    loop = asyncio.get_running_loop()
    give_up = loop.time() + service.settings.deadline_s
    while True:
        state = await service.call(records.claim, customer, key, fingerprint)
        if isinstance(state, Stored):
            stored.append(True)
            return Answer(state.status, state.body)
        if state == "claimed":
            break
        if loop.time() > give_up:
            raise StoreUnavailable("another request with this Idempotency-Key is still running")
        await asyncio.sleep(0.05)

    def work_and_keep() -> Answer:
        try:
            answer = work()
        except BaseException:
            with contextlib.suppress(Exception):
                records.release(customer, key)
            raise
        if answer.status >= 500 or answer.status in (408, 429):  # a retry may do better: not kept
            records.release(customer, key)
        else:
            records.answer(customer, key, answer.status, answer.body)
        return answer

    return await service.call(contextvars.copy_context().run, work_and_keep)
