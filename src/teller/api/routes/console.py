"""The browser console: its page at `/`, its static files under `/console/`, and the two reads it needs.

The files in `teller/api/static/` are plain ES modules, CSS and HTML packaged with Teller; nothing is
built and nothing is loaded from another origin. The page's Content-Security-Policy allows scripts,
styles and connections from this origin only.

- `GET /v1/demo/customers`: in demo mode, the demo customers with their (derivable, printed) keys, for
  the page's customer picker; 404 otherwise, so a real deployment hands out nothing.
- `GET /v1/qna/articles/{id}`: a knowledge-base article, so an answer's citations can be read.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

from fastapi import APIRouter, FastAPI, Request
from fastapi import Path as PathParam
from fastapi.responses import FileResponse, Response
from pydantic import BaseModel
from starlette.staticfiles import StaticFiles
from starlette.types import Scope

from teller.api.auth import CustomerId, demo_key
from teller.api.service import TurnService
from teller.api.settings import ApiSettings
from teller.api.wire import ErrorOut
from teller.errors import BackendUnavailable, NotFound

STATIC_DIR = Path(__file__).resolve().parent.parent / "static"

# 'self' covers ws:/wss: to this host in CSP Level 3; blob: is not needed (the worklet is a file).
CSP = (
    "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
    "connect-src 'self'; media-src 'self'; worker-src 'self'; base-uri 'none'; form-action 'none'; "
    "frame-ancestors 'none'"
)
_STATIC_HEADERS = {"Cache-Control": "no-cache", "X-Content-Type-Options": "nosniff"}

router = APIRouter()


class DemoCustomer(BaseModel):
    id: str
    name: str
    name_latin: str
    locale: str
    key: str


class DemoCustomers(BaseModel):
    customers: list[DemoCustomer]


class ArticleOut(BaseModel):
    id: str
    title: str
    language: str
    tags: list[str]
    body: str


@router.get("/", include_in_schema=False)
async def page() -> Response:
    """The console's single page."""
    return FileResponse(
        STATIC_DIR / "index.html",
        media_type="text/html; charset=utf-8",
        headers={**_STATIC_HEADERS, "Content-Security-Policy": CSP, "Referrer-Policy": "no-referrer"},
    )


@router.get(
    "/v1/demo/customers", tags=["console"], response_model=DemoCustomers, responses={404: {"model": ErrorOut}}
)
async def demo_customers(request: Request) -> DemoCustomers:
    """Demo mode only: the demo customers and their keys, for the console's customer picker."""
    api: ApiSettings = request.app.state.api_settings
    if not api.demo_keys or not api.demo_key_secret:
        raise NotFound("no demo customers on this server")
    secret = api.demo_key_secret
    service: TurnService = request.app.state.service
    known = set(await service.call(service.runner.bank.customer_ids))
    out = []
    for customer_id in api.demo_customers:
        if customer_id not in known:
            continue
        customer = (await service.snapshot(customer_id)).customer
        key = demo_key(customer_id, secret)
        out.append(
            DemoCustomer(
                id=customer.id,
                name=customer.name,
                name_latin=customer.name_latin,
                locale=customer.locale,
                key=key,
            )
        )
    return DemoCustomers(customers=out)


ArticleId = Annotated[str, PathParam(min_length=1, max_length=128, pattern=r"^kb-[a-z0-9-]+$")]


@router.get(
    "/v1/qna/articles/{article_id}",
    tags=["qna"],
    response_model=ArticleOut,
    responses={code: {"model": ErrorOut} for code in (401, 404, 503)},
)
async def article(request: Request, customer: CustomerId, article_id: ArticleId) -> ArticleOut:
    """One knowledge-base article (what an answer's citation points at)."""
    service: TurnService = request.app.state.service
    if service.answerer is None:
        raise BackendUnavailable("the QnA path is not available on this server")
    found = service.answerer.retriever.get(article_id)
    if found is None:
        raise NotFound(f"no article {article_id}")
    return ArticleOut(
        id=found.id, title=found.title, language=found.language, tags=list(found.tags), body=found.body
    )


class _Static(StaticFiles):
    """Static files that are revalidated (ETag) on every load and never content-sniffed."""

    async def get_response(self, path: str, scope: Scope) -> Response:
        response = await super().get_response(path, scope)
        response.headers.update(_STATIC_HEADERS)
        return response


def install(app: FastAPI) -> None:
    """Serve the console on `app`: the page, its files and its two reads."""
    app.include_router(router)
    app.mount("/console", _Static(directory=STATIC_DIR), name="console")
