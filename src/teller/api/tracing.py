"""Optional OpenTelemetry spans: one `turn` span per turn with one child span per runner stage.

Off by default (`api.otel = "off"`): nothing is imported or allocated per turn. With "console" spans go
to stdout; "otlp" needs `opentelemetry-exporter-otlp` installed. The runner measures its stages in a
worker thread and reports durations (`timings_ms`); stage spans are laid end to end from the turn's
start in runner order, so their lengths are exact and their offsets are as close as the runner reports.
"""

from __future__ import annotations

from typing import Any

from teller.domain.turn import TurnResult
from teller.errors import MissingExtra


class TurnTracer:
    def __init__(self, mode: str) -> None:
        self.enabled = mode != "off"
        self._tracer: Any = None
        self._provider: Any = None
        if not self.enabled:
            return
        from opentelemetry.sdk.resources import Resource
        from opentelemetry.sdk.trace import TracerProvider
        from opentelemetry.sdk.trace.export import BatchSpanProcessor, ConsoleSpanExporter

        exporter: Any
        if mode == "otlp":
            try:
                from opentelemetry.exporter.otlp.proto.http.trace_exporter import (  # type: ignore[import-not-found,unused-ignore]
                    OTLPSpanExporter,
                )
            except ImportError as exc:
                raise MissingExtra("opentelemetry-exporter-otlp", "api") from exc
            exporter = OTLPSpanExporter()
        else:
            exporter = ConsoleSpanExporter()
        self._provider = TracerProvider(resource=Resource.create({"service.name": "teller"}))
        self._provider.add_span_processor(BatchSpanProcessor(exporter))
        self._tracer = self._provider.get_tracer("teller.api")

    def record(self, result: TurnResult, *, path: str, start_ns: int, end_ns: int) -> None:
        """Emit the turn span (wall clock, `start_ns`..`end_ns`) and its stage spans."""
        if self._tracer is None:
            return
        attrs = {
            "teller.intent": result.intent.value,
            "teller.action": result.action.value,
            "teller.path": path,
        }
        from opentelemetry import trace

        root = self._tracer.start_span("turn", start_time=start_ns, attributes=attrs)
        context = trace.set_span_in_context(root)
        at = start_ns
        for stage, ms in result.timings_ms.items():
            if stage == "total":
                continue
            span = self._tracer.start_span(stage, context=context, start_time=at)
            at += int(ms * 1_000_000)
            span.end(end_time=at)
        root.end(end_time=end_ns)

    def shutdown(self) -> None:
        if self._provider is not None:
            self._provider.shutdown()
