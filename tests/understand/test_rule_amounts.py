"""Issue 9, rule 6: fractions of named units, ambiguous spoken prices, and invalid amounts."""

from __future__ import annotations

from typing import Any

import pytest
from tests.understand.conftest import acts, run


@pytest.mark.parametrize(
    ("text", "customer", "amount_minor", "currency"),
    [
        ("send half a grand to david lee", "c_002", 50000, "USD"),
        ("send a quarter million yen to sato ken", "c_001", 250000, "JPY"),
        ("send half a million yen to sato ken", "c_001", 500000, "JPY"),
        ("send a quarter of a thousand dollars to david lee", "c_002", 25000, "USD"),
        ("send two hundred fifty dollars to david lee", "c_002", 25000, "USD"),
        ("send two fifty dollars to david lee", "c_002", 25000, "USD"),
    ],
)
def test_fractions_of_named_units(
    runner: Any, text: str, customer: str, amount_minor: int, currency: str
) -> None:
    """Half a grand is $500; a quarter million yen is ¥250,000 (no sign or unit lost)."""
    result = run(runner, text, customer)
    assert (result.entities.amount_minor, result.entities.currency) == (amount_minor, currency)
    assert result.action.value == "confirm", result.reason


def test_half_of_a_bill_is_half_of_what_is_due(runner: Any) -> None:
    """'ガス代の半額を払って' pays half of the outstanding gas bill (¥6,380 → ¥3,190)."""
    result = run(runner, "ガス代の半額を払って", "c_001")
    assert (result.action.value, result.entities.biller_id, result.entities.amount_minor) == (
        "confirm",
        "b_002",
        3190,
    )


@pytest.mark.parametrize(
    ("text", "customer"),
    [
        ("send two fifty to david lee", "c_002"),
        ("send one twenty to sarah johnson", "c_002"),
        ("pay david lee three forty", "c_002"),
    ],
)
def test_an_ambiguous_spoken_price_is_asked_about(runner: Any, text: str, customer: str) -> None:
    """'two fifty' with no unit may be $2.50 or $250: the turn asks for the amount."""
    result = run(runner, text, customer)
    assert not acts(result)
    assert result.reason == "ambiguous_amount"
    assert result.action.value in ("ask_slot", "clarify")


@pytest.mark.parametrize(
    ("text", "customer"),
    [
        ("send -50 dollars to david lee", "c_002"),
        ("send minus 50 dollars to david lee", "c_002"),
        ("send negative fifty dollars to david lee", "c_002"),
        ("send 0 dollars to david lee", "c_002"),
        ("send zero dollars to david lee", "c_002"),
        ("佐藤健さんにマイナス5000円送って", "c_001"),
        ("佐藤健さんに-5000円送金して", "c_001"),
        ("佐藤健さんに0円送金して", "c_001"),
    ],
)
def test_negative_and_zero_amounts_are_rejected(runner: Any, text: str, customer: str) -> None:
    """A minus sign is never dropped: the turn is rejected as invalid_amount, not proposed."""
    result = run(runner, text, customer)
    assert (result.action.value, result.reason) == ("reject", "invalid_amount")
    assert result.pending is None


@pytest.mark.parametrize(
    ("text", "customer"),
    [
        ("send 50 dollars or 60 dollars to david lee", "c_002"),
        ("send 5000 yen, i mean 50 dollars, or maybe 60 dollars to sato ken", "c_001"),
        ("send a trillion dollars to david lee", "c_002"),
        ("佐藤健さんに5000円か6000円送って", "c_001"),
    ],
)
def test_absurd_or_contradicting_amounts_never_confirm(runner: Any, text: str, customer: str) -> None:
    """Two amounts offered as alternatives, or one beyond any balance, are asked about or refused."""
    result = run(runner, text, customer)
    assert not acts(result), (result.action, result.entities)
