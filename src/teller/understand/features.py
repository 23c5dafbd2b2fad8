"""Features for the intent classifier, shared by training (`scripts/train_intent.py`) and runtime.

Input is text already passed through `teller.normalize.text.fold`. Latin script becomes word
unigrams and bigrams (with sentence-boundary bigrams, so "how ..." and "... please" carry weight);
kana and CJK runs become character 1-3 grams, because Japanese has no spaces to split on.

Every digit run becomes one placeholder, so "send 5,000 yen" and "send 75 yen" share features and
"5000円" and "1万円" share the "円" context. Punctuation is dropped: voice transcripts have none, and
a "?" learnt from typed training text would not be there when it counts.

Training and runtime must call the same `featurize`: a vocabulary learnt from one feature function
and applied to another silently loses most of its features.
"""

from __future__ import annotations

import re
from itertools import pairwise

NUM = "<num>"
# A digit run with its thousands separators and decimals: "5,000", "1,250.50", "2026".
_DIGITS = re.compile(r"\d+(?:[.,]\d+)*")
# The placeholder must be one character so CJK character n-grams see "に#円" as three characters.
_NUM_CHAR = "#"
_CJK = "\u3005\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff"
_TOKENS = re.compile(
    rf"(?P<cjk>[{_CJK}{_NUM_CHAR}]*[{_CJK}][{_CJK}{_NUM_CHAR}]*)"
    rf"|(?P<word>[a-z\u00c0-\u024f]+(?:'[a-z\u00c0-\u024f]+)*|{_NUM_CHAR}|[$¥€£])"
)
_BOS = "<s>"
_EOS = "</s>"
# Runs are padded with a space so "て " (ends a request) differs from "て" mid-sentence.
_PAD = " "


def featurize(folded_text: str) -> list[str]:
    """Feature keys of one folded utterance, in order of appearance, without duplicates.

    Keys carry a prefix per kind: `w:` word, `b:` word bigram, `c:` CJK character n-gram.
    """
    text = _DIGITS.sub(_NUM_CHAR, folded_text)
    feats: list[str] = []
    words: list[str] = [_BOS]
    for match in _TOKENS.finditer(text):
        run = match.group("cjk")
        if run is not None:
            # A CJK run breaks the word sequence: a bigram across it would pair unrelated words.
            _add_words(words, feats)
            words = [_BOS]
            _add_char_ngrams(run, feats)
        else:
            word = match.group("word")
            words.append(NUM if word == _NUM_CHAR else word)
    _add_words(words, feats)
    return list(dict.fromkeys(feats))


def _add_words(words: list[str], feats: list[str]) -> None:
    if len(words) == 1:
        return
    words.append(_EOS)
    feats.extend("w:" + w for w in words[1:-1])
    feats.extend(f"b:{a} {b}" for a, b in pairwise(words))


def _add_char_ngrams(run: str, feats: list[str]) -> None:
    padded = _PAD + run + _PAD
    feats.extend("c:" + ch for ch in run)
    feats.extend("c:" + padded[i : i + 2] for i in range(len(padded) - 1))
    feats.extend("c:" + padded[i : i + 3] for i in range(len(padded) - 2))
