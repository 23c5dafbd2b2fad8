"""A person asked for politely (〜の方) or "connect me to" (〜につないで) is a handoff, not a question."""

from __future__ import annotations

from typing import Any

import pytest
from tests.understand.conftest import run


@pytest.mark.parametrize(
    "text", ["係の方をお願いします", "誰か人に繋いでもらえますか", "銀行の人に代わってほしい"]
)
def test_asking_for_a_person_politely_is_a_handoff(runner: Any, text: str) -> None:
    """〜の方/〜の人 and 〜につないで/〜に代わって reach a person even when phrased as 〜ますか."""
    result = run(runner, text, "c_001")
    assert (result.intent.value, result.action.value) == ("human_handoff", "handoff")


def test_a_payee_called_this_person_is_not_a_handoff(runner: Any) -> None:
    """'この方に送金したい' is a transfer to someone unnamed: it asks who, never hands off."""
    result = run(runner, "この方に5000円送金したい", "c_001")
    assert result.intent.value == "transfer_money"
