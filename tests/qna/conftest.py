"""Fixtures for QnA tests: the packaged corpus and one retriever built from it per session."""

from __future__ import annotations

import json
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

import pytest

from teller.llm.protocol import Message
from teller.qna.kb import Article, default_corpus_dir, load_articles
from teller.qna.retrieve import Retriever

EVAL = Path(__file__).resolve().parents[2] / "bench" / "data" / "qna_eval.jsonl"


@pytest.fixture(scope="session")
def articles() -> list[Article]:
    return load_articles(default_corpus_dir())


@pytest.fixture(scope="session")
def retriever(articles: list[Article]) -> Retriever:
    return Retriever.build(articles)


@pytest.fixture(scope="session")
def eval_rows() -> list[dict[str, Any]]:
    return [json.loads(line) for line in EVAL.read_text(encoding="utf-8").splitlines() if line.strip()]


class FakeBackend:
    """A TextStreamBackend that yields fixed pieces and records every call."""

    def __init__(self, pieces: Sequence[str] = (), *, error: Exception | None = None) -> None:
        self.pieces = list(pieces)
        self.error = error
        self.calls: list[dict[str, Any]] = []
        self.yielded = 0

    def stream_text(
        self, messages: Sequence[Message], *, max_tokens: int, temperature: float, deadline_s: float
    ) -> Iterator[str]:
        call = {"messages": list(messages), "max_tokens": max_tokens, "temperature": temperature}
        self.calls.append(call | {"deadline_s": deadline_s})
        for piece in self.pieces:
            self.yielded += 1
            yield piece
        if self.error is not None:
            raise self.error


@pytest.fixture
def fake_backend() -> type[FakeBackend]:
    return FakeBackend
