"""`teller serve`: run the HTTP/WebSocket API with uvicorn (uvloop, httptools) and print its URL; the
browser console's URL is printed last, once the server is up.

The lead wires it in with `serve.register(app)`. Demo keys (derived, see `teller.api.auth`) are
printed to the terminal on start, once, for the demo customers only; they never go to the logs.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, Any

import typer

if TYPE_CHECKING:
    import uvicorn


def register(app: typer.Typer) -> None:
    """Add the `serve` command to the `teller` CLI."""
    app.command()(serve)


def serve(
    host: Annotated[str | None, typer.Option(help="Address to bind (default: api.host, 127.0.0.1).")] = None,
    port: Annotated[int | None, typer.Option(help="Port (default: api.port, 8400; 0: any free).")] = None,
    show_keys: Annotated[bool, typer.Option(help="Print the demo customers' API keys.")] = True,
) -> None:
    """Serve the Teller API until interrupted."""
    import socket

    import uvicorn

    from teller.api.app import api_settings, create_app
    from teller.api.auth import demo_key
    from teller.config import load_settings

    settings = load_settings()
    api = api_settings(settings)
    bind_host = host or api.host
    sock = socket.socket(socket.AF_INET6 if ":" in bind_host else socket.AF_INET)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.bind((bind_host, api.port if port is None else port))
    bound_port = sock.getsockname()[1]
    shown = f"[{bind_host}]" if ":" in bind_host else bind_host
    base = f"http://{shown}:{bound_port}"
    typer.echo(f"Teller API on {base}  (docs: /docs, metrics: /metrics)")
    if api.replay_mode:
        typer.secho(
            "WARNING: replay mode is on: text turns accept a client `now` (evaluation only)",
            fg=typer.colors.RED,
            err=True,
        )
    if show_keys and api.demo_keys:
        for customer in api.demo_customers:
            typer.echo(f"  demo key {customer}: {demo_key(customer, api.demo_key_secret)}")

    class Announcing(uvicorn.Server):
        """Prints the console's address last, once the app has loaded and the socket is served."""

        async def startup(self, sockets: list[socket.socket] | None = None) -> None:
            await super().startup(sockets=sockets)
            if self.started:
                typer.echo(f"Console: {base}/")

    Announcing(server_config(create_app(settings))).run(sockets=[sock])


def server_config(app: Any, **overrides: Any) -> uvicorn.Config:
    """How Teller runs under uvicorn (`teller serve`, bench/load.py); `overrides` go to uvicorn.Config."""
    import uvicorn

    options: dict[str, Any] = {
        "loop": "uvloop",
        "http": "httptools",
        "ws": "websockets-sansio",
        "log_config": None,  # our JSON handler (teller.api.logs) owns uvicorn's loggers
        "access_log": False,  # per-turn JSON lines replace access logs; they never hold keys or raw names
        # Not behind a proxy by default: X-Forwarded-* from a loopback client must not be trusted, and
        # the middleware costs a header scan per request.
        "proxy_headers": False,
        "server_header": False,
        "timeout_graceful_shutdown": 5,
    }
    return uvicorn.Config(app, **{**options, **overrides})
