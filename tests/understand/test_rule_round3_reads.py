"""Issue 9, round 3 (written before running them): facts about a bill are no payment, problem reports
and negated reads read nothing, a freeze of activity is no list, scheduled-payment lists need payments
that are still to come. English and Japanese, each beside requests that must keep acting."""

from __future__ import annotations

from typing import Any

import pytest
from tests.understand.conftest import acts, run

READS = ("recent_transactions", "balance_inquiry", "scheduled_payments")


@pytest.mark.parametrize(
    ("text", "customer"),
    [
        ("i'd like to find out my con edison bill's due date", "c_002"),
        ("look up the amount due on my water bill", "c_002"),
        ("i have to know how much the internet bill is", "c_002"),
        ("the cost of my phone bill this month please", "c_002"),
        ("electric bill minimum due", "c_002"),
        ("電気代の支払期限を教えて", "c_001"),
        ("ドコモの請求額を知りたい", "c_001"),
        ("水道料金の最低支払額を確認したい", "c_001"),
    ],
)
def test_a_bills_facts_are_asked_never_paid(runner: Any, text: str, customer: str) -> None:
    """The due date, minimum, cost or amount of a bill asked for is not a payment of it."""
    result = run(runner, text, customer)
    assert result.intent.value not in ("bill_payment", "transfer_money"), (result.intent, result.action)
    assert not (acts(result) and result.action.value == "confirm")


@pytest.mark.parametrize(
    ("text", "customer"),
    [
        ("pay the minimum on my verizon bill", "c_002"),
        ("i need to pay my water bill", "c_002"),
        ("電気代を払って", "c_001"),
        ("ドコモの請求を支払ってください", "c_001"),
    ],
)
def test_paying_a_bill_still_pays(runner: Any, text: str, customer: str) -> None:
    """With a pay verb ordering it, the bill is paid (proposed), whatever fact is named."""
    result = run(runner, text, customer)
    assert result.intent.value == "bill_payment", (result.intent, result.reason)


@pytest.mark.parametrize(
    ("text", "customer"),
    [
        ("there are some fishy charges on my debit card", "c_002"),
        ("i see transactions on my account that are not mine", "c_002"),
        ("someone else made purchases on my card", "c_002"),
        ("my statement has two of the same charge", "c_002"),
        ("i didn't make these transactions on my checking", "c_002"),
        ("there's a bogus transaction on my credit card", "c_002"),
        ("自分のじゃない取引が口座にあります", "c_001"),
        ("同じ取引が二回も明細に載っています", "c_001"),
    ],
)
def test_a_problem_with_transactions_reads_nothing(runner: Any, text: str, customer: str) -> None:
    """Charges that are not the customer's, doubled or bogus: a problem answered, not a list read."""
    result = run(runner, text, customer)
    assert result.intent.value not in READS, (result.intent, result.action, result.reason)


@pytest.mark.parametrize(
    ("text", "customer"),
    [
        ("i can't see my savings balance on the website", "c_002"),
        ("i don't see my transactions from yesterday", "c_002"),
        ("the app won't show my balance", "c_002"),
        ("残高が表示されない", "c_001"),
        ("アプリで取引履歴が見られません", "c_001"),
    ],
)
def test_a_read_that_does_not_work_is_a_problem_not_a_read(runner: Any, text: str, customer: str) -> None:
    """'I can't see my balance' reports that a read failed somewhere else; it is answered."""
    result = run(runner, text, customer)
    assert result.intent.value not in READS, (result.intent, result.action, result.reason)


@pytest.mark.parametrize(
    ("text", "customer", "intent"),
    [
        ("let me see my balance", "c_002", "balance_inquiry"),
        ("show me my balance, i can't remember it", "c_002", "balance_inquiry"),
        ("show me the charges on my debit card", "c_002", "recent_transactions"),
        ("someone used my card without permission, show me my transactions", "c_002", "recent_transactions"),
        ("残高を見せて", "c_001", "balance_inquiry"),
        ("最近の取引を表示して", "c_001", "recent_transactions"),
    ],
)
def test_reads_asked_for_still_read(runner: Any, text: str, customer: str, intent: str) -> None:
    """The customer's own list or balance asked for is shown, a problem told beside it or not."""
    result = run(runner, text, customer)
    assert result.intent.value == intent and result.action.value == "execute", (result.intent, result.reason)


@pytest.mark.parametrize(
    ("text", "customer"),
    [
        ("freeze all activity on my checking account", "c_002"),
        ("block every transaction on my savings", "c_002"),
        ("口座の取引を全部止めて", "c_001"),
    ],
)
def test_freezing_activity_is_no_list(runner: Any, text: str, customer: str) -> None:
    """A freeze or block of transactions asks for a change, not for the list."""
    result = run(runner, text, customer)
    assert result.intent.value != "recent_transactions", (result.intent, result.reason)


@pytest.mark.parametrize(
    ("text", "customer"),
    [
        ("is there a way to see my balance from abroad", "c_002"),
        ("is there any way i could check my transactions on the app", "c_002"),
    ],
)
def test_is_there_a_way_is_a_how_to_question(runner: Any, text: str, customer: str) -> None:
    """'Is there a way to…' asks how, like 'how do I…'."""
    result = run(runner, text, customer)
    assert result.intent.value == "qna", (result.intent, result.reason)


