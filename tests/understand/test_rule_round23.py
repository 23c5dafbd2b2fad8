"""Issue 9, round 23 (phrasings written before the code): a debt told with no order to pay it is asked
about ("I owe maria garcia 25 for the taxi", 伊藤さんに3000円借りてる), while a debt with its order acts
("I owe david lee 40, send it to him", 借りてた3000円を伊藤さんに返して); "chk" is check and "2" between
words is "to" in chat typing."""

from __future__ import annotations

from typing import Any

import pytest
from tests.understand.conftest import acts, run


@pytest.mark.parametrize(
    ("text", "customer"),
    [
        ("i owe maria garcia 25 for the taxi", "c_002"),
        ("I still owe david lee 40 bucks from the concert", "c_002"),
        ("we owe catherine wright $60 for the groceries", "c_002"),
        ("伊藤翔さんに3000円借りてる", "c_001"),
        ("小林陽子さんにランチ代1200円立て替えてもらった", "c_001"),
    ],
)
def test_a_debt_told_with_no_order_is_asked_about(runner: Any, text: str, customer: str) -> None:
    result = run(runner, text, customer)
    assert not acts(result), result.action.value


@pytest.mark.parametrize(
    ("text", "customer", "payee", "amount"),
    [
        ("I owe david lee 40, send it to him please", "c_002", "p_104", 4000),
        ("send maria garcia the 25 I owe her", "c_002", "p_101", 2500),
        ("伊藤翔さんに3000円借りてるから返しておいて", "c_001", "p_006", 3000),
    ],
)
def test_a_debt_with_its_order_acts(runner: Any, text: str, customer: str, payee: str, amount: int) -> None:
    result = run(runner, text, customer)
    assert (result.action.value, result.entities.recipient_id, result.entities.amount_minor) == (
        "confirm",
        payee,
        amount,
    ), result.reason


@pytest.mark.parametrize(
    ("text", "intent", "field", "value"),
    [
        ("can u chk my savings", "balance_inquiry", "account_id", "a_102"),
        ("need 2 send catherine wright 100", "transfer_money", "amount_minor", 10000),
        ("want 2 pay the water bill", "bill_payment", "biller_id", "b_104"),
    ],
)
def test_chat_spellings_of_check_and_to(runner: Any, text: str, intent: str, field: str, value: Any) -> None:
    result = run(runner, text, "c_002")
    assert (result.intent.value, getattr(result.entities, field)) == (intent, value), result.reason


@pytest.mark.parametrize(
    ("text", "field", "value"),
    [
        ("ドコモ払っといて。あ、ドコモは先週払ったんだった。じゃあガス代をお願い", "biller_id", "b_002"),
        (
            "山本大輔さんに1万円送って。あ、山本さんにはもう渡してた。それなら小林陽子さんに1万円",
            "recipient_id",
            "p_011",
        ),
        ("水道代4210円ね、じゃあお願い", "biller_id", "b_004"),
    ],
)
def test_then_after_what_was_taken_back_orders_the_new_one(
    runner: Any, text: str, field: str, value: str
) -> None:
    result = run(runner, text, "c_001")
    assert (result.action.value, getattr(result.entities, field)) == ("confirm", value), result.reason


def test_then_before_a_plan_is_no_order(runner: Any) -> None:
    assert not acts(run(runner, "電気代の請求が来てた、じゃあ払おうかな", "c_001"))


@pytest.mark.parametrize(
    "text", ["水道代の領収書をお願いします", "ガス代の件でお願いがあるんですが", "電気代の明細をお願い"]
)
def test_a_bill_paper_or_matter_asked_for_pays_nothing(runner: Any, text: str) -> None:
    assert not acts(run(runner, text, "c_001")) or run(runner, text, "c_001").intent.value not in (
        "bill_payment",
        "transfer_money",
    )


def test_a_bill_and_please_pays_it(runner: Any) -> None:
    result = run(runner, "電気代だけお願いします", "c_001")
    assert (result.action.value, result.entities.biller_id) == ("confirm", "b_001")


@pytest.mark.parametrize(
    "text",
    [
        "山本大輔さんから2万円返してもらうことになってる",
        "小林さんから3000円振り込まれたか確認したい",
        "伊藤さんから5000円受け取った",
    ],
)
def test_money_from_a_person_is_no_transfer_to_them(runner: Any, text: str) -> None:
    result = run(runner, text, "c_001")
    assert result.intent.value != "transfer_money" or not acts(result)


def test_money_sent_from_an_account_to_a_person_is_a_transfer(runner: Any) -> None:
    result = run(runner, "普通預金から山本大輔さんに1万円送ってくれる？", "c_001")
    assert (result.action.value, result.entities.recipient_id) == ("confirm", "p_009")


@pytest.mark.parametrize(
    ("text", "day"),
    [
        ("send maria garcia 35 a week from today", "2026-11-28"),
        ("pay the verizon bill a week from monday", "2026-11-30"),
        ("send david lee $20 a week tomorrow", "2026-11-29"),
    ],
)
def test_a_week_from_a_day_is_a_date_not_a_repeat(runner: Any, text: str, day: str) -> None:
    result = run(runner, text, "c_002")
    assert (result.action.value, str(result.entities.execute_on)) == ("confirm", day), result.reason


