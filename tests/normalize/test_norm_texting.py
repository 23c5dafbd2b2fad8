"""Texting spellings written out, day shorthands nobody resolves found, banknote nicknames read."""

from __future__ import annotations

from datetime import date
from decimal import Decimal

import pytest

from teller.normalize.amounts import find_amounts
from teller.normalize.dates import find_dates
from teller.normalize.texting import date_shorthands, expand_texting
from teller.normalize.turn import normalize_turn

TODAY = date(2026, 11, 21)  # a Saturday


@pytest.mark.parametrize(
    ("typed", "written"),
    [
        ("pls send 50 tmrw thx", "please send 50 tomorrow thanks"),
        ("2moro arvo", "tomorrow afternoon"),
        ("lemme see my checking bal", "let me see my checking balance"),
        ("gimme the bal rn", "give me the balance right now"),
        ("sned 40 dollers", "send 40 dollars"),
        ("ok ty", "ok thank you"),
    ],
)
def test_chat_spellings_are_written_out(typed: str, written: str) -> None:
    """Closed-list chat spellings become the words the readers know."""
    assert expand_texting(typed) == written


@pytest.mark.parametrize("text", ["send 20 to ty", "bal the receipt", "tommy tomato tonight", "ケンに千円"])
def test_words_that_may_be_something_else_are_left(text: str) -> None:
    """ "ty" after "to" is a name, "bal" only after my/the/savings…; other words pass untouched."""
    assert expand_texting(text) == text


def test_day_shorthands_no_rule_reads_are_found() -> None:
    """ "tmrrw", "mrng", "wknd", "nxt wk" read like day words; "tht", "tom" and English words do not."""
    found = [s for _, _, s in date_shorthands("send 20 tmrrw mrng or on the wknd nxt wk tht tom sunny")]
    assert found == ["tmrrw", "mrng", "wknd", "nxt", "wk"]


def test_a_shorthand_day_is_date_like_in_the_turn() -> None:
    """The turn carries the shorthand as a date it must ask about, not as nothing."""
    turn = normalize_turn("send maria 50 on the wknd", today=TODAY)
    assert [d.surface for d in turn.date_like] == ["wknd"]
    assert turn.dates == ()


@pytest.mark.parametrize(
    ("text", "day"),
    [
        ("a week tomorrow", date(2026, 11, 29)),
        ("a week today", date(2026, 11, 28)),
        ("two weeks tomorrow", date(2026, 12, 6)),
        ("3 days from tomorrow", date(2026, 11, 25)),
        ("tmrw arvo", date(2026, 11, 22)),
    ],
)
def test_days_counted_from_tomorrow_or_today(text: str, day: date) -> None:
    """British "a week tomorrow" is eight days on; chat spellings of tomorrow are tomorrow."""
    turn = normalize_turn(text, today=TODAY)
    assert [d.value for d in turn.dates] == [day]
    assert [d.value for d in find_dates("pay it " + turn.folded, today=TODAY)] == [day]


@pytest.mark.parametrize(
    ("text", "value"),
    [("a fiver", 5), ("a tenner", 10), ("a c-note", 100), ("two tenners", 20), ("3 fivers", 15)],
)
def test_banknote_nicknames_are_amounts_in_no_named_currency(text: str, value: int) -> None:
    """A note by its nickname is that many of the customer's own currency (none is named)."""
    [found] = find_amounts("send dave " + text)
    assert (found.value.major, found.value.currency, found.rule) == (Decimal(value), None, "note_word")


def test_a_note_is_not_read_from_other_words() -> None:
    """ "a note", "footnote", "c-notes" inside a word are no amount."""
    assert find_amounts("leave a note about the footnote") == []
