"""Text repairs of recognizer confusions: only whole, meaningless card utterances become an unlock."""

from __future__ import annotations

import pytest

from teller.voice.repair import repair


@pytest.mark.parametrize(
    ("heard", "fixed"),
    [
        ("I'm at my credit card.", "Unlock my credit card."),
        ("I'm not my credit card.", "Unlock my credit card."),
        ("i am at my card", "Unlock my card."),
        ("I'm freeze my rewards card.", "Unfreeze my rewards card."),
    ],
)
def test_un_heard_as_im_is_repaired(heard: str, fixed: str) -> None:
    """A sentence-initial "un-" heard as "I'm" is put back, and the rule is named."""
    result = repair(heard)
    assert result is not None
    assert (result.text, result.heard) == (fixed, heard)
    assert result.rule.startswith(("unlock_", "unfreeze_"))


@pytest.mark.parametrize(
    "heard",
    [
        "And freeze my rewards card.",  # may be a real lock: the safe direction is left alone
        "I'm at my card limit, what's my balance?",
        "I'm at the bank with my credit card.",
        "Send $200 to Merida.",  # names are the matcher's call
        "Lock card ending in 00830.",  # digit strings are never rewritten
        "Pay 1800,000 800 yen to Decomo.",  # nor amounts
        "",
    ],
)
def test_anything_else_is_left_alone(heard: str) -> None:
    """Requests that mean something, names, digits and amounts are never rewritten."""
    assert repair(heard) is None
