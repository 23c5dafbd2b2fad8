"""Issue 9, round 35 (phrasings written before the code, blind rounds 56 and 58's kinds): every account
read together, money outside the bank in Japanese, a read asked beside a fraud worry, musings and plans
that are no orders, polite orders that are orders, a question about cancelling, a bill paid on its due day."""

from __future__ import annotations

from typing import Any

import pytest
from tests.understand.conftest import acts, run


@pytest.mark.parametrize(
    "text",
    [
        "全部の口座の残高を教えて",
        "両方の口座の残高見せて",
        "すべての口座の残高を確認したい",
        "全口座の明細を見せて",
    ],
)
def test_every_account_named_together_is_read(runner: Any, text: str) -> None:
    result = run(runner, text, "c_001")
    assert result.action.value == "execute", (result.intent, result.reason)
    assert result.entities.account_id is None


@pytest.mark.parametrize(
    "text",
    [
        "ビットコインいくら持ってる？",
        "仮想通貨ってどれくらいある？",
        "株の残高を教えて",
        "マイルいくら貯まってる？",
    ],
)
def test_money_kept_outside_the_bank_in_japanese_is_not_read(runner: Any, text: str) -> None:
    result = run(runner, text, "c_001")
    assert result.action.value not in ("execute", "confirm"), (result.intent, result.action)


@pytest.mark.parametrize(
    ("text", "customer"),
    [
        ("someone may have used my account, show me what went out", "c_002"),
        ("I'm worried somebody took money out, let me see my recent transactions", "c_002"),
        ("誰かにお金を使われたかもしれない、出金の履歴を見せて", "c_001"),
    ],
)
def test_a_read_asked_beside_a_fraud_worry_is_read(runner: Any, text: str, customer: str) -> None:
    result = run(runner, text, customer)
    assert (result.intent.value, result.action.value) == ("recent_transactions", "execute"), (
        result.intent,
        result.reason,
    )


@pytest.mark.parametrize(
    ("text", "customer"),
    [
        ("I should probably pay the water bill soon", "c_002"),
        ("I really should send Maria the money at some point", "c_002"),
        ("I might pay the verizon bill later this week", "c_002"),
        ("maybe I'll send david 20 tomorrow", "c_002"),
        ("I'm planning to pay the internet bill next week", "c_002"),
        ("そろそろ電気代払わないとなあ", "c_001"),
        ("来週あたり佐藤健太さんに送金しようかな", "c_001"),
    ],
)
def test_a_musing_or_a_plan_is_no_order(runner: Any, text: str, customer: str) -> None:
    result = run(runner, text, customer)
    assert not acts(result), (result.intent, result.action, result.entities)


@pytest.mark.parametrize(
    ("text", "customer", "intent", "action"),
    [
        ("would you mind locking my debit card", "c_002", "card_lock", "execute"),
        ("would you be so kind as to pay the water bill", "c_002", "bill_payment", "confirm"),
        ("would you mind sending 30 dollars to david lee", "c_002", "transfer_money", "confirm"),
    ],
)
def test_would_you_mind_is_an_order(runner: Any, text: str, customer: str, intent: str, action: str) -> None:
    result = run(runner, text, customer)
    assert (result.intent.value, result.action.value) == (intent, action), result.reason


@pytest.mark.parametrize(
    ("text", "customer"),
    [
        ("振込の取り消しってできますか？", "c_001"),
        ("予約した送金ってキャンセルできる？", "c_001"),
        ("can a scheduled payment be cancelled?", "c_002"),
        ("is it possible to cancel a transfer after I confirm it", "c_002"),
    ],
)
def test_a_question_about_cancelling_is_answered(runner: Any, text: str, customer: str) -> None:
    result = run(runner, text, customer)
    assert (result.intent.value, result.action.value) == ("qna", "answer"), (result.intent, result.reason)


@pytest.mark.parametrize(
    ("text", "customer", "biller", "due"),
    [
        ("ガス代を支払期限の日に払って", "c_001", "b_002", "2026-12-02"),
        ("水道代、期日に引き落とされるように予約して", "c_001", "b_004", "2026-12-10"),
        ("pay the water bill on its due date", "c_002", "b_104", "2026-12-15"),
        ("schedule the verizon bill for the day it's due", "c_002", "b_102", "2026-12-01"),
    ],
)
def test_a_bill_paid_on_its_due_day_is_dated_that_day(
    runner: Any, text: str, customer: str, biller: str, due: str
) -> None:
    result = run(runner, text, customer)
    assert (result.intent.value, result.action.value) == ("bill_payment", "confirm"), result.reason
    assert result.entities.biller_id == biller
    assert str(result.entities.execute_on) == due


@pytest.mark.parametrize(
    ("text", "customer"),
    [
        ("夫と私の両方の口座の残高を教えて", "c_001"),
        ("全部の口座の残高、妻の分も", "c_001"),
        ("母と自分の口座の明細を見せて", "c_001"),
        ("show me the balances for me and my wife", "c_002"),
        ("what's in my husband's and my accounts", "c_002"),
        ("my son and I both have accounts, show both balances", "c_002"),
    ],
)
def test_another_persons_data_joined_with_the_customers_own_asks(
    runner: Any, text: str, customer: str
) -> None:
    result = run(runner, text, customer)
    assert not acts(result), (result.intent, result.action)


# (written with their code, while looking for why a held-out turn of blind round 54 began to act: it
# still does; these are what the search found)
@pytest.mark.parametrize(
    ("text", "customer"),
    [
        ("普通預金と定期預金、両方の残高を教えて", "c_001"),
        ("全部の口座の残高、定期も含めて", "c_001"),
        ("全部の銀行の残高を教えて", "c_001"),
        ("ゆうちょと楽天、両方の残高教えて", "c_001"),
        ("what's my balance at chase", "c_002"),
        ("show my yen balance", "c_002"),
    ],
)
def test_accounts_of_a_kind_or_at_a_bank_not_held_ask(runner: Any, text: str, customer: str) -> None:
    result = run(runner, text, customer)
    assert (result.action.value, result.reason) == ("clarify", "unknown_account"), result.reason


def test_the_ordinary_and_the_foreign_currency_account_named_together_are_both_read(runner: Any) -> None:
    result = run(runner, "普通預金と外貨預金の両方の残高", "c_001")
    assert (result.action.value, result.entities.account_id) == ("execute", None)


# (written with their code) a preface saying a question comes is no request of its own
@pytest.mark.parametrize(
    ("text", "customer"),
    [
        ("ちょっと聞きたいんですけど、予約した送金って取り消せる？", "c_001"),
        ("あの、質問なんですが、振込の取り消しはできますか", "c_001"),
        ("quick question: can a scheduled transfer be cancelled?", "c_002"),
    ],
)
def test_a_question_after_a_preface_is_answered(runner: Any, text: str, customer: str) -> None:
    result = run(runner, text, customer)
    assert (result.intent.value, result.action.value) == ("qna", "answer"), (result.intent, result.reason)


# (written with their code) a card action asked with "would you mind" and a gerund
@pytest.mark.parametrize(
    ("text", "customer", "intent"),
    [
        ("would you mind freezing my card", "c_003", "card_lock"),
        ("I'd appreciate you blocking my debit card", "c_002", "card_lock"),
        ("would you mind unfreezing my credit card", "c_002", "card_unlock"),
    ],
)
def test_a_card_action_asked_with_a_gerund_is_that_action(
    runner: Any, text: str, customer: str, intent: str
) -> None:
    assert run(runner, text, customer).intent.value == intent
