"""Prometheus metrics, one registry per app (so tests can build many apps in one process).

What each clock measures:
- `teller_http_request_seconds`: for admitted /v1 requests, from admission to the last byte of the
  response handed to the server; labelled by route template (never the raw path) and status class.
- `teller_turn_seconds{path}`: one turn end to end inside the service, from admission to a result,
  including the wait for a worker thread. `path` is fast | llm (the runner's path), qna (answers) or
  voice (audio in, whatever path the text then took).
- `teller_stage_seconds{stage}`: the runner's own per-stage timings (`TurnResult.timings_ms`), as
  measured by the runner with perf_counter_ns; `total` is the runner's total.
"""

from __future__ import annotations

from typing import Any

from prometheus_client import CollectorRegistry, Counter, Gauge, Histogram

from teller.domain.turn import TurnResult

# Sub-millisecond fast path up to multi-second LLM answers.
_BUCKETS = (0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0, 30.0)


class Metrics:
    def __init__(self) -> None:
        self.registry = CollectorRegistry(auto_describe=True)
        r = self.registry
        self.http = Histogram(
            "teller_http_request_seconds",
            "HTTP request latency by route and status class.",
            ["route", "method", "status"],
            buckets=_BUCKETS,
            registry=r,
        )
        self.turn = Histogram(
            "teller_turn_seconds",
            "One turn inside the service, by path.",
            ["path"],
            buckets=_BUCKETS,
            registry=r,
        )
        self.stage = Histogram(
            "teller_stage_seconds", "Runner stage timings.", ["stage"], buckets=_BUCKETS, registry=r
        )
        self.outcomes = Counter(
            "teller_turn_outcomes",
            "Turns by intent, action and path.",
            ["intent", "action", "path"],
            registry=r,
        )
        self.errors = Counter("teller_errors", "Errors answered, by error code.", ["code"], registry=r)
        self.rejected = Counter(
            "teller_admission_rejected",
            "Requests refused at admission, by reason (overloaded, rate_limited, auth_throttled, "
            "key_in_query, streams).",
            ["reason"],
            registry=r,
        )
        self.lane_rejected = Counter(
            "teller_lane_rejected",
            "Work refused or degraded at once because its lane was full (llm: turns degraded to "
            "llm_busy; voice, audio: uploads answered 429; qna: answers ended with an overloaded error).",
            ["lane"],
            registry=r,
        )
        self.confirmations = Counter(
            "teller_confirmations", "Confirm/cancel outcomes.", ["op", "outcome"], registry=r
        )
        self.in_flight = Gauge("teller_in_flight", "Requests admitted and not yet answered.", registry=r)
        self.streams = Gauge("teller_streams", "Open WebSocket turn streams.", registry=r)
        self.sessions = Gauge("teller_sessions", "Live sessions.", registry=r)
        # Label children by label values: `labels()` builds a key and takes a lock on every call, and
        # a turn observes a dozen series. The label sets are small and bounded (routes, stages, enums).
        self._children: dict[tuple[Any, ...], Any] = {}

    def _child(self, metric: Any, *values: str) -> Any:
        key = (metric, *values)
        child = self._children.get(key)
        if child is None:
            child = self._children[key] = metric.labels(*values)
        return child

    def observe_http(self, route: str, method: str, status: int, seconds: float) -> None:
        status_class = _STATUS_CLASS.get(status) or f"{status // 100}xx"
        self._child(self.http, route, method, status_class).observe(seconds)

    def observe_turn(self, result: TurnResult, *, path: str, seconds: float) -> None:
        child = self._child
        child(self.turn, path).observe(seconds)
        child(self.outcomes, result.intent.value, result.action.value, path).inc()
        stage = self.stage
        for name, ms in result.timings_ms.items():
            child(stage, name).observe(ms / 1000.0)


_STATUS_CLASS = {code: f"{code // 100}xx" for code in range(100, 600)}


def path_label(result: TurnResult, *, voice: bool) -> str:
    if voice:
        return "voice"
    if result.intent.value == "qna":
        return "qna"
    return result.path
