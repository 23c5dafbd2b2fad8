"""Issue 9, round 17 (Banking77's development part's false commands as rules; phrasings written before the
code): a card verb whose object comes before it ("my PIN unlocked", "my online banking blocked") or is the
speaker ("unlock me") is no card action."""

from __future__ import annotations

from typing import Any

import pytest
from tests.understand.conftest import run


@pytest.mark.parametrize(
    "text",
    [
        "i need my pin unblocked",
        "can i get my online banking password unlocked",
        "my app login got locked, please unlock me",
        "i typed the wrong code three times, can you unlock me",
        "i want my passcode reset and unlocked",
    ],
)
def test_an_object_that_is_no_card_is_not_unlocked(runner: Any, text: str) -> None:
    assert run(runner, text).intent.value != "card_unlock"


@pytest.mark.parametrize(
    ("text", "card"),
    [("i want my debit card unlocked", "k_101"), ("get my credit card unblocked please", "k_102")],
)
def test_a_card_before_its_participle_is_still_the_card(runner: Any, text: str, card: str) -> None:
    """(c_002's debit card is active: its unlock is refused by policy, still as a card unlock.)"""
    result = run(runner, text)
    assert (result.intent.value, result.entities.card_id) == ("card_unlock", card)
