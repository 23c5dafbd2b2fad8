"""find_amounts, issue 9 rule 6: signs, fractions of named units, and spoken prices that are ambiguous."""

from __future__ import annotations

from decimal import Decimal

import pytest

from teller.normalize import find_amounts, fold


@pytest.mark.parametrize(
    ("text", "major", "currency"),
    [
        ("-50 dollars", "-50", "USD"),
        ("minus 50 dollars", "-50", "USD"),
        ("negative fifty dollars", "-50", "USD"),
        ("$-20", "-20", "USD"),
        ("-$20", "-20", "USD"),
        ("マイナス5000円", "-5000", "JPY"),
        ("-5000円", "-5000", "JPY"),
        ("−3000円", "-3000", "JPY"),
        ("half a grand", "500", None),
        ("a quarter million yen", "250000", "JPY"),
        ("half a million yen", "500000", "JPY"),
        ("a quarter of a thousand dollars", "250", "USD"),
        ("three quarters of a million dollars", "750000", "USD"),
        ("half a thousand yen", "500", "JPY"),
    ],
)
def test_sign_and_fraction(text: str, major: str, currency: str | None) -> None:
    """The sign is kept; a fraction of a named unit is that fraction of it."""
    found = find_amounts(fold(text))
    assert [(a.value.major, a.value.currency) for a in found] == [(Decimal(major), currency)]


@pytest.mark.parametrize(
    ("text", "ambiguous"),
    [
        ("two fifty", True),
        ("one twenty", True),
        ("three forty five", True),
        ("twelve fifty", True),
        ("two fifty dollars", False),
        ("two hundred fifty", False),
        ("two dollars fifty", False),
        ("fifty", False),
        ("twenty five", False),
        ("250", False),
    ],
)
def test_spoken_prices_without_a_unit_are_marked_ambiguous(text: str, ambiguous: bool) -> None:
    """'two fifty' may be 2.50 or 250: the extraction says so (rule ends with '_ambiguous')."""
    found = find_amounts(fold(text))
    assert len(found) == 1
    assert found[0].rule.endswith("_ambiguous") is ambiguous
