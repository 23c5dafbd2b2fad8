"""BM25 tokenizers: English stemming and stopwords, Japanese bigrams and spelling variants."""

from __future__ import annotations

import pytest

from teller.qna.tokenize import english_tokens, japanese_bigrams, tokenizer_for


def test_english_drops_function_words() -> None:
    """Question wrappers carry no topic and never become tokens."""
    assert english_tokens("What is the fee for an ATM?") == ["fee", "atm"]


@pytest.mark.parametrize(("a", "b"), [("fees", "fee"), ("charges", "charge"), ("transfers", "transferring")])
def test_english_inflections_meet(a: str, b: str) -> None:
    """Inflected forms of one word map to the same token."""
    assert english_tokens(a) == english_tokens(b)


def test_english_spelling_variants_meet() -> None:
    """American and British spellings, and customer synonyms, meet the articles' words."""
    assert english_tokens("unauthorized") == english_tokens("unauthorised")
    assert english_tokens("freeze my card") == english_tokens("lock my card")


def test_japanese_bigrams_of_kanji_runs() -> None:
    """Kanji runs become overlapping character pairs."""
    assert japanese_bigrams("限度額") == ["限度", "度額"]


def test_japanese_drops_hiragana_only_pairs() -> None:
    """Particles and endings (です, ます) shared by every article are not tokens."""
    tokens = japanese_bigrams("手数料はいくらですか")
    assert "です" not in tokens and "すか" not in tokens
    assert "手数" in tokens and "数料" in tokens


def test_japanese_okurigana_variants_meet() -> None:
    """振り込み and 振込 give the same bigram, so a question spelled either way matches."""
    assert "振込" in japanese_bigrams("振り込みたい")
    assert "引き" in japanese_bigrams("お金をおろす")


def test_latin_inside_japanese_is_english() -> None:
    """Full-width ＡＴＭ inside Japanese text folds to the same token as ATM in English."""
    assert "atm" in japanese_bigrams("ＡＴＭの手数料")


def test_fugashi_tokenizer_lemmatizes() -> None:
    """The optional morphological path returns dictionary forms of content words."""
    pytest.importorskip("fugashi")
    tokens = tokenizer_for("ja", ja_tokenizer="fugashi")("カードを盗まれました")
    assert "カード" in tokens and "盗む" in tokens


def test_unknown_japanese_tokenizer() -> None:
    """An unknown tokenizer name is an error that lists the choices."""
    with pytest.raises(ValueError, match="bigram or fugashi"):
        tokenizer_for("ja", ja_tokenizer="sudachi")
