"""Liveness, readiness and metrics; none passes admission control.

Liveness and readiness need no key (they say nothing about customers). Metrics do (business
volumes): `Authorization: Bearer <api.metrics_key>`; without a configured metrics key the route
answers 404, and metrics are served only on their own address (`api.metrics_port`).
"""

from __future__ import annotations

import hmac

from fastapi import APIRouter, Request, Response
from fastapi.security.utils import get_authorization_scheme_param
from prometheus_client import CONTENT_TYPE_LATEST, generate_latest

from teller.api.handlers import error_response
from teller.api.wire import Health

router = APIRouter(tags=["health"])


@router.get("/healthz", response_model=Health)
async def healthz() -> Health:
    """The process is up and its event loop answers."""
    return Health(status="ok")


@router.get("/readyz", response_model=Health, responses={503: {"model": Health}})
async def readyz(request: Request, response: Response) -> Health:
    """Models loaded and the database answering; 503 until then."""
    service = getattr(request.app.state, "service", None)
    if service is None:
        response.status_code = 503
        return Health(status="starting", checks={"runner": "loading"})
    checks = await service.readiness()
    ok = checks["runner"] == "ok" and checks["database"] == "ok"
    response.status_code = 200 if ok else 503
    return Health(status="ok" if ok else "unavailable", checks=checks)


@router.get("/metrics", response_class=Response, responses={200: {"content": {CONTENT_TYPE_LATEST: {}}}})
async def metrics(request: Request) -> Response:
    """Prometheus exposition of this app's registry (needs the metrics key)."""
    expected: str | None = request.app.state.api_settings.metrics_key
    if expected is None:
        return error_response(404, "no_route", "Not Found")
    scheme, key = get_authorization_scheme_param(request.headers.get("authorization"))
    if scheme.lower() != "bearer" or not hmac.compare_digest(key.encode(), expected.encode()):
        return error_response(
            401, "unauthenticated", "missing or invalid metrics key", {"WWW-Authenticate": "Bearer"}
        )
    m = request.app.state.metrics
    m.in_flight.set(request.app.state.admission_count())
    return Response(generate_latest(m.registry), media_type=CONTENT_TYPE_LATEST)
