"""Issue 9, round 37 (phrasings written before the code, blind round 59's kinds): reads that are not
simply the customer's recent history — an employer's pay slip, a month that has not happened yet, the
whole history since the account opened — and what a balance word means, asked."""

from __future__ import annotations

from datetime import datetime
from typing import Any
from zoneinfo import ZoneInfo

import pytest
from tests.understand.conftest import acts, run

NY = ZoneInfo("America/New_York")
TOKYO = ZoneInfo("Asia/Tokyo")


@pytest.mark.parametrize(
    ("text", "customer"),
    [
        ("can you pull up my payslip from work", "c_002"),
        ("I need my W-2, can you show it", "c_002"),
        ("給与明細を見せて", "c_001"),
        ("源泉徴収票を出してください", "c_001"),
    ],
)
def test_an_employers_papers_are_not_the_banks_history(runner: Any, text: str, customer: str) -> None:
    result = run(runner, text, customer)
    assert not acts(result), (result.intent, result.action)


@pytest.mark.parametrize(
    ("text", "customer", "zone"),
    [
        ("show me next month's statement", "c_002", NY),
        ("show me my January statement", "c_002", NY),  # asked in November: which January?
        ("来月の明細を見せて", "c_001", TOKYO),
        ("12月分の明細見せて", "c_001", TOKYO),
    ],
)
def test_a_month_that_has_not_come_is_asked_about(
    runner: Any, text: str, customer: str, zone: ZoneInfo
) -> None:
    result = run(runner, text, customer, datetime(2026, 11, 21, 10, 0, tzinfo=zone))
    assert result.action.value in ("clarify", "ask_slot", "answer", "reject"), (result.intent, result.action)


@pytest.mark.parametrize(
    ("text", "customer"),
    [
        ("list all my transactions since I opened my account", "c_002"),
        ("show me my entire transaction history from the beginning", "c_002"),
        ("口座を開設してからの全部の取引を見せて", "c_001"),
    ],
)
def test_the_whole_history_since_opening_is_asked_about(runner: Any, text: str, customer: str) -> None:
    result = run(runner, text, customer)
    assert result.action.value in ("clarify", "ask_slot", "answer"), (result.intent, result.action)


@pytest.mark.parametrize(
    ("text", "customer"),
    [
        ("what does pending balance mean", "c_002"),
        ("what's the meaning of available balance", "c_002"),
        ("利用可能残高ってどういう意味？", "c_001"),
        ("残高の「予定」とは何ですか", "c_001"),
    ],
)
def test_what_a_balance_word_means_is_answered(runner: Any, text: str, customer: str) -> None:
    result = run(runner, text, customer)
    assert (result.intent.value, result.action.value) == ("qna", "answer"), (result.intent, result.reason)


@pytest.mark.parametrize(
    ("text", "customer"),
    [
        ("show me this month's transactions", "c_002"),
        ("先月の明細を見せて", "c_001"),
        ("my october statement", "c_002"),
    ],
)
def test_a_month_that_has_come_is_read(runner: Any, text: str, customer: str) -> None:
    result = run(runner, text, customer)
    assert (result.intent.value, result.action.value) == ("recent_transactions", "execute"), result.reason
