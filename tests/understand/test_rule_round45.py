"""Issue 9, round 45 (phrasings written before the code; the lead's own, after blind round 64's b64_013): a
count of business days ("in 3 business days", "3 business days from now", 3営業日後) is a day, counted over
weekends and the customer's public holidays; the count is never an amount."""

from __future__ import annotations

from typing import Any

import pytest
from tests.understand.conftest import run


@pytest.mark.parametrize(
    ("text", "customer", "day"),
    [
        ("pay the water bill in 3 business days", "c_002", "2026-11-25"),
        ("send maria garcia 40 dollars 4 business days from now", "c_002", "2026-11-27"),
        ("send maria garcia $40 in two working days", "c_002", "2026-11-24"),
        ("3営業日後に水道代払って", "c_001", "2026-11-26"),
        ("二営業日後に佐藤健太さんに5000円送って", "c_001", "2026-11-25"),
    ],
)
def test_a_count_of_business_days_is_a_day(runner: Any, text: str, customer: str, day: str) -> None:
    result = run(runner, text, customer)
    assert result.action.value == "confirm"
    assert str(result.entities.execute_on) == day


@pytest.mark.parametrize(
    ("text", "customer", "count"),
    [
        ("pay the water bill within 5 business days", "c_002", 500),
        ("pay the water bill 3 days late, sorry", "c_002", 300),
        ("5営業日以内に水道代払って", "c_001", 5),
    ],
)
def test_a_count_of_days_is_never_the_amount(runner: Any, text: str, customer: str, count: int) -> None:
    assert run(runner, text, customer).entities.amount_minor != count
