"""Query expansion: customers' words meet the articles' words; typo fixes stay conservative."""

from __future__ import annotations

import pytest

from teller.qna.expand import correct_typos, expansion_text, rules
from teller.qna.retrieve import Retriever
from teller.qna.tokenize import tokenizer_for


@pytest.mark.parametrize("language", ["en", "ja"])
def test_every_rule_names_article_words(retriever: Retriever, language: str) -> None:
    """Each rule's canonical words occur in that language's articles, so no rule is dead weight."""
    tokenize = tokenizer_for(language)
    vocab = set(tokenize(" ".join(a.text_for_index() for a in retriever.articles if a.language == language)))
    for trigger, words in rules(language):
        assert set(tokenize(words)) & vocab, (trigger.pattern[:60], words)


def test_english_customer_words_expand() -> None:
    """'charge' and 'cap' bring in the articles' 'fee' and 'limit'; whole words only."""
    assert "fee" in expansion_text("what's the charge for this", "en").split()
    assert "limit" in expansion_text("is there a cap", "en").split()
    assert expansion_text("capybara", "en") == ""


def test_japanese_customer_words_expand() -> None:
    """費用 brings in 手数料, 落とした brings in 紛失."""
    assert "手数料" in expansion_text("費用はいくら", "ja")
    assert "紛失" in expansion_text("カードを落とした", "ja")


def test_typos_corrected_to_vocabulary() -> None:
    """An unknown long token maps to a word one edit away; short or far tokens are left alone."""
    vocab = ["exchange", "interest", "limit", "transfer"]
    assert correct_typos(["exchnge", "limit"], vocab) == ["exchange"]
    assert correct_typos(["limt"], vocab) == []  # too short to guess
    assert correct_typos(["router"], vocab) == []


def test_synonyms_and_typos_retrieve(retriever: Retriever) -> None:
    """Questions in customers' words find the article written in the bank's words."""
    assert retriever.search("exchnage rate for euros")[0].article.id == "kb-exchange-rates"
    assert retriever.search("what does it cost to remit money to my son in Germany")[0].article.id == (
        "kb-transfer-intl-fees"
    )
    top_two = {h.article.id for h in retriever.search("カードを落としてしまった", k=2)}
    assert top_two == {"kb-card-lock-ja", "kb-card-replace-ja"}
