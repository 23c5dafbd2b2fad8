"""The knowledge base: Markdown articles with a small front matter block, loaded and validated.

An article file looks like this::

    ---
    id: kb-atm-fees
    title: ATM fees
    language: en
    tags: [atm, fees, convenience store]
    ---
    Body text in Markdown.

The front matter is a deliberately tiny YAML subset (``key: value`` lines, tags as ``[a, b]``)
so that no YAML library is needed; anything outside it is an error that names the file and the
field, because a silently skipped article is a question the assistant cannot answer.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from importlib import resources
from pathlib import Path

from teller.errors import BadArticle as BadArticle
from teller.errors import InputError
from teller.normalize.text import is_japanese

LANGUAGES = ("en", "ja")
ARTICLE_ID = re.compile(r"^kb-[a-z0-9]+(?:-[a-z0-9]+)*$")
_FIELDS = ("id", "title", "language", "tags")
_FENCE = "---"


@dataclass(frozen=True, slots=True)
class Article:
    """One help article in one language."""

    id: str
    title: str
    language: str
    tags: tuple[str, ...]
    body: str
    source: str = ""  # file it was read from, for error messages and `teller kb search`

    def text_for_index(self) -> str:
        """What BM25 sees: title and tags weigh in alongside the body."""
        return "\n".join((self.title, self.title, " ".join(self.tags), self.body))

    def text_for_heading(self) -> str:
        """Title and tags: what the article is about, in the words its editor chose."""
        return "\n".join((self.title, " ".join(self.tags)))


def default_corpus_dir() -> Path:
    """The demo corpus that ships inside the package."""
    return Path(str(resources.files("teller") / "data" / "kb"))


def _parse_tags(raw: str, *, path: str) -> tuple[str, ...]:
    raw = raw.strip()
    if raw.startswith("["):
        if not raw.endswith("]"):
            raise BadArticle("unclosed [ in tag list", path=path, field="tags")
        raw = raw[1:-1]
    tags = tuple(t.strip().strip("\"'") for t in raw.split(","))
    if not tags or any(not t for t in tags):
        raise BadArticle("tags must be a non-empty list like [atm, fees]", path=path, field="tags")
    return tags


def _split_front_matter(text: str, *, path: str) -> tuple[list[str], str]:
    lines = text.lstrip("\ufeff").splitlines()
    if not lines or lines[0].strip() != _FENCE:
        raise BadArticle("file must start with a '---' front matter block", path=path, field="front matter")
    try:
        end = next(i for i in range(1, len(lines)) if lines[i].strip() == _FENCE)
    except StopIteration:
        raise BadArticle("front matter is not closed by '---'", path=path, field="front matter") from None
    return lines[1:end], "\n".join(lines[end + 1 :]).strip()


def parse_article(text: str, *, path: str = "<string>") -> Article:
    """Parse and validate one article; raises BadArticle naming `path` and the field."""
    header, body = _split_front_matter(text, path=path)
    fields: dict[str, str] = {}
    for lineno, line in enumerate(header, start=2):
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        key, sep, value = line.partition(":")
        key = key.strip()
        if not sep:
            raise BadArticle(f"line {lineno} is not 'key: value'", path=path, field="front matter")
        if key not in _FIELDS:
            raise BadArticle(f"unknown field (allowed: {', '.join(_FIELDS)})", path=path, field=key)
        if key in fields:
            raise BadArticle("given twice", path=path, field=key)
        fields[key] = value.strip()
    for key in _FIELDS:
        if not fields.get(key):
            raise BadArticle("missing or empty", path=path, field=key)
    article_id, language = fields["id"], fields["language"]
    if not ARTICLE_ID.match(article_id):
        raise BadArticle(f"{article_id!r} must look like kb-atm-fees", path=path, field="id")
    if language not in LANGUAGES:
        raise BadArticle(f"{language!r} is not one of {', '.join(LANGUAGES)}", path=path, field="language")
    if not body:
        raise BadArticle("article has no text after the front matter", path=path, field="body")
    if (language == "ja") != is_japanese(body):
        raise BadArticle(f"text does not look like language {language!r}", path=path, field="language")
    return Article(
        id=article_id,
        title=fields["title"],
        language=language,
        tags=_parse_tags(fields["tags"], path=path),
        body=body,
        source=path,
    )


def load_articles(directory: Path | str) -> list[Article]:
    """Every `*.md` article under `directory` (recursively), sorted by id; ids must be unique."""
    root = Path(directory)
    if not root.is_dir():
        raise InputError(f"{root}: not a directory")
    articles: list[Article] = []
    seen: dict[str, str] = {}
    for path in sorted(root.rglob("*.md")):
        try:
            text = path.read_text(encoding="utf-8")
        except UnicodeDecodeError as exc:
            raise BadArticle("not UTF-8 text", path=str(path), field="encoding") from exc
        article = parse_article(text, path=str(path))
        if article.id in seen:
            raise BadArticle(f"{article.id!r} is also used by {seen[article.id]}", path=str(path), field="id")
        seen[article.id] = str(path)
        articles.append(article)
    if not articles:
        raise InputError(f"{root}: no *.md articles found")
    return sorted(articles, key=lambda a: a.id)


def by_language(articles: Iterable[Article]) -> dict[str, list[Article]]:
    """Articles grouped by language, each group in id order."""
    groups: dict[str, list[Article]] = {lang: [] for lang in LANGUAGES}
    for article in articles:
        groups[article.language].append(article)
    return groups
