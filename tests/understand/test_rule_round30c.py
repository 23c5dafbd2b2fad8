"""Issue 9, round 30 (third part, written before its code, from own probing of amounts): banknotes counted
by their denomination in the plural are that many notes ("3 twenties" is $60, not $3)."""

from __future__ import annotations

from typing import Any

import pytest
from tests.understand.conftest import acts, run


@pytest.mark.parametrize(
    ("text", "payee", "amount"),
    [
        ("send maria 3 twenties", "p_101", 6000),
        ("give david lee two fifties", "p_104", 10000),
        ("send aoife brennan four tens for lunch", "p_111", 4000),
        ("send catherine wright a couple of twenties", None, None),
    ],
)
def test_notes_counted_in_the_plural_are_that_many_notes(
    runner: Any, text: str, payee: str | None, amount: int | None
) -> None:
    result = run(runner, text, "c_002")
    if amount is None:  # "a couple of": how many is not said exactly
        assert not acts(result), (result.action.value, result.entities.amount_minor)
        return
    assert result.entities.amount_minor in (amount, None), result.entities.amount_minor
    assert acts(result), (result.action.value, result.reason)
    assert result.entities.recipient_id == payee


@pytest.mark.parametrize(
    ("text", "amount"),
    [
        ("鈴木さんに一万円札を3枚分送って", 30000),
        ("鈴木さんに五千円札2枚分振り込んで", 10000),
        ("鈴木さんに千円札で4枚送って", 4000),
    ],
)
def test_japanese_notes_counted_are_that_many_notes(runner: Any, text: str, amount: int) -> None:
    result = run(runner, text, "c_001")
    assert result.entities.amount_minor in (amount, None), result.entities.amount_minor
    if acts(result):
        assert result.entities.amount_minor == amount
        assert result.entities.recipient_id == "p_004"


@pytest.mark.parametrize(
    ("text", "customer"),
    [
        ("what's the balance in my savings and my checking", "c_002"),
        ("how much is in checking and savings right now", "c_002"),
        ("普通預金とドルの口座の残高を教えて", "c_001"),
    ],
)
def test_a_balance_of_two_accounts_named_reads_no_single_one(runner: Any, text: str, customer: str) -> None:
    """Both accounts named: both are read (no account id) or which is asked, never one of them alone."""
    result = run(runner, text, customer)
    assert result.intent.value == "balance_inquiry", (result.intent.value, result.action.value)
    assert result.entities.account_id is None, result.entities.account_id
