"""Issue 9, round 34 (phrasings written before the code, blind round 56's kinds): reads in depth —
an account named by the money paid into it, spending by category or merchant, pending charges, money
kept outside the bank, periods nobody can date, a payee named in a read that fits several."""

from __future__ import annotations

from typing import Any

import pytest
from tests.understand.conftest import run


@pytest.mark.parametrize(
    ("text", "customer", "account"),
    [
        ("balance of the account my salary goes into", "c_002", "a_101"),
        ("how much is in the account where my paycheck lands", "c_002", "a_101"),
        ("給料が入る口座の残高を見せて", "c_001", "a_001"),
        ("給与の振込先の口座、残高いくら？", "c_001", "a_001"),
        ("what's the balance on the account that earns interest", "c_002", "a_102"),
    ],
)
def test_an_account_named_by_the_money_paid_into_it_is_read(
    runner: Any, text: str, customer: str, account: str
) -> None:
    result = run(runner, text, customer)
    assert (result.intent.value, result.action.value) == ("balance_inquiry", "execute"), result.reason
    assert result.entities.account_id == account


@pytest.mark.parametrize(
    ("text", "customer"),
    [
        ("any pending charges on my checking?", "c_002"),
        ("are there any pending transactions", "c_002"),
        ("how much did I spend eating out last month", "c_002"),
        ("外食にいくら使った？先月の分", "c_001"),
        ("Suicaのチャージ履歴見せて", "c_001"),
        ("お金の出入りをざっと見せて", "c_001"),
        ("口座のお金の流れを見せてください", "c_001"),
        ("I don't recognize a charge, show me my recent transactions", "c_002"),
        ("不審な引き落としがあるかも。最近の取引見せて", "c_001"),
    ],
)
def test_reads_of_the_customers_own_money_movements_are_read(runner: Any, text: str, customer: str) -> None:
    result = run(runner, text, customer)
    assert (result.intent.value, result.action.value) == ("recent_transactions", "execute"), (
        result.intent,
        result.reason,
    )


@pytest.mark.parametrize(
    ("text", "customer"),
    [
        ("how much bitcoin do I have", "c_002"),
        ("仮想通貨の残高を見せて", "c_001"),
        ("what's my credit score", "c_002"),
        ("how many airline miles do I have", "c_002"),
        ("楽天ポイントの残高は？", "c_001"),
        ("show me my stock portfolio balance", "c_002"),
    ],
)
def test_money_kept_outside_the_bank_is_not_read_as_the_account(
    runner: Any, text: str, customer: str
) -> None:
    result = run(runner, text, customer)
    assert result.action.value not in ("execute", "confirm"), (result.intent, result.action)


@pytest.mark.parametrize(
    ("text", "customer"),
    [
        ("show me the charges from that weekend", "c_002"),
        ("what did I spend while I was on vacation", "c_002"),
        ("あの時の支払いを見せて", "c_001"),
        ("引っ越しの時に使ったお金を見せて", "c_001"),
    ],
)
def test_a_period_nobody_can_date_is_asked_about(runner: Any, text: str, customer: str) -> None:
    result = run(runner, text, customer)
    assert result.action.value in ("clarify", "ask_slot", "answer"), (result.intent, result.action)


@pytest.mark.parametrize(
    ("text", "customer", "ids"),
    [
        ("佐藤さんにいくら送ったっけ", "c_001", {"p_001", "p_003"}),
        ("show my transfers to sarah", "c_002", {"p_102", "p_103"}),
        ("how much have I sent to ken this year", "c_001", {"p_001", "p_002", "p_012"}),
    ],
)
def test_a_payee_named_in_a_read_that_fits_several_is_asked_about(
    runner: Any, text: str, customer: str, ids: set[str]
) -> None:
    result = run(runner, text, customer)
    assert result.action.value == "clarify", (result.intent, result.action, result.entities)
    assert ids <= {c.id for c in result.candidates}


@pytest.mark.parametrize(
    ("text", "customer", "payee"),
    [
        ("pull up maria's details", "c_002", "p_101"),
        ("bring up catherine's info", "c_002", "p_108"),
        ("伊藤さんの登録情報を出して", "c_001", "p_006"),
    ],
)
def test_a_payees_details_pulled_up_are_looked_up(runner: Any, text: str, customer: str, payee: str) -> None:
    result = run(runner, text, customer)
    assert (result.intent.value, result.action.value) == ("recipient_lookup", "execute"), result.reason
    assert result.entities.recipient_id == payee


@pytest.mark.parametrize(
    ("text", "customer"),
    [
        ("全口座の残高をまとめて教えて", "c_001"),
        ("give me the balances of all my accounts together", "c_002"),
    ],
)
def test_all_accounts_balances_together_are_read(runner: Any, text: str, customer: str) -> None:
    result = run(runner, text, customer)
    assert (result.intent.value, result.action.value) == ("balance_inquiry", "execute"), result.reason
