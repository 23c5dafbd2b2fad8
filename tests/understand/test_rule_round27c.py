"""Issue 9, round 27 (phrasings written before the code): a read or a person said not to be wanted beside
another request is not the request; an account corrected in Japanese (…じゃなくて…) is the one after."""

from __future__ import annotations

import json
from datetime import date
from importlib import resources
from typing import Any

import pytest
from tests.understand.conftest import run

_BANK = json.loads(resources.files("teller").joinpath("data/demo_bank.json").read_text(encoding="utf-8"))
_DUE = {
    b["id"]: date.fromisoformat(b["due"])
    for c in _BANK["customers"]
    for b in c.get("billers", [])
    if b.get("due")
}


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
def test_a_read_or_person_not_wanted_is_not_the_request(
    runner: Any, text: str, customer: str, intent: str
) -> None:
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
    assert (result.intent.value, result.entities.account_id) == ("balance_inquiry", account), (
        result.action.value
    )


@pytest.mark.parametrize(
    ("text", "customer", "days_before"),
    [
        ("pay the water bill the day before it's due", "c_002", 1),
        ("pay con ed 2 days before the due date", "c_002", 2),
        ("水道代を期日の前日に払って", "c_001", 1),
        ("電気代を期限の3日前に払っておいて", "c_001", 3),
    ],
)
def test_a_day_counted_back_from_the_due_date_is_that_day(
    runner: Any, text: str, customer: str, days_before: int
) -> None:
    result = run(runner, text, customer)
    assert result.action.value == "confirm", result.reason
    due = _DUE[result.entities.biller_id]
    assert (due - result.entities.execute_on).days == days_before


def test_a_vague_count_back_from_the_due_date_asks(runner: Any) -> None:
    result = run(runner, "pay the water bill a few days before it's due", "c_002")
    assert result.action.value not in ("execute", "confirm"), result.entities.execute_on


@pytest.mark.parametrize(
    ("text", "want"),
    [
        ("can't you just pay the water bill", {"intent": "bill_payment", "biller_id": "b_104"}),
        ("couldn't you send david lee 25 dollars?", {"intent": "transfer_money", "recipient_id": "p_104"}),
        ("won't you send maria garcia $15", {"intent": "transfer_money", "recipient_id": "p_101"}),
        ("wouldn't you pay verizon for me?", {"intent": "bill_payment", "biller_id": "b_102"}),
    ],
)
def test_a_negative_question_to_the_assistant_is_a_request(
    runner: Any, text: str, want: dict[str, str]
) -> None:
    result = run(runner, text, "c_002")
    got = result.entities.model_dump(mode="json") | {"intent": result.intent.value}
    assert result.action.value == "confirm" and {k: got[k] for k in want} == want, result.reason


@pytest.mark.parametrize(
    "text",
    [
        "why can't you send money to my sister?",
        "I can't send money to david, it keeps failing",
        "why won't you pay my bill",
    ],
)
def test_a_negative_question_that_complains_is_no_request(runner: Any, text: str) -> None:
    result = run(runner, text, "c_002")
    assert result.action.value not in ("execute", "confirm"), result.intent.value
