"""Language-aware BM25 retrieval over the knowledge base, and context selection by token budget.

One bm25s index per language: a Japanese question is scored only against Japanese articles, so
the answer comes back in the customer's language and English text never crowds the context.
Scores are raw BM25 (unbounded, larger is better); `min_score` on `search` is the "nothing
relevant" line below which the answerer refuses without calling a model.
"""

from __future__ import annotations

import json
import math
from collections.abc import Sequence
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

import numpy as np
from platformdirs import user_data_dir

from teller.errors import InputError, MissingExtra
from teller.normalize.text import is_japanese
from teller.qna.expand import correct_typos, expansion_text
from teller.qna.kb import LANGUAGES, Article, by_language, default_corpus_dir, load_articles
from teller.qna.tokenize import tokenizer_for

INDEX_FORMAT = 2
# Below these nothing is close enough to ground an answer (weather, sports, trivia). Lexical
# scores cannot tell "car loan rates" from "savings rates", so questions near the corpus still
# reach the model, whose instructions and the citation check handle them; see docs/qna.md.
DEFAULT_MIN_SCORE = {"en": 0.8, "ja": 1.0}
# Weights chosen on the eval set's dev split (bench/qna.py); see docs/qna.md for the measurements.
HEAD_WEIGHT = 0.5  # title and tag matches, on top of the body index that contains them too
EXPANSION_WEIGHT = 0.3  # words the question implies (synonyms, typo fixes) count less than its own


@dataclass(frozen=True, slots=True)
class Hit:
    """One retrieved article and its BM25 score."""

    article: Article
    score: float


def default_index_dir() -> Path:
    """Where `teller kb load` persists the index: the user data dir, beside the database."""
    return Path(user_data_dir("teller", appauthor=False)) / "kb-index"


def detect_language(text: str) -> str:
    """ "ja" when the text has any kana or kanji, else "en"."""
    return "ja" if is_japanese(text) else "en"


def estimate_tokens(text: str) -> int:
    """Rough LLM token count: ~4 Latin characters per token, ~1.3 Japanese characters per token.

    An estimate on purpose: the budget guards prompt length (and so time to first token), and a
    real tokenizer would cost more than the retrieval it is budgeting.
    """
    ascii_chars = sum(1 for ch in text if ch.isascii())
    return math.ceil(ascii_chars / 4 + (len(text) - ascii_chars) / 1.3)


def select_context(hits: Sequence[Hit], *, token_budget: int) -> list[Hit]:
    """The best hits, in order, whose articles fit in `token_budget` together.

    The first hit is always kept (a budget smaller than one article would otherwise leave the
    model nothing to ground on); later hits that would overflow the budget are skipped.
    """
    chosen: list[Hit] = []
    used = 0
    for hit in hits:
        cost = estimate_tokens(hit.article.title) + estimate_tokens(hit.article.body) + 8
        if chosen and used + cost > token_budget:
            continue
        chosen.append(hit)
        used += cost
    return chosen


def _bm25s() -> Any:
    try:
        import bm25s
    except ImportError as exc:
        raise MissingExtra("bm25s", "qna") from exc
    return bm25s


class _LanguageIndex:
    """Two bm25s indexes over one language's articles, row i of each being articles[i].

    `body` sees the whole article (`Article.text_for_index`); `head` sees only the title and
    tags, the words an editor chose to say what the article is about, so a question that names
    the topic in those words outranks one that merely shares body text.
    """

    def __init__(
        self, articles: list[Article], body: Any, head: Any, language: str, ja_tokenizer: str
    ) -> None:
        self.articles = articles
        self.body = body
        self.head = head
        self.language = language
        self.tokenize = tokenizer_for(language, ja_tokenizer=ja_tokenizer)
        self.vocab: dict[str, int] = body.vocab_dict
        self.head_vocab: dict[str, int] = head.vocab_dict
        self._words = sorted(self.vocab)

    @classmethod
    def build(cls, articles: list[Article], language: str, ja_tokenizer: str) -> _LanguageIndex:
        tokenize = tokenizer_for(language, ja_tokenizer=ja_tokenizer)
        bm25s = _bm25s()
        body = bm25s.BM25()
        body.index([tokenize(a.text_for_index()) for a in articles], show_progress=False)
        head = bm25s.BM25()
        head.index([tokenize(a.text_for_heading()) for a in articles], show_progress=False)
        return cls(articles, body, head, language, ja_tokenizer)

    def _field_scores(self, tokens: list[str]) -> np.ndarray[Any, np.dtype[np.float32]]:
        scores = np.zeros(len(self.articles), dtype=np.float32)
        body_ids = [self.vocab[t] for t in tokens if t in self.vocab]
        if body_ids:
            scores += self.body.get_scores_from_ids(body_ids)
        head_ids = [self.head_vocab[t] for t in tokens if t in self.head_vocab]
        if head_ids:
            scores += HEAD_WEIGHT * self.head.get_scores_from_ids(head_ids)
        return scores

    def scores(self, query: str) -> np.ndarray[Any, np.dtype[np.float32]]:
        """The question's own words at full weight; typo fixes and expansions at EXPANSION_WEIGHT."""
        tokens = [t for t in self.tokenize(query) if t]
        extra = correct_typos(tokens, self._words) if self.language == "en" else []
        own = set(tokens)
        extra += [t for t in self.tokenize(expansion_text(query, self.language)) if t and t not in own]
        scores = self._field_scores(tokens)
        if extra:
            scores += EXPANSION_WEIGHT * self._field_scores(list(dict.fromkeys(extra)))
        return scores


