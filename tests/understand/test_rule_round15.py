"""Issue 9, round 15 (leftovers named after round 14, as rules): a payee's given name written with other
kanji that are each read the registered way (高橋美岬 for 高橋 美咲), a bill's everyday name in kana as the
customer or a recognizer writes it (すいどうりょうきん), and "schedule" as a bill-payment verb."""

from __future__ import annotations

from typing import Any

import pytest
from tests.understand.conftest import acts, run

from teller.names.everyday import category_words
from teller.names.sound import reading


@pytest.mark.parametrize(
    ("text", "payee", "minor"),
    [
        ("高橋美岬さんに3500円送金して", "p_005", 3500),
        ("鈴木市朗さんへ1万円振り込んでください", "p_004", 10000),
        ("山本大祐さんに5000円送って", "p_009", 5000),
    ],
)
def test_a_name_in_other_kanji_read_the_registered_way_is_proposed_as_registered(
    runner: Any, text: str, payee: str, minor: int
) -> None:
    result = run(runner, text, "c_001")
    assert result.action.value == "confirm", result.reason
    assert (result.entities.recipient_id, result.entities.amount_minor) == (payee, minor)


@pytest.mark.parametrize(
    ("text", "payee"),
    [
        ("高橋美穂さんに3000円送金して", "p_005"),  # みほ is not みさき
        ("鈴木市長に1万円送って", "p_004"),  # the mayor is not いちろう
    ],
)
def test_a_name_read_otherwise_is_not_taken_for_the_payee(runner: Any, text: str, payee: str) -> None:
    result = run(runner, text, "c_001")
    assert not (acts(result) and result.entities.recipient_id == payee)


def test_every_everyday_kanji_word_is_also_listed_in_kana() -> None:
    """Customers and recognizers write 水道料金 as すいどうりょうきん: each word's reading is a word too."""
    for words in category_words():
        for word in words:
            if any("\u4e00" <= ch <= "\u9fff" for ch in word):
                assert reading(word) in words, (word, reading(word))


@pytest.mark.parametrize(
    ("text", "biller"),
    [
        ("すいどうりょうきん、はらっておいてください", "b_004"),
        ("がすりょうきんをはらいたい", "b_002"),
        ("けいたいりょうきん払って", "b_003"),
        ("でんりょくの請求を払ってください", "b_001"),
    ],
)
def test_a_bill_named_in_kana_is_paid(runner: Any, text: str, biller: str) -> None:
    result = run(runner, text, "c_001")
    assert (result.intent.value, result.action.value) == ("bill_payment", "confirm"), result.reason
    assert result.entities.biller_id == biller


@pytest.mark.parametrize(
    "text",
    [
        "can you schedule my con ed bill",
        "i need to schedule the water bill",
        "schedule my verizon bill please",
    ],
)
def test_scheduling_a_bill_without_a_day_asks_for_the_day(runner: Any, text: str) -> None:
    result = run(runner, text)
    assert result.intent.value == "bill_payment"
    assert result.action.value in ("ask_slot", "clarify"), result.action


@pytest.mark.parametrize(
    ("text", "biller", "day"),
    [
        ("schedule the water bill for december 10th", "b_104", "2026-12-10"),
        ("could you schedule my verizon bill for the 27th", "b_102", "2026-11-27"),
    ],
)
def test_scheduling_a_bill_on_a_day_proposes_it_on_that_day(
    runner: Any, text: str, biller: str, day: str
) -> None:
    result = run(runner, text)
    assert (result.intent.value, result.action.value) == ("bill_payment", "confirm"), result.reason
    assert (result.entities.biller_id, str(result.entities.execute_on)) == (biller, day)
