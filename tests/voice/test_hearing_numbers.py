"""Hearing numbers and command words right: amounts checked against the number grammar across the n-best,
an amount the hypotheses disagree on asked about (never guessed), a near-miss name or product word put
right with its trace (the demo bank's customers, real pipeline)."""

from __future__ import annotations

from datetime import datetime
from typing import Any

import pytest
from tests.voice.test_hearing import Scripted, _spoken_turn

from teller.voice.hearing import Ear, hear
from teller.voice.repair import repair

NOW_US = datetime.fromisoformat("2026-11-21T09:00:00-05:00")
NOW_JP = datetime.fromisoformat("2026-11-21T09:00:00+09:00")


def _rules(changes: list[Any]) -> list[str]:
    return [c.rule for c in changes]


# --- amounts the n-best disagrees on are asked about ---------------------------------------------


@pytest.mark.parametrize(
    ("customer", "best", "other", "said", "also"),
    [
        ("c_002", "I want to pay Maria Garcia $16.", "I want to pay Maria Garcia $60.", "$16", "$60"),
        ("c_002", "Send $15 to Sarah Johnson.", "Send $50 to Sarah Johnson.", "$15", "$50"),
        ("c_002", "Pay $45 to Verizon.", "Pay for $5 to Verizon.", "$45", "$5"),
        ("c_001", "Send 7000 yen to Kato Ken.", "Send 70,000 yen to Kato Ken.", "7000 yen", "70,000 yen"),
        ("c_001", "佐藤健さんに3000円振り込んで", "佐藤健さんに300円振り込んで", "3000円", "300円"),
        ("c_001", "東京ガスに六千円払って", "東京ガスに1万6000円払って", "六千円", "1万6000円"),
    ],
)
def test_an_amount_the_nbest_disagrees_on_is_asked_about(
    ears: dict[str, Ear], customer: str, best: str, other: str, said: str, also: str
) -> None:
    """Two hypotheses with different amounts: the transcript keeps both readings and says so, no guess."""
    text, changes = hear(best, (other,), ears[customer])
    assert said in text and also in text
    assert "hear:amount" in _rules(changes)
    traced = next(c for c in changes if c.rule == "hear:amount")
    assert also in traced.heard and traced.text == text


@pytest.mark.parametrize(
    ("customer", "best", "other", "now"),
    [
        ("c_002", "I want to pay Maria Garcia $16.", "I want to pay Maria Garcia $60.", NOW_US),
        ("c_002", "Pay $45 to Verizon.", "Pay for $5 to Verizon.", NOW_US),
        ("c_001", "佐藤健さんに3000円振り込んで", "佐藤健さんに300円振り込んで", NOW_JP),
        ("c_001", "東京ガスに6000円払って", "東京ガスに600円払って", NOW_JP),
    ],
)
def test_a_turn_never_proposes_an_amount_the_nbest_disagrees_on(
    runner: Any, customer: str, best: str, other: str, now: datetime
) -> None:
    """Through the real pipeline, a disputed amount is never put up for confirmation: the turn asks."""
    result = _spoken_turn(runner, Scripted(best, other), customer, now)
    assert result.action.value in ("clarify", "ask_slot")
    assert result.pending is None
    assert "hear:amount" in [t.rule for t in result.trace if t.stage == "voice"]


@pytest.mark.parametrize(
    ("customer", "best", "other"),
    [
        ("c_002", "Send $50 to Maria Garcia.", "Send 50 dollars to Maria Garcia."),
        ("c_002", "Send $45.00 to David Lee.", "Send $45 to David Lee"),
        ("c_002", "Send $40 to David Lee.", "Send to David Lee."),  # no amount heard: no dispute
        ("c_001", "佐藤健さんに3000円振り込んで", "佐藤健さんに三千円振り込んで"),
        ("c_001", "佐藤健さんに3000円振り込んで", "さとうけんさんにさんぜんえんふりこんで"),
        ("c_001", "鈴木一郎さんに5万円振り込んで", "鈴木一郎さんに50000円振り込んで"),
    ],
)
def test_amounts_the_nbest_agrees_on_are_left_alone(
    ears: dict[str, Ear], customer: str, best: str, other: str
) -> None:
    """One amount written differently ($50 / 50 dollars, 三千円 / 3000円 / さんぜんえん) is no dispute."""
    text, changes = hear(best, (other,), ears[customer])
    assert "hear:amount" not in _rules(changes)
    assert text in (best, other)


def test_a_malformed_amount_loses_to_a_well_formed_reading_of_the_same_audio(ears: dict[str, Ear]) -> None:
    """ "100 and $20" is two numbers where one was said; the n-best's "one hundred and twenty" wins."""
    best = "Can you transfer 100 and $20 to Catherine Wright?"
    other = "Can you transfer one hundred and twenty dollars to Catherine Wright?"
    text, changes = hear(best, (other,), ears["c_002"])
    assert text == other
    assert _rules(changes) == ["hear:nbest"] and changes[0].heard == best


