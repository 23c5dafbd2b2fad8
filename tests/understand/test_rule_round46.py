"""Issue 9, round 46 (phrasings written before the code; the lead's own, after blind rounds 64-65's
development failures): an order taken back at the end with no new order after it ("…やっぱいいや、今日は
やめとく", "… actually never mind, not today") does nothing; a new order after the retraction is the one
meant; what happens if a payment is scheduled ("土曜日に振込予約したら、いつ届く？") is a question."""

from __future__ import annotations

from typing import Any

import pytest
from tests.understand.conftest import run


@pytest.mark.parametrize(
    ("text", "customer"),
    [
        ("東京ガスの請求払って…あ、やっぱいいや、今日はやめとく", "c_001"),
        ("send maria garcia $40... actually never mind, not today", "c_002"),
        ("pay the xfinity bill, actually no, forget it for now", "c_002"),
        ("鈴木一郎さんに3000円送って、いや、やっぱりいいや、また今度にする", "c_001"),
    ],
)
def test_an_order_taken_back_at_the_end_does_nothing(runner: Any, text: str, customer: str) -> None:
    assert run(runner, text, customer).action.value not in ("execute", "confirm")


@pytest.mark.parametrize(
    ("text", "customer", "biller"),
    [
        ("pay verizon... actually never mind, pay con ed instead", "c_002", "b_101"),
        ("ガス代払って…やっぱいいや、水道代払って", "c_001", "b_004"),
    ],
)
def test_a_new_order_after_the_retraction_is_the_one_meant(
    runner: Any, text: str, customer: str, biller: str
) -> None:
    result = run(runner, text, customer)
    assert result.action.value == "confirm"
    assert result.entities.biller_id == biller


@pytest.mark.parametrize(
    ("text", "customer"),
    [
        ("月曜に振込予約したら、いつ届きますか？", "c_001"),
        ("if I schedule a transfer for friday, when does the money arrive?", "c_002"),
    ],
)
def test_what_happens_if_a_payment_is_scheduled_is_a_question(runner: Any, text: str, customer: str) -> None:
    assert run(runner, text, customer).action.value not in ("execute", "confirm")


@pytest.mark.parametrize(
    ("text", "customer", "biller"),
    [
        ("pay the xfinity bill please, and happy thanksgiving!", "c_002", "b_103"),
        ("merry christmas! pay con ed for me", "c_002", "b_101"),
        ("あけましておめでとう、東京ガスの請求払っといて", "c_001", "b_002"),
    ],
)
def test_a_holiday_greeting_is_talk_not_a_day(runner: Any, text: str, customer: str, biller: str) -> None:
    result = run(runner, text, customer)
    assert result.action.value == "confirm"
    assert result.entities.biller_id == biller
    assert result.entities.execute_on is None


# (written with the code, after the development sets: "scratch that", "actually no" and "forget it" before a
# new value, or inside "so I don't forget it", take nothing back)
@pytest.mark.parametrize(
    ("text", "payee"),
    [
        ("send $45 to Aoife Brennan, scratch that, to Catherine Wright", "p_108"),
        ("send $30 to david lee, actually no, make that maria garcia", "p_101"),
        ("send maria garcia $30 now so I don't forget it", "p_101"),
    ],
)
def test_a_retraction_before_a_new_value_corrects_the_order(runner: Any, text: str, payee: str) -> None:
    result = run(runner, text, "c_002")
    assert result.action.value == "confirm"
    assert result.entities.recipient_id == payee
