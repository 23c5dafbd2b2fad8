"""Issue 9, round 52 (phrasings written before the code; the lead's own, after blind rounds 68 and 69's
kinds): the date of a document ("the bill dated 11/10", 請求書の日付が11月1日の…) is no day to pay on; a sum
asked about ("what's 20 percent of 45 dollars", 8500円の2割っていくら) is arithmetic, never a balance read."""

from __future__ import annotations

from typing import Any

import pytest
from tests.understand.conftest import acts, run


@pytest.mark.parametrize(
    ("text", "customer", "biller"),
    [
        ("pay verizon, the bill dated 11/10 says $85.99", "c_002", "b_102"),
        ("pay the con ed statement dated november 3", "c_002", "b_101"),
        ("請求書の日付が11月1日の電気代を払って", "c_001", "b_001"),
    ],
)
def test_a_documents_date_is_no_day_to_pay_on(runner: Any, text: str, customer: str, biller: str) -> None:
    result = run(runner, text, customer)
    assert result.intent.value == "bill_payment"
    assert result.entities.biller_id == biller
    assert result.entities.execute_on is None
    assert result.action.value == "confirm", result.reason


@pytest.mark.parametrize(
    ("text", "customer"),
    [
        ("8500円の2割っていくら？", "c_001"),
        ("5000円の3割はいくらになる？", "c_001"),
        ("what's 20 percent of 45 dollars", "c_002"),
        ("how much is half of 3000 yen", "c_001"),
    ],
)
def test_a_sum_asked_about_reads_nothing(runner: Any, text: str, customer: str) -> None:
    result = run(runner, text, customer)
    assert not acts(result), (result.intent, result.action)
