"""Issue 9, round 22a (blind round 26's development misses as rules; phrasings written before the code,
none copied from the blind set): Japanese typed in romaji is read as the kana it spells, and regional
Japanese (Kansai, Hakata, Tohoku, Nagoya) as the standard forms it stands for. Neither may make Teller act
on what it did not understand: English that happens to spell romaji syllables stays English, and dialect
complaints, stories and refusals still do not act."""

from __future__ import annotations

from datetime import date
from typing import Any

import pytest
from tests.understand.conftest import acts, run

from teller.normalize.turn import normalize_turn

TODAY = date(2026, 11, 21)


@pytest.mark.parametrize(
    ("text", "intent", "field", "value", "amount"),
    [
        ("suzuki ichirou san ni gosen en furikonde kudasai", "transfer_money", "recipient_id", "p_004", 5000),
        ("takahashi misaki ni sanzen en okutte", "transfer_money", "recipient_id", "p_005", 3000),
        ("nakamura sakura ni 2 man en okutte", "transfer_money", "recipient_id", "p_010", 20000),
        ("itou shou ni 5000 yen okutte kudasai", "transfer_money", "recipient_id", "p_006", 5000),
        ("kobayasi youko ni sen en okutte kudasai", "transfer_money", "recipient_id", "p_011", 1000),
        ("suidou dai wo haratte kudasai", "bill_payment", "biller_id", "b_004", 4210),
        ("keitai dai no shiharai onegai shimasu", "bill_payment", "biller_id", "b_003", 8800),
        ("kurejitto kaado o tomete kudasai", "card_lock", "card_id", "k_002", None),
        ("futsuu yokin no zandaka wo oshiete", "balance_inquiry", "account_id", "a_001", None),
    ],
)
def test_romaji_requests_act_as_their_kana_would(
    runner: Any, text: str, intent: str, field: str, value: str, amount: int | None
) -> None:
    """Japanese typed in romaji is understood with exact entities, as the same words in kana are."""
    result = run(runner, text, "c_001")
    assert (result.intent.value, getattr(result.entities, field)) == (intent, value), result.reason
    assert result.entities.amount_minor == amount
    assert any(t.rule == "romaji_reading" for t in result.trace)


def test_a_romaji_question_about_recent_activity_executes(runner: Any) -> None:
    """A read-only question in romaji is answered (it executes), never proposed as a payment."""
    result = run(runner, "saikin no torihiki wo misete", "c_001")
    assert (result.intent.value, result.action.value) == ("recent_transactions", "execute")


@pytest.mark.parametrize(
    "text",
    [
        "denki dai takasugiru",  # a complaint
        "furikomi tesuuryou wa ikura desu ka",  # a question about fees
        "denki dai wa mou haratta?",  # did I already pay it?
        "kenta ni okutta kedo todoita kana",  # a story: sent, did it arrive
    ],
)
def test_romaji_questions_complaints_and_stories_do_not_act(runner: Any, text: str) -> None:
    """Romaji that asks, complains or tells what happened proposes nothing."""
    assert not acts(run(runner, text, "c_001"))


@pytest.mark.parametrize(
    "text",
    [
        "no i said monday",
        "do it at noon",
        "so do i",
        "take a note",
        "made a mistake, stop",
        "send kenta 5000 yen",
        "pay sato 300 yen today",
        "to nina, 30",
        "i owe kenta 50 dollars",
        "no no no",
        "one more time please",
    ],
)
def test_english_is_never_read_as_romaji(text: str) -> None:
    """English, even English whose words are all romaji syllables, keeps its letters."""
    turn = normalize_turn(text, today=TODAY, country="JP")
    assert turn.folded.isascii() and not turn.japanese


def test_a_romaji_payee_matches_only_as_its_kana_would(runner: Any) -> None:
    """ "sato" (no long vowel) is さと, which no payee is: the turn asks who, it does not guess 佐藤."""
    result = run(runner, "sato san ni sanzen en okutte", "c_001")
    assert result.entities.recipient_id is None
    assert result.action.value != "confirm"


@pytest.mark.parametrize(
    ("text", "intent", "field", "value", "amount"),
    [
        ("水道代払っといてや", "bill_payment", "biller_id", "b_004", 4210),  # Kansai
        ("デビットカード無くしてもうた、止めてや", "card_lock", "card_id", "k_001", None),  # Kansai
        ("健太さんに5000円送ってけろ", "transfer_money", "recipient_id", "p_003", 5000),  # Tohoku
        ("電気代払ってちょーだい", "bill_payment", "biller_id", "b_001", 12400),  # Nagoya
        ("携帯代払ってちょう", "bill_payment", "biller_id", "b_003", 8800),  # Nagoya
        ("伊藤翔さんに3千円払ろてや", "transfer_money", "recipient_id", "p_006", 3000),  # Kansai
    ],
)
def test_regional_requests_act_as_their_standard_forms_would(
    runner: Any, text: str, intent: str, field: str, value: str, amount: int | None
) -> None:
    """Kansai, Tohoku and Nagoya requests are understood with exact entities."""
    result = run(runner, text, "c_001")
    assert (result.intent.value, getattr(result.entities, field)) == (intent, value), result.reason
    assert result.entities.amount_minor == amount
    assert any(t.rule == "regional_japanese" for t in result.trace)


@pytest.mark.parametrize(
    ("text", "account"),
    [
        ("貯蓄預金なんぼあるん？", "a_002"),  # Kansai
        ("普通預金、今なんぼ入っとん？", "a_001"),  # Kobe
        ("普通預金の残高どげんなっとっと？", "a_001"),  # Hakata
    ],
)
def test_regional_balance_questions_execute(runner: Any, text: str, account: str) -> None:
    """A balance question in dialect is a balance question of the read-only kind: it executes."""
    result = run(runner, text, "c_001")
    assert (result.intent.value, result.action.value, result.entities.account_id) == (
        "balance_inquiry",
        "execute",
        account,
    )


@pytest.mark.parametrize(
    "text",
    [
        "電気代また上がっとるやんけ",  # a complaint
        "振込手数料高すぎやろ",  # a complaint
        "健太に送ったんやけど、まだ届いとらんねん",  # a story
        "カード止めんといてな",  # please do NOT lock the card
        "健太には送らんでええよ",  # no need to send
        "水道代は払わへんで",  # I won't pay it
        "ガス代なんぼ払ろたかな",  # wondering what was paid
        "健太さんに送らんけん",  # Hakata-ish: I won't send
    ],
)
def test_regional_complaints_stories_and_refusals_do_not_act(runner: Any, text: str) -> None:
    """Dialect that complains, tells a story or says not to do something proposes nothing."""
    assert not acts(run(runner, text, "c_001"))
