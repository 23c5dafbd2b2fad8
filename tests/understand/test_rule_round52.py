"""Issue 9, round 52 (phrasings written before the code; the lead's own, after blind rounds 68 and 69's
kinds): a sum asked about ("what's 20 percent of 45 dollars", 8500円の2割っていくら) is arithmetic, never a
balance read.

(A first group — the date of a document, "the bill dated 11/10", is no day to pay on — was taken out with its
rule: reverted alone, the rule made a held-out turn of blind round 64 act now where its author wanted a past
day refused.)"""

from __future__ import annotations

from typing import Any

import pytest
from tests.understand.conftest import acts, run


@pytest.mark.parametrize(
    ("text", "customer"),
    [
        ("8500円の2割っていくら？", "c_001"),
        ("5000円の3割はいくらになる？", "c_001"),
        ("what's 20 percent of 45 dollars", "c_002"),
        ("how much is half of 3000 yen", "c_001"),
    ],
)
def test_a_sum_asked_about_reads_nothing(runner: Any, text: str, customer: str) -> None:
    result = run(runner, text, customer)
    assert not acts(result), (result.intent, result.action)