class Retriever:
    """BM25 over the knowledge base, one index per language.

    `search(query)` picks the index from the query's script unless `language` is given.
    """

    def __init__(self, indexes: dict[str, _LanguageIndex], *, ja_tokenizer: str) -> None:
        self._indexes = indexes
        self.ja_tokenizer = ja_tokenizer

    @classmethod
    def build(cls, articles: Sequence[Article], *, ja_tokenizer: str = "bigram") -> Retriever:
        groups = by_language(articles)
        indexes = {
            lang: _LanguageIndex.build(group, lang, ja_tokenizer) for lang, group in groups.items() if group
        }
        return cls(indexes, ja_tokenizer=ja_tokenizer)

    @property
    def articles(self) -> list[Article]:
        return [a for index in self._indexes.values() for a in index.articles]

    def get(self, article_id: str) -> Article | None:
        """The article with this id, in any language."""
        return next((a for a in self.articles if a.id == article_id), None)

    def search(
        self, query: str, *, language: str | None = None, k: int = 3, min_score: float | None = None
    ) -> list[Hit]:
        """Up to `k` hits, best first, each scoring at least `min_score` (default: per language)."""
        lang = language or detect_language(query)
        if lang not in LANGUAGES:
            raise InputError(f"language {lang!r} is not one of {', '.join(LANGUAGES)}")
        index = self._indexes.get(lang)
        if index is None or k <= 0:
            return []
        floor = DEFAULT_MIN_SCORE[lang] if min_score is None else min_score
        scores = index.scores(query)
        order = np.argsort(-scores, kind="stable")[:k]
        return [Hit(index.articles[i], float(scores[i])) for i in order if scores[i] >= max(floor, 1e-9)]

    def save(self, directory: Path | str) -> Path:
        """Persist every language index plus the articles and a manifest under `directory`."""
        root = Path(directory)
        root.mkdir(parents=True, exist_ok=True)
        for lang, index in self._indexes.items():
            index.body.save(str(root / lang / "body"), show_progress=False)
            index.head.save(str(root / lang / "head"), show_progress=False)
            rows = [asdict(a) for a in index.articles]
            (root / lang / "articles.json").write_text(json.dumps(rows, ensure_ascii=False), encoding="utf-8")
        manifest = {
            "format": INDEX_FORMAT,
            "ja_tokenizer": self.ja_tokenizer,
            "languages": sorted(self._indexes),
            "articles": len(self.articles),
        }
        (root / "manifest.json").write_text(json.dumps(manifest, indent=2), encoding="utf-8")
        return root

    @classmethod
    def load(cls, directory: Path | str) -> Retriever:
        """Read an index written by `save`; raises InputError when it is missing or stale."""
        root = Path(directory)
        try:
            manifest = json.loads((root / "manifest.json").read_text(encoding="utf-8"))
        except (OSError, ValueError) as exc:
            raise InputError(f"{root}: no knowledge base index (run `teller kb load`)") from exc
        if manifest.get("format") != INDEX_FORMAT:
            raise InputError(f"{root}: index format {manifest.get('format')} is stale (run `teller kb load`)")
        ja_tokenizer = str(manifest["ja_tokenizer"])
        bm25s = _bm25s()
        indexes: dict[str, _LanguageIndex] = {}
        for lang in manifest["languages"]:
            rows = json.loads((root / lang / "articles.json").read_text(encoding="utf-8"))
            articles = [Article(**{**row, "tags": tuple(row["tags"])}) for row in rows]
            body = bm25s.BM25.load(str(root / lang / "body"), show_progress=False, verbosity=0)
            head = bm25s.BM25.load(str(root / lang / "head"), show_progress=False, verbosity=0)
            indexes[lang] = _LanguageIndex(articles, body, head, lang, ja_tokenizer)
        return cls(indexes, ja_tokenizer=ja_tokenizer)


def open_retriever(index_dir: Path | None = None) -> Retriever:
    """The index `teller kb load` persisted, else one built from the packaged demo corpus."""
    path = index_dir or default_index_dir()
    if (path / "manifest.json").exists():
        return Retriever.load(path)
    return Retriever.build(load_articles(default_corpus_dir()))
