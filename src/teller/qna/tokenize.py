"""Tokenizers for BM25: English words with a light stemmer, Japanese character bigrams.

Japanese has no spaces, so words are not given. Character bigrams were measured against
fugashi + unidic-lite on the QnA eval set (`bench/qna.py --ja-tokenizer fugashi`): bigrams found
more (Japanese recall@3 0.98 against 0.88), cost less per query and ship no dictionary, so they
are the default and the morphological path stays an option. Both tokenizers fold text first
(NFKC, width, case), so "ＡＴＭ" and "atm" meet, and Latin words inside Japanese text
("ATMの手数料") become English tokens.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import lru_cache

from teller.normalize.script import HIRAGANA_CLASS, JA_CLASS
from teller.normalize.text import fold

Tokenizer = Callable[[str], list[str]]

_WORD = re.compile(r"[a-z0-9]+(?:[-'][a-z0-9]+)*")
# Runs of kana, kanji and the prolonged sound mark; anything else ends a run.
_JA_RUN = re.compile(f"[{JA_CLASS}]+")
_HIRAGANA_ONLY = re.compile(f"^[{HIRAGANA_CLASS}]+$")
_LATIN = re.compile(r"[a-z0-9]+")

# Function words carry no topic; keeping them lets any chatty question "match" every article
# and defeats the no-answer threshold.
_EN_STOPWORD_TEXT = """
    a about am an and any are as at be been being but by can could did do does doing for from
    get got had has have how i i'd i'm if in into is it it's its just me my of on or our please so
    than that the their them then there these they this to too us was we what when where which who
    why will with would you your yours hi hello hey thanks thank tell know want need like"""
_EN_STOPWORDS = frozenset(_EN_STOPWORD_TEXT.split())

# Spelling variants customers use interchangeably; mapped before stemming.
_EN_VARIANTS = {
    "unauthorized": "unauthorised",
    "recognize": "recognise",
    "recognized": "recognise",
    "license": "licence",
    "canceled": "cancelled",
    "canceling": "cancelling",
    "cash-machine": "atm",
    "atms": "atm",
    "wire": "transfer",
    "wired": "transfer",
    "wiring": "transfer",
    "remittance": "transfer",
    "abroad": "overseas",
    "foreign": "overseas",
    "international": "overseas",
    "freeze": "lock",
    "frozen": "lock",
    "block": "lock",
    "human": "person",
    "agent": "person",
    "someone": "person",
    "representative": "person",
    "operator": "person",
}


@lru_cache(maxsize=8192)
def _stem(word: str) -> str:
    """Strip common English inflections; only needs to be consistent, not linguistic."""
    word = _EN_VARIANTS.get(word, word)
    for suffix, repl, min_len in (
        ("ies", "y", 5),
        ("sses", "ss", 5),
        ("ing", "", 6),
        ("ed", "", 5),
        ("es", "", 5),
        ("s", "", 4),
    ):
        if len(word) >= min_len and word.endswith(suffix) and not word.endswith("ss"):
            word = word[: len(word) - len(suffix)] + repl
            # transferring → transferr → transfer, so it meets "transfers"
            doubled = len(word) > 3 and word[-1] == word[-2] and word[-1] not in "aeious"
            if suffix in ("ing", "ed") and doubled:
                word = word[:-1]
            break
    if len(word) > 4 and word.endswith("e"):
        word = word[:-1]
    return word


def english_tokens(text: str) -> list[str]:
    """Folded words minus stopwords, lightly stemmed."""
    words = _WORD.findall(fold(text))
    out: list[str] = []
    for word in words:
        if word in _EN_STOPWORDS:
            continue
        word = _EN_VARIANTS.get(word, word)
        out.extend(_stem(part) for part in word.split("-") if part)
    return out


def japanese_bigrams(text: str) -> list[str]:
    """Character bigrams of each kana/kanji run, plus English tokens for Latin words.

    Bigrams made only of hiragana are dropped: they are mostly particles and verb endings
    (のは, です, ます) that every article shares.
    """
    folded = _ja_normalize(fold(text))
    out: list[str] = []
    for run in _JA_RUN.findall(folded):
        if len(run) == 1:
            if not _HIRAGANA_ONLY.match(run):
                out.append(run)
            continue
        for i in range(len(run) - 1):
            gram = run[i : i + 2]
            if not _HIRAGANA_ONLY.match(gram) and gram not in _JA_STOP_GRAMS:
                out.append(gram)
    latin = " ".join(_LATIN.findall(folded))
    if latin:
        out.extend(english_tokens(latin))
    return out


# Okurigana and colloquial spellings of the same word (振り込む/振込, おろす/引き出す): bigrams
# only meet when both sides are spelled alike, so questions are rewritten to the articles' form.
_JA_VARIANTS = (
    ("振り込", "振込"),
    ("振込み", "振込"),
    ("引出", "引き出"),
    ("下ろ", "引き出"),
    ("おろせ", "引き出せ"),
    ("おろす", "引き出す"),
    ("おろし", "引き出し"),
    ("申し込", "申込"),
    ("取り消", "取消"),
    ("問い合わせ", "問合せ"),
    ("問合わせ", "問合せ"),
)
# Request wrappers (教えて, 知りたい) that appear in questions and, by chance, in one article.
_JA_STOP_GRAMS = frozenset({"教え", "知り", "思い", "思う"})


def _ja_normalize(folded: str) -> str:
    for variant, canonical in _JA_VARIANTS:
        folded = folded.replace(variant, canonical)
    return folded


_CONTENT_POS = frozenset({"名詞", "動詞", "形容詞", "形状詞", "副詞", "接頭辞"})


@lru_cache(maxsize=1)
def _tagger() -> object:
    try:
        import fugashi
    except ImportError as exc:
        from teller.errors import MissingExtra

        raise MissingExtra("fugashi", "qna-ja") from exc
    return fugashi.Tagger()


def japanese_morphemes(text: str) -> list[str]:
    """Lemmas of content words from MeCab (fugashi + unidic-lite); needs the `qna-ja` extra."""
    folded = _ja_normalize(fold(text))
    out: list[str] = []
    for word in _tagger()(folded):  # type: ignore[operator]
        if word.feature.pos1 not in _CONTENT_POS:
            continue
        surface = str(word.surface)
        if surface.isascii():
            out.extend(english_tokens(surface))
            continue
        lemma = word.feature.lemma
        # unidic tags loanwords with their source word (カード-card); the reading alone is the word
        out.append(str(lemma).split("-", 1)[0] if lemma else surface)
    return out


JA_TOKENIZERS: dict[str, Tokenizer] = {"bigram": japanese_bigrams, "fugashi": japanese_morphemes}


def tokenizer_for(language: str, *, ja_tokenizer: str = "bigram") -> Tokenizer:
    """The tokenizer for one article language ("en" or "ja")."""
    if language == "ja":
        try:
            return JA_TOKENIZERS[ja_tokenizer]
        except KeyError:
            raise ValueError(f"unknown Japanese tokenizer {ja_tokenizer!r}; use bigram or fugashi") from None
    return english_tokens
