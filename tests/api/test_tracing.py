"""OpenTelemetry spans: one turn span with a child per runner stage, only when switched on."""

from __future__ import annotations

import json
import time

import pytest

from teller.api.tracing import TurnTracer
from teller.domain.intents import Action, Intent
from teller.domain.turn import TurnResult


def _result() -> TurnResult:
    return TurnResult(
        id="t",
        intent=Intent.BALANCE_INQUIRY,
        action=Action.EXECUTE,
        timings_ms={"load": 0.1, "normalize": 0.2, "names": 0.3, "total": 0.7},
    )


def test_console_spans_cover_the_turn_and_each_stage(capsys: pytest.CaptureFixture[str]) -> None:
    """With otel=console the turn and its stages are exported, stages laid inside the turn."""
    tracer = TurnTracer("console")
    start = time.time_ns()
    tracer.record(_result(), path="fast", start_ns=start, end_ns=start + 700_000)
    tracer.shutdown()  # flushes the batch processor
    out = capsys.readouterr().out
    spans = {}
    decoder = json.JSONDecoder()
    i = out.find("{")
    while i != -1:
        span, end = decoder.raw_decode(out, i)
        spans[span["name"]] = span
        i = out.find("{", end)
    assert set(spans) == {"turn", "load", "normalize", "names"}
    assert spans["turn"]["attributes"]["teller.intent"] == "balance_inquiry"
    assert all(
        spans[s]["parent_id"] == spans["turn"]["context"]["span_id"] for s in ("load", "normalize", "names")
    )


def test_off_records_nothing(capsys: pytest.CaptureFixture[str]) -> None:
    """The default mode allocates no tracer and prints nothing."""
    tracer = TurnTracer("off")
    tracer.record(_result(), path="fast", start_ns=0, end_ns=1)
    tracer.shutdown()
    assert not tracer.enabled and capsys.readouterr().out == ""
