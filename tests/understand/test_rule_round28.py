"""Issue 9, round 28 (phrasings written before the code, from the kinds blind rounds 45 and 47's development
parts showed): a count of transactions is no amount; history of what was sent to a payee is a read of
transactions; a read of a card or account kind the customer does not hold is asked about; history that is not
the bank's is out of scope; a full name whose other half differs from the registered payee's is no match."""

from __future__ import annotations

from typing import Any

import pytest
from tests.understand.conftest import acts, run


@pytest.mark.parametrize(
    ("text", "customer", "counted", "biller", "outstanding"),
    [
        ("show me my last 4 transactions and then pay the con ed bill", "c_002", 400, "b_101", 14237),
        ("pull up the 10 most recent charges, also pay xfinity", "c_002", 1000, "b_103", 7999),
        ("pay the water bill and list my last 6 purchases", "c_002", 600, "b_104", 6150),
        ("直近5件の取引を見せて、あと水道代も払っておいて", "c_001", 5, "b_004", 4210),
    ],
)
def test_a_count_of_transactions_is_not_the_bill_amount(
    runner: Any, text: str, customer: str, counted: int, biller: str, outstanding: int
) -> None:
    result = run(runner, text, customer)
    assert result.entities.amount_minor != counted, (result.intent.value, result.action.value)
    if result.intent.value == "bill_payment" and result.action.value == "confirm":
        assert result.entities.biller_id == biller
        assert result.entities.amount_minor == outstanding


@pytest.mark.parametrize(
    "text",
    [
        "show me my last 3 transactions and send david lee 3",
        "list my 5 latest payments and pay verizon 5",
    ],
)
def test_a_number_said_as_an_amount_beside_a_count_still_counts(runner: Any, text: str) -> None:
    """The count rule takes only the number that counts transactions, not a second number said as money."""
    result = run(runner, text, "c_002")
    assert result.entities.amount_minor in (None, 300, 500)


@pytest.mark.parametrize(
    ("text", "customer", "payee"),
    [
        ("show me the transfers I made to Aoife Brennan", "c_002", "p_111"),
        ("what have I sent to Catherine Wright lately", "c_002", "p_108"),
        ("list every payment to Mohammed Al-Rashid this month", "c_002", "p_107"),
        ("鈴木一郎さんへの振込履歴を見せて", "c_001", "p_004"),
        ("高橋美咲さんに送ったお金の記録を見たい", "c_001", "p_005"),
    ],
)
def test_history_of_what_was_sent_to_a_payee_is_a_read_of_transactions(
    runner: Any, text: str, customer: str, payee: str
) -> None:
    result = run(runner, text, customer)
    assert result.intent.value == "recent_transactions", (result.intent.value, result.action.value)
    assert result.action.value == "execute"


@pytest.mark.parametrize(
    ("text", "customer"),
    [
        ("show me my debit card purchases", "c_003"),
        ("what did I spend on my visa this month", "c_003"),
        ("list my savings account transactions", "c_003"),
        ("pull up the activity on my amex", "c_002"),
        ("マスターカードの利用明細を見せて", "c_001"),
        ("当座預金の入出金を見せて", "c_001"),
    ],
)
def test_a_read_of_a_card_or_account_the_customer_does_not_hold_asks(
    runner: Any, text: str, customer: str
) -> None:
    result = run(runner, text, customer)
    assert not acts(result), (result.intent.value, result.action.value, result.entities.account_id)


@pytest.mark.parametrize(
    ("text", "customer"),
    [
        ("show me my recent call log", "c_002"),
        ("what's in my browsing history", "c_002"),
        ("show my netflix watch history", "c_002"),
        ("最近の着信履歴を見せて", "c_001"),
        ("検索履歴を表示して", "c_001"),
        ("LINEのトーク履歴見せて", "c_001"),
    ],
)
def test_history_that_is_not_the_banks_is_not_a_read(runner: Any, text: str, customer: str) -> None:
    result = run(runner, text, customer)
    assert not acts(result), (result.intent.value, result.action.value)


@pytest.mark.parametrize(
    "text",
    [
        "what was my latest transaction",
        "show me the last transaction on my account",
        "what's my most recent purchase",
    ],
)
def test_the_last_transaction_in_the_singular_is_a_count_of_one(runner: Any, text: str) -> None:
    result = run(runner, text, "c_002")
    assert result.intent.value == "recent_transactions"
    assert result.entities.count == 1


@pytest.mark.parametrize(
    ("text", "customer"),
    [
        ("send $40 to Brian Lee", "c_002"),
        ("pay Jennifer Johnson $25", "c_002"),
        ("transfer 100 dollars to Patrick Brennan", "c_002"),
        ("zelle Thomas Wright $60", "c_002"),
        ("佐藤健一さんに1万円振り込んで", "c_001"),
        ("鈴木一樹さんへ3000円送金", "c_001"),
        ("高橋美咲子さんに5000円", "c_001"),
    ],
)
def test_a_full_name_whose_other_half_differs_is_not_the_payee(runner: Any, text: str, customer: str) -> None:
    """The surname (or the given name) of a payee said with another given name (or surname) is another
    person: not sent to the registered one."""
    result = run(runner, text, customer)
    assert not acts(result), (result.intent.value, result.action.value, result.entities.recipient_id)


@pytest.mark.parametrize(
    ("text", "customer", "payee"),
    [
        ("send $40 to Dave Lee", "c_002", "p_104"),
        ("pay Katie Wright $25", "c_002", "p_108"),
        ("send Mo Al-Rashid 30 dollars", "c_002", "p_107"),
        ("send 20 dollars to Lee tomorrow", "c_002", "p_104"),
        ("伊藤翔さんに3000円送って", "c_001", "p_006"),
        ("鈴木さんに3000円送って", "c_001", "p_004"),
    ],
)
def test_a_nickname_or_a_lone_unique_name_still_reaches_the_payee(
    runner: Any, text: str, customer: str, payee: str
) -> None:
    result = run(runner, text, customer)
    assert result.action.value == "confirm", (result.intent.value, result.action.value, result.reason)
    assert result.entities.recipient_id == payee
