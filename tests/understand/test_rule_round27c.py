"""Issue 9, round 27 (phrasings written before the code): a read or a person said not to be wanted beside
another request is not the request; an account corrected in Japanese (…じゃなくて…) is the one after."""

from __future__ import annotations

from typing import Any

import pytest
from tests.understand.conftest import run


@pytest.mark.parametrize(
    ("text", "customer", "intent"),
    [
        ("I don't need my balance, just show me my recent transactions", "c_002", "recent_transactions"),
        ("no need for the transactions, what's my balance", "c_002", "balance_inquiry"),
        ("i don't want my transaction history, i want to know my balance", "c_002", "balance_inquiry"),
        ("残高はいらないので、最近の取引を見せて", "c_001", "recent_transactions"),
        ("オペレーターは不要です。残高を教えてください", "c_001", "balance_inquiry"),
        ("担当者じゃなくていいので、取引履歴だけ見せて", "c_001", "recent_transactions"),
    ],
)
def test_a_read_or_person_not_wanted_is_not_the_request(runner: Any, text: str, customer: str, intent: str) -> None:
    result = run(runner, text, customer)
    assert (result.intent.value, result.action.value) == (intent, "execute"), result.reason


@pytest.mark.parametrize(
    ("text", "account"),
    [
        ("普通預金じゃなくて、ドル口座の残高を教えて", "a_002"),
        ("ドルの口座じゃなくて円の口座の残高", "a_001"),
    ],
)
def test_an_account_corrected_in_japanese_is_the_one_after(runner: Any, text: str, account: str) -> None:
    result = run(runner, text, "c_001")
    assert (result.intent.value, result.entities.account_id) == ("balance_inquiry", account), result.action.value
