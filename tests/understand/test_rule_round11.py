"""Issue 9, round 11 (blind round 15's development misses as rules): a complete money request asked as
whether it can be done (ってできる？, can I get … sent to), this coming weekday in Japanese, how many
transactions counted in Japanese, spending totals and a merchant's last use read from the history."""

from __future__ import annotations

from datetime import date
from typing import Any

import pytest
from tests.understand.conftest import acts, run

from teller.normalize.dates import find_dates
from teller.normalize.text import fold


@pytest.mark.parametrize(
    ("text", "customer", "intent"),
    [
        ("渡辺直美さんに2万円送るってできる？", "c_001", "transfer_money"),
        ("水道代を払うことってできますか", "c_001", "bill_payment"),
        ("could I have 25 dollars wired over to david lee", "c_002", "transfer_money"),
    ],
)
def test_a_complete_request_asked_as_can_it_be_done_is_proposed(
    runner: Any, text: str, customer: str, intent: str
) -> None:
    result = run(runner, text, customer)
    assert (result.intent.value, result.action.value) == (intent, "confirm")


@pytest.mark.parametrize(
    ("text", "customer"),
    [
        ("海外の口座に送るってできる？", "c_001"),
        ("カードの再発行ってできますか", "c_001"),
        ("can I get money sent to another country", "c_002"),
        ("can I send 50 to david lee with a check? he asked me to", "c_002"),
    ],
)
def test_whether_something_can_be_done_in_general_is_a_question(
    runner: Any, text: str, customer: str
) -> None:
    """Nobody or nothing named, or a way of doing it asked about (in the asking sentence): no action."""
    assert not acts(run(runner, text, customer))


@pytest.mark.parametrize(
    ("text", "expected"),
    [("今度の土曜", "2026-11-21"), ("次の火曜日に", "2026-11-24"), ("この日曜", "2026-11-22")],
)
def test_this_coming_weekday_in_japanese(text: str, expected: str) -> None:
    """今度の / 次の / この before a weekday is the next one (今度の had been an unparsed date that asked)."""
    assert [d.value.isoformat() for d in find_dates(fold(text), today=date(2026, 11, 20))] == [expected]


@pytest.mark.parametrize(
    ("text", "count"), [("明細を最後から4つ見せて", 4), ("最近の利用履歴を2つ教えて", 2)]
)
def test_how_many_transactions_counted_with_tsu(runner: Any, text: str, count: int) -> None:
    result = run(runner, text, "c_001")
    assert (result.intent.value, result.entities.count) == ("recent_transactions", count)


@pytest.mark.parametrize(
    ("text", "customer"),
    [
        ("今月の外食費の合計を教えて", "c_001"),
        ("ユニクロで最後に買ったのはいつ", "c_001"),
        ("when was the last time I shopped at target", "c_002"),
    ],
)
def test_spending_totals_and_a_merchants_last_use_are_read(runner: Any, text: str, customer: str) -> None:
    result = run(runner, text, customer)
    assert (result.intent.value, result.action.value) == ("recent_transactions", "execute")


@pytest.mark.parametrize(
    "text",
    [
        "ユニクロって何時に開く？",
        "when does target open on sunday",  # round 13: topics.asks_about_another_place
    ],
)
def test_a_shops_hours_are_not_banking(runner: Any, text: str) -> None:
    assert run(runner, text, "c_001" if not text.isascii() else "c_002").intent.value == "out_of_scope"
