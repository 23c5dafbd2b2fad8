"""Grounded, streamed answers: retrieve, refuse or prompt, stream tokens, check citations.

`Answerer.stream(question, language=...)` yields, in order:

    Retrieved   the articles the answer may use (possibly none)
    Token*      pieces of the answer text, citations already checked
    Done        the citations that survived and whether the answer is grounded

When retrieval finds nothing above the score floor, the answerer says so and offers a person
without calling the model at all: an answer that cannot be grounded should cost nothing and
risk nothing. Backend failures (`BackendError` and subclasses) propagate from the iterator; a
streaming endpoint should turn them into an error event after whatever it already sent.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any, ClassVar

from teller.config import LLMEndpoint, LLMSettings
from teller.llm.protocol import TextStreamBackend
from teller.qna.citations import CitationFilter
from teller.qna.prompt import REFUSAL, build_messages
from teller.qna.retrieve import Hit, Retriever, detect_language, open_retriever, select_context
from teller.qna.tokenize import tokenizer_for

DEFAULT_TOKEN_BUDGET = 600  # ~3 articles; prompt length is what a small model's TTFT pays for
DEFAULT_TOP_K = 3


@dataclass(frozen=True, slots=True)
class Retrieved:
    """The articles retrieved for the question, best first, already cut to the token budget."""

    kind: ClassVar[str] = "retrieved"
    hits: tuple[Hit, ...]
    language: str

    @property
    def article_ids(self) -> list[str]:
        return [h.article.id for h in self.hits]

    def payload(self) -> dict[str, Any]:
        return {
            "language": self.language,
            "articles": [
                {"id": h.article.id, "title": h.article.title, "score": round(h.score, 3)} for h in self.hits
            ],
        }


@dataclass(frozen=True, slots=True)
class Token:
    """A piece of answer text, safe to show; citations appear inline as `[kb-…]`."""

    kind: ClassVar[str] = "token"
    text: str

    def payload(self) -> dict[str, Any]:
        return {"text": self.text}


@dataclass(frozen=True, slots=True)
class Done:
    """The end of an answer.

    `grounded` is true only when the answer cites at least one retrieved article; an ungrounded
    answer (a refusal, or a model that cited nothing) should be followed by a handoff offer.
    `source` says who wrote the text: "model", "refusal" (nothing retrieved, no model call) or
    "article" (no model configured, so the best-matching paragraph of the top article is read out).
    `attributed` marks a citation that code added because the model cited nothing but its answer
    is mostly words of one retrieved article (small models often skip citations).
    """

    kind: ClassVar[str] = "done"
    citations: tuple[str, ...]
    grounded: bool
    source: str
    dropped_citations: tuple[str, ...] = ()
    attributed: bool = False  # the citation was added by code (lexical support), not by the model

    def payload(self) -> dict[str, Any]:
        return {
            "citations": list(self.citations),
            "grounded": self.grounded,
            "source": self.source,
            "dropped_citations": list(self.dropped_citations),
            "attributed": self.attributed,
        }


AnswerEvent = Retrieved | Token | Done


def build_answerer(llm: LLMSettings, *, retriever: Retriever | None = None) -> Answerer:
    """An Answerer over the QnA endpoint (`TELLER_LLM__QNA__…`); no model when the LLM is disabled
    or the QnA backend is `extractive`.

    Builds nothing heavy: the backend loads its model on the first question.
    """
    backend: TextStreamBackend | None = None
    if llm.enabled and llm.qna.backend != "extractive":
        from teller.llm.factory import build_backend

        backend = build_backend(llm.qna)
    return Answerer(retriever or open_retriever(), backend, endpoint=llm.qna)


class Answerer:
    """Answers open questions from the knowledge base through a streaming text backend.

    `backend=None` means no model is configured; answers then quote the best article instead.
    """

    def __init__(
        self,
        retriever: Retriever,
        backend: TextStreamBackend | None,
        *,
        endpoint: LLMEndpoint | None = None,
        top_k: int = DEFAULT_TOP_K,
        token_budget: int = DEFAULT_TOKEN_BUDGET,
        min_score: float | None = None,
        attribute_uncited: bool = True,
    ) -> None:
        self.retriever = retriever
        self.backend = backend
        self.endpoint = endpoint or LLMEndpoint(max_tokens=256, temperature=0.2, deadline_s=30.0)
        self.top_k = top_k
        self.token_budget = token_budget
        self.min_score = min_score
        self.attribute_uncited = attribute_uncited

    def retrieve(self, question: str, *, language: str | None = None) -> Retrieved:
        """The grounding step alone: hits above the floor, cut to the token budget."""
        lang = language or detect_language(question)
        hits = self.retriever.search(question, language=lang, k=self.top_k, min_score=self.min_score)
        return Retrieved(tuple(select_context(hits, token_budget=self.token_budget)), lang)

    def stream(self, question: str, *, language: str | None = None) -> Iterator[AnswerEvent]:
        """Retrieved, then Token pieces, then Done; see the module docstring."""
        retrieved = self.retrieve(question, language=language)
        yield retrieved
        lang = retrieved.language
        if not retrieved.hits:
            yield Token(REFUSAL.get(lang, REFUSAL["en"]))
            yield Done(citations=(), grounded=False, source="refusal")
            return
        if self.backend is None:
            best = retrieved.hits[0].article
            yield Token(f"{_best_paragraph(best.body, question, best.language)} [{best.id}]")
            yield Done(citations=(best.id,), grounded=True, source="article")
            return
        yield from self._generate(self.backend, question, retrieved)

    def answer(self, question: str, *, language: str | None = None) -> tuple[str, Done]:
        """The whole answer text and its Done event (for batch use and tests)."""
        parts: list[str] = []
        done = Done(citations=(), grounded=False, source="refusal")
        for event in self.stream(question, language=language):
            if isinstance(event, Token):
                parts.append(event.text)
            elif isinstance(event, Done):
                done = event
        return "".join(parts), done

    def _generate(
        self, backend: TextStreamBackend, question: str, retrieved: Retrieved
    ) -> Iterator[AnswerEvent]:
        messages = build_messages(question, retrieved.hits, language=retrieved.language)
        citations = CitationFilter(retrieved.article_ids)
        pieces = backend.stream_text(
            messages,
            max_tokens=self.endpoint.max_tokens,
            temperature=self.endpoint.temperature,
            deadline_s=self.endpoint.deadline_s,
        )
        said: list[str] = []
        for piece in pieces:
            text = citations.feed(piece)
            if text:
                said.append(text)
                yield Token(text)
        tail = citations.flush()
        if tail:
            said.append(tail)
            yield Token(tail)
        cited = tuple(citations.cited)
        attributed = False
        if not cited and self.attribute_uncited:
            best = _supporting_article(("".join(said)), retrieved)
            if best is not None:
                cited, attributed = (best,), True
                yield Token(f" [{best}]")
        yield Done(
            citations=cited,
            grounded=bool(cited),
            source="model",
            dropped_citations=tuple(citations.dropped),
            attributed=attributed,
        )


def _best_paragraph(body: str, question: str, language: str) -> str:
    """The paragraph sharing most terms with the question: a spoken answer, not a whole article."""
    tokenize = tokenizer_for(language)
    asked = set(tokenize(question))
    paragraphs = [p for p in body.strip().split("\n\n") if p.strip()]
    best = max(paragraphs, key=lambda p: len(asked.intersection(tokenize(p))))
    separator = "" if language == "ja" else " "
    return separator.join(line.strip() for line in best.splitlines())


SUPPORT_MIN = 0.6  # share of the answer's terms that must come from one article to attribute it
SUPPORT_MIN_TERMS = 4  # "I don't know" and other short replies are never attributed


def _supporting_article(answer: str, retrieved: Retrieved) -> str | None:
    """The retrieved article whose terms cover most of the answer, if it covers enough of it.

    Lexical support shows where the words came from, not that the sentence is true to the article
    (a dropped "not" keeps every word), which is why such citations are marked `attributed`.
    """
    tokenize = tokenizer_for(retrieved.language)
    terms = set(tokenize(answer))
    if len(terms) < SUPPORT_MIN_TERMS:
        return None
    best_id, best_share = None, 0.0
    for hit in retrieved.hits:
        share = len(terms.intersection(tokenize(hit.article.text_for_index()))) / len(terms)
        if share > best_share:
            best_id, best_share = hit.article.id, share
    return best_id if best_share >= SUPPORT_MIN else None
