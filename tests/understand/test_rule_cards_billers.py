"""Issue 9, rule 7: cards and billers by everyday names, and card brands the customer does not hold."""

from __future__ import annotations

from typing import Any

import pytest
from tests.understand.conftest import acts, run


@pytest.mark.parametrize(
    ("text", "customer"),
    [
        ("lock my amex", "c_002"),
        ("freeze my mastercard", "c_001"),
        ("lock my visa card", "c_002"),
        ("lock my platinum card", "c_002"),
        ("block my business card", "c_001"),
        ("JCBカードを止めて", "c_001"),
        ("ANAカードをロックして", "c_001"),
        ("アメックスを止めて", "c_001"),
        ("ジェーシービーのカードを止めて", "c_001"),
        ("イオンのカードをロックして", "c_001"),
    ],
)
def test_a_card_the_customer_does_not_hold_is_clarified(runner: Any, text: str, customer: str) -> None:
    """A brand or type they do not have never locks another card: clarify, listing their cards."""
    result = run(runner, text, customer)
    assert not acts(result)
    assert (result.action.value, result.reason) == ("clarify", "unknown_card")
    own = {"c_001": {"k_001", "k_002"}, "c_002": {"k_101", "k_102"}}[customer]
    assert {c.id for c in result.candidates} == own


@pytest.mark.parametrize(
    ("text", "customer", "card_id"),
    [
        ("lock my visa", "c_001", "k_002"),
        ("freeze my cc", "c_001", "k_002"),
        ("lock my CC please", "c_001", "k_002"),
        ("クレカを止めて", "c_001", "k_002"),
        ("クレカ止めといて", "c_001", "k_002"),
        ("デビットを止めて", "c_001", "k_001"),
        ("ビザカードをロックして", "c_001", "k_002"),
        ("lock my rewards card", "c_002", "k_102"),
    ],
)
def test_everyday_card_names_resolve(runner: Any, text: str, customer: str, card_id: str) -> None:
    """クレカ, デビット, CC, a brand they hold, a word of the card's label."""
    result = run(runner, text, customer)
    assert result.intent.value == "card_lock"
    assert result.entities.card_id == card_id


@pytest.mark.parametrize(
    ("text", "customer", "biller_id"),
    [
        ("でんきだいを払って", "c_001", "b_001"),
        ("東電の支払いをお願い", "c_001", "b_001"),
        ("けいたいだいを払って", "c_001", "b_003"),
        ("ケータイ代払って", "c_001", "b_003"),
        ("すいどうだいを払いたい", "c_001", "b_004"),
        ("がす代払って", "c_001", "b_002"),
        ("pay the light bill", "c_002", "b_101"),
        ("pay my cell bill", "c_002", "b_102"),
        ("pay my wifi bill", "c_002", "b_103"),
        ("pay the water and sewer bill", "c_002", "b_104"),
    ],
)
def test_billers_by_everyday_names_and_readings(
    runner: Any, text: str, customer: str, biller_id: str
) -> None:
    """電気代 written in kana, 東電-style abbreviations, light/cell/wifi bills."""
    result = run(runner, text, customer)
    assert (result.intent.value, result.entities.biller_id) == ("bill_payment", biller_id)
    assert result.action.value == "confirm", result.reason
