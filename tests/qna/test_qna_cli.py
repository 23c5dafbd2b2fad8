"""`teller kb load` and `teller kb search`."""

from __future__ import annotations

from pathlib import Path

import typer
from typer.testing import CliRunner

from teller.cli.kb import register


def _app() -> typer.Typer:
    app = typer.Typer()

    @app.callback()
    def main() -> None:
        """Root."""

    register(app)
    return app


def test_load_then_search(tmp_path: Path) -> None:
    """Load persists the packaged corpus; search over the saved index finds the ATM article."""
    runner = CliRunner()
    index = tmp_path / "index"
    loaded = runner.invoke(_app(), ["kb", "load", "--index-dir", str(index)])
    assert loaded.exit_code == 0, loaded.output
    assert "indexed 40 articles" in loaded.output and (index / "manifest.json").exists()
    found = runner.invoke(_app(), ["kb", "search", "コンビニATMの手数料", "--index-dir", str(index)])
    assert found.exit_code == 0, found.output
    assert "kb-atm-fees-ja" in found.output


def test_load_bad_article_names_file_and_field(tmp_path: Path) -> None:
    """A broken article stops the load with exit code 2 and names the file and field."""
    (tmp_path / "broken.md").write_text("---\nid: kb-x\ntitle: X\ntags: [x]\n---\nbody\n", encoding="utf-8")
    result = CliRunner().invoke(_app(), ["kb", "load", str(tmp_path), "--index-dir", str(tmp_path / "i")])
    assert result.exit_code == 2
    assert "broken.md" in result.output and "language" in result.output


def test_search_nothing_relevant(tmp_path: Path) -> None:
    """An unrelated query says nothing is relevant and exits 1."""
    result = CliRunner().invoke(_app(), ["kb", "search", "weather tomorrow", "--index-dir", str(tmp_path)])
    assert result.exit_code == 1
    assert "no article is relevant" in result.output
