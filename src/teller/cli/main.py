"""The `teller` command: ask, batch, confirm, cancel, db.

Heavy modules are imported inside the commands so that `teller --help` stays instant.
"""

from __future__ import annotations

import sys
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from teller.cli import db as db_cli
from teller.cli import doctor as doctor_cli
from teller.cli import engine as engine_cli
from teller.cli import kb as kb_cli
from teller.cli import scheduler as scheduler_cli
from teller.cli import serve as serve_cli
from teller.cli import voice as voice_cli
from teller.cli.render import print_result

if TYPE_CHECKING:
    from teller.domain.turn import TurnResult
    from teller.pipeline.turn import TurnRunner

app = typer.Typer(add_completion=False, no_args_is_help=True, help="Teller: a real-time banking assistant.")
app.add_typer(db_cli.app, name="db")
app.add_typer(scheduler_cli.app, name="scheduler")
for _module in (doctor_cli, engine_cli, kb_cli, serve_cli, voice_cli):
    _module.register(app)


def _runner() -> TurnRunner:
    from teller.pipeline.turn import TurnRunner

    return TurnRunner.from_settings()


def _now(value: str | None) -> datetime:
    """The turn's reference time: `--now` for evaluations, else the clock (writes always use the clock)."""
    from teller.clock import in_range

    if value is None:
        return datetime.now().astimezone()
    try:
        return in_range(datetime.fromisoformat(value))
    except ValueError as exc:
        raise typer.BadParameter(f"--now: {exc}") from None


@app.command()
def ask(
    text: Annotated[str | None, typer.Argument(help="What the customer said or typed.")] = None,
    audio: Annotated[Path | None, typer.Option(help="Audio file (WAV/FLAC/OGG) instead of TEXT.")] = None,
    customer: Annotated[str, typer.Option(help="Customer id.")] = "c_001",
    now: Annotated[str | None, typer.Option(help="ISO time of the turn with offset (default: now).")] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print the turn contract as JSON.")] = False,
) -> None:
    """Run one turn and print the reply (or the turn contract with --json)."""
    from teller.domain.turn import TurnRequest
    from teller.errors import TellerError

    if (text is None) == (audio is None):
        raise typer.BadParameter("give either TEXT or --audio FILE")
    try:
        runner = _runner()
        if audio is not None:
            result = voice_cli.ask_audio(runner, audio, customer, _now(now), replay=now is not None)
        else:
            assert text is not None
            request = TurnRequest(
                id="ask", customer_id=customer, text=text, now=_now(now), replay=now is not None
            )
            result = runner.run(request)
    except TellerError as exc:
        typer.echo(f"error: {exc.message}", err=True)
        raise typer.Exit(2) from exc
    streamed = result.intent == "qna" and result.action == "answer"
    if streamed:
        result = _answer(result, text or result.transcript or "", stream=not as_json)
    if as_json:
        typer.echo(result.model_dump_json())
    else:
        print_result(result, reply=not streamed)


def _answer(result: TurnResult, question: str, *, stream: bool) -> TurnResult:
    """Answer a QnA turn from the knowledge base, streaming tokens to the terminal when asked to."""
    from teller.config import load_settings
    from teller.errors import TellerError
    from teller.qna.answer import Done, Token, build_answerer

    text: list[str] = []
    done: Done | None = None
    try:
        for event in build_answerer(load_settings().llm).stream(question):
            if isinstance(event, Token):
                text.append(event.text)
                if stream:
                    typer.echo(event.text, nl=False)
            elif isinstance(event, Done):
                done = event
    except TellerError as exc:  # a model that fails mid-answer: say so and offer a person
        text.append(f" [answer interrupted: {exc.message}; ask for an agent to talk to a person]")
    if stream:
        typer.echo("")
    data: dict[str, object] = {
        "citations": list(done.citations) if done else [],
        "grounded": bool(done and done.grounded),
    }
    return result.model_copy(update={"reply": "".join(text).strip(), "data": data})


@app.command()
def batch(
    file: Annotated[
        Path, typer.Argument(help="JSONL with id, customer_id, text, now per line ('-' for stdin).")
    ],
) -> None:
    """Run many turns; write one turn-contract line per input line, in order."""
    from teller.cli.batch import run_batch

    stream = sys.stdin if str(file) == "-" else file.open(encoding="utf-8")
    with stream:
        run_batch(_runner(), stream, sys.stdout)


@app.command()
def confirm(
    token: Annotated[str, typer.Argument(help="The one-time token from a confirm reply.")],
    customer: Annotated[str, typer.Option(help="Customer id.")] = "c_001",
) -> None:
    """Execute a pending action exactly once."""
    from teller.errors import TellerError

    runner = _runner()
    try:
        done = runner.pending.confirm(customer, token, now=runner.clock.now())
    except TellerError as exc:
        typer.echo(f"not done: {exc.message}", err=True)
        raise typer.Exit(1) from exc
    typer.echo(f"done: {done.summary}")


@app.command()
def cancel(
    token: Annotated[str, typer.Argument(help="The one-time token from a confirm reply.")],
    customer: Annotated[str, typer.Option(help="Customer id.")] = "c_001",
) -> None:
    """Cancel a pending action."""
    from teller.errors import TellerError

    runner = _runner()
    try:
        runner.pending.cancel(customer, token, now=runner.clock.now())
    except TellerError as exc:
        typer.echo(f"not cancelled: {exc.message}", err=True)
        raise typer.Exit(1) from exc
    typer.echo("cancelled")


if __name__ == "__main__":
    app()
