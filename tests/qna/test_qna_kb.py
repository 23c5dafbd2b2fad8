"""Knowledge base loading and validation."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from teller.qna.kb import Article, BadArticle, load_articles, parse_article

GOOD = """---
id: kb-test-fees
title: Test fees
language: en
tags: [test, fees]
---
Everything costs ¥100.
"""


def _write(directory: Path, name: str, text: str) -> Path:
    path = directory / name
    path.write_text(text, encoding="utf-8")
    return path


def test_packaged_corpus_has_en_ja_pairs(articles: list[Article]) -> None:
    """The demo corpus has ~40 articles and every English article has a Japanese twin."""
    ids = {a.id for a in articles}
    english = [a for a in articles if a.language == "en"]
    assert len(articles) >= 40
    assert all(f"{a.id}-ja" in ids for a in english)
    assert len(english) * 2 == len(articles)


@pytest.mark.parametrize(
    "pattern",
    [r"0120-\d{3}-\d{3}", r"\d{1,2}:\d{2}", r"\d+(?:\.\d+)?%"],
    ids=["phone", "time", "percent"],
)
def test_pairs_state_the_same_facts(articles: list[Article], pattern: str) -> None:
    """English and Japanese versions quote the same phone numbers, times and percentages."""
    by_id = {a.id: a for a in articles}
    for article in (a for a in articles if a.language == "en"):
        twin = by_id[f"{article.id}-ja"]
        assert set(re.findall(pattern, article.body)) == set(re.findall(pattern, twin.body)), article.id


def test_parse_good_article() -> None:
    """A well-formed article parses into its fields, tags split on commas."""
    article = parse_article(GOOD, path="x.md")
    assert (article.id, article.title, article.language) == ("kb-test-fees", "Test fees", "en")
    assert article.tags == ("test", "fees")
    assert article.body == "Everything costs ¥100."


@pytest.mark.parametrize("field", ["id", "title", "language", "tags"])
def test_missing_field_names_file_and_field(tmp_path: Path, field: str) -> None:
    """Dropping any required field fails with the file path and the field in the message."""
    text = "\n".join(line for line in GOOD.splitlines() if not line.startswith(f"{field}:")) + "\n"
    _write(tmp_path, "broken.md", text)
    with pytest.raises(BadArticle) as info:
        load_articles(tmp_path)
    assert info.value.field == field
    assert "broken.md" in str(info.value) and field in str(info.value)


@pytest.mark.parametrize(
    ("old", "new", "field"),
    [
        ("language: en", "language: fr", "language"),
        ("id: kb-test-fees", "id: Test Fees", "id"),
        ("tags: [test, fees]", "tags: [test, fees", "tags"),
        ("title: Test fees", "title: Test fees\nauthor: me", "author"),
        ("Everything costs ¥100.", "", "body"),
        ("language: en", "language: ja", "language"),
    ],
    ids=["bad-language", "bad-id", "unclosed-tags", "unknown-field", "empty-body", "wrong-script"],
)
def test_bad_values_name_the_field(old: str, new: str, field: str) -> None:
    """Each kind of bad front matter is reported against the right field."""
    with pytest.raises(BadArticle) as info:
        parse_article(GOOD.replace(old, new), path="kb/bad.md")
    assert info.value.field == field
    assert str(info.value).startswith("kb/bad.md: ")


def test_unclosed_front_matter() -> None:
    """A front matter block without its closing fence is an error, not an article with no body."""
    with pytest.raises(BadArticle, match="not closed"):
        parse_article(GOOD.replace("---\nEverything", "Everything"), path="a.md")


def test_duplicate_ids_across_files(tmp_path: Path) -> None:
    """Two files with the same id fail, naming both files."""
    first = _write(tmp_path, "a.md", GOOD)
    _write(tmp_path, "b.md", GOOD)
    with pytest.raises(BadArticle, match=re.escape(str(first))):
        load_articles(tmp_path)
