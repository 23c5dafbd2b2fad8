"""`teller db init [--demo]`, `teller db upgrade`, `teller db generate` and `teller db load FILE.json`."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

app = typer.Typer(no_args_is_help=True, help="Create, upgrade and load the bank database.")


@app.command("init")
def init(demo: Annotated[bool, typer.Option("--demo", help="Seed the demo bank.")] = False) -> None:
    """Create the schema (and seed the demo bank with --demo) in the configured database."""
    from teller.config import load_settings
    from teller.store.db import open_database

    settings = load_settings()
    settings.store.seed_demo = demo
    db = open_database(settings.store)
    typer.echo(
        f"database ready: {settings.store.url} ({'demo bank loaded' if not db.is_empty() else 'empty'})"
    )


@app.command("upgrade")
def upgrade() -> None:
    """Upgrade the configured database's schema to this version's (Alembic; docs/store.md)."""
    from sqlalchemy.engine import make_url

    from teller.config import load_settings
    from teller.store import migrate
    from teller.store.db import Database

    settings = load_settings()
    where = make_url(settings.store.url).render_as_string(hide_password=True)
    db = Database.from_settings(settings.store)
    try:
        before = migrate.current_revision(db)
        after = migrate.upgrade(db)
    finally:
        db.dispose()
    if before == after:
        typer.echo(f"{where}: already at {after}")
    else:
        typer.echo(f"{where}: upgraded {before or 'no revision'} -> {after}")


@app.command("generate")
def generate(
    customers: Annotated[int, typer.Option(min=1, help="How many customers.")] = 1000,
    seed: Annotated[int, typer.Option(help="The same seed gives the same bank.")] = 0,
    chunk: Annotated[int, typer.Option(min=1, help="Customers per transaction.")] = 1000,
    jobs: Annotated[
        int, typer.Option(min=0, help="Processes generating the next chunks while one loads (0: none).")
    ] = 1,
) -> None:
    """Write a synthetic bank (store/generate.py) through the bank loader, `chunk` customers at a time."""
    import time

    from teller.config import load_settings
    from teller.errors import TellerError
    from teller.store.db import open_database
    from teller.store.generate import generate_chunks

    settings = load_settings()
    settings.store.seed_demo = False
    db = open_database(settings.store)
    started = time.perf_counter()
    payees = transactions = 0
    try:
        for part in generate_chunks(customers, seed=seed, chunk=chunk, jobs=jobs):
            db.load_bank({"about": f"teller db generate --seed {seed}", "customers": part})
            payees += sum(len(c["payees"]) for c in part)
            transactions += sum(len(c["transactions"]) for c in part)
    except TellerError as exc:
        typer.echo(f"rejected: {exc.message}", err=True)
        raise typer.Exit(2) from exc
    finally:
        db.dispose()
    seconds = time.perf_counter() - started
    typer.echo(
        f"generated {customers} customers, {payees} payees, {transactions} transactions in {seconds:.1f} s"
    )


@app.command("load")
def load(file: Annotated[Path, typer.Argument(help="Bank JSON in the demo bank's format.")]) -> None:
    """Validate FILE and load it in one transaction; a bad file changes nothing."""
    import json

    from teller.config import load_settings
    from teller.errors import TellerError
    from teller.store.db import open_database

    settings = load_settings()
    settings.store.seed_demo = False
    try:
        data = json.loads(file.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
        typer.echo(f"rejected: {file}: cannot read JSON ({exc})", err=True)
        raise typer.Exit(2) from exc
    try:
        open_database(settings.store).load_bank(data, replace=True)
    except TellerError as exc:
        typer.echo(f"rejected: {exc.message}", err=True)
        raise typer.Exit(2) from exc
    typer.echo(f"loaded {file}")
