"""The app factory: `create_app(settings)` builds a FastAPI app whose resources live in its lifespan.

Built in the factory (cheap, needed by middleware and handlers): settings, key ring, admission gate,
metrics, log redactor, idempotency cache. Built in the lifespan (slow: database, models): the turn
runner and the service around it, kept on `app.state`. Layers, outermost first: `edge.Edge` (one log
line per request, security headers, last-resort 500), Starlette's error middleware, body size
limit, admission, the JSON turn lane (`routes.turns.TurnLane`), the routes.

Exposure: the OpenAPI schema (`/openapi.json`) is served only with `api.docs` (on with
`teller serve --demo`); no docs page loading scripts from a CDN is ever served. `/metrics` answers
only with `Authorization: Bearer <api.metrics_key>`, or on its own address (`api.metrics_port`,
started by `teller serve`); with neither it is 404.
"""

from __future__ import annotations

import asyncio
import gc
import logging
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from typing import TYPE_CHECKING, Any

from fastapi import FastAPI
from starlette.types import ASGIApp

from teller.api import handlers, scheduler
from teller.api.admission import Admission, Gate
from teller.api.auth import KeyRing
from teller.api.edge import Edge
from teller.api.idempotency import IdempotencyCache
from teller.api.limits import BodyLimit
from teller.api.logs import Redactor, configure
from teller.api.metrics import Metrics
from teller.api.routes import actions, bank, console, health, qna, scheduled, stream, turns
from teller.api.service import TurnService
from teller.api.settings import ApiSettings
from teller.api.tracing import TurnTracer
from teller.api.wire import TurnIn
from teller.config import Settings, load_settings

if TYPE_CHECKING:
    from teller.pipeline.turn import TurnRunner

RunnerFactory = Callable[[Settings], "TurnRunner"]


def api_settings(settings: Settings) -> ApiSettings:
    """The `api` slice of settings (defaults until Settings nests it)."""
    nested = getattr(settings, "api", None)
    return nested if isinstance(nested, ApiSettings) else ApiSettings()


def create_app(
    settings: Settings | None = None,
    *,
    api: ApiSettings | None = None,
    runner_factory: RunnerFactory | None = None,
) -> FastAPI:
    """A new app; `api` overrides `settings.api` (tests use it), `runner_factory` the runner."""
    settings = settings or load_settings()
    api = api or api_settings(settings)
    factory: RunnerFactory = runner_factory or _default_runner
    redactor = Redactor()
    configure(api.log_level, redactor)

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        if api.replay_mode:
            logging.getLogger("teller.api").warning(
                "REPLAY MODE IS ON: text turns accept a client-supplied `now` as their reference time "
                "(evaluation only; confirmations, expiry, the ledger and the audit log still use the "
                "server clock). Unset TELLER_API__REPLAY_MODE for anything real."
            )
        runner = await asyncio.to_thread(factory, settings)
        tracer = TurnTracer(api.otel)
        service = TurnService(runner, api, app.state.metrics, redactor, tracer)
        service.voice = await asyncio.to_thread(_voice, settings, api)
        service.answerer = await asyncio.to_thread(_answerer, settings)
        if service.models is not None:  # load the extraction model / fill the server's prefix cache now
            models = service.models
            service.llm_warm = await asyncio.to_thread(lambda: models.warm(runner.extractor.warm))
        await asyncio.to_thread(service.warm)  # start-up work: not bound by the request deadline
        _tune_gc()
        app.state.service = service
        background = (
            asyncio.create_task(scheduler.run_forever(runner, settings.scheduler))
            if settings.scheduler.enabled
            else None
        )
        try:
            yield
        finally:
            if background is not None:
                background.cancel()
            service.close()
            tracer.shutdown()
            runner.db.dispose()

    app = TellerApp(
        title="Teller",
        version="0.1.0",
        summary="Latency-first voice banking assistant",
        lifespan=lifespan,
        docs_url=None,
        redoc_url=None,
        openapi_url="/openapi.json" if api.docs else None,
    )
    app.state.api_settings = api
    app.state.keyring = keyring = KeyRing.from_settings(api)
    app.state.gate = gate = Gate(api, keyring)
    app.state.metrics = metrics = Metrics()
    app.state.idempotency = IdempotencyCache(ttl_s=api.idempotency_ttl_s)
    routers = (health, turns, stream, qna, actions, bank, scheduled)
    for module in routers:
        app.include_router(module.router)
    console.install(app)  # the browser console at / (static files, demo customers, articles)
    handlers.install(app)
    app.add_middleware(turns.TurnLane)
    app.add_middleware(
        Admission,
        gate=gate,
        on_reject=lambda reason: metrics.rejected.labels(reason=reason).inc(),
        observe=metrics.observe_http,
    )
    app.add_middleware(BodyLimit, max_body_bytes=api.max_body_bytes, max_audio_bytes=api.max_audio_bytes)
    app.state.admission_count = lambda: _in_flight(app)
    app.openapi = lambda: _openapi(app)  # type: ignore[method-assign]
    return app


