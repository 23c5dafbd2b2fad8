"""`teller scheduler run [--until ISO]` and `teller scheduler list --customer ID`.

`run` executes every scheduled payment that is due, each exactly once (see `teller.store.scheduled`),
and prints what it did. Payments are posted at the clock's time; `--until` (an evaluation and
catch-up tool, like `ask --now`) decides which days count as come, so `--until` tomorrow runs
tomorrow's payments now, still counted against their own day. `teller serve` runs the same pass in
the background every `scheduler.interval_s` seconds.
"""

from __future__ import annotations

from typing import Annotated

import typer

app = typer.Typer(no_args_is_help=True, help="Run and inspect scheduled payments.")


@app.command("run")
def run(
    until: Annotated[
        str | None, typer.Option(help="Run what is due at this ISO time with offset (default: now).")
    ] = None,
) -> None:
    """Execute the scheduled payments that are due, each exactly once."""
    from datetime import datetime

    from teller.clock import SystemClock, in_range
    from teller.config import load_settings
    from teller.store.db import open_database
    from teller.store.scheduled import ScheduledPayments

    now = SystemClock().now()
    try:
        when = in_range(datetime.fromisoformat(until)) if until is not None else now
    except ValueError as exc:
        raise typer.BadParameter(f"--until: {exc}") from None
    if when > now:
        typer.echo(f"note: --until {when.isoformat()} is ahead of the clock; due payments post now", err=True)
    scheduled = ScheduledPayments(open_database(load_settings().store))
    report = scheduled.run_due(now=now, until=when)
    for outcome in report.executed:
        typer.echo(f"executed {outcome.payment_id} ({outcome.customer_id}) → {outcome.transaction_id}")
    for outcome in report.failed:
        typer.echo(f"failed   {outcome.payment_id} ({outcome.customer_id}): {outcome.reason}")
    typer.echo(
        f"{len(report.executed)} executed, {len(report.failed)} failed, {report.skipped} already taken"
    )


@app.command("list")
def list_(
    customer: Annotated[str, typer.Option(help="Customer id.")] = "c_001",
    every: Annotated[bool, typer.Option("--all", help="Also executed, failed and cancelled ones.")] = False,
) -> None:
    """The customer's scheduled payments, soonest first."""
    from teller.config import load_settings
    from teller.domain.money import Money
    from teller.store.db import open_database
    from teller.store.scheduled import ScheduledPayments

    statuses = ("scheduled", "executed", "failed", "cancelled") if every else ("scheduled",)
    rows = ScheduledPayments(open_database(load_settings().store)).list_scheduled(customer, statuses=statuses)
    for p in rows:
        why = f" ({p.reason})" if p.reason else ""
        money = Money(p.amount_minor, p.currency).format()
        typer.echo(f"{p.id}  {p.execute_on}  {p.description}  {money}  {p.status}{why}")
    if not rows:
        typer.echo("nothing scheduled")
