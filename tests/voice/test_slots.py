"""Transcript tails: mid-amount, mid-digit-string and mid-name are open; whole commands are complete."""

from __future__ import annotations

import pytest

from teller.voice.slots import Tail, name_tokens, tail_state, tail_state_ja

NAMES = name_tokens(["David Lee", "David Park", "Maria Garcia", "Sato Ken", "Sato Kenta", "Con Edison"])


@pytest.mark.parametrize(
    "text",
    [
        "send five thousand",
        "send 5,000",
        "what's the balance of the account ending in four oh",
        "lock the card ending in 12",
        "send 50 dollars to",
        "send 50 dollars to David",
        "send 5000 yen to Sato",
        "send two hundred and",
    ],
)
def test_open_tails(text: str) -> None:
    """Amounts, digit strings and names cut short are open (the endpointer holds longer)."""
    assert tail_state(text, NAMES) is Tail.OPEN


@pytest.mark.parametrize(
    "text",
    [
        "Send $50 to David Lee.",
        "send five thousand yen to sato ken tomorrow morning",
        "What's my balance?",
        "Freeze my debit card.",
        "Pay the Con Edison bill",
    ],
)
def test_complete_commands(text: str) -> None:
    """A command with everything it needs is complete (the endpointer ends sooner)."""
    assert tail_state(text, NAMES) is Tail.COMPLETE


@pytest.mark.parametrize(
    "text", ["", "hello there", "lock the card ending in one two three four", "send money"]
)
def test_neutral_tails(text: str) -> None:
    """Neither cut short nor a whole command: the default silence applies."""
    assert tail_state(text, NAMES) is Tail.NEUTRAL


JA_NAMES = ["佐藤健さん", "佐藤健太さん", "斉藤健さん", "東京ガス"]


@pytest.mark.parametrize(
    ("text", "tail"),
    [
        ("佐藤健さんに5000", Tail.OPEN),  # mid-amount
        ("佐藤健さんに五千", Tail.OPEN),
        ("佐藤健さんに", Tail.OPEN),  # a particle wants what follows
        ("佐藤", Tail.OPEN),  # starts two payees' names
        ("佐藤健さんに5000円振り込んで。", Tail.COMPLETE),
        ("残高を教えて", Tail.COMPLETE),
        ("サトウケンに5000円送金", Tail.COMPLETE),
        ("鈴木さんに1万円", Tail.NEUTRAL),
        ("", Tail.NEUTRAL),
    ],
)
def test_japanese_tails(text: str, tail: Tail) -> None:
    """Japanese tails: open mid-amount, after a particle or mid-name; complete on a request form."""
    assert tail_state_ja(text, JA_NAMES) is tail
