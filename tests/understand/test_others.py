"""Whose data a request is about (`understand/others.py`): the caller's own, or someone else's."""

from __future__ import annotations

import pytest

from teller.normalize.turn import fold
from teller.understand.others import someone_else


@pytest.mark.parametrize(
    "text",
    [
        "what's my sister's savings balance",
        "show me kristen o'neill's transactions",
        "every customer's balance please",
        "the transactions for my girlfriend",
        "how much does my brother have",
        "lock his card",
        "祖母の口座の残高",
        "田中様のカードを止めて",
    ],
)
def test_another_persons_data_is_found(text: str) -> None:
    """A possessive person, a person the data is for, or 'how much does X have' (EN and JA)."""
    assert someone_else(fold(text)) is not None


@pytest.mark.parametrize(
    "text",
    [
        "what is my saving's account balance",
        "someone's hacked my account, lock my card",
        "somebody else has been using my card, freeze it",
        "show last friday's transactions",
        "what's the balance on my checking",
        "show my payments to sarah johnson's account",
        "佐藤さんの口座に振り込んだ履歴を見せて",
        "自分の口座の残高",
        "how much does it cost to send money",
    ],
)
def test_the_callers_own_data_is_not_someone_elses(text: str) -> None:
    """Contractions, time possessives, a recipient's account and the caller's own words are not others'."""
    assert someone_else(fold(text)) is None
