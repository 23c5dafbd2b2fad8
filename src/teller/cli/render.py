"""Readable terminal output of one turn (rich)."""

from __future__ import annotations

from rich.console import Console

from teller.domain.turn import TurnResult

_console = Console(highlight=False)


def print_result(result: TurnResult, *, reply: bool = True) -> None:
    """The reply (unless it was already streamed), the token, the decision and the stage timings."""
    if reply:
        _console.print(f"[bold]{result.reply}[/bold]")
    if result.pending is not None:
        _console.print(f"  token: {result.pending.token}  (teller confirm TOKEN / teller cancel TOKEN)")
    extra = f" reason={result.reason}" if result.reason else ""
    missing = f" missing={','.join(result.missing)}" if result.missing else ""
    _console.print(
        f"[dim]  {result.intent.value} → {result.action.value}{extra}{missing} "
        f"(path={result.path}, confidence={result.confidence})[/dim]"
    )
    stages = "  ".join(f"{k}={v:.3f}" for k, v in result.timings_ms.items())
    _console.print(f"[dim]  ms: {stages}[/dim]")
