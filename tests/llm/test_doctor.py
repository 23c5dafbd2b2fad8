"""`teller doctor` against a tiny fake OpenAI server over real HTTP, and its log/metrics parsers."""

from __future__ import annotations

import json
import socket
from pathlib import Path
from typing import Any

import typer
from tests.llm.fake_openai import FakeOpenAI, serve
from typer.testing import CliRunner

from teller.cli.doctor import register
from teller.llm.doctor import parse_prefix_metrics, percentile, run_doctor, scan_log

EXTRACTION = (
    '{"intent":"transfer_money","recipient_candidate_id":"p_001","biller_id":null,"card_id":null,'
    '"account_id":"a_001","amount":"5000","currency":"JPY","needs_confirmation":false,"ambiguity_reason":null}'
)
TRITON_LOG = (
    "INFO 05-01 model loaded\n"
    "WARNING 05-01 [cuda.py:300] Gemma 4 has heterogeneous head dimensions (256, 512). Forcing TRITON_ATTN "
    "backend.\nINFO ready\n"
)


def obedient(body: dict[str, Any]) -> str:
    schema = body["response_format"]["json_schema"]["schema"]
    return '{"verdict":"deny","count":3}' if "verdict" in schema["properties"] else EXTRACTION


def _app() -> typer.Typer:
    app = typer.Typer()
    register(app)

    @app.command()
    def other() -> None:  # a second command keeps typer from collapsing `doctor` into the root
        """Unused."""

    return app


def test_obedient_server_passes_every_check() -> None:
    """A server that enforces schemas passes; latency percentiles and both thinking modes are reported."""
    with serve(FakeOpenAI(reply=obedient)) as fake:
        report = run_doctor(fake.base_url, calls=3)
        bodies = fake.requests
    assert report.ok, report.checks
    names = [c.name for c in report.checks]
    assert "schema enforced (thinking off)" in names and "schema enforced (thinking on)" in names
    assert {"ttft_p50_ms", "ttft_p95_ms", "total_p50_ms", "total_p95_ms"} <= set(report.latency)
    thinking = [b.get("chat_template_kwargs", {}).get("enable_thinking") for b in bodies]
    assert True in thinking and False in thinking


def test_server_that_ignores_schemas_fails_and_exits_nonzero() -> None:
    """Prose where JSON was required fails the enforcement checks; the command exits 1."""
    with serve(FakeOpenAI(reply=lambda body: "Here are three paragraphs about transfers...")) as fake:
        result = CliRunner().invoke(_app(), ["doctor", "--base-url", fake.base_url, "--calls", "1", "--json"])
    assert result.exit_code == 1, result.output
    payload = json.loads(result.output)
    failed = {c["name"] for c in payload["checks"] if c["ok"] is False}
    assert {"schema enforced (thinking off)", "schema enforced (thinking on)", "enums respected"} <= failed


def test_cli_passes_against_an_obedient_server(tmp_path: Path) -> None:
    """The doctor command prints a table and exits 0 when everything holds."""
    log = tmp_path / "server.log"
    log.write_text("INFO started with prefix caching\n")
    with serve(FakeOpenAI(reply=obedient, models=("google/gemma-4-E4B-it",))) as fake:
        result = CliRunner().invoke(
            _app(),
            [
                "doctor",
                "--base-url",
                fake.base_url,
                "--model",
                "google/gemma-4-E4B-it",
                "--calls",
                "2",
                "--log",
                str(log),
            ],
        )
    assert result.exit_code == 0, result.output
    assert "all checks passed" in result.output


def test_unserved_model_and_dead_server_fail() -> None:
    """Asking for a model the server lacks fails; an unreachable server fails at the first check."""
    with serve(FakeOpenAI(reply=obedient)) as fake:
        report = run_doctor(fake.base_url, model="not-there", calls=1)
    assert not report.ok and report.checks[0].name == "models"
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        free = sock.getsockname()[1]
    dead = run_doctor(f"http://127.0.0.1:{free}", calls=1, deadline_s=2)
    assert not dead.ok and "cannot list models" in dead.checks[0].detail


def test_triton_attn_fallback_in_the_log_fails(tmp_path: Path) -> None:
    """A log showing Gemma 4 forced onto TRITON_ATTN fails the log check, quoting the line."""
    log = tmp_path / "vllm.log"
    log.write_text(TRITON_LOG)
    with serve(FakeOpenAI(reply=obedient)) as fake:
        report = run_doctor(fake.base_url, calls=1, log_path=log)
    bad = [c for c in report.checks if c.name == "server log"]
    assert bad and bad[0].ok is False and "Forcing TRITON_ATTN" in bad[0].detail
    assert not report.ok


def test_scan_log_flags_slow_settings_and_passes_clean_logs() -> None:
    """Eager mode and disabled prefix caching fail; MTP is a warning; a clean log has no findings."""
    checks = scan_log(
        "args: enforce_eager=True, enable_prefix_caching=False\nspeculative_config={'method': 'mtp'}"
    )
    assert [c.ok for c in checks] == [False, False, None]
    assert scan_log("INFO all good\n") == []


def test_prefix_cache_metrics_are_read_from_slash_metrics() -> None:
    """vllm:prefix_cache_hits/queries counters are summed and turned into a hit rate."""
    text = (
        "# HELP vllm:prefix_cache_queries_total x\n"
        'vllm:prefix_cache_queries_total{model_name="g"} 1000.0\n'
        'vllm:prefix_cache_hits_total{model_name="g"} 900.0\n'
    )
    assert parse_prefix_metrics(text) == {"prefix_cache_queries": 1000.0, "prefix_cache_hits": 900.0}
    metrics = iter(["", text])
    with serve(FakeOpenAI(reply=obedient)) as fake:
        report = run_doctor(fake.base_url, calls=1, get=lambda url: next(metrics))
    assert report.latency["prefix_cache_hit_rate"] == 0.9


def test_percentile_nearest_rank() -> None:
    """p50/p95 use nearest rank on the sorted values."""
    values = [float(v) for v in range(1, 101)]
    assert (percentile(values, 50), percentile(values, 95), percentile([], 50)) == (50.0, 95.0, 0.0)
