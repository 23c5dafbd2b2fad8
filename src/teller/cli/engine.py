"""`teller engine serve`: the GPU engine behind an OpenAI-compatible HTTP server (`teller.llm.engine.server`).

    teller engine serve --preset e4b --port 8000          # dummy E4B weights on the GPU
    teller engine serve --model-path ~/gemma-4-E4B-it     # a real checkpoint
    teller doctor --base-url http://127.0.0.1:8000        # check it like any vLLM server

The engine loads (weights, attention choice, every CUDA graph) before the socket is served, so the
first request is as fast as the rest.
"""

from __future__ import annotations

from typing import Annotated

import typer

app = typer.Typer(help="Teller's own GPU engine for Gemma 4.", no_args_is_help=True)


def register(root: typer.Typer) -> None:
    """Add `teller engine ...` to the CLI."""
    root.add_typer(app, name="engine")


@app.command("serve")
def serve(
    host: Annotated[str, typer.Option(help="Address to bind.")] = "127.0.0.1",
    port: Annotated[int, typer.Option(help="Port (0: any free one, printed).")] = 8000,
    model_path: Annotated[
        str | None, typer.Option(help="Checkpoint directory (safetensors + tokenizer); unset: dummy weights.")
    ] = None,
    preset: Annotated[str, typer.Option(help="Dummy-weight shape: e4b, e2b, tiny.")] = "e4b",
    device: Annotated[str, typer.Option(help="torch device (cpu: tests only).")] = "cuda",
    dtype: Annotated[str, typer.Option(help="bfloat16 | float16 | float32.")] = "bfloat16",
    max_len: Annotated[int, typer.Option(help="KV cache length (prompt + reply).")] = 4096,
    model_name: Annotated[str | None, typer.Option(help="The id /v1/models reports.")] = None,
    draft: Annotated[str, typer.Option(help="Drafted JSON replies: schema | off.")] = "schema",
    deadline_s: Annotated[float, typer.Option(help="Per-request deadline (seconds).")] = 60.0,
) -> None:
    """Serve the engine at /v1/chat/completions and /v1/models until interrupted."""
    import socket
    from pathlib import Path

    import uvicorn

    from teller.errors import TellerError
    from teller.llm.backends.gpu import GpuBackend, GpuSettings
    from teller.llm.engine.server import create_app

    if draft not in ("schema", "off"):
        raise typer.BadParameter("expected schema or off", param_hint="--draft")
    settings = GpuSettings(
        model_path=model_path, preset=preset, device=device, dtype=dtype, max_len=max_len, draft=draft
    )
    backend = GpuBackend(settings)
    try:
        backend.load()
    except TellerError as exc:
        typer.echo(f"error: {exc.message}", err=True)
        raise typer.Exit(2) from exc
    name = model_name or (Path(model_path).name if model_path else f"teller-gemma4-{preset}-dummy")
    sock = socket.socket(socket.AF_INET6 if ":" in host else socket.AF_INET)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.bind((host, port))
    shown = f"[{host}]" if ":" in host else host
    typer.echo(f"Teller engine serving {name} on http://{shown}:{sock.getsockname()[1]}/v1", err=True)
    config = uvicorn.Config(
        create_app(backend, model_name=name, deadline_s=deadline_s), log_level="warning", access_log=False
    )
    uvicorn.Server(config).run(sockets=[sock])
