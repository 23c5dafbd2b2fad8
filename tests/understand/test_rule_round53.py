"""Issue 9, round 53 (phrasings written before the code; the lead's own, after blind rounds 68 and 71's
kinds): "on time" is no day; a day told in a clause of its own set off by a dash is that clause's ("her
birthday was on the 3rd — send her…"); a day said in another clause beside an order that says its own day
leaves the order's day ("I'm away next week, so send maria $200 on friday")."""

from __future__ import annotations

from typing import Any

import pytest
from tests.understand.conftest import run


@pytest.mark.parametrize(
    ("text", "customer", "biller"),
    [
        ("I always try to pay on time, so pay the verizon bill please", "c_002", "b_102"),
        ("I want it on time for once: pay the con ed bill", "c_002", "b_101"),
    ],
)
def test_on_time_is_no_day(runner: Any, text: str, customer: str, biller: str) -> None:
    result = run(runner, text, customer)
    assert result.entities.biller_id == biller
    assert result.entities.execute_on is None
    assert result.action.value == "confirm", result.reason


@pytest.mark.parametrize(
    ("text", "customer", "payee"),
    [
        ("maria's birthday was on the 14th — send maria garcia $30", "c_002", "p_101"),
        ("we had dinner on the 18th - send david lee $25 for it", "c_002", "p_104"),
    ],
)
def test_a_day_told_before_a_dash_is_the_storys(runner: Any, text: str, customer: str, payee: str) -> None:
    result = run(runner, text, customer)
    assert result.entities.recipient_id == payee
    assert result.entities.execute_on is None
    assert result.action.value == "confirm", result.reason


@pytest.mark.parametrize(
    ("text", "customer", "payee", "day"),
    [
        ("I'm away next week, so send maria garcia $200 on friday", "c_002", "p_101", "2026-11-27"),
        ("since I travel next month, pay david lee $50 on the 28th", "c_002", "p_104", "2026-11-28"),
        ("来週は出張なので、今週の金曜に鈴木一郎さんに5000円送って", "c_001", "p_004", "2026-11-27"),
    ],
)
def test_the_orders_own_day_beside_another_clauses_day(
    runner: Any, text: str, customer: str, payee: str, day: str
) -> None:
    result = run(runner, text, customer)
    assert result.entities.recipient_id == payee
    assert str(result.entities.execute_on) == day
    assert result.action.value == "confirm", result.reason