@pytest.mark.parametrize(
    ("text", "customer"),
    [
        ("how much is left to pay on my phone bill", "c_002"),
        ("what do i owe on the electric bill", "c_002"),
    ],
)
def test_a_bills_balance_is_not_the_accounts(runner: Any, text: str, customer: str) -> None:
    """What is owed on a bill is the biller's figure, not an account balance read."""
    result = run(runner, text, customer)
    assert result.intent.value != "balance_inquiry", (result.intent, result.reason)
    assert not (acts(result) and result.action.value == "confirm")


@pytest.mark.parametrize(
    ("text", "customer"),
    [
        ("what scheduled meetings do i have tomorrow", "c_002"),
        ("what appointments are coming up this week", "c_002"),
        ("i made a payment to the wrong account yesterday and it has to be fixed by tomorrow", "c_002"),
        ("when is my next car payment due", "c_002"),
        ("来週の会議の予定を教えて", "c_001"),
        ("昨日の振込の口座番号を間違えたので明日までに直してほしい", "c_001"),
    ],
)
def test_only_payments_still_to_come_are_listed(runner: Any, text: str, customer: str) -> None:
    """Meetings, a payment already made, a bill's due date: not the scheduled-payments list."""
    result = run(runner, text, customer)
    assert result.intent.value != "scheduled_payments", (result.intent, result.reason)


@pytest.mark.parametrize(
    ("text", "customer"),
    [
        ("what's scheduled to go out next week", "c_002"),
        ("show my upcoming payments", "c_002"),
        ("来週の振込予定を教えて", "c_001"),
    ],
)
def test_scheduled_payments_are_still_listed(runner: Any, text: str, customer: str) -> None:
    """Payments still to come, asked for, are listed."""
    result = run(runner, text, customer)
    assert result.intent.value == "scheduled_payments", (result.intent, result.reason)


@pytest.mark.parametrize(
    ("text", "customer"),
    [
        ("i need to report activity on my debit card", "c_002"),
        ("there are charges on my account i haven't authorised", "c_002"),
        ("there are two purchases on my card that i didn't buy", "c_002"),
        ("somebody has been using my account to buy things", "c_002"),
        ("i just looked at my statement and there's a payment i don't know", "c_002"),
        ("誰かが私の口座で勝手に買い物をしています", "c_001"),
        ("不審な取引を報告したい", "c_001"),
        ("明細を見たら知らない支払いがありました", "c_001"),
    ],
)
def test_more_problem_reports_read_nothing(runner: Any, text: str, customer: str) -> None:
    """Reported activity, purchases not bought, someone using the account, a statement already read:
    a problem answered, not a list read."""
    result = run(runner, text, customer)
    assert result.intent.value not in READS, (result.intent, result.action, result.reason)


@pytest.mark.parametrize(
    ("text", "customer", "intent"),
    [
        ("i think i got doubled charged, show me my transactions", "c_002", "recent_transactions"),
        ("show me my payees", "c_002", "recipient_lookup"),
        ("what's the balance on my checking account", "c_002", "balance_inquiry"),
        ("普通預金の残高を教えて", "c_001", "balance_inquiry"),
    ],
)
def test_reads_asked_for_still_read_beside_these_rules(
    runner: Any, text: str, customer: str, intent: str
) -> None:
    """Asked for, the list, the payees or an account's balance are still read."""
    result = run(runner, text, customer)
    assert result.intent.value == intent and result.action.value == "execute", (result.intent, result.reason)


@pytest.mark.parametrize(
    ("text", "customer"),
    [
        ("don't show me my balance", "c_002"),
        ("no, don't list my payees", "c_002"),
        ("残高は見せないで", "c_001"),
    ],
)
def test_a_read_asked_not_to_be_done_is_not_done(runner: Any, text: str, customer: str) -> None:
    """A negated request ('don't show me…', 〜ないで) reads nothing."""
    result = run(runner, text, customer)
    assert result.intent.value not in (*READS, "recipient_lookup"), (result.intent, result.reason)


@pytest.mark.parametrize(
    ("text", "customer"),
    [
        ("how much do i owe on my verizon bill", "c_002"),
        ("what's the balance on my con edison account", "c_002"),
        ("ドコモの残高はいくら", "c_001"),
    ],
)
def test_a_billers_balance_is_no_account_balance(runner: Any, text: str, customer: str) -> None:
    """The balance of a biller's account or bill is the biller's figure: no account balance is read."""
    result = run(runner, text, customer)
    assert result.intent.value != "balance_inquiry", (result.intent, result.reason)
    assert not (acts(result) and result.action.value == "confirm")


@pytest.mark.parametrize(
    ("text", "customer"),
    [
        ("my debit card is being used by someone else", "c_002"),
        ("i think my credit card was used by somebody without asking", "c_002"),
        ("デビットカードが誰かに勝手に使われています", "c_001"),
    ],
)
def test_a_card_used_by_someone_else_is_locked(runner: Any, text: str, customer: str) -> None:
    """A card being used by someone else (said in the passive too) is at risk: it is locked."""
    result = run(runner, text, customer)
    assert result.intent.value == "card_lock", (result.intent, result.action, result.reason)
