"""The fast path's intent and slot decisions on phrasings outside the golden set."""

from __future__ import annotations

from datetime import datetime
from typing import Any

import pytest

from teller.domain.turn import TurnRequest

NOW = datetime.fromisoformat("2026-11-21T09:00:00+09:00")


def understand(runner: Any, text: str, customer: str = "c_001") -> Any:
    return runner.run(TurnRequest(id="u", customer_id=customer, text=text, now=NOW))


@pytest.mark.parametrize(
    ("text", "intent"),
    [
        ("how much does it cost to send money abroad", "qna"),
        ("what is the daily limit for transfers", "qna"),
        ("is there a fee to transfer to another bank", "qna"),
        ("how do I lock my card if I lose it", "qna"),
        ("海外送金の手数料はいくらですか", "qna"),
        ("振込の限度額を上げる方法を教えて", "qna"),
        ("where can I find an ATM near shibuya", "qna"),
        ("what's the weather like in osaka", "out_of_scope"),
        ("play my workout playlist", "out_of_scope"),
        ("今日のニュースを教えて", "out_of_scope"),
        ("give me a recipe for curry", "out_of_scope"),
        ("send an email to my boss", "out_of_scope"),
        ("I'd like to talk to a human please", "human_handoff"),
        ("残高はいくらありますか", "balance_inquiry"),
        ("カードが盗まれました", "card_lock"),
    ],
)
def test_intent_of_unseen_phrasings(runner: Any, text: str, intent: str) -> None:
    """Questions with command words go to qna; off-topic requests are out_of_scope."""
    assert understand(runner, text).intent == intent


def test_low_confidence_is_reported(runner: Any) -> None:
    """A vague utterance carries a confidence below a confident command's."""
    vague = understand(runner, "hmm the thing from before")
    clear = understand(runner, "send 5000 yen to sato ken")
    assert vague.confidence < clear.confidence


def test_source_account_by_currency_and_words(runner: Any) -> None:
    """'from my dollar account' picks the USD account; a dollar amount alone does too."""
    named = understand(runner, "send 20 dollars from my dollar account to maria garcia")
    implied = understand(runner, "send $20 to maria garcia")
    assert named.entities.account_id == implied.entities.account_id == "a_002"


def test_digits_in_an_account_number_are_not_the_amount(runner: Any) -> None:
    """'to account 12345678' does not make 12345678 the amount."""
    r = understand(runner, "send 3000 yen to account 12345678")
    assert r.entities.amount_minor == 3000 and r.entities.recipient_id is None


def test_trace_explains_amount_date_and_name(runner: Any) -> None:
    """The trace names the rule behind the amount, the date and the matched payee."""
    r = understand(runner, "send five thousand yen to sato ken tomorrow morning")
    stages = {(t.stage, t.value) for t in r.trace}
    assert ("normalize", "5000 JPY") in stages and ("normalize", "2026-11-22") in stages
    assert any(t.stage == "names" and t.value == "p_001" for t in r.trace)


def test_a_number_inside_a_date_is_not_the_amount(runner: Any) -> None:
    """'on december 1' dates the payment; it does not make it a $1 payment."""
    r = understand(runner, "pay xfinity on december 1", customer="c_002")
    assert r.entities.execute_on is not None and r.entities.execute_on.isoformat() == "2026-12-01"
    assert r.entities.amount_minor == 7999  # the outstanding bill


@pytest.mark.parametrize(
    "text",
    [
        "pay attention to me",
        "send my regards to the team",
        "move my appointment to friday",
        "my phone was stolen",
    ],
)
def test_command_words_without_their_object_are_not_confident(runner: Any, text: str) -> None:
    """A money or card command without an amount, a payee or a card is low confidence (or plainly out of
    scope, when its object is no banking object) and moves nothing."""
    r = understand(runner, text, customer="c_002")
    assert (r.confidence < 0.6 or r.intent == "out_of_scope") and r.pending is None


def test_an_infinitive_to_is_not_a_recipient(runner: Any) -> None:
    """'I want to make a transfer' asks who and how much instead of refusing a recipient 'make a transfer'."""
    r = understand(runner, "I want to make a transfer", customer="c_002")
    assert r.action == "ask_slot" and "recipient_id" in r.missing


def test_dollars_written_in_japanese(runner: Any) -> None:
    """100ドル is $100 from the USD account."""
    r = understand(runner, "マリアさんに100ドル送って")
    assert (r.entities.amount_minor, r.entities.currency, r.entities.account_id) == (10000, "USD", "a_002")
    assert r.entities.recipient_id == "p_007"


def test_a_biller_named_by_part_of_its_name(runner: Any) -> None:
    """ドコモ finds NTTドコモ and pays the outstanding bill."""
    r = understand(runner, "ドコモの請求を支払って")
    assert (r.intent, r.action, r.entities.biller_id, r.entities.amount_minor) == (
        "bill_payment",
        "confirm",
        "b_003",
        8800,
    )


def test_can_i_questions_are_qna(runner: Any) -> None:
    """'海外送金はできますか' asks whether a service exists; it is not a transfer."""
    assert understand(runner, "海外送金はできますか").intent == "qna"


def test_unlock_picks_the_only_locked_card(runner: Any) -> None:
    """'unlock my card' with one locked card of two is that card, waiting for confirmation."""
    r = understand(runner, "unlock my card", customer="c_002")
    assert (r.action, r.entities.card_id) == ("confirm", "k_102")


def test_words_that_fit_several_accounts_pick_none(runner: Any) -> None:
    """'how many dollars do I have' with two USD accounts answers for both instead of picking one."""
    r = understand(runner, "how many dollars do I have", customer="c_002")
    assert r.intent == "balance_inquiry" and r.entities.account_id is None
    assert r.data is not None and len(r.data["accounts"]) == 2  # type: ignore[arg-type]


def test_a_word_a_type_and_a_label_share_is_asked_about(runner: Any) -> None:
    """'savings' is the savings account and the ordinary account labelled 'ordinary savings' alike: which is
    asked. (Until round 35 the type won; the authors of blind rounds 45 and 70, who read no code, both took
    it for either account.) 'USD savings' and 貯蓄 name the savings account alone."""
    asked = understand(runner, "how much do I have in savings")
    assert (asked.action.value, asked.entities.account_id) == ("clarify", None)
    assert understand(runner, "how much do I have in my USD savings").entities.account_id == "a_002"
    assert understand(runner, "貯蓄の残高を教えて").entities.account_id == "a_002"


@pytest.mark.parametrize(
    "text",
    [
        "who did I send money to",
        "did I pay the verizon bill",
        "have I already paid con ed",
        "誰に送金したか教えて",
        "電気代はもう払った？",
    ],
)
def test_questions_about_past_payments_show_the_history(runner: Any, text: str) -> None:
    """Asking whether money already moved shows transactions and never starts a new payment."""
    customer = "c_001" if not text.isascii() else "c_002"
    r = understand(runner, text, customer=customer)
    assert (r.intent, r.action, r.pending) == ("recent_transactions", "execute", None)
