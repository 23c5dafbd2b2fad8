"""End-to-end streaming through the real embedded model (slow: loads a 0.5 GB GGUF)."""

from __future__ import annotations

import pytest

from teller.config import LLMEndpoint, LLMSettings
from teller.errors import BackendError
from teller.qna.answer import Done, Retrieved, Token, build_answerer
from teller.qna.retrieve import Retriever


@pytest.mark.slow
def test_embedded_model_streams_a_cited_answer(retriever: Retriever) -> None:
    """The bundled model streams tokens for a Japanese question; only retrieved ids are cited."""
    pytest.importorskip("llama_cpp")
    endpoint = LLMEndpoint(backend="embedded", max_tokens=24, temperature=0.0, deadline_s=180.0)
    answerer = build_answerer(LLMSettings(qna=endpoint), retriever=retriever)
    try:
        events = list(answerer.stream("コンビニATMの手数料はいくらですか"))
    except BackendError as exc:
        if exc.code == "model_not_installed":
            pytest.skip(str(exc))
        raise
    retrieved, tokens, done = events[0], events[1:-1], events[-1]
    assert isinstance(retrieved, Retrieved) and retrieved.language == "ja"
    assert all(h.article.language == "ja" for h in retrieved.hits)
    assert len(tokens) >= 2 and all(isinstance(t, Token) for t in tokens)
    assert isinstance(done, Done) and done.source == "model"
    assert set(done.citations) <= set(retrieved.article_ids)
    assert "".join(t.text for t in tokens if isinstance(t, Token)).strip()
