"""Issue 9, round 25 (phrasings written before the code): a bill payment that names a second bill the
customer has no biller for does not pay the other one alone; a payee, an amount and a day and nothing
else is a transfer on that day."""

from __future__ import annotations

from typing import Any

import pytest
from tests.understand.conftest import acts, run


@pytest.mark.parametrize(
    ("text", "customer"),
    [
        ("pay the gas bill and the water bill", "c_002"),
        ("pay my gas and water", "c_002"),
        ("can you pay the internet and the trash bill", "c_002"),
        ("pay con ed and my car insurance", "c_002"),
        ("please pay rent and the verizon bill", "c_002"),
        ("ガス代と家賃を払って", "c_001"),
        ("水道代と保険料を払っておいて", "c_001"),
        ("電気代と受信料、払っといて", "c_001"),
        ("携帯代とジムの会費を払いたいです", "c_001"),
    ],
)
def test_a_second_bill_of_no_biller_does_not_pay_the_other_alone(
    runner: Any, text: str, customer: str
) -> None:
    result = run(runner, text, customer)
    assert not acts(result), (result.intent.value, result.action.value, result.entities.biller_id)


@pytest.mark.parametrize(
    ("text", "customer", "biller"),
    [
        ("pay the water bill for the apartment", "c_002", "b_104"),
        ("pay con ed, it's my electric bill", "c_002", "b_101"),
        ("pay the internet bill, not the phone bill", "c_002", "b_103"),
        ("pay my verizon cell phone bill", "c_002", "b_102"),
        ("ガス代を払って、水道代はまだいいです", "c_001", "b_002"),
        ("東京電力の電気代を払って", "c_001", "b_001"),
    ],
)
def test_one_bill_named_with_its_own_words_is_still_paid(
    runner: Any, text: str, customer: str, biller: str
) -> None:
    result = run(runner, text, customer)
    assert (result.action.value, result.entities.biller_id) == ("confirm", biller), result.reason


@pytest.mark.parametrize(
    ("text", "customer", "payee", "amount", "day"),
    [
        ("maria 20 tomorrow", "c_002", "p_101", 2000, "2026-11-22"),
        ("david lee $40 on friday", "c_002", "p_104", 4000, "2026-11-27"),
        ("鈴木一郎さん 3000円 明日", "c_001", "p_004", 3000, "2026-11-22"),
    ],
)
def test_a_payee_an_amount_and_a_day_are_a_transfer_on_that_day(
    runner: Any, text: str, customer: str, payee: str, amount: int, day: str
) -> None:
    result = run(runner, text, customer)
    e = result.entities
    got = (result.action.value, e.recipient_id, e.amount_minor, e.execute_on and e.execute_on.isoformat())
    assert got == ("confirm", payee, amount, day), result.reason


@pytest.mark.parametrize(
    ("text", "customer"),
    [
        ("maria 20 yesterday", "c_002"),
        ("maria 20 sometime", "c_002"),
        ("鈴木一郎さん 3000円 昨日", "c_001"),
    ],
)
def test_a_terse_transfer_on_a_past_or_unread_day_is_not_proposed(
    runner: Any, text: str, customer: str
) -> None:
    result = run(runner, text, customer)
    assert result.action.value != "confirm", (result.intent.value, result.entities)


@pytest.mark.parametrize(
    ("text", "customer"),
    [
        (
            "電気代を払って、全額はまだいいです",
            "c_001",
        ),  # written after it was found confirming the whole bill
        ("ガス代払って。全部はいいや", "c_001"),
        ("水道代を払ってください、満額は結構です", "c_001"),
        ("pay con ed, not the whole thing", "c_002"),
        ("pay the verizon bill, not all of it", "c_002"),
    ],
)
def test_a_bill_whose_whole_amount_is_set_aside_is_not_proposed_whole(
    runner: Any, text: str, customer: str
) -> None:
    result = run(runner, text, customer)
    assert result.action.value != "confirm", (result.entities.biller_id, result.entities.amount_minor)


# -- written after blind round 36's development part (customers who talk around the request) ---------------


@pytest.mark.parametrize(
    ("text", "customer"),
    [
        ("freeze that one", "c_002"),
        ("can you block it", "c_002"),
        ("unlock it please", "c_002"),
        ("それをロックして", "c_001"),
        ("あれ止めといてください", "c_001"),
    ],
)
def test_a_card_command_whose_only_object_is_a_pronoun_asks_which_card(
    runner: Any, text: str, customer: str
) -> None:
    result = run(runner, text, customer)
    assert result.action.value in ("clarify", "ask_slot"), (result.intent.value, result.entities.card_id)


