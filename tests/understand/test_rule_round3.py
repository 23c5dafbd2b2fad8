"""Issue 9, round 3 (written before running them): no dead end for a name said alone, the bank's own
hours are a question, what-if questions never act, scheduled-payment cancels read names from the name
index. English and Japanese, with negatives that must not change."""

from __future__ import annotations

from typing import Any

import pytest
from tests.understand.conftest import acts, run

PAYEES = {
    "c_001": {f"p_{i:03d}" for i in range(1, 13)},
    "c_002": {f"p_{i}" for i in range(101, 113)},
}


@pytest.mark.parametrize(
    ("text", "customer"),
    [
        ("sato", "c_001"),
        ("佐藤さん", "c_001"),
        ("えっと、鈴木一郎さん", "c_001"),
        ("高橋美咲", "c_001"),
        ("david lee", "c_002"),
        ("uh maria garcia", "c_002"),
        ("catherine wright", "c_002"),
    ],
)
def test_a_payee_named_alone_asks_what_to_do(runner: Any, text: str, customer: str) -> None:
    """With the LLM off, a payee's name and nothing else is a question back listing who was heard."""
    result = run(runner, text, customer)
    assert (result.action.value, result.reason) == ("clarify", "names_without_command"), (
        result.intent,
        result.action,
        result.reason,
    )
    ids = {c.id for c in result.candidates}
    assert ids and ids <= PAYEES[customer], ids
    assert result.reply and not acts(result)


@pytest.mark.parametrize(
    ("text", "customer"),
    [
        ("tell me a joke", "c_002"),
        ("play some music in the kitchen", "c_002"),
        ("今日の天気は", "c_001"),
        ("おすすめの映画を教えて", "c_001"),
    ],
)
def test_off_topic_without_a_name_stays_unsupported(runner: Any, text: str, customer: str) -> None:
    """Requests outside banking that name no payee are still declined, not asked about."""
    result = run(runner, text, customer)
    assert (result.intent.value, result.action.value) == ("out_of_scope", "unsupported")


@pytest.mark.parametrize(
    ("text", "customer"),
    [
        ("do the usual for david lee", "c_002"),
        ("same as last time to maria garcia", "c_002"),
        ("いつもの分を鈴木一郎さんに", "c_001"),
        ("健太にいつものやつお願い", "c_001"),
        ("do the usual for kenta", "c_002"),
        ("いつものを山田さんに", "c_001"),
    ],
)
def test_the_usual_for_someone_asks_and_never_dead_ends(runner: Any, text: str, customer: str) -> None:
    """'The usual' for a person is a payment Teller cannot read the amount of: it asks (or says the
    person is no payee); it is never declined as not banking, and never acts."""
    result = run(runner, text, customer)
    assert result.action.value in ("clarify", "ask_slot", "reject"), (result.intent, result.action)
    if result.action.value == "reject":
        assert result.reason == "recipient_not_registered", result.reason
    assert not acts(result)


@pytest.mark.parametrize(
    ("text", "customer"),
    [
        ("what are your opening hours", "c_002"),
        ("when does the branch open on saturday", "c_002"),
        ("is the bank open on new year's day", "c_002"),
        ("what time do you close today", "c_002"),
        ("支店の営業時間を教えて", "c_001"),
        ("窓口は何時まで開いていますか", "c_001"),
    ],
)
def test_the_banks_own_hours_are_a_bank_question(runner: Any, text: str, customer: str) -> None:
    """Opening hours of the bank or a branch are answered (qna), not declined as out of scope."""
    result = run(runner, text, customer)
    assert result.intent.value == "qna", (result.intent, result.reason)


@pytest.mark.parametrize(
    ("text", "customer"),
    [
        ("what are the opening hours of the louvre", "c_002"),
        ("when does the pharmacy open", "c_002"),
        ("what time does the supermarket close", "c_002"),
        ("近くのカフェは何時に開きますか", "c_001"),
    ],
)
def test_another_places_hours_stay_out_of_scope(runner: Any, text: str, customer: str) -> None:
    """The hours of a museum, a shop or a cafe are not the bank's."""
    result = run(runner, text, customer)
    assert result.intent.value == "out_of_scope", (result.intent, result.reason)


@pytest.mark.parametrize(
    ("text", "customer"),
    [
        ("what happens if i pay my electricity bill late", "c_002"),
        ("what happens if i lock my card while a payment is pending", "c_002"),
        ("what if i send money to the wrong account number", "c_002"),
        ("what would happen if i unlocked my credit card", "c_002"),
        ("カードをロックしたらどうなりますか", "c_001"),
        ("振込先を間違えたらどうなる？", "c_001"),
    ],
)
def test_what_if_questions_are_answered_and_never_act(runner: Any, text: str, customer: str) -> None:
    """A what-if question wrapping a command clause is a question (qna) at the turn, and acts on nothing."""
    result = run(runner, text, customer)
    assert result.intent.value == "qna", (result.intent, result.reason)
    assert not acts(result)


