"""Issue 9, round 12 (blind round 16's development misses as rules): a spoken price read as the bill's
amount due, dollars and cents said after hundreds, a refusal of an amount that was not understood,
a bare "no" between amounts, everything since a date, what the bank offers asked about."""

from __future__ import annotations

from typing import Any

import pytest
from tests.understand.conftest import acts, run

from teller.normalize.amounts import find_amounts
from teller.normalize.text import fold


@pytest.mark.parametrize(
    ("text", "major", "ambiguous"),
    [
        ("three hundred forty five sixty", "345.60", False),
        ("one twenty nine ninety", "129.90", False),
        ("four eighty", "480", True),
        ("a hundred and five", "105", False),
    ],
)
def test_dollars_and_cents_said_after_hundreds_are_one_reading(
    text: str, major: str, ambiguous: bool
) -> None:
    found = find_amounts(fold(text))
    assert [str(a.value.major) for a in found] == [major]
    assert found[0].rule.endswith("_ambiguous") is ambiguous


def test_a_spoken_price_that_is_the_amount_due_is_paid(runner: Any) -> None:
    """Of $6,150 and $61.50 for a water bill of $61.50: the amount due, with its trace."""
    result = run(runner, "please pay nyc water board sixty one fifty", "c_002")
    assert (result.action.value, result.entities.amount_minor) == ("confirm", 6150)
    assert any(t.rule == "amount_due_reading" for t in result.trace)


# ("pay the water bill sixty one" was here first: $61 is no spoken price, it is paid as said)
@pytest.mark.parametrize("text", ["pay verizon eighty five ninety", "pay the water bill six fifteen"])
def test_a_spoken_price_that_is_not_the_amount_due_still_asks(runner: Any, text: str) -> None:
    result = run(runner, text, "c_002")
    assert not acts(result)


@pytest.mark.parametrize(
    "text", ["send maria garcia ninety nine ninety nine", "send david lee sixty five fifty"]
)
def test_an_amount_not_understood_is_asked_not_refused(runner: Any, text: str) -> None:
    """$9,999 (or $6,550) would be refused for funds; $99.99 may be what was meant: the turn asks."""
    result = run(runner, text, "c_002")
    assert result.action.value == "ask_slot"
    assert result.entities.amount_minor is None


@pytest.mark.parametrize(
    ("text", "minor"),
    [("send chris o'neil 30. no. 35 dollars", 3500), ("send david lee fifty no seventy dollars", 7000)],
)
def test_a_bare_no_between_amounts_corrects(runner: Any, text: str, minor: int) -> None:
    assert run(runner, text, "c_002").entities.amount_minor == minor


@pytest.mark.parametrize(
    "text", ["send maria 20 dollars, no fees please", "no rush, send david lee 20 dollars"]
)
def test_no_that_corrects_nothing_is_not_a_correction(runner: Any, text: str) -> None:
    assert run(runner, text, "c_002").entities.amount_minor == 2000


@pytest.mark.parametrize(
    "text", ["show me everything after the 1st", "give me everything between monday and today"]
)
def test_everything_over_a_time_is_the_history(runner: Any, text: str) -> None:
    assert run(runner, text, "c_002").intent.value == "recent_transactions"


def test_what_the_bank_offers_is_a_question(runner: Any) -> None:
    assert run(runner, "give me more information about your checking accounts", "c_002").intent.value == "qna"
