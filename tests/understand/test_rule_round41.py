"""Issue 9, round 41 (phrasings written before the code; the lead's own, after blind rounds 60-63's
development failures): "3 months of rent" counts months, it is no amount; a payee's own account digits said
beside their name agree with it and are understood (other digits still ask); "N人分" counts people whose
share the amount said covers; a yen or dollar amount said in kana (ひゃく どる) is read; "quick one" and
"thanks a bunch" are talk."""

from __future__ import annotations

from typing import Any

import pytest
from tests.understand.conftest import run


@pytest.mark.parametrize(
    "text",
    [
        "send maria garcia 2 months of rent",
        "pay mohammed al-rashid six months' rent",
        "send sarah johnson two weeks of groceries",
    ],
)
def test_a_count_of_months_is_no_amount(runner: Any, text: str) -> None:
    result = run(runner, text, "c_002")
    assert result.action.value not in ("execute", "confirm")
    assert result.entities.amount_minor is None


@pytest.mark.parametrize(
    ("text", "customer", "payee", "amount"),
    [
        ("send $25 to Catherine Wright, the account ending 9191", "c_002", "p_108", 2500),
        ("transfer 60 dollars to aoife brennan account ending in 5151", "c_002", "p_111", 6000),
        ("末尾1187の山本大輔さんに4000円送って", "c_001", "p_009", 4000),
        ("三菱UFJの口座末尾7002の渡辺直美さんに2500円振り込み", "c_001", "p_008", 2500),
    ],
)
def test_a_payees_own_account_digits_agree(
    runner: Any, text: str, customer: str, payee: str, amount: int
) -> None:
    result = run(runner, text, customer)
    assert result.action.value == "confirm"
    assert result.entities.recipient_id == payee
    assert result.entities.amount_minor == amount


@pytest.mark.parametrize(
    ("text", "customer"),
    [
        ("send $25 to Catherine Wright, the account ending 1111", "c_002"),
        ("末尾9999の山本大輔さんに4000円送って", "c_001"),
    ],
)
def test_other_digits_beside_a_payee_still_ask(runner: Any, text: str, customer: str) -> None:
    assert run(runner, text, customer).action.value not in ("execute", "confirm")


@pytest.mark.parametrize(
    ("text", "amount"),
    [
        ("3人分のランチ代で4500円、山本大輔さんに送って", 4500),
        ("2人分のタクシー代、3000円を伊藤翔さんに送金して", 3000),
    ],
)
def test_a_count_of_people_whose_share_the_amount_covers(runner: Any, text: str, amount: int) -> None:
    result = run(runner, text, "c_001")
    assert result.action.value == "confirm"
    assert result.entities.amount_minor == amount


@pytest.mark.parametrize(
    ("text", "amount", "currency"),
    [
        ("まりあ がるしあ さんに にひゃく どる おくって", 20000, "USD"),
        ("まりあがるしあさんに ごじゅう ドル 送って", 5000, "USD"),
    ],
)
def test_a_dollar_amount_said_in_kana(runner: Any, text: str, amount: int, currency: str) -> None:
    result = run(runner, text, "c_001")
    assert result.action.value == "confirm"
    assert result.entities.amount_minor == amount
    assert result.entities.currency == currency


@pytest.mark.parametrize(
    "text",
    [
        "ok quick one, send $5 to Only Payee",
        "send $5 to Only Payee real quick, thanks a bunch",
    ],
)
def test_quick_one_and_thanks_a_bunch_are_talk(runner: Any, text: str) -> None:
    result = run(runner, text, "c_003")
    assert result.action.value == "confirm"
    assert result.entities.amount_minor == 500
