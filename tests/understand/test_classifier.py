"""The fast-path intent classifier: packaged model, probabilities, unseen phrasings, train/runtime parity."""

from __future__ import annotations

import math
import sys
from pathlib import Path
from types import ModuleType

import numpy as np
import pytest

from teller.domain.intents import TURN_INTENTS, Intent
from teller.normalize.text import fold
from teller.understand.classifier import FORMAT_VERSION, IntentClassifier, default_classifier, export_model
from teller.understand.features import NUM, featurize

SCRIPTS = Path(__file__).resolve().parents[2] / "scripts"
# The ten turn intents and the two scheduled-payment intents (which the model scores, see decision.py).
MODEL_INTENTS = set(TURN_INTENTS) | {Intent.SCHEDULED_PAYMENTS, Intent.CANCEL_SCHEDULED}

# Written for this test: not in the training phrases, the held-out sets or the golden set.
UNSEEN: list[tuple[str, Intent]] = [
    ("how much cash is in my checking right now", Intent.BALANCE_INQUIRY),
    ("what's my savings balance at the moment", Intent.BALANCE_INQUIRY),
    ("ドル口座の残高を見せてください", Intent.BALANCE_INQUIRY),
    ("いま口座にいくらありますか", Intent.BALANCE_INQUIRY),
    ("what did i spend on saturday", Intent.RECENT_TRANSACTIONS),
    ("show me every payment from the last two weeks", Intent.RECENT_TRANSACTIONS),
    ("先週のカード利用を教えて", Intent.RECENT_TRANSACTIONS),
    ("最近の取引を三件見せて", Intent.RECENT_TRANSACTIONS),
    ("send 60 dollars to my cousin bill", Intent.TRANSFER_MONEY),
    ("transfer 7,000 yen to yoshida tomorrow", Intent.TRANSFER_MONEY),
    ("wire four hundred dollars to hannah", Intent.TRANSFER_MONEY),
    ("西田さんに3万円振り込んでください", Intent.TRANSFER_MONEY),
    ("姉に8000円送金しておいて", Intent.TRANSFER_MONEY),
    ("freeze my debit card, i dropped it on the bus", Intent.CARD_LOCK),
    ("my credit card got stolen last night", Intent.CARD_LOCK),
    ("キャッシュカードをなくしたので止めてください", Intent.CARD_LOCK),
    ("クレジットカードを凍結してほしい", Intent.CARD_LOCK),
    ("please unlock my debit card again", Intent.CARD_UNLOCK),
    ("unfreeze the visa, i found it", Intent.CARD_UNLOCK),
    ("デビットカードのロックを外してください", Intent.CARD_UNLOCK),
    ("クレカの停止を解除してほしい", Intent.CARD_UNLOCK),
    ("pay the electricity bill today", Intent.BILL_PAYMENT),
    ("i want to pay my phone bill now", Intent.BILL_PAYMENT),
    ("ガスの料金を支払ってください", Intent.BILL_PAYMENT),
    ("今月の電話代を払いたいです", Intent.BILL_PAYMENT),
    ("who is saved as a payee on my account", Intent.RECIPIENT_LOOKUP),
    ("is oliver on my list of payees", Intent.RECIPIENT_LOOKUP),
    ("登録した振込先の一覧を教えて", Intent.RECIPIENT_LOOKUP),
    ("西田さんは振込先に登録されていますか", Intent.RECIPIENT_LOOKUP),
    ("i want to talk to a real human", Intent.HUMAN_HANDOFF),
    ("connect me to a representative now", Intent.HUMAN_HANDOFF),
    ("担当の人と話したいです", Intent.HUMAN_HANDOFF),
    ("オペレーターにつないでほしい", Intent.HUMAN_HANDOFF),
    ("what's the fee for sending money to another country", Intent.QNA),
    ("how can i increase the daily limit on transfers", Intent.QNA),
    ("when does your branch open in the morning", Intent.QNA),
    ("what's the interest rate on savings accounts", Intent.QNA),
    ("海外への送金手数料はいくらですか", Intent.QNA),
    ("支店は何時まで開いていますか", Intent.QNA),
    ("口座開設の方法を教えてください", Intent.QNA),
    ("what's the weather going to be like tomorrow", Intent.OUT_OF_SCOPE),
    ("could you put on some tunes", Intent.OUT_OF_SCOPE),
    ("tell me a good joke", Intent.OUT_OF_SCOPE),
    ("明日の東京の天気を教えて", Intent.OUT_OF_SCOPE),
    ("好きな音楽を流してください", Intent.OUT_OF_SCOPE),
    ("何か冗談を言ってよ", Intent.OUT_OF_SCOPE),
]


