"""`teller listen`: feed an audio file through the live voice path, printing partials, the result and
the timings. `ask_audio` is what `teller ask --audio` and `teller batch` (lines with "audio") call.

Voice modules are imported inside the command so `teller --help` stays instant.
"""

from __future__ import annotations

from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

if TYPE_CHECKING:
    from teller.domain.turn import TurnResult
    from teller.voice.files import ActingRunner
    from teller.voice.settings import VoiceSettings


def ask_audio(
    runner: ActingRunner,
    path: str | Path,
    customer_id: str,
    now: datetime | None,
    *,
    request_id: str = "ask",
    settings: VoiceSettings | None = None,
    replay: bool = False,
) -> TurnResult:
    """One spoken request in a file → its turn result (with `transcript` and voice timings).

    Models load once per process (per distinct `settings`). Raises `BadAudio` for unusable audio
    or no speech, and `MissingExtra` (extra `voice`) when the voice packages are not installed.
    `replay`: an evaluation case that writes nothing to the bank (`TurnRequest.replay`).
    """
    from teller.voice.files import ask_audio as _ask_audio

    return _ask_audio(runner, path, customer_id, now, settings=settings, request_id=request_id, replay=replay)


def _parse_now(value: str | None) -> datetime | None:
    if value is None:
        return None
    from teller.clock import in_range

    try:
        return in_range(datetime.fromisoformat(value))
    except ValueError as exc:
        raise typer.BadParameter(f"--now: {exc}") from None


def listen(
    file: Annotated[Path, typer.Option("--file", help="WAV/FLAC/OGG with one or more spoken requests.")],
    realtime: Annotated[bool, typer.Option(help="Pace the frames at real time (32 ms each).")] = False,
    customer: Annotated[str, typer.Option(help="Customer id.")] = "c_001",
    now: Annotated[str | None, typer.Option(help="ISO time of the turn with offset (default: now).")] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print each turn contract as JSON.")] = False,
) -> None:
    """Listen to a file as if it were a live microphone: partials, endpoints, results, timings."""
    from teller.config import Settings
    from teller.errors import TellerError
    from teller.pipeline.turn import TurnRunner
    from teller.voice.audio import load_audio
    from teller.voice.engine import VoiceEngine
    from teller.voice.files import listen_samples
    from teller.voice.session import VoiceEvent

    def show(event: VoiceEvent) -> None:
        if not as_json:
            text = f" {event.text}" if event.text else ""
            typer.echo(f"{event.at_ms:8.0f} ms  {event.kind:<8}{text}", err=True)

    try:
        when = _parse_now(now)
        settings = Settings()  # the environment's TELLER_VOICE__… settings apply, as in the API
        engine = VoiceEngine.shared(settings.voice)
        samples = load_audio(file, max_seconds=engine.settings.max_seconds)
        runner = TurnRunner.from_settings(settings)
        results = listen_samples(
            runner, samples, customer_id=customer, now=when, engine=engine, realtime=realtime, on_event=show
        )
    except TellerError as exc:
        typer.echo(f"error: {exc.message}", err=True)
        raise typer.Exit(2) from exc
    if not results:
        typer.echo("no speech found", err=True)
        raise typer.Exit(1)
    for result in results:
        if as_json:
            typer.echo(result.model_dump_json(exclude={"trace"}))
            continue
        from teller.cli.render import print_result

        typer.echo(f"transcript: {result.transcript}")
        print_result(result)


def register(app: typer.Typer) -> None:
    """Add `listen` to the `teller` command."""
    app.command("listen")(listen)