@pytest.mark.parametrize(
    ("text", "customer", "card"),
    [
        ("I lost my debit card, lock it", "c_002", "k_101"),
        ("my credit card is missing, can you freeze it", "c_001", "k_002"),
    ],
)
def test_a_pronoun_for_a_card_said_is_that_card(runner: Any, text: str, customer: str, card: str) -> None:
    result = run(runner, text, customer)
    assert (result.action.value, result.entities.card_id) == ("execute", card), result.reason


@pytest.mark.parametrize(
    ("text", "customer", "expect"),
    [
        ("my 3 kids and I had pizza at david lee's, send him 45", "c_002", ("confirm", "p_104", 4500)),
        ("the 2 of us took a cab home, send maria 18", "c_002", ("confirm", "p_101", 1800)),
        ("部屋番号は302です。佐藤健太さんに5000円送ってください", "c_001", ("confirm", "p_003", 5000)),
        # was "call me back at 212-555-0188, and lock my debit card": a call back asked for is a handoff first
        (
            "my new number is 212-555-0188, also please lock my debit card",
            "c_002",
            ("execute", "k_101", None),
        ),
        ("090-9876-5432から電話しています。デビットカードを止めて", "c_001", ("execute", "k_001", None)),
        ("order #5521 never arrived, anyway what's my balance", "c_002", ("execute", None, None)),
    ],
)
def test_numbers_of_the_story_are_not_amounts(runner: Any, text: str, customer: str, expect: tuple) -> None:
    result = run(runner, text, customer)
    e = result.entities
    who = e.recipient_id or e.card_id
    got = (result.action.value, who, e.amount_minor)
    assert got == expect, (result.intent.value, result.reason)


@pytest.mark.parametrize(
    "text",
    [
        "send maria 20 and 30 to david lee",
        "the 2 of us owe maria, send her 20 and 15",
        "send david lee 40 or 4",
        # first written as a count of the story; a split among them is the money's arithmetic
        "the 2 of us split a cab, send maria 18",
    ],
)
def test_a_second_amount_still_asks(runner: Any, text: str) -> None:
    result = run(runner, text, "c_002")
    assert result.action.value != "confirm", result.entities


@pytest.mark.parametrize(
    ("text", "biller"),
    [
        ("ガス代を払わなきゃいけないからお願い", "b_002"),
        ("携帯代、払わなければならないので今払って", "b_003"),
        ("水道代は払わないわけにいかないので払っておいて", "b_004"),
    ],
)
def test_must_said_with_a_double_negative_is_no_negation(runner: Any, text: str, biller: str) -> None:
    result = run(runner, text, "c_001")
    assert (result.action.value, result.entities.biller_id) == ("confirm", biller), result.reason


@pytest.mark.parametrize(
    ("text", "customer", "biller", "amount"),
    [
        ("pay con ed but not the whole bill, just 50 dollars", "c_002", "b_101", 5000),
        ("pay verizon, not all of it, only $40", "c_002", "b_102", 4000),
        ("電気代、全額じゃなくて3000円だけ払って", "c_001", "b_001", 3000),
    ],
)
def test_not_the_whole_bill_with_the_part_said_pays_the_part(
    runner: Any, text: str, customer: str, biller: str, amount: int
) -> None:
    result = run(runner, text, customer)
    e = result.entities
    assert (result.action.value, e.biller_id, e.amount_minor) == ("confirm", biller, amount), result.reason


@pytest.mark.parametrize(
    ("text", "customer", "expect"),
    [
        ("what's my savings balance... never mind, just send 25 to david lee", "c_002", ("p_104", 2500)),
        ("残高を教えて、いや、やっぱりいいや、伊藤翔さんに3000円送って", "c_001", ("p_006", 3000)),
        ("show me my transactions - scratch that - pay the water bill", "c_002", ("b_104", 6150)),
    ],
)
def test_an_order_after_never_mind_is_the_turn(runner: Any, text: str, customer: str, expect: tuple) -> None:
    result = run(runner, text, customer)
    e = result.entities
    assert (result.action.value, e.recipient_id or e.biller_id, e.amount_minor) == ("confirm", *expect), (
        result.intent.value,
        result.reason,
    )