@pytest.mark.parametrize(
    ("text", "customer", "intent"),
    [
        ("send 50 dollars to david lee", "c_002", "transfer_money"),
        ("lock my debit card", "c_002", "card_lock"),
        ("デビットカードをロックして", "c_001", "card_lock"),
    ],
)
def test_plain_commands_beside_the_what_if_rule_still_act(
    runner: Any, text: str, customer: str, intent: str
) -> None:
    """The same commands said as requests keep their intent."""
    result = run(runner, text, customer)
    assert result.intent.value == intent and acts(result), (result.intent, result.action, result.reason)


@pytest.mark.parametrize(
    ("text", "customer"),
    [
        ("can i cancel a transfer for free?", "c_002"),
        ("cancel the transfer i made to him today", "c_002"),
        ("さっき彼への振込を送ったけど、取り消せますか", "c_001"),
    ],
)
def test_a_cancel_that_names_no_payee_is_not_about_a_scheduled_one(
    runner: Any, text: str, customer: str
) -> None:
    """Words after 'to'/'for' that the name index does not know ('free', 'him') name no payee: a
    question or a payment already made is not a scheduled payment to cancel."""
    result = run(runner, text, customer)
    assert result.intent.value != "cancel_scheduled", (result.intent, result.reason)
    assert not acts(result)


@pytest.mark.parametrize(
    ("text", "customer"),
    [
        ("found my missing credit card in the car, i want to use it again", "c_002"),
        ("the card i reported lost turned up in my coat, reactivate it", "c_002"),
        ("i thought my credit card was stolen but i found it, please put it back", "c_002"),
        ("デビットカードが見つかりました。また使いたいです", "c_001"),
        ("なくしたと思ったクレジットカードが見つかったので元に戻して", "c_001"),
    ],
)
def test_a_card_found_again_is_unlocked_never_locked(runner: Any, text: str, customer: str) -> None:
    """A card lost and found again, wanted back: an unlock (which waits for a yes), never a lock."""
    result = run(runner, text, customer)
    assert result.intent.value == "card_unlock", (result.intent, result.action, result.reason)
    assert result.action.value != "execute"


@pytest.mark.parametrize(
    ("text", "customer"),
    [
        ("i lost my debit card, lock it", "c_002"),
        ("i can't find my credit card anywhere, freeze it", "c_002"),
        ("デビットカードをなくしたので止めて", "c_001"),
    ],
)
def test_a_card_lost_is_still_locked(runner: Any, text: str, customer: str) -> None:
    """Without a card found again, a lost card is locked."""
    result = run(runner, text, customer)
    assert result.intent.value == "card_lock", (result.intent, result.action, result.reason)


@pytest.mark.parametrize(
    ("text", "customer"),
    [
        ("can i send 300 dollars to jim halpert next friday", "c_002"),
        ("could i transfer 50 dollars to my landlord tomorrow", "c_002"),
        ("山田さんに1万円振り込んでもいいですか", "c_001"),
    ],
)
def test_asking_to_send_an_amount_to_someone_is_a_request(runner: Any, text: str, customer: str) -> None:
    """'Can I send $300 to Jim' names the amount and the person: a transfer (refused here: no such
    payee), not a question about transfers."""
    result = run(runner, text, customer)
    assert result.intent.value == "transfer_money", (result.intent, result.action, result.reason)
    assert not acts(result)


@pytest.mark.parametrize(
    ("text", "customer"),
    [
        ("can i send money to someone abroad", "c_002"),
        ("can i transfer 50 dollars at night", "c_002"),
        ("海外に送金できますか", "c_001"),
    ],
)
def test_asking_whether_a_transfer_is_possible_stays_a_question(
    runner: Any, text: str, customer: str
) -> None:
    """Without a person named, 'can I send…' asks what is possible."""
    result = run(runner, text, customer)
    assert result.intent.value == "qna", (result.intent, result.action, result.reason)


@pytest.mark.parametrize(
    ("text", "customer"),
    [
        ("i want to add money to my card but i'm totally lost", "c_002"),
        ("help me set up my credit card, i am so lost", "c_002"),
        ("カードの使い方がわからなくて困っています", "c_001"),
    ],
)
def test_a_customer_who_is_lost_has_not_lost_a_card(runner: Any, text: str, customer: str) -> None:
    """'I'm totally lost' is confusion, not a card lost: nothing is locked."""
    result = run(runner, text, customer)
    assert result.intent.value != "card_lock", (result.intent, result.action, result.reason)


@pytest.mark.parametrize(
    ("text", "customer", "intent"),
    [
        ("i lost my card, i'm so worried", "c_002", "card_lock"),
        ("my debit card is lost", "c_002", "card_lock"),
        ("get me to someone else, i'm done with bots", "c_002", "human_handoff"),
        ("ロボットじゃなくて人につないで", "c_001", "human_handoff"),
    ],
)
def test_a_lost_card_locks_and_a_person_asked_for_is_a_handoff(
    runner: Any, text: str, customer: str, intent: str
) -> None:
    """A card lost still locks; 'get me to someone else' asks for a person."""
    result = run(runner, text, customer)
    assert result.intent.value == intent, (result.intent, result.action, result.reason)
