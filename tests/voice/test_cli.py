"""`teller listen` is registered on the app and reports bad audio clearly."""

from __future__ import annotations

from pathlib import Path

import pytest
import typer
from typer.testing import CliRunner

from teller.cli.voice import register


def test_listen_is_registered_and_refuses_non_audio(tmp_path: Path) -> None:
    """`listen --file note.wav` on a text file exits 2 with a clear message."""
    pytest.importorskip("faster_whisper", reason="voice extra not installed")
    app = typer.Typer()
    register(app)

    @app.command()
    def noop() -> None:
        """keeps typer in multi-command mode"""

    path = tmp_path / "note.wav"
    path.write_text("not audio")
    result = CliRunner().invoke(app, ["listen", "--file", str(path)])
    assert result.exit_code == 2
    assert "not a readable audio file" in result.output
