"""Issue 9, round 3: a command needs its own action and object in the words; a payment already made is
not one to make or to cancel; contractions without an apostrophe still negate."""

from __future__ import annotations

from typing import Any

import pytest
from tests.understand.conftest import acts, run

from teller.domain.intents import COMMAND_INTENTS

_COMMANDS = {i.value for i in COMMAND_INTENTS}


@pytest.mark.parametrize(
    ("text", "customer"),
    [
        ("i need to report a cracked card", "c_002"),
        ("my card is peeling at the edges", "c_002"),
        ("can you hurry up the delivery of my new card", "c_002"),
        ("where is my replacement card in the mail", "c_002"),
        ("my headphones got stolen on the bus", "c_002"),
        ("i think i lost my umbrella", "c_002"),
        ("please stop talking", "c_002"),
        ("カードが割れてしまいました", "c_001"),
        ("傘をなくしてしまった", "c_001"),
    ],
)
def test_a_card_command_needs_its_action_in_the_words(runner: Any, text: str, customer: str) -> None:
    """A card mentioned without lock/unlock words, or a loss of something that is not a card, is no
    card command: it neither acts nor proposes a lock."""
    result = run(runner, text, customer)
    assert not acts(result), (result.intent, result.action)
    assert result.intent.value not in ("card_lock", "card_unlock"), (result.intent, result.reason)


@pytest.mark.parametrize(
    ("text", "customer", "intent"),
    [
        ("someone has my debit card, block it now", "c_002", "card_lock"),
        ("i found my debit card again, turn it back on", "c_002", "card_unlock"),
        ("デビットカードをなくしたので止めてください", "c_001", "card_lock"),
    ],
)
def test_a_card_command_with_its_action_still_acts(
    runner: Any, text: str, customer: str, intent: str
) -> None:
    """Lock and unlock words (or a lost card) beside a card still give the card command."""
    result = run(runner, text, customer)
    assert result.intent.value == intent, (result.intent, result.reason)


@pytest.mark.parametrize(
    ("text", "customer"),
    [
        ("what were the headlines this week", "c_002"),
        ("what did i add to my grocery list", "c_002"),
        ("how many sick days do i have left", "c_002"),
        ("how much gas is left in my car", "c_002"),
        ("今週のニュースを教えて", "c_001"),
        ("買い物リストに何を入れたっけ", "c_001"),
    ],
)
def test_a_reading_command_needs_money_in_the_words(runner: Any, text: str, customer: str) -> None:
    """Headlines, lists, sick days, fuel: no balance or transactions are read for what is not money."""
    result = run(runner, text, customer)
    assert result.intent.value not in ("balance_inquiry", "recent_transactions"), (
        result.intent,
        result.reason,
    )


@pytest.mark.parametrize(
    ("text", "customer"),
    [
        ("i sent a payment to the wrong account yesterday, can you cancel it", "c_002"),
        ("cancel the transfer i just made, it was a mistake", "c_002"),
        ("please undo my last payment, i typed the wrong account number", "c_002"),
        ("i made a transfer last week and it still has not shown up", "c_002"),
        ("i have transferred money to my sister but she says it is less than i sent", "c_002"),
        ("昨日振り込んだお金を取り消したい、口座番号を間違えた", "c_001"),
        ("さっき送金したけど、取り消せますか", "c_001"),
    ],
)
def test_a_payment_already_made_is_not_one_to_make_or_cancel(runner: Any, text: str, customer: str) -> None:
    """A transfer the customer already made (just, yesterday, by mistake, 振り込んだ) is neither a new
    transfer nor a scheduled payment to cancel: it is answered."""
    result = run(runner, text, customer)
    assert not acts(result), (result.intent, result.action)
    assert result.intent.value not in ("transfer_money", "cancel_scheduled"), (result.intent, result.reason)


@pytest.mark.parametrize(
    ("text", "customer"),
    [
        ("i made a mistake, cancel tomorrow's payment to sato ken", "c_001"),
        ("cancel the scheduled transfer to ito sho, i typed it wrong", "c_001"),
    ],
)
def test_a_scheduled_payment_is_still_cancelled_beside_a_mistake(
    runner: Any, text: str, customer: str
) -> None:
    """A payment still to come (scheduled, tomorrow's) is cancelled, whatever mistake is told beside it."""
    result = run(runner, text, customer)
    assert result.intent.value == "cancel_scheduled", (result.intent, result.reason)


@pytest.mark.parametrize(
    ("text", "customer"),
    [
        ("i deposited cash but dont see it in my balance", "c_002"),
        ("my transfer to david lee didnt go through", "c_002"),
        ("my debit card doesnt work at the gas station", "c_002"),
        ("the bill payment to xfinity isnt showing", "c_002"),
    ],
)
def test_contractions_without_an_apostrophe_still_report_a_problem(
    runner: Any, text: str, customer: str
) -> None:
    """dont, didnt, doesnt, isnt (typed or heard without the apostrophe) negate like don't: answered."""
    result = run(runner, text, customer)
    assert not acts(result), (result.intent, result.action)
    assert result.intent.value not in _COMMANDS - {"human_handoff"}, (result.intent, result.reason)