# -- written after blind round 35's development part (bills and when) ------------------------------------


@pytest.mark.parametrize(
    ("text", "customer", "biller", "day"),
    [
        ("pay con ed on the due date", "c_002", "b_101", "2026-11-29"),
        ("schedule the verizon bill for its due date", "c_002", "b_102", "2026-12-01"),
        ("水道代を期日に払っておいて", "c_001", "b_004", "2026-12-10"),
        ("携帯代、支払期限の日に払って", "c_001", "b_003", "2026-11-27"),
        ("明日電気代を払って", "c_001", "b_001", "2026-11-22"),
        ("月末ガス代払っといて", "c_001", "b_002", "2026-11-30"),
        ("pay con ed on january 5", "c_002", "b_101", "2027-01-05"),
        ("1月10日に電気代を払って", "c_001", "b_001", "2027-01-10"),
    ],
)
def test_a_bill_is_paid_on_the_day_said(runner: Any, text: str, customer: str, biller: str, day: str) -> None:
    result = run(runner, text, customer)
    e = result.entities
    got = (result.action.value, e.biller_id, e.execute_on and e.execute_on.isoformat())
    assert got == ("confirm", biller, day), result.reason


@pytest.mark.parametrize(
    ("text", "customer"),
    [
        ("11月5日にガス代を払って", "c_001"),
        ("pay con ed on november 2", "c_002"),
        ("send maria 20 on the due date", "c_002"),
    ],
)
def test_a_day_just_passed_or_a_due_date_of_no_bill_is_not_proposed(
    runner: Any, text: str, customer: str
) -> None:
    result = run(runner, text, customer)
    assert result.action.value != "confirm", (result.entities.execute_on, result.reason)


@pytest.mark.parametrize(
    ("text", "customer"),
    [
        ("来月頭にガス代を払って", "c_001"),
        ("来月の初めに水道代払いたい", "c_001"),
        ("pay the water bill at the start of next month", "c_002"),
    ],
)
def test_the_start_of_next_month_is_asked_which_day(runner: Any, text: str, customer: str) -> None:
    # first written as paid on the 1st; withdrawn after blind round 17's held-out part (one more acting
    # wrongly): the start of a month is a few days, and which one is asked
    result = run(runner, text, customer)
    assert result.action.value == "ask_slot" and "execute_on" in result.missing, result.reason


def test_a_phone_number_holding_a_cards_digits_names_no_card(runner: Any) -> None:
    result = run(runner, "電話番号が03-1234-9999に変わったので、クレジットカードを止めて", "c_001")
    assert (result.action.value, result.entities.card_id) == ("execute", "k_002"), result.reason


# -- found while probing round 25's story numbers (each written before its code) ---------------------------


@pytest.mark.parametrize(
    ("text", "customer"),
    [
        ("pay 50% of the con ed bill", "c_002"),
        ("pay 10 percent of my verizon bill", "c_002"),
        ("send maria 15 percent of 200", "c_002"),
        ("電気代の30%を払って", "c_001"),
        ("水道代の5割を払っておいて", "c_001"),
        ("伊藤翔さんに3000円を2回送って", "c_001"),
        ("鈴木一郎さんに千円を3度振り込んで", "c_001"),
        ("send david lee 30 three times", "c_002"),
        ("pay maria 20 x2", "c_002"),
    ],
)
def test_a_percentage_or_a_multiplier_is_never_paid_as_the_amount(
    runner: Any, text: str, customer: str
) -> None:
    result = run(runner, text, customer)
    assert result.action.value != "confirm", (result.entities.amount_minor, result.reason)


# -- reported by voice round 15 (typed lines; written before the code) -------------------------------------


@pytest.mark.parametrize(
    ("text", "customer"),
    [
        ("I already paid the water bill this morning, please pay Bob too", "c_002"),
        ("I paid the water bill yesterday. Pay the gym bill", "c_002"),
        ("水道代はもう払ったので、ボブさんにも払って", "c_001"),
    ],
)
def test_a_bill_told_as_paid_is_not_the_next_order_s(runner: Any, text: str, customer: str) -> None:
    result = run(runner, text, customer)
    assert result.action.value != "confirm", (result.entities.biller_id, result.entities.recipient_id)


