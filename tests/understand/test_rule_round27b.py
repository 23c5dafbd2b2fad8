"""Issue 9, round 27 (phrasings written before the code): a value set aside by "not" beside another of its
kind ("lock my debit card, not the credit one", "not today, tomorrow", "$40, not 400") is the one not
meant; the other is. A "not" with no other value of its kind still asks."""

from __future__ import annotations

from typing import Any

import pytest
from tests.understand.conftest import acts, run


@pytest.mark.parametrize(
    ("text", "customer", "want"),
    [
        ("freeze my debit card, not the credit card", "c_002", {"card_id": "k_101"}),
        ("not the debit card - lock the credit one", "c_001", {"card_id": "k_002"}),
        ("send maria 40 dollars, not 400", "c_002", {"amount_minor": 4000, "recipient_id": "p_101"}),
        ("send $70 from savings, not from checking, to david lee", "c_002", {"account_id": "a_102"}),
        ("pay the water bill, not the electric bill", "c_002", {"biller_id": "b_104"}),
        ("send 15 dollars to david lee, not maria", "c_002", {"recipient_id": "p_104", "amount_minor": 1500}),
    ],
)
def test_a_value_set_aside_by_not_beside_another_is_not_the_one_meant(
    runner: Any, text: str, customer: str, want: dict[str, Any]
) -> None:
    result = run(runner, text, customer)
    got = result.entities.model_dump(mode="json")
    assert result.action.value in ("execute", "confirm"), (result.action.value, result.reason)
    assert {k: got[k] for k in want} == want


@pytest.mark.parametrize(
    "text",
    [
        "pay the water bill, not now",
        "send maria 40 dollars, but not today",
        "send catherine 30 dollars, not now",
        # (a date set aside by "not" beside another was tried and withdrawn: a held-out turn of blind round
        # 43 acted wrongly with it; these still ask)
        "pay david $25 tomorrow, not today",
        "not tomorrow, send catherine $30 on friday",
        "send david 50, not 60",  # the other value said: 50
    ],
)
def test_a_not_with_no_other_value_of_its_kind_still_asks(runner: Any, text: str) -> None:
    result = run(runner, text, "c_002")
    if text.endswith("not 60"):
        assert (result.action.value, result.entities.amount_minor) == ("confirm", 5000)
    else:
        assert not acts(result) or result.action.value not in ("execute", "confirm"), result.action.value


@pytest.mark.parametrize(
    ("text", "execute_on"),
    [
        # (written with the fix, which round 44's development part found: 令和 years were read as year 8)
        ("令和8年12月24日に伊藤翔さんに5000円振り込んで", "2026-12-24"),
        ("令和９年１月１５日に伊藤翔さんへ5000円送金", "2027-01-15"),
    ],
)
def test_a_reiwa_year_is_its_western_year(runner: Any, text: str, execute_on: str) -> None:
    result = run(runner, text, "c_001")
    assert (result.action.value, str(result.entities.execute_on)) == ("confirm", execute_on)


@pytest.mark.parametrize(
    ("text", "customer"),
    [
        # (written with the fix, which round 44's development part found: a clock time was dropped and the
        # money sent now)
        ("send david lee $35 at 8am", "c_002"),
        ("pay the water bill at 6 pm", "c_002"),
        ("伊藤翔さんに5000円、10時に振り込んでおいて", "c_001"),
    ],
)
def test_a_clock_time_with_no_day_is_asked_not_sent_now(runner: Any, text: str, customer: str) -> None:
    result = run(runner, text, customer)
    assert not acts(result), (result.action.value, result.entities.execute_on)
