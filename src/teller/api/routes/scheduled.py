"""The caller's scheduled payments: list them, cancel one that has not run. Another customer's id is
"not found", exactly like one that does not exist."""

from __future__ import annotations

from typing import Annotated, Literal

from fastapi import APIRouter, Path, Query, Request

from teller.api.auth import CustomerId
from teller.api.service import TurnService
from teller.api.wire import ErrorOut, ScheduledPaymentOut

router = APIRouter(
    prefix="/v1/scheduled",
    tags=["scheduled"],
    responses={401: {"model": ErrorOut}, 429: {"model": ErrorOut}},
)

PaymentId = Annotated[str, Path(min_length=1, max_length=64, pattern=r"^[A-Za-z0-9_-]+$")]
_ALL = ("scheduled", "executed", "failed", "cancelled")


@router.get("", response_model=list[ScheduledPaymentOut])
async def list_scheduled(
    request: Request,
    customer: CustomerId,
    status: Annotated[Literal["scheduled", "all"], Query(description="`all`: also past ones")] = "scheduled",
) -> list[ScheduledPaymentOut]:
    """Payments waiting for their day (`status=all`: also executed, failed, cancelled), soonest first."""
    service: TurnService = request.app.state.service
    return await service.list_scheduled(customer, _ALL if status == "all" else ("scheduled",))


@router.post(
    "/{payment_id}/cancel",
    response_model=ScheduledPaymentOut,
    responses={
        404: {"model": ErrorOut},
        409: {"model": ErrorOut, "description": "already executed, failed or cancelled"},
    },
)
async def cancel(request: Request, customer: CustomerId, payment_id: PaymentId) -> ScheduledPaymentOut:
    """Cancel a payment that has not run yet; it will never execute."""
    service: TurnService = request.app.state.service
    return await service.cancel_scheduled(customer, payment_id)
