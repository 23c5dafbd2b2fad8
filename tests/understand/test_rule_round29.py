"""Issue 9, round 29 (phrasings written before the code, from the kinds blind rounds 45 and 47's development
parts showed): whether a payment to a payee went through is a read of the history with them; a payee's
account details asked are a payee lookup; a payee's bank tells two payees of one name apart; a title after
a Japanese name (先生, 部長…) is an honorific, not part of the name."""

from __future__ import annotations

from typing import Any

import pytest
from tests.understand.conftest import acts, run


@pytest.mark.parametrize(
    ("text", "customer", "payee"),
    [
        ("did my transfer to Catherine Wright go through", "c_002", "p_108"),
        ("has the money I sent Aoife Brennan arrived yet", "c_002", "p_111"),
        ("did the wire to Mohammed Al-Rashid clear", "c_002", "p_107"),
        ("鈴木一郎さんへの送金、ちゃんと反映されてる？", "c_001", "p_004"),
        ("高橋美咲さんへの振込はもう完了してる？", "c_001", "p_005"),
    ],
)
def test_whether_a_payment_to_a_payee_went_through_is_a_read_of_history_with_them(
    runner: Any, text: str, customer: str, payee: str
) -> None:
    result = run(runner, text, customer)
    assert result.intent.value == "recent_transactions", (result.intent.value, result.action.value)
    assert result.action.value == "execute"
    assert result.entities.recipient_id == payee


@pytest.mark.parametrize(
    ("text", "customer"),
    [
        ("did my transfer go through", "c_002"),
        ("振込ってもう反映されてる？", "c_001"),
    ],
)
def test_whether_a_payment_went_through_never_moves_money(runner: Any, text: str, customer: str) -> None:
    result = run(runner, text, customer)
    assert result.intent.value not in ("transfer_money", "bill_payment"), result.intent.value
    assert result.action.value != "confirm"


@pytest.mark.parametrize(
    ("text", "customer", "payee"),
    [
        ("what's Catherine Wright's account number", "c_002", "p_108"),
        ("tell me David Lee's bank details", "c_002", "p_104"),
        ("伊藤翔さんの口座番号を教えて", "c_001", "p_006"),
        ("渡辺直美さんの口座の下4桁は何？", "c_001", "p_008"),
    ],
)
def test_a_payees_account_details_asked_are_a_payee_lookup(
    runner: Any, text: str, customer: str, payee: str
) -> None:
    result = run(runner, text, customer)
    assert result.intent.value == "recipient_lookup", (result.intent.value, result.action.value)
    assert result.entities.recipient_id == payee


@pytest.mark.parametrize(
    ("text", "customer", "several"),
    [
        ("what's Steve's account number", "c_002", {"p_109", "p_110"}),
        ("佐藤さんの口座番号教えて", "c_001", {"p_001", "p_003"}),
    ],
)
def test_account_details_of_a_name_several_payees_share_are_asked_about(
    runner: Any, text: str, customer: str, several: set[str]
) -> None:
    result = run(runner, text, customer)
    assert result.intent.value == "recipient_lookup", (result.intent.value, result.action.value)
    assert result.action.value == "clarify"
    assert several <= {c.id for c in result.candidates}


@pytest.mark.parametrize(
    ("text", "customer", "payee", "amount"),
    [
        ("みずほの佐藤さんに3000円送って", "c_001", "p_001", 3000),
        ("ゆうちょ銀行の佐藤さんに1万円振り込んで", "c_001", "p_003", 10000),
        ("send $40 to Sarah at Wells Fargo", "c_002", "p_102", 4000),
        ("send the Sarah who banks with Ally $25", "c_002", "p_103", 2500),
        ("pay Steve at PNC 15 dollars", "c_002", "p_109", 1500),
    ],
)
def test_a_payees_bank_tells_two_payees_of_one_name_apart(
    runner: Any, text: str, customer: str, payee: str, amount: int
) -> None:
    result = run(runner, text, customer)
    assert result.intent.value == "transfer_money", (result.intent.value, result.action.value)
    assert result.action.value == "confirm", result.reason
    assert result.entities.recipient_id == payee
    assert result.entities.amount_minor == amount


@pytest.mark.parametrize(
    ("text", "customer"),
    [
        ("楽天の佐藤さんに3000円送って", "c_001"),  # neither 佐藤 banks with 楽天 (鈴木 does)
        ("send $40 to Sarah at Chase", "c_002"),  # Chase is Maria's bank, not a Sarah's
    ],
)
def test_a_bank_no_namesake_uses_does_not_pick_one(runner: Any, text: str, customer: str) -> None:
    result = run(runner, text, customer)
    assert not acts(result), (result.intent.value, result.action.value, result.entities.recipient_id)


@pytest.mark.parametrize(
    ("text", "customer", "several"),
    [
        ("佐藤先生に5000円送りたい", "c_001", {"p_001", "p_003"}),
        ("鈴木部長に1万円振り込んで", "c_001", None),
    ],
)
def test_a_title_after_a_japanese_name_is_an_honorific(
    runner: Any, text: str, customer: str, several: set[str] | None
) -> None:
    result = run(runner, text, customer)
    assert result.intent.value == "transfer_money", (result.intent.value, result.action.value)
    if several is None:  # one 鈴木: proposed to 鈴木 一郎
        assert result.action.value == "confirm", result.reason
        assert result.entities.recipient_id == "p_004"
    else:
        assert result.action.value == "clarify"
        assert several <= {c.id for c in result.candidates}


def test_a_title_alone_names_nobody(runner: Any) -> None:
    result = run(runner, "先生に5000円送って", "c_001")
    assert not acts(result), (result.intent.value, result.action.value, result.entities.recipient_id)


# Added after the first code of round 29, from probing the rules above with new phrasings.


@pytest.mark.parametrize(
    ("text", "customer"),
    [
        ("send 40 bucks to Sarah Johnson at Ally", "c_002"),  # Ally is Sara Jonson's bank
        ("佐藤健さん、ゆうちょの方に3000円送って", "c_001"),  # ゆうちょ is 佐藤 健太's bank
    ],
)
def test_a_full_name_said_with_a_namesakes_bank_is_asked_about(runner: Any, text: str, customer: str) -> None:
    result = run(runner, text, customer)
    assert not acts(result), (result.intent.value, result.action.value, result.entities.recipient_id)


@pytest.mark.parametrize(
    ("text", "customer"),
    [("what's Bob's account number", "c_002"), ("山田さんの口座番号を教えて", "c_001")],
)
def test_account_details_of_someone_not_saved_are_refused(runner: Any, text: str, customer: str) -> None:
    result = run(runner, text, customer)
    assert result.intent.value == "recipient_lookup", result.intent.value
    assert result.action.value == "reject"
    assert result.reason == "recipient_not_registered"
