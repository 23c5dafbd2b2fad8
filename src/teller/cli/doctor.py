"""`teller doctor`: check a live OpenAI-compatible LLM server (the logic is in `teller.llm.doctor`)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer
from rich.console import Console
from rich.table import Table

from teller.llm.backends.dialects import DIALECTS

if TYPE_CHECKING:  # the doctor's own imports (httpx, prompts, schemas) load only when it runs
    from teller.llm.doctor import DoctorReport

_MARK = {True: "[green]ok[/green]", False: "[red]FAIL[/red]", None: "[cyan]info[/cyan]"}


def render(report: DoctorReport, console: Console) -> None:
    """Print the report as a table, then the verdict."""
    table = Table(title=f"teller doctor: {report.base_url} ({report.model or 'no model'})")
    table.add_column("check")
    table.add_column("result")
    table.add_column("detail", overflow="fold")
    for check in report.checks:
        table.add_row(check.name, _MARK[check.ok], check.detail)
    console.print(table)
    console.print("[green]all checks passed[/green]" if report.ok else "[red]some checks failed[/red]")


def register(app: typer.Typer) -> None:
    """Add the `doctor` command to `app`."""

    @app.command()
    def doctor(
        base_url: Annotated[
            str, typer.Option("--base-url", help="OpenAI-compatible server, e.g. http://gpu:8000")
        ],
        model: Annotated[
            str | None, typer.Option("--model", help="model name (default: the first served)")
        ] = None,
        log: Annotated[
            Path | None, typer.Option("--log", help="server log to scan for known-slow settings")
        ] = None,
        dialect: Annotated[str, typer.Option("--dialect", help=" | ".join(DIALECTS))] = "vllm",
        api_key: Annotated[
            str | None, typer.Option("--api-key", envvar="TELLER_LLM__EXTRACT__API_KEY")
        ] = None,
        calls: Annotated[int, typer.Option("--calls", min=1, help="extraction calls for latency")] = 5,
        deadline_s: Annotated[float, typer.Option("--deadline-s", help="per-call deadline")] = 60.0,
        as_json: Annotated[bool, typer.Option("--json", help="print the report as JSON")] = False,
    ) -> None:
        """Check a live OpenAI-compatible server: models, schema enforcement, enums, latency, prefix cache."""
        if dialect not in DIALECTS:
            raise typer.BadParameter(f"expected one of {', '.join(DIALECTS)}", param_hint="--dialect")
        from teller.llm.doctor import run_doctor

        report = run_doctor(
            base_url,
            model=model,
            dialect=dialect,
            api_key=api_key,
            calls=calls,
            log_path=log,
            deadline_s=deadline_s,
        )
        if as_json:
            payload = {
                "base_url": report.base_url,
                "model": report.model,
                "ok": report.ok,
                "checks": [{"name": c.name, "ok": c.ok, "detail": c.detail} for c in report.checks],
                "latency": report.latency,
            }
            typer.echo(json.dumps(payload, ensure_ascii=False, indent=2))
        else:
            render(report, Console())
        raise typer.Exit(code=0 if report.ok else 1)