@pytest.mark.parametrize(
    ("text", "customer"),
    [
        ("can i cancel a payment i just sent", "c_002"),
        ("is it possible to cancel the transfer i made this morning", "c_002"),
    ],
)
def test_a_question_about_cancelling_a_payment_made_is_answered(
    runner: Any, text: str, customer: str
) -> None:
    """ "to cancel a payment" is no payee: a question about a payment already made is answered."""
    result = run(runner, text, customer)
    assert result.intent.value not in ("cancel_scheduled", "transfer_money"), (result.intent, result.reason)


@pytest.mark.parametrize(
    ("text", "customer"),
    [
        ("please reverse my last transaction", "c_002"),
        ("i want to dispute a transaction on my statement", "c_002"),
        ("undo that purchase", "c_002"),
        ("この取引を取り消して", "c_001"),
    ],
)
def test_changing_a_transaction_is_not_reading_the_list(runner: Any, text: str, customer: str) -> None:
    """Reverse, dispute, undo, 取り消して a transaction: not a read of the transaction list."""
    result = run(runner, text, customer)
    assert result.intent.value != "recent_transactions", (result.intent, result.reason)


@pytest.mark.parametrize(
    ("text", "customer"),
    [
        ("where does the money in my account come from", "c_002"),
        ("when will my deposit show up in my balance", "c_002"),
        ("who is allowed to put money into my account", "c_002"),
        ("my balance stayed the same after i sent money to my brother", "c_002"),
        ("i tried to pay with my card at the store three times, nothing", "c_002"),
        ("i tried sending money to david lee and it was not sent", "c_002"),
    ],
)
def test_questions_and_reports_about_a_balance_or_a_payment_do_not_act(
    runner: Any, text: str, customer: str
) -> None:
    """Where money comes from, when it shows, a balance that stayed the same, a payment tried: answered."""
    result = run(runner, text, customer)
    assert not acts(result), (result.intent, result.action)
    assert result.intent.value not in ("balance_inquiry", "transfer_money"), (result.intent, result.reason)


@pytest.mark.parametrize(
    ("text", "customer"),
    [
        ("i need to know the minimum payment on my xfinity bill", "c_002"),
        ("tell me when my xfinity bill is due", "c_002"),
        ("電気代の支払期限を知りたい", "c_001"),
    ],
)
def test_asking_about_a_bill_does_not_pay_it(runner: Any, text: str, customer: str) -> None:
    """Wanting to know a bill's minimum or due date is a question: nothing is paid or proposed."""
    result = run(runner, text, customer)
    assert not acts(result), (result.intent, result.action)


@pytest.mark.parametrize(
    ("text", "customer"),
    [
        ("how much is 80 dollars in japanese yen", "c_002"),
        ("convert 250 dollars into pounds", "c_002"),
        ("what's the exchange rate for 1000 yen to dollars", "c_002"),
        ("1万円は何ドルですか", "c_001"),
        ("i would like my credit limit raised to 3000 dollars", "c_002"),
        ("change my pin to 4321", "c_002"),
        ("what's the due date on my xfinity bill", "c_002"),
        ("i must know the minimum due on my xfinity bill", "c_002"),
    ],
)
def test_conversions_limits_pins_and_bill_facts_are_not_money_commands(
    runner: Any, text: str, customer: str
) -> None:
    """A currency conversion, a credit limit, a PIN, a bill's due date or minimum: no money moves and
    no balance is read for them."""
    result = run(runner, text, customer)
    assert not acts(result), (result.intent, result.action)
    assert result.intent.value not in ("transfer_money", "bill_payment", "balance_inquiry"), result.intent


@pytest.mark.parametrize(
    ("text", "customer", "intent"),
    [
        ("pay the minimum due on my xfinity bill", "c_002", "bill_payment"),
        ("send 50 dollars to david lee", "c_002", "transfer_money"),
    ],
)
def test_paying_a_bill_minimum_still_pays(runner: Any, text: str, customer: str, intent: str) -> None:
    """With the pay verb, a bill's minimum is what is paid."""
    result = run(runner, text, customer)
    assert result.intent.value == intent, (result.intent, result.reason)


@pytest.mark.parametrize(
    ("text", "customer", "intent"),
    [
        ("freeze my debit card, i have not seen it for 5 hours", "c_002", "card_lock"),
        ("lock my visa, it's been missing a couple of hours", "c_002", "card_lock"),
        ("what are your opening hours", "c_002", "qna"),
        ("cancel my scheduled payments and put me through to a human agent", "c_001", "human_handoff"),
    ],
)
def test_a_duration_in_hours_is_no_question_and_a_person_asked_for_wins(
    runner: Any, text: str, customer: str, intent: str
) -> None:
    """'for 5 hours' is how long, not opening hours; a person asked for beside a cancel is a handoff."""
    result = run(runner, text, customer)
    assert result.intent.value == intent, (result.intent, result.reason)
