"""Issue 9, rule 4: a self-correction inside one utterance wins; an unclear one is asked about."""

from __future__ import annotations

from typing import Any

import pytest
from tests.understand.conftest import acts, run


@pytest.mark.parametrize(
    ("text", "customer", "expect"),
    [
        ("send thirty dollars to david lee, no wait, forty-five", "c_002", {"amount_minor": 4500}),
        ("send 30 dollars to david lee sorry i mean 45 dollars", "c_002", {"amount_minor": 4500}),
        ("pay sarah johnson 100 dollars, actually make that 120", "c_002", {"amount_minor": 12000}),
        ("send 25 dollars to david lee, scratch that, 35", "c_002", {"amount_minor": 3500}),
        ("send 20 dollars to maria garcia, no, to david lee", "c_002", {"recipient_id": "p_104"}),
        ("send 20 dollars to maria garcia i mean david lee", "c_002", {"recipient_id": "p_104"}),
        (
            "send 50 dollars to david lee tomorrow, actually on monday",
            "c_002",
            {"execute_on": "2026-11-23", "amount_minor": 5000},
        ),
        ("佐藤健さんに3000円、いや5000円送って", "c_001", {"amount_minor": 5000, "recipient_id": "p_001"}),
        ("鈴木一郎さんに1万円じゃなくて2万円振り込んで", "c_001", {"amount_minor": 20000}),
        ("明日、あ、間違えた、明後日に佐藤健さんに5000円送金して", "c_001", {"execute_on": "2026-11-23"}),
        ("高橋美咲さんに、いや、渡辺直美さんに3000円送って", "c_001", {"recipient_id": "p_008"}),
        ("佐藤健さんに5000円送金、訂正して6000円で", "c_001", {"amount_minor": 6000}),
    ],
)
def test_the_corrected_value_wins(runner: Any, text: str, customer: str, expect: dict[str, Any]) -> None:
    """no wait / sorry / I mean / make that / actually / scratch that / いや / じゃなくて / 間違えた."""
    result = run(runner, text, customer)
    assert result.action.value == "confirm", (result.action, result.reason)
    got = result.entities.model_dump(mode="json")
    assert {k: got[k] for k in expect} == expect


def test_a_corrected_card_wins(runner: Any) -> None:
    """'lock my credit card, I mean my debit card' locks the debit card only."""
    result = run(runner, "lock my credit card, i mean my debit card", "c_002")
    assert (result.action.value, result.entities.card_id) == ("execute", "k_101")


def test_a_corrected_card_wins_in_japanese(runner: Any) -> None:
    """'クレジットカード、じゃなくてデビットカードを止めて' locks the debit card."""
    result = run(runner, "クレジットカード、じゃなくてデビットカードを止めて", "c_001")
    assert (result.action.value, result.entities.card_id) == ("execute", "k_001")


@pytest.mark.parametrize(
    ("text", "customer"),
    [
        ("send 30 dollars to david lee no wait", "c_002"),
        ("send 30 dollars to david lee, actually never mind the amount", "c_002"),
        ("send 30 dollars to david lee, sorry, i mean", "c_002"),
        ("佐藤健さんに3000円送って、いや違う", "c_001"),
        ("佐藤健さんに3000円、あ、間違えた", "c_001"),
    ],
)
def test_an_unclear_correction_does_not_act(runner: Any, text: str, customer: str) -> None:
    """A correction marker with nothing (or nothing clear) after it is asked about, never confirmed."""
    result = run(runner, text, customer)
    assert not acts(result), (result.action, result.entities)
    assert result.pending is None
