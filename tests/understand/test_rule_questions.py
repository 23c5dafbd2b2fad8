"""Issue 9, rule 2: questions never act; requests outside banking that share its verbs are out of scope."""

from __future__ import annotations

from typing import Any

import pytest
from tests.understand.conftest import acts, run


@pytest.mark.parametrize(
    ("text", "customer"),
    [
        ("how long does it take to send a new card to someone who lost theirs", "c_002"),
        ("how do i lock my debit card", "c_002"),
        ("can i unlock my credit card from the app", "c_002"),
        ("what happens if i transfer money to the wrong account", "c_002"),
        ("how long does a transfer to david lee take", "c_002"),
        ("can i pay my electric bill with a credit card", "c_002"),
        ("what happens if i lose my card", "c_002"),
        ("is it possible to freeze just my credit card and not the debit one", "c_002"),
        ("how would i go about sending money to sarah johnson", "c_002"),
        ("カードをロックするにはどうすればいいですか", "c_001"),
        ("振込にはどのくらい時間がかかりますか", "c_001"),
        ("カードを紛失したらどうなりますか", "c_001"),
        ("電気代はクレジットカードで払えますか", "c_001"),
        ("佐藤健さんへの送金を取り消すことはできますか", "c_001"),
        ("デビットカードの利用を止める方法は？", "c_001"),
    ],
)
def test_a_question_about_a_command_is_answered_not_done(runner: Any, text: str, customer: str) -> None:
    """How/how long/can I/what happens if (〜にはどうすれば/〜できますか/〜たらどうなります) is QnA."""
    result = run(runner, text, customer)
    assert (result.intent.value, result.action.value) == ("qna", "answer"), result.reason


@pytest.mark.parametrize(
    ("text", "customer", "intent", "action"),
    [
        ("i want to lock my debit card", "c_002", "card_lock", "execute"),
        ("i need to send 20 dollars to david lee", "c_002", "transfer_money", "confirm"),
        ("could you lock my debit card", "c_002", "card_lock", "execute"),
        ("would you pay my water bill please", "c_002", "bill_payment", "confirm"),
        ("i'd like to unlock my credit card", "c_002", "card_unlock", "confirm"),
        ("デビットカードをロックしてください", "c_001", "card_lock", "execute"),
        ("佐藤健さんに3000円送りたい", "c_001", "transfer_money", "confirm"),
        ("ガス代を払ってもらえますか", "c_001", "bill_payment", "confirm"),
        ("デビットカードを止めてくれますか", "c_001", "card_lock", "execute"),
    ],
)
def test_a_request_form_still_acts(runner: Any, text: str, customer: str, intent: str, action: str) -> None:
    """Imperatives, I want/need/would like, could you…, 〜して/〜てください/〜たい/〜てもらえますか act."""
    result = run(runner, text, customer)
    assert (result.intent.value, result.action.value) == (intent, action), result.reason


@pytest.mark.parametrize(
    ("text", "customer"),
    [
        ("show me my latest emails", "c_002"),
        ("send an email to david lee", "c_002"),
        ("send a text message to sarah johnson saying i'm late", "c_002"),
        ("pay attention to the next turn", "c_002"),
        ("show me my photos from last week", "c_002"),
        ("transfer my photos to my new phone", "c_002"),
        ("lock the front door", "c_002"),
        ("block this caller", "c_002"),
        ("show my notifications", "c_002"),
        ("メールを送って", "c_001"),
        ("佐藤健さんにLINEでメッセージを送って", "c_001"),
        ("写真を見せて", "c_001"),
        ("玄関のドアをロックして", "c_001"),
        ("通知を表示して", "c_001"),
    ],
)
def test_non_banking_requests_with_banking_verbs_are_out_of_scope(
    runner: Any, text: str, customer: str
) -> None:
    """Sending email/messages, showing photos or notifications, locking doors: never a bank command."""
    result = run(runner, text, customer)
    assert not acts(result)
    assert result.intent.value == "out_of_scope", (result.intent, result.action)


@pytest.mark.parametrize(
    "text",
    [
        "can I pay my con ed bill late",
        "can i pay the xfinity bill in installments",
        "could i send david lee $40 by check",
    ],
)
def test_a_can_i_question_about_a_way_of_paying_is_answered(runner: Any, text: str) -> None:
    """'Can I' with a word beyond the command (late, in cash, by check) asks whether it can be done so."""
    r = run(runner, text)
    assert not acts(r) and r.intent.value == "qna"


@pytest.mark.parametrize(
    ("text", "recipient"),
    [
        ("is it possible to send 60 dollars to david lee tomorrow?", "p_104"),
        ("can i schedule a transfer of $25 to aoife brennan for monday", "p_111"),
    ],
)
def test_a_can_i_request_that_names_everything_waits_for_a_yes(
    runner: Any, text: str, recipient: str
) -> None:
    """Asked politely with the amount and the payee, and nothing else, it is proposed for confirmation."""
    r = run(runner, text)
    assert r.action.value == "confirm" and r.entities.recipient_id == recipient


@pytest.mark.parametrize(
    "text",
    ["show me the transfers i sent to david lee", "i'd like to view all the payments we made to con edison"],
)
def test_payments_made_asked_to_be_shown_read_the_history(runner: Any, text: str) -> None:
    """A list of payments already made, asked to be shown, is the history (not a question about one)."""
    r = run(runner, text)
    assert r.intent.value == "recent_transactions" and r.action.value == "execute"
