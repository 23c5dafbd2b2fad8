"""Issue 9, round 26 (second part, phrasings written before the code): a day named only as "after" a season
or a holiday is no day Teller can pay on; it is asked, never dropped (お盆明けに… confirmed a transfer now) and
never read as the holiday itself ("after christmas" was paid on the 25th)."""

from __future__ import annotations

from typing import Any

import pytest
from tests.understand.conftest import acts, run


@pytest.mark.parametrize(
    "text",
    [
        "お盆明けに佐藤健太さんに1万円",
        "正月明けに電気代払って",
        "GW明けに伊藤くんに3000円送って",
        "ゴールデンウィーク明けに水道代払って",
        "夏休み明けに中村さんに5000円",
        "出張明けに鈴木さんに1万円振り込んで",
    ],
)
def test_a_season_ended_is_asked_not_dropped(runner: Any, text: str) -> None:
    result = run(runner, text, "c_001")
    assert not acts(result), (result.action.value, result.entities.execute_on)
    assert "execute_on" in (result.missing or []), (result.action.value, result.reason, result.missing)


@pytest.mark.parametrize(
    "text",
    [
        "after christmas send maria 50",
        "send maria 50 after thanksgiving",
        "pay con ed before christmas",
        "send david 20 sometime after new year's day",
    ],
)
def test_after_or_before_a_holiday_is_no_day_of_its_own(runner: Any, text: str) -> None:
    result = run(runner, text, "c_002")
    assert not acts(result), (result.action.value, result.entities.execute_on)


@pytest.mark.parametrize(
    ("text", "customer", "day"),
    [
        ("send maria 50 the day after christmas", "c_002", "2026-12-26"),
        ("pay con ed on christmas eve", "c_002", "2026-12-24"),
        ("連休明けに電気代払っといて", "c_001", "2026-11-24"),
        ("週明けに鈴木さんに1万円振り込んで", "c_001", "2026-11-23"),
        ("クリスマスに山本さんに5000円", "c_001", "2026-12-25"),
    ],
)
def test_days_counted_from_a_holiday_still_resolve(runner: Any, text: str, customer: str, day: str) -> None:
    result = run(runner, text, customer)
    assert result.action.value == "confirm", result.reason
    assert str(result.entities.execute_on) == day, result.entities.execute_on