@pytest.fixture(scope="module")
def train_intent() -> ModuleType:
    """The training script, imported as a module (it lives in scripts/, outside the package)."""
    sys.path.insert(0, str(SCRIPTS))
    try:
        import train_intent as module
    finally:
        sys.path.remove(str(SCRIPTS))
    return module


def test_packaged_model_loads_with_the_model_intents() -> None:
    """The model shipped in teller/data loads and scores the ten turn intents and the scheduled two."""
    clf = IntentClassifier.load()
    assert set(clf.classes) == MODEL_INTENTS
    assert clf.n_features > 1000


def test_default_classifier_is_loaded_once() -> None:
    """default_classifier() returns the same cached instance every call."""
    assert default_classifier() is default_classifier()


@pytest.mark.parametrize("text", ["send 50 dollars to john", "残高を教えて", "", "zzqx vvbn", "？？"])
def test_predictions_cover_every_intent_sorted_and_sum_to_one(text: str) -> None:
    """predict() lists all the model's intents once, most likely first, probabilities summing to 1."""
    result = default_classifier().predict(fold(text))
    assert {intent for intent, _ in result} == MODEL_INTENTS
    assert len(result) == len(MODEL_INTENTS)
    probs = [p for _, p in result]
    assert probs == sorted(probs, reverse=True)
    assert all(0.0 <= p <= 1.0 for p in probs)
    assert math.isclose(sum(probs), 1.0, abs_tol=1e-9)


@pytest.mark.parametrize(
    ("text", "intent"),
    [
        ("what's my balance in savings", Intent.BALANCE_INQUIRY),
        ("send 3000 yen to Tanaka Jiro", Intent.TRANSFER_MONEY),
        ("please lock my credit card", Intent.CARD_LOCK),
        ("口座の残高を知りたい", Intent.BALANCE_INQUIRY),
        ("西田さんに1万円振り込んで", Intent.TRANSFER_MONEY),
        ("how much is the fee for an international transfer", Intent.QNA),
        ("how do I raise my daily transfer limit", Intent.QNA),
        ("振込手数料はいくらですか", Intent.QNA),
        ("what's the weather in Osaka", Intent.OUT_OF_SCOPE),
        ("音楽をかけてください", Intent.OUT_OF_SCOPE),
    ],
)
def test_unmistakable_phrasings_land_confidently(text: str, intent: Intent) -> None:
    """Clear requests and questions get the right intent with a probability above one half."""
    top, prob = default_classifier().predict(fold(text))[0]
    assert top is intent
    assert prob > 0.5


def test_unseen_phrasings_reach_minimum_accuracy() -> None:
    """At least 85% of a spread of unseen English and Japanese phrasings get the right intent."""
    clf = default_classifier()
    misses = [(t, want, got) for t, want in UNSEEN if (got := clf.predict(fold(t))[0][0]) is not want]
    for lang_is_ja in (False, True):
        subset = [(t, w) for t, w in UNSEEN if any(ord(ch) > 0x3000 for ch in t) is lang_is_ja]
        wrong = [m for m in misses if any(ord(ch) > 0x3000 for ch in m[0]) is lang_is_ja]
        assert 1 - len(wrong) / len(subset) >= 0.85, wrong
    assert {w for _, w in UNSEEN} == set(TURN_INTENTS)


def test_features_map_digits_to_one_placeholder() -> None:
    """Different amounts give identical features, so the model learns the context, not the number."""
    assert featurize(fold("send 5 yen to ken")) == featurize(fold("send 5,000.50 yen to ken"))
    assert f"b:send {NUM}" in featurize("send 20 dollars")
    assert featurize("佐藤さんに5000円") == featurize("佐藤さんに12円")
    assert "c:に#円" in featurize("佐藤さんに5000円")