@pytest.mark.parametrize(
    ("text", "customer", "expect"),
    [
        ("I paid con ed last week, now pay verizon", "c_002", ("b_102", 8599)),
        ("電気代は先週払ったから、今日はガス代を払って", "c_001", ("b_002", 6380)),
        ("i sent maria 30 yesterday and i need to send her another 20", "c_002", ("p_101", 2000)),
    ],
)
def test_the_order_after_a_payment_told_keeps_its_own_object(
    runner: Any, text: str, customer: str, expect: tuple
) -> None:
    result = run(runner, text, customer)
    e = result.entities
    assert (result.action.value, e.biller_id or e.recipient_id, e.amount_minor) == ("confirm", *expect), (
        result.reason
    )


# -- written after their code (blind round 35/36 development kinds; own phrasings) --------------------------


@pytest.mark.parametrize(
    ("text", "biller"),
    [
        ("remember to pay the xfinity bill", "b_103"),
        ("make sure you pay verizon before it's late", "b_102"),
        ("please don't forget to pay con ed", "b_101"),
    ],
)
def test_a_reminder_said_as_an_order_is_an_order(runner: Any, text: str, biller: str) -> None:
    result = run(runner, text, "c_002")
    assert (result.action.value, result.entities.biller_id) == ("confirm", biller), result.reason


@pytest.mark.parametrize(
    "text", ["list my past bill payments", "pull up the payments", "show me all my payments"]
)
def test_payments_shown_are_transactions_read(runner: Any, text: str) -> None:
    result = run(runner, text, "c_002")
    assert (result.intent.value, result.action.value) == ("recent_transactions", "execute"), result.reason


# -- blind round 36's reported speech (written before the code) --------------------------------------------


@pytest.mark.parametrize(
    ("text", "payee", "amount"),
    [
        # ("maria said I still owe her 25 from dinner…", "…45 from the ski trip…": "from <event>" read as no
        # day was withdrawn after blind round 6's held-out part acted wrongly once; they still ask)
        ("maria said I still owe her 25 for dinner, send it to her", "p_101", 2500),
        ("aoife lent me 15 at lunch, send it back to her", "p_111", 1500),
        ("catherine told me it's 45 for the ski trip, please send that to her", "p_108", 4500),
    ],
)
def test_what_a_payee_said_and_where_the_debt_came_from_are_no_name_or_day(
    runner: Any, text: str, payee: str, amount: int
) -> None:
    result = run(runner, text, "c_002")
    e = result.entities
    assert (result.action.value, e.recipient_id, e.amount_minor) == ("confirm", payee, amount), result.reason


@pytest.mark.parametrize(
    "text",
    [
        "maria smith said i owe her 20, send it",
        "send maria 30 from next week on",
        "send maria 30 from the 5th",
        "send maria 30 from my venmo",
        "i owe maria 30, send it from the chase account",
    ],
)
def test_another_surname_or_a_day_from_still_asks(runner: Any, text: str) -> None:
    result = run(runner, text, "c_002")
    assert result.action.value != "confirm" or result.entities.execute_on is not None, result.entities


# -- found probing bills of our own phrasing after the blind rounds (written before the code) ---------------


@pytest.mark.parametrize(
    ("text", "customer", "account"),
    [
        ("send maria 20 from savings instead of checking", "c_002", "a_102"),
        ("pay the water bill out of my savings rather than checking", "c_002", "a_102"),
    ],
)
def test_the_account_said_instead_of_another_is_the_one_paid_from(
    runner: Any, text: str, customer: str, account: str
) -> None:
    result = run(runner, text, customer)
    assert (result.action.value, result.entities.account_id) in (("confirm", account), ("clarify", None)), (
        result.action.value,
        result.entities.account_id,
    )


@pytest.mark.parametrize(
    ("text", "customer"),
    [
        ("pay the minimum on con ed", "c_002"),
        ("just pay part of the verizon bill", "c_002"),
        ("電気代の最低額だけ払って", "c_001"),
        ("ガス代を一部だけ払っておいて", "c_001"),
        ("pay the verizon bill with my credit card", "c_002"),
        ("携帯代をクレジットカードで払って", "c_001"),
    ],
)
def test_a_part_of_a_bill_or_a_card_to_pay_with_is_not_the_whole_bill_from_the_account(
    runner: Any, text: str, customer: str
) -> None:
    result = run(runner, text, customer)
    assert result.action.value != "confirm", (result.entities.amount_minor, result.entities.account_id)
