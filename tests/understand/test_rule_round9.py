"""Issue 9, round 9: guesses of amounts, other companies' bills, accounts not held, corrected accounts,
business days and weekdays of a named month, casual told-as-done, "hold on", soft can-I questions."""

from __future__ import annotations

from datetime import date
from typing import Any

import pytest
from tests.understand.conftest import acts, run

from teller.normalize.amounts import find_amounts, is_vague
from teller.normalize.text import fold


@pytest.mark.parametrize(
    ("text", "vague"),
    [
        ("send him two hundred or so", True),
        ("about 50 dollars", True),
        ("a hundred-something", True),
        ("fifty-ish dollars", True),
        ("three hundred and change", True),
        ("between 40 and 60 dollars", True),
        ("五千円くらい", True),
        ("七、八千円", True),
        ("一万円ちょっと", True),
        ("三千円弱", True),
        ("2〜3万", True),
        ("exactly two hundred dollars", False),
        ("5千円", False),
        ("$1,250.50", False),
        ("40 dollars for about two hours", False),
    ],
)
def test_an_amount_said_as_a_guess_is_marked_vague(text: str, vague: bool) -> None:
    """Words around a number that make it a guess mark it; an exact amount is never marked (the first
    amount of the text is the one checked: "about" before "two hours" is not about the 40)."""
    found = find_amounts(fold(text))
    assert found
    assert is_vague(found[-1] if vague else found[0]) is vague


@pytest.mark.parametrize(
    ("text", "customer"),
    [
        ("send Aoife Brennan a hundred or so", "c_002"),
        ("pay Mohammed Al-Rashid roughly 80 bucks", "c_002"),
        ("wire Catherine Wright 1,500 give or take", "c_002"),
        ("伊藤翔さんに三万円程度振り込んで", "c_001"),
        ("渡辺直美さんに五、六千円送って", "c_001"),
    ],
)
def test_a_guessed_amount_asks_for_the_exact_one(runner: Any, text: str, customer: str) -> None:
    result = run(runner, text, customer)
    assert not acts(result)
    assert (result.reason, result.entities.amount_minor) == ("vague_amount", None)


@pytest.mark.parametrize(
    ("text", "customer"),
    [
        ("pay my t-mobile phone bill", "c_002"),
        ("pay the sprint cell phone bill", "c_002"),
        ("ソフトバンクの携帯代を払って", "c_001"),
        ("auの携帯料金払っておいて", "c_001"),
    ],
)
def test_another_companys_bill_is_not_paid_to_the_registered_biller_of_its_kind(
    runner: Any, text: str, customer: str
) -> None:
    """A phone bill of a carrier the customer has not registered names no biller of theirs: ask which."""
    result = run(runner, text, customer)
    assert not acts(result)
    assert result.reason == "unknown_biller"
    assert result.entities.biller_id is None


@pytest.mark.parametrize(
    ("text", "customer", "biller"),
    [
        ("pay my verizon phone bill", "c_002", "b_102"),
        ("pay my phone bill", "c_002", "b_102"),
        ("ドコモの携帯代を払って", "c_001", "b_003"),
        ("12月分の電気代を払って", "c_001", "b_001"),
    ],
)
def test_the_billers_own_name_or_a_month_on_its_kind_still_pays_it(
    runner: Any, text: str, customer: str, biller: str
) -> None:
    result = run(runner, text, customer)
    assert (result.action.value, result.entities.biller_id) == ("confirm", biller)


def test_a_month_before_a_bill_is_no_amount(runner: Any) -> None:
    """12月分の電気代 pays the bill due (¥12,400), not ¥12."""
    assert run(runner, "12月分の電気代を払って", "c_001").entities.amount_minor == 12400


@pytest.mark.parametrize(
    ("text", "customer"),
    [
        ("what's my euro account balance", "c_002"),
        ("how much is in my checking account", "c_001"),
        ("定期預金の残高を教えて", "c_001"),
        ("what's left on my target gift card", "c_002"),
        ("楽天カードの残高いくら", "c_001"),
    ],
)
def test_an_account_of_a_kind_the_customer_does_not_hold_is_not_read(
    runner: Any, text: str, customer: str
) -> None:
    result = run(runner, text, customer)
    assert not acts(result)


@pytest.mark.parametrize(
    ("text", "customer", "account"),
    [
        ("tell me the balance of my HYSA", "c_002", "a_102"),
        ("外貨の口座の残高を教えて", "c_001", "a_002"),
        ("ドル建ての口座の残高", "c_001", "a_002"),
        ("クレジットカードの残高を教えて", "c_001", None),
    ],
)
def test_an_account_held_is_read_by_its_kind_or_currency(
    runner: Any, text: str, customer: str, account: str | None
) -> None:
    result = run(runner, text, customer)
    assert (result.action.value, result.entities.account_id) == ("execute", account)


def test_an_account_not_held_is_not_shown_as_the_one_paid_from(runner: Any) -> None:
    result = run(runner, "move 500 from my brokerage account to David Lee", "c_002")
    assert (result.action.value, result.reason, result.entities.account_id) == (
        "clarify",
        "unknown_account",
        None,
    )


