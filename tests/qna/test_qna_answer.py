"""Grounded answers: refusal without a model call, checked citations, streaming order, prompt shape."""

from __future__ import annotations

from typing import Any

import pytest

from teller.config import LLMEndpoint
from teller.errors import BackendUnavailable
from teller.qna.answer import Answerer, Done, Retrieved, Token
from teller.qna.prompt import REFUSAL, SYSTEM_PROMPT
from teller.qna.retrieve import Retriever

ATM_QUESTION = "how much does a convenience store ATM charge"
ATM_ANSWER = "At partner convenience-store ATMs the fee is ¥110 on weekdays and ¥220 otherwise."


class _MustNotCall:
    def stream_text(self, *args: Any, **kwargs: Any) -> Any:
        raise AssertionError("the model was called for an ungrounded question")


@pytest.mark.parametrize(
    ("question", "language"),
    [("who won the baseball game last night", "en"), ("明日の天気はどうですか", "ja")],
)
def test_refuses_without_calling_model(retriever: Retriever, question: str, language: str) -> None:
    """Nothing relevant: a refusal offering a person, in the question's language, with no model call."""
    events = list(Answerer(retriever, _MustNotCall()).stream(question))
    assert isinstance(events[0], Retrieved) and events[0].hits == ()
    assert [e.text for e in events if isinstance(e, Token)] == [REFUSAL[language]]
    assert events[-1] == Done(citations=(), grounded=False, source="refusal")


def test_citations_only_of_retrieved_articles(retriever: Retriever, fake_backend: Any) -> None:
    """Cited ids in the answer exist and were retrieved; invented ones never reach the customer."""
    backend = fake_backend(["¥110 on weekdays ", "[kb-atm", "-fees]", " and ¥220 otherwise [kb-invented]."])
    answerer = Answerer(retriever, backend)
    text, done = answerer.answer(ATM_QUESTION)
    retrieved = answerer.retrieve(ATM_QUESTION).article_ids
    assert "kb-invented" not in text and "[kb-atm-fees]" in text
    assert done.citations == ("kb-atm-fees",) and set(done.citations) <= set(retrieved)
    assert all(retriever.get(i) is not None for i in done.citations)
    assert done.dropped_citations == ("kb-invented",) and done.grounded


def test_existing_but_unretrieved_id_is_dropped(retriever: Retriever, fake_backend: Any) -> None:
    """A real article id that was not in the context is still removed."""
    answerer = Answerer(retriever, fake_backend(["Rates are 0.20% [kb-rates-savings]."]))
    assert "kb-rates-savings" not in answerer.retrieve(ATM_QUESTION).article_ids
    text, done = answerer.answer(ATM_QUESTION)
    assert "kb-rates-savings" not in text and not done.grounded


def test_uncited_answer_is_ungrounded(retriever: Retriever, fake_backend: Any) -> None:
    """A model answer with no surviving citation is flagged ungrounded (the caller offers a person)."""
    backend = fake_backend(["I don't have that information, shall I connect you to a person?"])
    _, done = Answerer(retriever, backend).answer(ATM_QUESTION)
    assert done.source == "model" and not done.grounded and done.citations == ()


def test_uncited_answer_from_article_words_is_attributed(retriever: Retriever, fake_backend: Any) -> None:
    """An uncited answer made of one retrieved article's words gets that article, marked attributed."""
    backend = fake_backend([ATM_ANSWER])
    text, done = Answerer(retriever, backend).answer(ATM_QUESTION)
    assert text.endswith(" [kb-atm-fees]")
    assert done.citations == ("kb-atm-fees",) and done.grounded and done.attributed


def test_attribution_can_be_turned_off(retriever: Retriever, fake_backend: Any) -> None:
    """With attribution off, only the model's own citations count."""
    backend = fake_backend([ATM_ANSWER])
    _, done = Answerer(retriever, backend, attribute_uncited=False).answer(ATM_QUESTION)
    assert not done.grounded and not done.attributed


