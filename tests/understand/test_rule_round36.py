"""Issue 9, round 36 (phrasings written before the code, blind round 57's kinds): a payee named by the
customer's own history — "the same person as last time", 前回振り込んだ人 — is the payee of their latest
transfer (c_001: ¥5,000 to 佐藤 健 on 2026-11-19; c_002: $200 to Maria Garcia on 2026-11-19); "the same
amount" is that transfer's amount; a day said that no transfer of theirs was made on asks."""

from __future__ import annotations

from datetime import datetime
from typing import Any
from zoneinfo import ZoneInfo

import pytest
from tests.understand.conftest import acts, run

from teller.domain.bank import Payee
from teller.store.history import payee_named_in

NY = ZoneInfo("America/New_York")
TOKYO = ZoneInfo("Asia/Tokyo")


@pytest.mark.parametrize(
    ("text", "customer", "payee", "amount"),
    [
        ("send 50 dollars to the same person as last time", "c_002", "p_101", 5000),
        ("pay the person I sent money to last time 25 bucks", "c_002", "p_101", 2500),
        ("send the same amount to the same person as last time", "c_002", "p_101", 20000),
        ("この前振り込んだ人にもう一度3000円送って", "c_001", "p_001", 3000),
        ("前回と同じ人に同じ金額を振り込んで", "c_001", "p_001", 5000),
        ("昨日送金した相手に2000円送って", "c_001", None, None),
    ],
)
def test_the_payee_of_the_latest_transfer_is_the_one_meant(
    runner: Any, text: str, customer: str, payee: str | None, amount: int | None
) -> None:
    zone = NY if customer == "c_002" else TOKYO
    now = datetime(2026, 11, 21, 10, 0, tzinfo=zone)  # the latest transfers were on the 19th
    result = run(runner, text, customer, now)
    if payee is None:  # 昨日 is the 20th: no transfer of theirs was made then
        assert not acts(result), (result.action, result.entities)
        return
    assert (result.intent.value, result.action.value) == ("transfer_money", "confirm"), result.reason
    assert (result.entities.recipient_id, result.entities.amount_minor) == (payee, amount)


@pytest.mark.parametrize(
    ("text", "customer"),
    [
        ("send 40 to whoever I paid on monday", "c_002"),
        ("send the same amount as last time", "c_002"),  # to whom is not said
        ("先週の金曜に振り込んだ人に1万円送って", "c_001"),
    ],
)
def test_a_history_that_fits_no_transfer_or_no_payee_asks(runner: Any, text: str, customer: str) -> None:
    zone = NY if customer == "c_002" else TOKYO
    result = run(runner, text, customer, datetime(2026, 11, 21, 10, 0, tzinfo=zone))
    assert not acts(result), (result.action, result.entities)


def test_a_description_names_the_payee_by_a_whole_name_only() -> None:
    payees = (Payee("p_001", "佐藤 健", "Sato Ken"), Payee("p_003", "佐藤 健太", "Sato Kenta"))
    assert payee_named_in("振込 佐藤 健", payees) == "p_001"
    assert payee_named_in("振込 佐藤 健太", payees) == "p_003"
    assert payee_named_in("Transfer to Sato Kenta", payees) == "p_003"
    assert payee_named_in("セブンイレブン 渋谷店", payees) is None


# (written with their code, after a held-out bisection) a terse order to someone paid before is an order;
# a question about that payment is not; known words run together are known
@pytest.mark.parametrize(
    ("text", "acting"),
    [
        ("前回送った相手に5000円振込", True),
        ("この前送金した人にもう一回送金したい、5000円", True),
        ("前回振り込んだ人は誰？", False),
        ("この前振り込んだ人、ちゃんと受け取った？", False),
    ],
)
def test_an_order_to_someone_paid_before_and_a_question_about_them(
    runner: Any, text: str, acting: bool
) -> None:
    result = run(runner, text, "c_001", datetime(2026, 11, 21, 10, 0, tzinfo=TOKYO))
    assert acts(result) is acting, (result.intent, result.action, result.reason)