class TellerApp(FastAPI):
    """FastAPI with `Edge` around its whole stack (outside even Starlette's error middleware)."""

    def build_middleware_stack(self) -> ASGIApp:
        return Edge(super().build_middleware_stack())


def _tune_gc() -> None:
    """Tune the garbage collector for serving, once the lifespan has loaded everything.

    Freeze: models, indexes, schemas and modules are ~10^5 long-lived objects that every full
    collection would walk again; under load those collections paused the event loop for up to
    ~170 ms (bench/load.py's p99 at concurrency 32). Frozen objects are never collected, which is
    what they are anyway: they live as long as the process.

    Young-generation threshold 700 → 10,000: a turn leaves ~60 more tracked objects allocated than
    freed (most live until the response is sent), so the default ran a young collection every ~10
    requests; with the older collections they trigger, GC took ~5% of a 10 s run at concurrency 32.
    Measured there: 1,100 → 1,280 turns/s, p95 46 → 37 ms. Process-wide, like the event loop.
    """
    gc.collect()
    gc.freeze()
    _, older, oldest = gc.get_threshold()
    gc.set_threshold(_GC_YOUNG_THRESHOLD, older, oldest)


_GC_YOUNG_THRESHOLD = 10_000


def _default_runner(settings: Settings) -> TurnRunner:
    from teller.pipeline.turn import TurnRunner

    return TurnRunner.from_settings(settings)


def _voice(settings: Settings, api: ApiSettings) -> Any:
    """The voice adapter when the voice path is importable; None otherwise (audio routes answer 501)."""
    try:
        from teller.api.voice import load_voice
    except ImportError:
        return None
    return load_voice(settings, api)


def _answerer(settings: Settings) -> Any:
    """The QnA answerer (knowledge base + the QnA model endpoint), or None (logged) if it cannot load."""
    try:
        from teller.qna.answer import build_answerer

        return build_answerer(settings.llm)
    except Exception as exc:  # serve turns without QnA rather than not at all
        logging.getLogger("teller.api").warning(
            "qna path unavailable", extra={"fields": {"reason": f"{type(exc).__name__}: {exc}"}}
        )
        return None


def _in_flight(app: FastAPI) -> int:
    stack: Any = app.middleware_stack
    while stack is not None:
        if isinstance(stack, Admission):
            return stack.in_flight
        stack = getattr(stack, "app", None)
    return 0


def _openapi(app: FastAPI) -> dict[str, Any]:
    if app.openapi_schema is None:
        from fastapi.openapi.utils import get_openapi

        schema = get_openapi(title=app.title, version=app.version, summary=app.summary, routes=app.routes)
        components = schema.setdefault("components", {}).setdefault("schemas", {})
        # /v1/turns reads its body itself (JSON or multipart), so FastAPI does not list TurnIn on its own.
        components["TurnIn"] = TurnIn.model_json_schema(ref_template="#/components/schemas/{model}")
        service = getattr(app.state, "service", None)
        if service is None or service.voice is None:  # offer audio uploads only where they work
            body = schema["paths"]["/v1/turns"]["post"]["requestBody"]["content"]
            body.pop("multipart/form-data", None)
        app.openapi_schema = schema
    return app.openapi_schema
