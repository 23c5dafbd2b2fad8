"""Issue 9, round 16 (blind rounds 20 and 21's development misses as rules; phrasings written before
the code, none copied from the blind sets): corrections said without a pause ("sixty no seventy",
明日いや明後日), a count of times that is not money ("one time"), a bill paid "in full", questions
about what someone did ("did you pay…"), surnames that sound the same ("o neill"), the last four
in kanji digits, an account by its currency, things sent that are not money, a day the month does not
have, someone else's card, a human declined, a payment refused ("don't pay…"), advice asked, and how
far back or ahead a service reaches."""

from __future__ import annotations

from datetime import datetime
from typing import Any

import pytest
from tests.understand.conftest import acts, run

DECEMBER = {
    "c_001": datetime.fromisoformat("2026-12-05T10:00:00+09:00"),
    "c_002": datetime.fromisoformat("2026-12-05T10:00:00-05:00"),
}


@pytest.mark.parametrize(
    ("text", "payee", "minor"),
    [
        ("pay david lee sixty no seventy dollars", "p_104", 7000),
        ("send aoife brennan 25 no 30 bucks", "p_111", 3000),
        ("transfer catherine wright twenty dollars no twenty five", "p_108", 2500),
    ],
)
def test_an_amount_corrected_without_a_pause_takes_the_second(
    runner: Any, text: str, payee: str, minor: int
) -> None:
    result = run(runner, text)
    assert result.action.value == "confirm", result.reason
    assert (result.entities.recipient_id, result.entities.amount_minor) == (payee, minor)


@pytest.mark.parametrize(
    ("text", "payee", "day"),
    [
        ("明日いや明後日に佐藤健太さんに5000円送って", "p_003", "2026-11-23"),
        ("来週の月曜いや火曜で伊藤翔さんに3000円振り込んで", "p_006", "2026-11-24"),
    ],
)
def test_a_japanese_day_corrected_with_iya_takes_the_second(
    runner: Any, text: str, payee: str, day: str
) -> None:
    result = run(runner, text, "c_001")
    assert result.action.value == "confirm", result.reason
    assert (result.entities.recipient_id, str(result.entities.execute_on)) == (payee, day)


@pytest.mark.parametrize(
    ("text", "biller", "minor"),
    [
        ("i forgot one time and got a late fee so pay the water bill now", "b_104", 6150),
        ("three times this year i was late, pay con ed", "b_101", 14237),
        ("pay the verizon bill, the whole thing", "b_102", 8599),
        ("pay my xfinity bill in full", "b_103", 7999),
    ],
)
def test_a_count_of_times_is_not_money_and_in_full_is_the_bill(
    runner: Any, text: str, biller: str, minor: int
) -> None:
    result = run(runner, text)
    assert result.action.value == "confirm", result.reason
    assert (result.entities.biller_id, result.entities.amount_minor) == (biller, minor)


@pytest.mark.parametrize(
    ("text", "customer"),
    [
        ("did you pay my con ed bill", "c_002"),
        ("did u send maria the money", "c_002"),
        ("have you paid the water bill yet", "c_002"),
        ("babe did you already send david lee the 40", "c_002"),
        ("水道代もう払った？", "c_001"),
    ],
)
def test_asking_whether_someone_paid_never_proposes_a_payment(runner: Any, text: str, customer: str) -> None:
    assert run(runner, text, customer).action.value != "confirm"


@pytest.mark.parametrize("text", ["send 20 dollars to oneill", "pay o neill $15", "transfer 30 to o'neal"])
def test_surnames_that_sound_the_same_are_asked_about(runner: Any, text: str) -> None:
    result = run(runner, text)
    assert result.action.value == "clarify", (result.action, result.entities.recipient_id)
    assert {"p_105", "p_106"} <= {c.id for c in result.candidates}