@pytest.mark.parametrize(
    ("text", "field", "value"),
    [
        ("like every month, send maria garcia 200 for the rent", "recipient_id", "p_101"),
        ("same as every month, pay the xfinity bill", "biller_id", "b_103"),
        ("毎月のことだけど、今月の電気代を払って", "biller_id", "b_001"),
    ],
)
def test_a_habit_said_beside_this_ones_order_is_no_repeat(
    runner: Any, text: str, field: str, value: str
) -> None:
    customer = "c_001" if not text.isascii() else "c_002"
    result = run(runner, text, customer)
    assert (result.action.value, getattr(result.entities, field)) == ("confirm", value), result.reason


@pytest.mark.parametrize(
    "text", ["send maria garcia 200 every month", "pay the xfinity bill each month from now on"]
)
def test_a_repeat_asked_for_is_still_no_one_off(runner: Any, text: str) -> None:
    assert not acts(run(runner, text, "c_002"))


@pytest.mark.parametrize(
    ("text", "field", "value"),
    [
        ("いつも通り、今月も水道代を払っておいて", "biller_id", "b_004"),
        ("先月と同様にドコモの料金を払って", "biller_id", "b_003"),
        ("なるべく早くガス代を払ってほしい", "biller_id", "b_002"),
    ],
)
def test_a_habit_or_an_adverb_before_a_bill_still_pays_it(
    runner: Any, text: str, field: str, value: str
) -> None:
    result = run(runner, text, "c_001")
    assert (result.action.value, getattr(result.entities, field)) == ("confirm", value), result.reason


@pytest.mark.parametrize("text", ["水道代はきのうはらった", "伊藤翔さんにはもうおくったよ"])
def test_a_payment_told_as_done_in_kana_pays_nothing(runner: Any, text: str) -> None:
    assert not acts(run(runner, text, "c_001"))


@pytest.mark.parametrize(
    ("text", "customer"),
    [
        ("I promised david lee I'd send him 60 on friday", "c_002"),
        ("told maria garcia I would pay her back 45", "c_002"),
        ("my dad wants me to pay the xfinity bill for him", "c_002"),
        ("catherine asked me to send her 30 for the tickets", "c_002"),
        ("伊藤翔さんに来週3000円返すって約束した", "c_001"),
        ("母に電気代を払うように頼まれた", "c_001"),
    ],
)
def test_a_promise_or_someone_elses_wish_told_is_no_order(runner: Any, text: str, customer: str) -> None:
    result = run(runner, text, customer)
    assert not acts(result), result.action.value


@pytest.mark.parametrize(
    ("text", "field", "value"),
    [
        ("I promised david lee I'd send him 60, so please send it now", "recipient_id", "p_104"),
        ("my wife asked me to pay the xfinity bill, go ahead and pay it", "biller_id", "b_103"),
    ],
)
def test_a_promise_told_then_ordered_acts(runner: Any, text: str, field: str, value: str) -> None:
    result = run(runner, text, "c_002")
    assert (result.action.value, getattr(result.entities, field)) == ("confirm", value), result.reason


@pytest.mark.parametrize(
    ("text", "customer"),
    [
        ("was the verizon bill paid", "c_002"),
        ("were both my cards locked last night", "c_002"),
        ("has the water bill been paid already", "c_002"),
        ("my debit card is locked", "c_002"),
        ("my debit card got blocked at the store today", "c_002"),
        ("デビットカードがロックされてる", "c_001"),
    ],
)
def test_a_state_asked_or_told_does_not_act(runner: Any, text: str, customer: str) -> None:
    """No payment or lock; reading the history to answer "was it paid" is fine."""
    result = run(runner, text, customer)
    changes = result.intent.value in ("bill_payment", "transfer_money", "card_lock", "card_unlock")
    assert not (acts(result) and changes), (result.intent.value, result.action.value)


@pytest.mark.parametrize(
    ("text", "customer", "card"),
    [
        ("my debit card was stolen, lock it", "c_002", "k_101"),
        ("デビットカードを盗まれたのでロックして", "c_001", "k_001"),
    ],
)
def test_a_lock_still_follows_a_card_at_risk(runner: Any, text: str, customer: str, card: str) -> None:
    result = run(runner, text, customer)
    assert (result.action.value, result.entities.card_id) == ("execute", card)


@pytest.mark.parametrize(
    "text",
    [
        "山本大輔さんに1万円振り込んだっけ",
        "ガス代ってもう払ったっけ？",
        "小林陽子さんに2000円返さなきゃ",
        "水道代を払わなくちゃなあ",
    ],
)
def test_a_recall_question_or_a_must_told_is_no_order(runner: Any, text: str) -> None:
    result = run(runner, text, "c_001")
    changes = result.intent.value in ("bill_payment", "transfer_money")
    assert not (acts(result) and changes), (result.intent.value, result.action.value)


def test_a_must_with_an_order_acts(runner: Any) -> None:
    result = run(runner, "水道代を払わなきゃいけないから、払っておいて", "c_001")
    assert (result.action.value, result.entities.biller_id) == ("confirm", "b_004")
