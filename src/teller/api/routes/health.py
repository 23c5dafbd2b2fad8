"""Liveness, readiness and metrics. None of these needs a key or passes admission control."""

from __future__ import annotations

from fastapi import APIRouter, Request, Response
from prometheus_client import CONTENT_TYPE_LATEST, generate_latest

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
    """Prometheus exposition of this app's registry."""
    m = request.app.state.metrics
    m.in_flight.set(request.app.state.admission_count())
    return Response(generate_latest(m.registry), media_type=CONTENT_TYPE_LATEST)
