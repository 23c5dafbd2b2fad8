"""`teller serve`: run the HTTP/WebSocket API with uvicorn (uvloop, httptools) and print its URL; the
browser console's URL is printed last, once the server is up.

The lead wires it in with `serve.register(app)`. Demo keys exist only with `--demo` (which also
serves the OpenAPI schema): they are derived from a secret drawn at random for this start (unless
`api.demo_key_secret` is set), printed to the terminal once, and never go to the logs. With
`api.metrics_port` set, Prometheus metrics are served on their own address too.
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
    demo: Annotated[
        bool,
        typer.Option("--demo", help="Demo keys for the demo customers (printed) and the OpenAPI schema."),
    ] = False,
    workers: Annotated[
        int,
        typer.Option(min=1, help="Processes serving the port, sharing sessions through the database."),
    ] = 1,
) -> None:
    """Serve the Teller API until interrupted."""
    import os
    import secrets
    import socket

    import uvicorn

    from teller.api.app import api_settings, create_app
    from teller.api.auth import demo_key
    from teller.config import load_settings

    settings = load_settings()
    api = api_settings(settings)
    if demo:
        api = api.model_copy(
            update={
                "demo_keys": True,
                "docs": True,
                "demo_key_secret": api.demo_key_secret or secrets.token_hex(32),
            }
        )
        settings = settings.model_copy(update={"api": api})
        # --workers: each worker reads its settings from the environment; they must share the secret.
        os.environ["TELLER_API__DEMO_KEYS"] = os.environ["TELLER_API__DOCS"] = "true"
        os.environ["TELLER_API__DEMO_KEY_SECRET"] = str(api.demo_key_secret)
    bind_host = host or api.host
    sock = socket.socket(socket.AF_INET6 if ":" in bind_host else socket.AF_INET)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.bind((bind_host, api.port if port is None else port))
    bound_port = sock.getsockname()[1]
    shown = f"[{bind_host}]" if ":" in bind_host else bind_host
    base = f"http://{shown}:{bound_port}"
    typer.echo(f"Teller API on {base}" + ("  (schema: /openapi.json)" if api.docs else ""))
    if api.replay_mode:
        typer.secho(
            "WARNING: replay mode is on: text turns accept a client `now` (evaluation only)",
            fg=typer.colors.RED,
            err=True,
        )
    if api.demo_keys and api.demo_key_secret:
        for customer in api.demo_customers:
            typer.echo(f"  demo key {customer}: {demo_key(customer, api.demo_key_secret)}")
    if workers > 1:
        from teller.api import workers as many

        if api.metrics_port is not None:
            typer.echo(
                "metrics_port is not served with --workers (each worker has its own /metrics)", err=True
            )
        typer.echo(f"Console: {base}/  ({workers} workers)")
        many.run(sock, workers, server_options())
        return
    app = create_app(settings)
    if api.metrics_port is not None:
        from prometheus_client import start_http_server

        start_http_server(api.metrics_port, addr=api.metrics_host, registry=app.state.metrics.registry)
        typer.echo(f"metrics on http://{api.metrics_host}:{api.metrics_port}/metrics")

    class Announcing(uvicorn.Server):
        """Prints the console's address last, once the app has loaded and the socket is served."""

        async def startup(self, sockets: list[socket.socket] | None = None) -> None:
            await super().startup(sockets=sockets)
            if self.started:
                typer.echo(f"Console: {base}/")

    Announcing(server_config(app)).run(sockets=[sock])


def server_config(app: Any, **overrides: Any) -> uvicorn.Config:
    """How Teller runs under uvicorn (`teller serve`, bench/load.py, the API tests); `overrides` go to
    uvicorn.Config. The HTTP protocol is uvicorn's httptools one with Teller's read deadlines and
    connection caps (`teller.api.connections`), from the app's `api` settings."""
    import uvicorn

    from teller.api.connections import ConnectionLimits, guarded_protocol
    from teller.api.settings import ApiSettings

    api = getattr(getattr(app, "state", None), "api_settings", None) or ApiSettings()
    limits = ConnectionLimits(
        header_timeout_s=api.header_timeout_s,
        body_timeout_s=api.body_timeout_s,
        body_min_rate=api.body_min_rate,
        max_header_bytes=api.max_header_bytes,
        max_connections=api.max_connections,
        max_connections_per_address=api.max_connections_per_address,
    )
    return uvicorn.Config(app, **{**server_options(), "http": guarded_protocol(limits), **overrides})


def server_options() -> dict[str, Any]:
    """uvicorn options of every Teller server, apart from the app and its HTTP protocol."""
    return {
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
