"""Round 17: "に万円" is 2万円 — the numeral 2 written in kana, where 万 has no numeral of its own.

The text team's blind sets, spoken: the largest kind of Japanese amounts not heard as typed on the
development voice (Kokoro) was a number word written as a kana or a kanji of the same sound; the one with
a rule behind it is "2万円" heard "に万円" (二 and the particle に are both "ni"):
"斉藤健さんへに万円の振り込み" and "佐藤健太さんに明日に万円振り込んで" on both channels asked for an
amount the customer had said. 万 is
never said alone (一万, not 万), so a に right before it, with no numeral before that, can only be the 2.
千 and 百 are numbers alone ("佐藤君に千円送って": the particle and 1000円), and 万が一 ("in case") is no
amount: those are left as heard.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

import pytest

from teller.domain.turn import TurnRequest
from teller.voice.hearing import Ear, hear

NOW = datetime.fromisoformat("2026-11-21T09:00:00+09:00")


@pytest.mark.parametrize(
    ("heard", "written", "payee"),
    [
        (
            "斉藤健さんへに万円の振り込みをお願いします。",
            "斉藤健さんへ2万円の振り込みをお願いします。",
            "p_002",
        ),
        (
            "佐藤健太さんに明日に万円振り込んでいただけますでしょうか。",
            "佐藤健太さんに明日2万円振り込んでいただけますでしょうか。",
            "p_003",
        ),
    ],
)
def test_the_development_decodes_are_heard_as_2_man_yen(
    runner: Any, ears: dict[str, Ear], heard: str, written: str, payee: str
) -> None:
    """The に is written as 2, traced as hear:kana_two, and the transfer is proposed as typed."""
    text, changes = hear(heard, (), ears["c_001"])
    assert text == written
    assert [c.rule for c in changes] == ["hear:kana_two"]
    result = runner.run(TurnRequest(id="t", customer_id="c_001", text=text, now=NOW), act=False)
    assert (result.action.value, result.entities.recipient_id, result.entities.amount_minor) == (
        "confirm",
        payee,
        20000,
    )


@pytest.mark.parametrize(
    ("heard", "written"),
    [
        ("お母さんにに万円送って", "お母さんに2万円送って"),  # the particle, then the numeral
        ("鈴木一郎さんにに万5千円送って", "鈴木一郎さんに2万5千円送って"),
    ],
)
def test_a_particle_before_the_numeral_stays(ears: dict[str, Ear], heard: str, written: str) -> None:
    """Only the に right before 万 is the numeral."""
    text, _ = hear(heard, (), ears["c_001"])
    assert text == written


@pytest.mark.parametrize(
    "heard",
    [
        "佐藤君に千円送って。",  # 千 alone is 1000
        "鈴木一郎さんに百円送って",  # 百 alone is 100
        "カードに万が一のことがあったら止めて",  # 万が一: in case
        "佐藤さんに1万円送って",
        "佐藤さんに一万円送って",
        "佐藤さんに十万円送って",
    ],
)
def test_other_に_are_left_as_heard(ears: dict[str, Ear], heard: str) -> None:
    """A numeral of its own, or no amount: nothing changes."""
    text, changes = hear(heard, (), ears["c_001"])
    assert text == heard and "hear:kana_two" not in [c.rule for c in changes]


def test_the_n_best_is_read_alike(ears: dict[str, Ear]) -> None:
    """Every hypothesis is read the same way: the two transcripts do not dispute 2万円 as another amount."""
    text, changes = hear(
        "佐藤健太さんに明日に万円振り込んで。", ("佐藤健太さんに、明日に万円振り込んで。",), ears["c_001"]
    )
    assert text == "佐藤健太さんに明日2万円振り込んで。"
    assert "hear:amount" not in [c.rule for c in changes]