def test_two_numbers_with_no_well_formed_reading_are_kept_for_the_turn(ears: dict[str, Ear]) -> None:
    """With no alternative, "$10 $50" is not merged or picked from: the text pipeline sees what was heard."""
    text, changes = hear("$10 $50 to Maria Garcia.", (), ears["c_002"])
    assert text == "$10 $50 to Maria Garcia." and changes == []


@pytest.mark.parametrize(
    ("heard", "alone"),
    [
        ("加藤健さん26000円振り込んで", "6000円"),
        ("佐藤健さん2500円送って", "500円"),
    ],
)
def test_a_two_glued_to_the_honorific_is_asked_about(ears: dict[str, Ear], heard: str, alone: str) -> None:
    """ "さん26000円" may be さんに (に sounds like 2) and 6000円: both readings go to the turn."""
    text, changes = hear(heard, (), ears["c_001"])
    assert text.startswith(heard.split("円")[0] + "円") and f"（または{alone}）" in text
    assert "hear:amount" in _rules(changes)


@pytest.mark.parametrize(
    "heard",
    [
        "加藤健さんに26000円振り込んで",  # the particle is there: 26000 was said
        "加藤健さん20000円振り込んで",  # "0000円" is no amount on its own
        "加藤健さん2万円振り込んで",  # nor is "万円"
        "加藤健さんに6000円振り込んで",
    ],
)
def test_a_two_that_cannot_be_the_particle_is_left_alone(ears: dict[str, Ear], heard: str) -> None:
    """Only a 2 whose rest is a whole amount on its own is doubted."""
    assert hear(heard, (), ears["c_001"]) == (heard, [])


def test_a_two_glued_to_the_honorific_reaches_the_turn_as_a_question(runner: Any) -> None:
    """Heard "加藤健さん26000円振り込んで": the real pipeline does not propose ¥26,000 for confirmation."""
    result = _spoken_turn(runner, Scripted("加藤健さん26000円振り込んで。"), "c_001", NOW_JP)
    assert result.action.value in ("clarify", "ask_slot") and result.pending is None


# --- the command grammar across the n-best --------------------------------------------------------


def test_nbest_prefers_the_transcript_that_is_a_command(ears: dict[str, Ear]) -> None:
    """ "Why are $300 to …" loses to the beam's "Wire $300 to …": same name, but only one is a request."""
    heard = ("Why are $300 to Catherine Wright?", ("Wire $300 to Catherine Wright.",))
    text, changes = hear(*heard, ears["c_002"])
    assert text == "Wire $300 to Catherine Wright."
    assert _rules(changes) == ["hear:nbest"]


@pytest.mark.parametrize(
    ("best", "other"),
    [
        ("Send $300 to Catherine Wright.", "Why are $300 to Catherine Wright?"),
        ("What's my balance?", "What's my balance, man?"),
    ],
)
def test_nbest_keeps_a_first_transcript_that_is_already_a_command(
    ears: dict[str, Ear], best: str, other: str
) -> None:
    """A first transcript that is a request is never traded for an alternative that is not."""
    assert hear(best, (other,), ears["c_002"]) == (best, [])


# --- names: a near miss even where the turn would have asked --------------------------------------


@pytest.mark.parametrize(
    ("customer", "heard", "span", "name"),
    [
        ("c_002", "Send $90 to Kristen O'Neil.", "Kristen O'Neil", "Kristen O'Neill"),
        ("c_001", "Send 2000 yen to Nakamura secure.", "Nakamura secure", "Nakamura Sakura"),
    ],
)
def test_a_near_miss_of_one_full_name_is_corrected_where_a_part_matched_several(
    ears: dict[str, Ear], customer: str, heard: str, span: str, name: str
) -> None:
    """Part of the heard name fits several payees, all of it sounds like exactly one: that one, traced."""
    text, changes = hear(heard, (), ears[customer])
    assert text == heard.replace(span, name)
    assert [(c.rule, c.heard, c.text) for c in changes] == [("hear:name", span, name)]


@pytest.mark.parametrize(
    ("customer", "heard"),
    [
        ("c_001", "send 5000 yen to Ken"),  # several Kens: the turn asks which
        ("c_001", "send 5000 yen to Sado Ken"),  # as near Sato Ken as Saito Ken
        ("c_002", "Send $75 to Catherine Wright."),  # a payee, said exactly
        ("c_002", "Send $20 to Sara."),  # Sarah Johnson or Sara Jonson
        ("c_002", "Send $30 to Chris Smith."),  # a Chris, but not this one
    ],
)
def test_a_name_that_fits_several_is_still_left_for_the_turn_to_ask(
    ears: dict[str, Ear], customer: str, heard: str
) -> None:
    """Where the heard name is as near one payee as another, or is not one of theirs, nothing changes."""
    assert hear(heard, (), ears[customer]) == (heard, [])


# --- product words (card and account kinds) -------------------------------------------------------