@pytest.mark.parametrize(
    ("text", "customer", "account"),
    [
        ("send 150 to David Lee from checking, no, from savings", "c_002", "a_102"),
        ("pay Catherine Wright 90 dollars out of savings, actually use checking", "c_002", "a_101"),
        ("佐藤健さんに1万円、ドルの口座から、いや、普通預金から", "c_001", "a_001"),
    ],
)
def test_a_corrected_account_is_the_one_paid_from(
    runner: Any, text: str, customer: str, account: str
) -> None:
    result = run(runner, text, customer)
    assert (result.action.value, result.entities.account_id) == ("confirm", account)


@pytest.mark.parametrize(
    ("text", "customer", "day"),
    [
        ("send david lee 20 on the last business day of this month", "c_002", date(2026, 11, 30)),
        ("pay the water bill on the 2nd business day of december", "c_002", date(2026, 12, 2)),
        ("来月の最終営業日にガス代を払って", "c_001", date(2026, 12, 30)),  # 12/31 banks are closed
        ("12月の第3営業日に佐藤健さんへ1万円", "c_001", date(2026, 12, 3)),
        ("send sarah johnson 45 dollars on the second friday of december", "c_002", date(2026, 12, 11)),
        ("12月の第2金曜日に佐藤健さんに1万円送って", "c_001", date(2026, 12, 11)),
    ],
)
def test_business_days_and_weekdays_of_a_month(runner: Any, text: str, customer: str, day: date) -> None:
    result = run(runner, text, customer)
    assert (result.action.value, result.entities.execute_on) == ("confirm", day)


@pytest.mark.parametrize(
    ("text", "customer"),
    [
        ("ドコモの携帯代、もう払っといたよ", "c_001"),
        ("電気代はさっきコンビニで払ってきた", "c_001"),
        ("デビットカードはもうロックしといたんで大丈夫です", "c_001"),
        ("先ほど伊藤翔様へのお振込は窓口で済ませました", "c_001"),
        ("already took care of the xfinity bill this morning", "c_002"),
        ("locked my debit card myself last night so no worries", "c_002"),
    ],
)
def test_an_action_told_as_done_casually_is_news(runner: Any, text: str, customer: str) -> None:
    assert not acts(run(runner, text, customer))


@pytest.mark.parametrize(
    ("text", "customer"),
    [("でんきだい払っといて", "c_001"), ("佐藤健さんに5000円送っといて", "c_001")],
)
def test_the_casual_request_form_still_asks_for_the_action(runner: Any, text: str, customer: str) -> None:
    assert run(runner, text, customer).action.value == "confirm"


@pytest.mark.parametrize(
    ("text", "customer"),
    [
        ("send Catherine Wright 120 dollars, hold on a sec", "c_002"),
        ("pay the con ed bill, wait wait hang on", "c_002"),
        ("鈴木一郎さんに2万円…あ、ちょっと待って", "c_001"),
    ],
)
def test_a_request_stopped_with_hold_on_asks(runner: Any, text: str, customer: str) -> None:
    assert not acts(run(runner, text, customer))


@pytest.mark.parametrize(
    "text",
    ["振込の予約って週末でもできるんでしょうか", "ロックしたカードはアプリから解除できるんですかね"],
)
def test_a_soft_can_i_question_is_a_question(runner: Any, text: str) -> None:
    assert not acts(run(runner, text, "c_001"))


@pytest.mark.parametrize(
    "text",
    ["pay the water bill on my anniversary", "send Sarah Johnson 75 dollars on her graduation day"],
)
def test_a_day_of_the_customers_own_life_asks_which_date(runner: Any, text: str) -> None:
    result = run(runner, text, "c_002")
    assert not acts(result)
    assert result.reason == "unparsed_date"


def test_a_possessive_name_is_the_payee_a_pronoun_then_means(runner: Any) -> None:
    result = run(runner, "Sarah Johnson's rent is due, send her 900", "c_002")
    assert (result.action.value, result.entities.recipient_id) == ("confirm", "p_102")


@pytest.mark.parametrize(
    ("text", "customer", "payee"),
    [
        ("pay david lee 40 for the water bill", "c_002", "p_104"),
        ("佐藤健さんに水道代の5000円を払って", "c_001", "p_001"),
        ("小林陽子さんへ1.5万円送金お願いします、旅行代の精算です", "c_001", "p_011"),
    ],
)
def test_a_bill_that_money_to_a_person_is_for_does_not_pay_the_biller(
    runner: Any, text: str, customer: str, payee: str
) -> None:
    """A payee named as who the money goes to, a bill named as what it is for: a transfer to them (these
    had paid NYC Water Board $40 and 東京都水道局 ¥5,000, dropping the person; found after the round's
    first run, not written before it)."""
    result = run(runner, text, customer)
    assert (result.intent.value, result.entities.recipient_id, result.entities.biller_id) == (
        "transfer_money",
        payee,
        None,
    )
