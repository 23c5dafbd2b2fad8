"""Read routes the UI needs: the authenticated customer's accounts, cards, payees, transactions, and
pending actions. Each reads only that customer's snapshot; an id from anyone else's is "not found"."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Query, Request

from teller.api.auth import CustomerId
from teller.api.service import TurnService
from teller.api.wire import AccountOut, CardOut, ErrorOut, PayeeOut, PendingActionOut, TransactionOut
from teller.errors import NotFound

router = APIRouter(
    prefix="/v1", tags=["bank"], responses={401: {"model": ErrorOut}, 429: {"model": ErrorOut}}
)


def _service(request: Request) -> TurnService:
    service: TurnService = request.app.state.service
    return service


@router.get("/accounts", response_model=list[AccountOut])
async def accounts(request: Request, customer: CustomerId) -> list[AccountOut]:
    """The customer's accounts with balances."""
    snapshot = await _service(request).snapshot(customer)
    return [AccountOut.of(a) for a in snapshot.accounts]


@router.get("/cards", response_model=list[CardOut])
async def cards(request: Request, customer: CustomerId) -> list[CardOut]:
    """The customer's cards and whether each is locked."""
    snapshot = await _service(request).snapshot(customer)
    return [CardOut.of(c) for c in snapshot.cards]


@router.get("/payees", response_model=list[PayeeOut])
async def payees(request: Request, customer: CustomerId) -> list[PayeeOut]:
    """The customer's saved payees."""
    snapshot = await _service(request).snapshot(customer)
    return [PayeeOut.of(p) for p in snapshot.payees]


@router.get("/transactions", response_model=list[TransactionOut], responses={404: {"model": ErrorOut}})
async def transactions(
    request: Request,
    customer: CustomerId,
    account_id: Annotated[str | None, Query(max_length=64)] = None,
    limit: Annotated[int, Query(ge=1, le=100)] = 10,
) -> list[TransactionOut]:
    """Recent transactions, newest first, of one account of the customer's or of all of them."""
    service = _service(request)
    if account_id is not None:
        snapshot = await service.snapshot(customer)
        if snapshot.account(account_id) is None:
            raise NotFound(f"no account {account_id}")
    rows = await service.transactions(customer, account_id=account_id, count=limit)
    return [TransactionOut.of(t) for t in rows]


@router.get("/actions", response_model=list[PendingActionOut])
async def pending_actions(request: Request, customer: CustomerId) -> list[PendingActionOut]:
    """Actions waiting for the customer's confirmation (unexpired)."""
    return await _service(request).list_pending(customer)