def test_features_are_word_ngrams_for_latin_and_char_ngrams_for_japanese() -> None:
    """Latin text yields words and bigrams with boundaries; kana/kanji yield character 1-3 grams."""
    feats = featurize("pay my bill")
    assert {"w:pay", "w:my", "w:bill", "b:<s> pay", "b:pay my", "b:my bill", "b:bill </s>"} == set(feats)
    ja = featurize("残高を")
    assert {"c:残", "c:高", "c:を", "c:残高", "c:高を", "c:残高を", "c: 残", "c:を "} <= set(ja)
    assert not any(f.startswith(("w:", "b:")) for f in ja)
    mixed = featurize("atmはどこ")
    assert "w:atm" in mixed and "c:どこ" in mixed
    assert len(feats) == len(set(feats))


TINY = [
    ("send 50 dollars to john", "transfer_money"),
    ("transfer 20 dollars to amy", "transfer_money"),
    ("田中さんに1万円振り込んで", "transfer_money"),
    ("what is my balance", "balance_inquiry"),
    ("how much money do i have", "balance_inquiry"),
    ("残高を教えて", "balance_inquiry"),
    ("what is the fee for a transfer", "qna"),
    ("when does the branch open", "qna"),
    ("振込手数料はいくら", "qna"),
    ("play some music", "out_of_scope"),
    ("what is the weather", "out_of_scope"),
    ("音楽をかけて", "out_of_scope"),
]
PROBES = ["send 70 dollars to emma", "what's the fee", "残高はいくら", "天気は", "", "brand new words only"]


@pytest.mark.parametrize("use_idf", [True, False])
def test_runtime_matches_sklearn_on_a_tiny_model(
    train_intent: ModuleType, tmp_path: Path, use_idf: bool
) -> None:
    """Exported through the training code, the numpy runtime reproduces sklearn's predict_proba."""
    examples = [train_intent.make_example(text, intent, "own") for text, intent in TINY]
    weights = train_intent.sample_weights(examples)
    fitted = train_intent.fit(examples, weights, c=4.0, min_df=1, use_idf=use_idf)
    path = tmp_path / "tiny.npz"
    train_intent.export(fitted, path)
    clf = IntentClassifier.load(path)

    texts = [fold(t) for t, _ in TINY] + [fold(t) for t in PROBES]
    expected = fitted.model.predict_proba(fitted.transform(texts))
    sk_classes = [str(c) for c in fitted.model.classes_]
    order = [sk_classes.index(c.value) for c in clf.classes]
    got = np.array([clf.probabilities(t) for t in texts])
    np.testing.assert_allclose(got, expected[:, order], atol=1e-5)


def test_export_applies_the_temperature(train_intent: ModuleType, tmp_path: Path) -> None:
    """A temperature of 2 halves the logits: probabilities equal softmax(decision_function / 2)."""
    examples = [train_intent.make_example(text, intent, "own") for text, intent in TINY]
    fitted = train_intent.fit(examples, train_intent.sample_weights(examples), c=4.0, min_df=1)
    path = tmp_path / "hot.npz"
    train_intent.export(fitted, path, temperature=2.0)
    clf = IntentClassifier.load(path)

    text = fold("send 70 dollars to emma")
    logits = fitted.decision([text])[0] / 2.0
    softmax = np.exp(logits - logits.max()) / np.exp(logits - logits.max()).sum()
    sk_classes = [str(c) for c in fitted.model.classes_]
    by_intent = dict(zip(sk_classes, softmax, strict=True))
    np.testing.assert_allclose(clf.probabilities(text), [by_intent[c.value] for c in clf.classes], atol=1e-5)


def test_export_rejects_newlines_in_feature_keys(tmp_path: Path) -> None:
    """A newline would split one key into two in the file, so export refuses it."""
    with pytest.raises(ValueError, match="newline"):
        export_model(tmp_path / "bad.npz", vocabulary=["a\nb"], classes=["qna"], weights=[[1.0]], bias=[0.0])


def test_load_rejects_another_format_version(tmp_path: Path) -> None:
    """A model written for a different format version is refused, not misread."""
    path = tmp_path / "model.npz"
    export_model(
        path, vocabulary=["w:hi"], classes=["qna", "out_of_scope"], weights=[[1.0, 0.0]], bias=[0, 0]
    )
    with np.load(path) as npz:
        arrays = dict(npz)
    arrays["format_version"] = np.int64(FORMAT_VERSION + 1)
    np.savez(path, **arrays)
    with pytest.raises(ValueError, match="format"):
        IntentClassifier.load(path)