@pytest.mark.parametrize(
    ("customer", "heard", "word", "product"),
    [
        ("c_002", "My David card was stolen.", "David", "debit"),
        ("c_002", "Lock my Debbit card.", "Debbit", "debit"),
        ("c_001", "Freeze my credits card.", "credits", "credit"),  # c_002's credit card is locked
        ("c_001", "クレジッドカードを止めてください。", "クレジッド", "クレジット"),
        ("c_001", "プレジットカードを止めて", "プレジット", "クレジット"),
    ],
)
def test_a_near_miss_product_word_before_card_is_corrected(
    ears: dict[str, Ear], customer: str, heard: str, word: str, product: str
) -> None:
    """The word before "card"/カード that sounds like exactly one of the customer's card kinds becomes it."""
    text, changes = hear(heard, (), ears[customer])
    assert text == heard.replace(word, product, 1)
    assert [(c.rule, c.heard, c.text) for c in changes] == [("hear:product", word, product)]


@pytest.mark.parametrize(
    ("customer", "heard"),
    [
        ("c_002", "Lock my debit card."),
        ("c_002", "Unlock my rewards card."),  # a word of the card's own label
        ("c_002", "Lock my card."),
        ("c_002", "Lock my Marie a card."),
        ("c_002", "Lock my library card."),  # nothing like either kind
        ("c_001", "カードを止めて"),
    ],
)
def test_product_words_and_unlike_words_are_left_alone(
    ears: dict[str, Ear], heard: str, customer: str
) -> None:
    """A product word said right, or a word like none of them, is left exactly as heard."""
    assert hear(heard, (), ears[customer]) == (heard, [])


def test_a_corrected_product_word_reaches_the_turn(runner: Any) -> None:
    """Heard "My David card was stolen": the real pipeline locks the debit card, and the trace says why."""
    result = _spoken_turn(runner, Scripted("My David card was stolen."), "c_002", NOW_US)
    assert result.intent.value == "card_lock" and result.entities.card_id == "k_101"
    assert ("hear:product", "David", "debit") in [(t.rule, t.surface, t.value) for t in result.trace]


# --- repairs ---------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("heard", "fixed"),
    [
        ("I'm not my debit card, please.", "Unlock my debit card, please."),
        ("I'm at my credit card please", "Unlock my credit card, please."),
        ("I'm freeze my card, thanks.", "Unfreeze my card, thanks."),
    ],
)
def test_un_heard_as_im_is_repaired_with_a_polite_ending(heard: str, fixed: str) -> None:
    """ "please"/"thanks" after the card does not stop the "un-" repair, and is kept."""
    result = repair(heard)
    assert result is not None and result.text == fixed


# --- Japanese: さん and に sound like the digits 3 and 2 ----------------------------------------------


@pytest.mark.parametrize(
    ("best", "other"),
    [
        ("加藤健さんに7000円振り込んで", "加藤健さん27000円振り込んで"),
        ("鈴木一郎さんに5万円振り込んで", "鈴木一郎325万円振り込んで"),
        ("高橋美咲さんに1万円送金して", "高橋美咲さん21万円送金して"),
    ],
)
def test_a_reading_that_only_hears_the_particle_as_digits_is_no_dispute(
    ears: dict[str, Ear], best: str, other: str
) -> None:
    """ "さんに7000円" and "さん27000円" are the same sounds (に is 2, さん is 3): no dispute."""
    assert hear(best, (other,), ears["c_001"]) == (best, [])


def test_a_real_difference_after_the_particle_is_still_a_dispute(ears: dict[str, Ear]) -> None:
    """Both readings have the particle and still differ (7000 / 27000): the turn asks."""
    text, changes = hear("加藤健さんに7000円振り込んで", ("加藤健さんに27000円振り込んで",), ears["c_001"])
    assert "hear:amount" in _rules(changes) and "27000円" in text


def test_thirty_two_glued_to_a_name_is_asked_about(ears: dict[str, Ear]) -> None:
    """ "鈴木一郎325万円" may be 鈴木一郎さんに5万円 (さん is 3, に is 2): both readings go to the turn."""
    text, changes = hear("鈴木一郎325万円振り込んで", (), ears["c_001"])
    assert "（または5万円）" in text and "hear:amount" in _rules(changes)


def test_a_malformed_hypothesis_still_disputes_an_amount_it_does_not_add_up_to(ears: dict[str, Ear]) -> None:
    """ "$10 $50" is no reading of "$50" (10 + 50 is not 50): the n-best disagrees, so the turn asks."""
    text, changes = hear("Send $50 to Maria Garcia.", ("$10 $50 to Maria Garcia.",), ears["c_002"])
    assert "hear:amount" in _rules(changes) and "$50" in text


@pytest.mark.parametrize(
    ("best", "other"),
    [
        ("Transfer 10,000 yen to Takahashi Misaki.", "Transfer $10,000 yen to Takahashi Misaki."),
        ("Send 2500 yen to Kato Ken.", "Send 2000 500 yen to Kato Ken."),  # 2000 + 500, said in pieces
    ],
)
def test_a_currency_sign_beside_a_currency_word_or_a_number_in_pieces_is_no_dispute(
    ears: dict[str, Ear], best: str, other: str
) -> None:
    """ "$10,000 yen" is ten thousand yen (yen was said, $ is the recognizer's); 2000 500 is 2500."""
    assert hear(best, (other,), ears["c_001"]) == (best, [])
