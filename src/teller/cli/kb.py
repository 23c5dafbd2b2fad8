"""`teller kb load [DIR]` and `teller kb search QUERY`: build, persist and query the QnA index."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.table import Table

from teller.errors import TellerError

# teller.qna.* (bm25s, numpy) is imported inside the commands: every `teller` start imports this module.

_INDEX_DIR = typer.Option("--index-dir", help="Where the index lives (default: the user data dir).")


def register(app: typer.Typer) -> None:
    """Add the `kb` sub-command group to the main `teller` app."""
    kb = typer.Typer(help="The knowledge base behind open questions (QnA).", no_args_is_help=True)
    console = Console()

    @kb.command("load")
    def load(
        directory: Annotated[
            Path | None, typer.Argument(help="Folder of *.md articles (default: the demo corpus).")
        ] = None,
        index_dir: Annotated[Path | None, _INDEX_DIR] = None,
        ja_tokenizer: Annotated[str, typer.Option(help="bigram (default) or fugashi.")] = "bigram",
    ) -> None:
        """Validate the articles, build the BM25 index and save it."""
        from teller.qna.kb import default_corpus_dir, load_articles
        from teller.qna.retrieve import Retriever, default_index_dir

        source = directory or default_corpus_dir()
        try:
            articles = load_articles(source)
            retriever = Retriever.build(articles, ja_tokenizer=ja_tokenizer)
            saved = retriever.save(index_dir or default_index_dir())
        except (TellerError, ValueError) as exc:
            console.print(f"[red]error:[/red] {exc}")
            raise typer.Exit(2) from exc
        langs = ", ".join(f"{lang}={sum(a.language == lang for a in articles)}" for lang in ("en", "ja"))
        console.print(f"indexed {len(articles)} articles ({langs}) from {source} into {saved}")

    @kb.command("search")
    def search(
        query: Annotated[str, typer.Argument(help="A question, in English or Japanese.")],
        k: Annotated[int, typer.Option("-k", help="How many articles to show.")] = 3,
        language: Annotated[str | None, typer.Option(help="en or ja (default: from the query).")] = None,
        show_all: Annotated[bool, typer.Option("--all", help="Show hits below the score floor too.")] = False,
        index_dir: Annotated[Path | None, _INDEX_DIR] = None,
    ) -> None:
        """Show the articles a question retrieves, with BM25 scores."""
        from teller.qna.retrieve import detect_language, open_retriever

        try:
            retriever = open_retriever(index_dir)
            start = time.perf_counter_ns()
            hits = retriever.search(query, language=language, k=k, min_score=0.0 if show_all else None)
            took_ms = (time.perf_counter_ns() - start) / 1e6
        except TellerError as exc:
            console.print(f"[red]error:[/red] {exc}")
            raise typer.Exit(2) from exc
        lang = language or detect_language(query)
        if not hits:
            console.print(f"no article is relevant enough ({lang}, {took_ms:.2f} ms); try --all")
            raise typer.Exit(1)
        table = Table(title=f"{lang} · {took_ms:.2f} ms")
        for column in ("rank", "id", "title", "score"):
            table.add_column(column)
        for rank, hit in enumerate(hits, start=1):
            table.add_row(str(rank), hit.article.id, hit.article.title, f"{hit.score:.2f}")
        console.print(table)

    app.add_typer(kb, name="kb")