@pytest.mark.parametrize(
    ("text", "card"),
    [("末尾一二三四のカードを止めて", "k_001"), ("下四桁が九九二〇のカードをロックして", "k_002")],
)
def test_last_four_in_kanji_digits_names_the_card(runner: Any, text: str, card: str) -> None:
    result = run(runner, text, "c_001")
    assert (result.intent.value, result.action.value, result.entities.card_id) == (
        "card_lock",
        "execute",
        card,
    )


@pytest.mark.parametrize(
    "text", ["ドルの口座の残高を教えて", "米ドル口座の残高はいくら？", "how much is in my dollar account"]
)
def test_an_account_named_by_its_currency_is_that_account(runner: Any, text: str) -> None:
    result = run(runner, text, "c_001")
    assert (result.intent.value, result.action.value, result.entities.account_id) == (
        "balance_inquiry",
        "execute",
        "a_002",
    )


@pytest.mark.parametrize(
    ("text", "customer"),
    [
        ("send David Lee my new phone number", "c_002"),
        ("send maria garcia my address", "c_002"),
        ("佐藤健太さんに新しい住所を送って", "c_001"),
    ],
)
def test_a_thing_sent_that_is_not_money_is_not_a_transfer(runner: Any, text: str, customer: str) -> None:
    result = run(runner, text, customer)
    assert result.action.value not in ("confirm", "ask_slot"), (result.action, result.missing)


@pytest.mark.parametrize(
    ("text", "customer"),
    [("send david lee $20 on the 31st", "c_002"), ("31日に水道代を払って", "c_001")],
)
def test_a_day_this_month_does_not_have_is_asked_about(runner: Any, text: str, customer: str) -> None:
    result = run(runner, text, customer)  # November has 30 days
    assert result.action.value in ("clarify", "ask_slot", "reject"), (
        result.action,
        result.entities.execute_on,
    )


def test_the_31st_in_a_month_that_has_one_is_that_day(runner: Any) -> None:
    result = run(runner, "send david lee $20 on the 31st", now=DECEMBER["c_002"])
    assert (result.action.value, str(result.entities.execute_on)) == ("confirm", "2026-12-31")


@pytest.mark.parametrize(
    "text",
    [
        "my husband lost his debit card, please lock it",
        "my daughter found her card, can you unlock it",
        "lock my son's credit card",
    ],
)
def test_someone_elses_card_is_not_the_customers(runner: Any, text: str) -> None:
    assert not acts(run(runner, text))


@pytest.mark.parametrize(
    ("text", "intent"),
    [
        ("i don't need an agent, just show my recent transactions", "recent_transactions"),
        ("no human please, what's my checking balance", "balance_inquiry"),
    ],
)
def test_a_human_declined_is_not_a_handoff(runner: Any, text: str, intent: str) -> None:
    result = run(runner, text)
    assert (result.intent.value, result.action.value) == (intent, "execute")


@pytest.mark.parametrize(
    ("text", "customer"),
    [
        ("do not pay the verizon bill", "c_002"),
        ("don't send maria anything this week", "c_002"),
        ("水道代は払わないで", "c_001"),
        ("今月は佐藤健太さんに送金しないでください", "c_001"),
    ],
)
def test_a_payment_refused_is_not_proposed_or_asked_for(runner: Any, text: str, customer: str) -> None:
    result = run(runner, text, customer)
    assert result.action.value not in ("confirm", "ask_slot", "execute"), (result.intent, result.action)


@pytest.mark.parametrize(
    ("text", "customer"),
    [
        ("how much should I keep in savings", "c_002"),
        ("how much should i have in checking at all times?", "c_002"),
        ("貯金はいくらくらいあればいいですか", "c_001"),
    ],
)
def test_advice_about_how_much_to_keep_is_not_a_balance(runner: Any, text: str, customer: str) -> None:
    assert not acts(run(runner, text, customer))


@pytest.mark.parametrize(
    "text",
    [
        "振込は何日先まで予約できますか",
        "明細はいつまで遡って見られますか",
        "入出金の履歴は何年分見られますか",
    ],
)
def test_how_far_a_service_reaches_is_a_question(runner: Any, text: str) -> None:
    assert not acts(run(runner, text, "c_001"))