def test_tokens_stream_before_model_finishes(retriever: Retriever, fake_backend: Any) -> None:
    """The first token is handed on while the model is still producing the rest."""
    backend = fake_backend(["The fee ", "is ¥110 ", "[kb-atm-fees]."])
    stream = Answerer(retriever, backend).stream(ATM_QUESTION)
    assert isinstance(next(stream), Retrieved)
    first = next(stream)
    assert isinstance(first, Token) and first.text == "The fee "
    assert backend.yielded == 1
    rest = list(stream)
    assert isinstance(rest[-1], Done) and all(isinstance(e, Token) for e in rest[:-1])


def test_prompt_fixed_first_context_then_question(retriever: Retriever, fake_backend: Any) -> None:
    """The system prompt is identical across questions; articles come before the question."""
    backend = fake_backend(["ok"])
    answerer = Answerer(retriever, backend)
    answerer.answer(ATM_QUESTION)
    answerer.answer("カードをなくしました")
    first, second = (call["messages"] for call in backend.calls)
    assert first[0] == second[0] == {"role": "system", "content": SYSTEM_PROMPT}
    user = first[1]["content"]
    assert user.index("[kb-atm-fees]") < user.index(ATM_QUESTION) and user.rstrip().endswith(ATM_QUESTION)
    assert "[kb-card-lock-ja]" in second[1]["content"] or "[kb-card-replace-ja]" in second[1]["content"]


def test_endpoint_settings_reach_backend(retriever: Retriever, fake_backend: Any) -> None:
    """max_tokens, temperature and deadline come from the QnA endpoint, not extraction's."""
    backend = fake_backend(["ok"])
    endpoint = LLMEndpoint(max_tokens=128, temperature=0.1, deadline_s=5.0)
    Answerer(retriever, backend, endpoint=endpoint).answer(ATM_QUESTION)
    assert backend.calls[0] | {"messages": None} == {
        "messages": None,
        "max_tokens": 128,
        "temperature": 0.1,
        "deadline_s": 5.0,
    }


def test_budget_limits_context(retriever: Retriever, fake_backend: Any) -> None:
    """A small token budget sends only the best article."""
    backend = fake_backend(["ok"])
    answerer = Answerer(retriever, backend, token_budget=50)
    assert len(answerer.retrieve(ATM_QUESTION).hits) == 1
    answerer.answer(ATM_QUESTION)
    assert backend.calls[0]["messages"][1]["content"].count("[kb-") == 1


def test_backend_error_propagates_after_tokens(retriever: Retriever, fake_backend: Any) -> None:
    """A backend failure mid-answer surfaces as the backend's own error after the tokens sent."""
    backend = fake_backend(["partial "], error=BackendUnavailable("gone"))
    seen: list[object] = []
    with pytest.raises(BackendUnavailable):
        for event in Answerer(retriever, backend).stream(ATM_QUESTION):
            seen.append(event)
    assert seen[-1] == Token("partial ")


def test_without_model_reads_best_article(retriever: Retriever) -> None:
    """No model configured: the best-matching paragraph of the top article, cited."""
    text, done = Answerer(retriever, None).answer("コンビニATMの手数料は？")
    assert "110円" in text and text.endswith("[kb-atm-fees-ja]")
    assert done == Done(citations=("kb-atm-fees-ja",), grounded=True, source="article")


def test_event_payloads_are_json_ready(retriever: Retriever, fake_backend: Any) -> None:
    """Every event turns into a plain dict for SSE: kind plus payload."""
    events = list(Answerer(retriever, fake_backend(["[kb-atm-fees]"])).stream(ATM_QUESTION))
    assert [e.kind for e in events] == ["retrieved", "token", "done"]
    assert events[0].payload()["articles"][0]["id"] == "kb-atm-fees"
    assert events[-1].payload() == {
        "citations": ["kb-atm-fees"],
        "grounded": True,
        "source": "model",
        "dropped_citations": [],
        "attributed": False,
    }
