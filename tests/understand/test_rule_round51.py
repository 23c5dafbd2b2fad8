"""Issue 9, round 51 (phrasings written before the code; the lead's own, after blind rounds 70 and 71's
kinds): words that carry an order but are not the customer's order now — a message to pass on to someone
(tell…, 〜って伝えて), an example or a quoted command asked about (for example…, 例えば「…」って言えば), a
wish (I wish I could…, 〜たらいいのに), a habit told (I usually pay…) — do not act; beside them, an order
that mentions someone's request or a habit is still an order. An account named by a word two accounts
share, or as "the other one" with none said before, is asked about."""

from __future__ import annotations

from typing import Any

import pytest
from tests.understand.conftest import acts, run


@pytest.mark.parametrize(
    ("text", "customer"),
    [
        ("tell maria garcia to send me $50", "c_002"),
        ("let david lee know I'll send him $40 on friday", "c_002"),
        ("鈴木一郎さんに、5000円返してって伝えておいて", "c_001"),
        ("高橋美咲さんに明日1万円払うって言っといて", "c_001"),
        ("for example, send $20 to david lee", "c_002"),
        ("e.g. pay the con ed bill", "c_002"),
        ("例えば、佐藤健太さんに3000円送ってって言ったらどうなる？", "c_001"),
        ("「水道代払って」って言えば払ってくれるの？", "c_001"),
        ("I wish I could send my sister maria garcia $500", "c_002"),
        ("I'd love to pay off the whole verizon bill but I'm broke", "c_002"),
        ("マリア ガルシアさんに100ドル送れたらいいのになあ", "c_001"),
        ("I usually pay the water bill on the 15th", "c_002"),
        ("I normally send david lee $200 around the start of the month", "c_002"),
    ],
)
def test_an_order_that_is_not_the_customers_now_does_not_act(runner: Any, text: str, customer: str) -> None:
    result = run(runner, text, customer)
    assert not acts(result), (result.action, result.intent)


@pytest.mark.parametrize(
    ("text", "customer", "payee", "biller", "minor"),
    [
        ("I usually pay the water bill on the 15th, but pay it today please", "c_002", None, "b_104", None),
        ("maria garcia asked me for $30, please send it to her", "c_002", "p_101", None, 3000),
        ("鈴木一郎さんに頼まれたので、5000円振り込んで", "c_001", "p_004", None, 5000),
    ],
)
def test_an_order_beside_a_habit_or_a_request_still_acts(
    runner: Any, text: str, customer: str, payee: str | None, biller: str | None, minor: int | None
) -> None:
    result = run(runner, text, customer)
    assert result.action.value == "confirm", result.reason
    assert (result.entities.recipient_id, result.entities.biller_id) == (payee, biller)
    if minor is not None:
        assert result.entities.amount_minor == minor


@pytest.mark.parametrize(
    ("text", "customer"),
    [
        ("what's my savings balance?", "c_001"),
        ("how much is in my other account", "c_002"),
        ("もう一つの口座の残高を教えて", "c_001"),
    ],
)
def test_an_account_two_accounts_answer_to_is_asked_about(runner: Any, text: str, customer: str) -> None:
    result = run(runner, text, customer)
    assert result.intent.value == "balance_inquiry"
    assert result.action.value == "clarify"
