"""Issue 9, rule 1: every word is accounted for, or a turn that would act asks, naming what it missed."""

from __future__ import annotations

from typing import Any

import pytest
from tests.understand.conftest import acts, run


@pytest.mark.parametrize(
    ("text", "customer", "word"),
    [
        ("send 50 dollars to david lee on blursday", "c_002", "blursday"),
        ("send 50 dollars to david lee and 20 to sarah johnson", "c_002", "20"),
        ("send 50 dollars to david lee and kowalski", "c_002", "kowalski"),
        ("send 50 dollars to david lee unless he already paid me back", "c_002", "unless"),
        ("don't send 50 dollars to david lee", "c_002", "don't"),
        ("never pay my water bill", "c_002", "never"),
        ("lock my debit card and my wife's card", "c_002", "wife's"),
        ("田村さくらさんに3000円送って", "c_001", "田村"),
        ("佐藤健さんと鈴木一郎さんに5000円送って", "c_001", "鈴木一郎"),
        ("佐藤健さんに5000円送らないで", "c_001", "ない"),
        ("佐藤健さんに5000円と3000円送って", "c_001", "3000"),
    ],
)
def test_unexplained_content_that_could_change_the_meaning_does_not_act(
    runner: Any, text: str, customer: str, word: str
) -> None:
    """A number, name, negation or date-like word nobody understood turns confirm/execute into a question."""
    result = run(runner, text, customer)
    assert not acts(result), (result.action, result.entities)
    assert result.pending is None
    unexplained = " ".join(t.surface for t in result.trace if t.rule == "unexplained")
    if result.reason == "unexplained_words":
        assert word in unexplained


@pytest.mark.parametrize(
    ("text", "customer", "action"),
    [
        ("hey so um could you please send 50 dollars to david lee thanks a lot", "c_002", "confirm"),
        ("ok so basically i need to pay sarah johnson 40 bucks for the concert tickets", "c_002", "confirm"),
        ("what's my balance, i'm standing at the checkout", "c_002", "execute"),
        ("show me my recent transactions real quick", "c_002", "execute"),
        ("えーと、佐藤健さんに5000円送っておいてもらえますか", "c_001", "confirm"),
        ("すみません、残高を教えてください", "c_001", "execute"),
    ],
)
def test_fillers_politeness_and_purpose_do_not_block(
    runner: Any, text: str, customer: str, action: str
) -> None:
    """Fillers, politeness, a purpose ('for the concert tickets') and read-only asides are accounted for."""
    result = run(runner, text, customer)
    assert result.action.value == action, (
        result.reason,
        [t.surface for t in result.trace if t.rule == "unexplained"],
    )


def test_the_trace_names_the_unexplained_words(runner: Any) -> None:
    """The turn that asks says which words it could not account for."""
    result = run(runner, "send 50 dollars to david lee on blursday", "c_002")
    surfaces = [t.surface for t in result.trace if t.rule == "unexplained"]
    assert any("blursday" in s for s in surfaces)
