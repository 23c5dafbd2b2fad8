"""Issue 9, round 19 (blind round 22's development misses as rules: Japanese customers as they speak and
type; phrasings written before the code, none copied from the blind set): formal numerals (壱, 弐, 参, 伍,
拾, 萬; 金…円也), an occasion that says what the money is for (not when), Kansai words for a balance (なんぼ,
残っとる), a family member's lost card, all-katakana telegram style (ｻﾄｳｹﾝﾀ ﾆ 5000ｴﾝ ｿｳｷﾝ), and 連休明け (the
first business day after a run of three or more days off)."""

from __future__ import annotations

from datetime import datetime
from typing import Any

import pytest
from tests.understand.conftest import acts, run


@pytest.mark.parametrize(
    ("text", "payee", "minor"),
    [
        ("金伍万円也を佐藤健太さんに振り込んでください", "p_003", 50000),
        ("弐万円を伊藤翔さんへ送金して", "p_006", 20000),
        ("拾萬円を鈴木一郎さんに振り込んで", "p_004", 100000),
    ],
)
def test_formal_numerals_are_amounts(runner: Any, text: str, payee: str, minor: int) -> None:
    result = run(runner, text, "c_001")
    assert result.action.value == "confirm", result.reason
    assert (result.entities.recipient_id, result.entities.amount_minor) == (payee, minor)


@pytest.mark.parametrize(
    ("text", "customer"),
    [
        ("send david lee $50 for his birthday", "c_002"),
        ("send maria garcia 30 dollars for her anniversary", "c_002"),
        ("佐藤健太さんに誕生日のお祝いとして5000円送って", "c_001"),
    ],
)
def test_an_occasion_the_money_is_for_is_no_date(runner: Any, text: str, customer: str) -> None:
    result = run(runner, text, customer)
    assert result.action.value == "confirm", result.reason
    assert result.entities.execute_on is None


def test_an_occasion_as_the_day_is_still_asked_about(runner: Any) -> None:
    assert run(runner, "send david lee $50 on his birthday").action.value in ("ask_slot", "clarify")


@pytest.mark.parametrize("text", ["残高なんぼ？", "今口座になんぼ残っとる？"])
def test_kansai_words_for_the_balance(runner: Any, text: str) -> None:
    result = run(runner, text, "c_001")
    assert (result.intent.value, result.action.value) == ("balance_inquiry", "execute")


@pytest.mark.parametrize(
    "text",
    [
        "妻がデビットカードをなくしたらしい",
        "息子がクレジットカード落としたって言ってる",
        "うちの母がカードを盗まれたみたい",
    ],
)
def test_a_family_members_lost_card_is_not_the_customers(runner: Any, text: str) -> None:
    assert not acts(run(runner, text, "c_001"))


def test_the_customers_own_lost_card_is_still_locked(runner: Any) -> None:
    result = run(runner, "デビットカードをなくしたので止めてください", "c_001")
    assert (result.intent.value, result.action.value, result.entities.card_id) == (
        "card_lock",
        "execute",
        "k_001",
    )


@pytest.mark.parametrize(
    ("text", "payee", "minor"),
    [("ｻﾄｳｹﾝﾀ ﾆ 5000ｴﾝ ｿｳｷﾝ", "p_003", 5000), ("イトウショウ ニ 3000エン フリコミ", "p_006", 3000)],
)
def test_all_katakana_telegram_style_is_read(runner: Any, text: str, payee: str, minor: int) -> None:
    result = run(runner, text, "c_001")
    assert result.action.value == "confirm", result.reason
    assert (result.entities.recipient_id, result.entities.amount_minor) == (payee, minor)


@pytest.mark.parametrize(
    ("now", "day"),
    [
        ("2026-11-21T09:00:00+09:00", "2026-11-24"),  # in the run Sat 21 - Mon 23 (勤労感謝の日)
        ("2026-09-15T09:00:00+09:00", "2026-09-24"),  # before the run Sat 19 - Wed 23
    ],
)
def test_after_the_holidays_is_the_first_business_day_after_the_run(runner: Any, now: str, day: str) -> None:
    result = run(runner, "連休明けに水道代を払って", "c_001", datetime.fromisoformat(now))
    assert result.action.value == "confirm", result.reason
    assert str(result.entities.execute_on) == day


@pytest.mark.parametrize(
    ("text", "payee"),
    [("お祝いで翔くんに5000円送って", "p_006"), ("旅行代で陽子さんに8000円振り込んで", "p_011")],
)
def test_what_is_said_before_a_particle_is_no_part_of_the_name(runner: Any, text: str, payee: str) -> None:
    """(Added after blind round 22's お年玉で翔くんに: the rule, with other phrasings.)"""
    result = run(runner, text, "c_001")
    assert (result.action.value, result.entities.recipient_id) == ("confirm", payee)
