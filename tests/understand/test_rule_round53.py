"""Issue 9, round 53 (phrasings written before the code; the lead's own, after blind rounds 68 and 71's
kinds): "on time" is no day; a day told in a clause of its own set off by a dash is that clause's ("her
birthday was on the 3rd — send her…").

(A third group — the order's own day beside another clause's day, "I'm away next week, so send maria $200 on
friday" — was taken out with its rule: reverted alone, the rule made four held-out turns of blind rounds 17,
48 and 51 act on a day where their authors wanted the day asked about.)"""

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
