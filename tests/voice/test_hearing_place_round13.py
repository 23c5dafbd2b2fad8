"""Round 13: a heard stretch is rewritten where it was heard, never at an earlier occurrence of the same
letters (inside another word, or a word the rule passed over), and the trace says where (docs/voice.md)."""

from __future__ import annotations

from typing import Any

import pytest
from tests.voice.test_hearing import NOW_US, Scripted, _spoken_turn

from teller.voice.hearing import Ear, ear_fix, hear
from teller.voice.hearing_forced import forced_names

# (customer, heard, text run, (rule, heard stretch, put, where the stretch starts in the heard text))
ELSEWHERE = [
    # the stretch also stands earlier, before "card" (a product, no payee: the rule passed over it)
    (
        "c_002",
        "From the Merida card, send $40 to Merida.",
        "From the Merida card, send $40 to Maria.",
        ("hear:name", "Merida", "Maria", 34),
    ),
    # ... or inside another word, earlier in the sentence
    (
        "c_002",
        "The Meridas want $40 sent to Merida.",
        "The Meridas want $40 sent to Maria.",
        ("hear:name", "Merida", "Maria", 29),
    ),
    (
        "c_002",
        "Send $50 to Meridan, no, to Merida.",
        "Send $50 to Meridan, no, to Maria.",
        ("hear:name", "Merida", "Maria", 28),
    ),
    (
        "c_001",
        "Pay 8800 yen from my Decomoto account to Decomo.",
        "Pay 8800 yen from my Decomoto account to docomo.",
        ("hear:name", "Decomo", "docomo", 41),
    ),
    # "th" of "15th" sounds like Nguyen Thi Lan's "Thi": main wrote it at "the" ("Thie 15th"); where it was
    # heard it would break the date ("the 15Thi"), so a number's letters are no stretch and "Merida" is heard
    (
        "c_002",
        "Send $40 to Merida on the 15th.",
        "Send $40 to Maria on the 15th.",
        ("hear:name", "Merida", "Maria", 12),
    ),
    # Japanese: the heard run also stands earlier, in a branch's name and inside a longer name
    (
        "c_001",
        "山本大阪支店の口座から山本大阪さんに1万円振り込んで",
        "山本大阪支店の口座から山本大輔さんに1万円振り込んで",
        ("hear:name", "山本大阪", "山本大輔", 11),
    ),
    (
        "c_001",
        "渡辺青美子様から、渡辺青美さんに2万円振り込んで",
        "渡辺青美子様から、渡辺直美さんに2万円振り込んで",
        ("hear:name", "渡辺青美", "渡辺直美", 9),
    ),
]

# Rewrites whose stretch stands once: the text is what main wrote, the trace now says where.
ONCE = [
    ("c_002", "Send $200 to Merida.", "Send $200 to Maria.", ("hear:name", "Merida", "Maria", 13)),
    (
        "c_002",
        "Wrigthson said send $40 to Catherine Wrigth.",
        "Wrigthson said send $40 to Catherine Wright.",
        ("hear:name", "Catherine Wrigth", "Catherine Wright", 27),
    ),
    (
        "c_001",
        "大阪の山本大阪さんに1万円振り込んで",
        "大阪の山本大輔さんに1万円振り込んで",
        ("hear:name", "山本大阪", "山本大輔", 3),
    ),
    (
        "c_001",
        "渡辺青美さんに2万円振り込んで",
        "渡辺直美さんに2万円振り込んで",
        ("hear:name", "渡辺青美", "渡辺直美", 0),
    ),
    (
        "c_001",
        "Pay 8800 yen to Tacoma.",
        "Pay 8800 yen to docomo.",
        ("hear:sound_key", "Tacoma", "docomo", 16),
    ),
    ("c_002", "My David card was stolen", "My debit card was stolen", ("hear:product", "David", "debit", 3)),
]


@pytest.mark.parametrize(("customer", "heard", "run", "change"), ELSEWHERE)
def test_a_heard_stretch_is_rewritten_where_it_was_heard(
    ears: dict[str, Ear], customer: str, heard: str, run: str, change: tuple[str, str, str, int]
) -> None:
    """The rewrite lands at the heard stretch's own place, not at an earlier occurrence of its letters."""
    text, changes = hear(heard, (), ears[customer])
    assert text == run
    assert [(c.rule, c.heard, c.text) for c in changes] == [change[:3]]


@pytest.mark.parametrize(("customer", "heard", "run", "change"), ONCE)
def test_a_stretch_heard_once_is_rewritten_as_before(
    ears: dict[str, Ear], customer: str, heard: str, run: str, change: tuple[str, str, str, int]
) -> None:
    """A stretch that stands once in the text is rewritten as main rewrote it."""
    text, changes = hear(heard, (), ears[customer])
    assert text == run
    assert [(c.rule, c.heard, c.text) for c in changes] == [change[:3]]


@pytest.mark.parametrize(("customer", "heard", "run", "change"), ELSEWHERE + ONCE)
def test_the_trace_says_where_the_stretch_was_heard(
    ears: dict[str, Ear], customer: str, heard: str, run: str, change: tuple[str, str, str, int]
) -> None:
    """Each rewrite's trace records the character where the heard stretch starts in the text it read."""
    _, changes = hear(heard, (), ears[customer])
    assert [c.at for c in changes] == [change[3]]
    assert heard[change[3] : change[3] + len(change[1])] == change[1]


@pytest.mark.parametrize(
    ("customer", "heard"),
    [
        ("c_002", "Send $50 to Maria Garcia on the 15th."),  # a registered name: nothing to put right
        ("c_002", "Send $40 to Bob Smith."),  # a name nobody registered
        ("c_001", "田中次郎さんに1万円振り込んで"),
        ("c_002", "What is my checking balance?"),
        ("c_002", "Send $40 to the 15th."),  # a number's letters: not "the 15Thi", nor main's "Thie 15th"
        ("c_002", "send Catherine 150 on Tuesday the 17th"),  # main: "CaThierine"
        ("c_001", "Pay Xfinity on December 1st."),  # main: "December 1Sato"
    ],
)
def test_what_needs_no_rewrite_stays_as_heard(ears: dict[str, Ear], customer: str, heard: str) -> None:
    """Text with no near-miss name, word or product is run as heard, with no change traced."""
    assert hear(heard, (), ears[customer]) == (heard, [])


@pytest.mark.parametrize(
    ("customer", "reading", "fixed"),
    [
        (
            "c_002",
            "Move $40 from the Merida account to Merida.",
            "Move $40 from the Merida account to Maria.",
        ),
        ("c_002", "The Meridas want $40 sent to Merida.", "The Meridas want $40 sent to Maria."),
        ("c_001", "山本大阪支店の口座から山本大阪さんに", "山本大阪支店の口座から山本大輔さんに"),
        ("c_002", "Send $200 to Merida.", "Send $200 to Maria."),
        ("c_002", "Send $50 to Maria Garcia.", "Send $50 to Maria Garcia."),
    ],
)
def test_the_second_looks_readings_are_put_right_where_heard(
    ears: dict[str, Ear], customer: str, reading: str, fixed: str
) -> None:
    """`ear_fix` (the second look's readings, heard as the transcript is) rewrites at the heard place too."""
    assert ear_fix(ears[customer])(reading) == fixed


def test_the_forced_look_puts_a_name_where_the_slot_was_heard(ears: dict[str, Ear]) -> None:
    """The forced look's proposal replaces the slot after the money verb, not the same word before it."""
    text = "For that reason pay $45 to reason."
    forced = [("reason", "Verizon Wireless", -0.2), ("reason", "Xfinity", -9.0)]
    call = forced_names(text, forced, ears["c_002"].index)
    assert call is not None and call.rule == "hear:forced_name"
    assert call.text == "For that reason pay $45 to Verizon Wireless."
    assert call.at == 27


def test_the_forced_look_skips_the_letters_inside_another_word(ears: dict[str, Ear]) -> None:
    """A heard slot whose letters stand earlier inside a longer word is judged at the slot itself."""
    text = "Treasonable, but pay $45 to reason."
    forced = [("reason", "Verizon Wireless", -0.2), ("reason", "Xfinity", -9.0)]
    call = forced_names(text, forced, ears["c_002"].index)
    assert call is not None
    assert call.text == "Treasonable, but pay $45 to Verizon Wireless."
    assert call.at == 28


def test_the_forced_look_finds_a_name_hearing_put_right_where_it_put_it(ears: dict[str, Ear]) -> None:
    """A near-miss name put right by `hear:name` is looked at in its new place, not an earlier "Maria"."""
    forced = [("Merida", "Maria Garcia", 0.4), ("Merida", "David Lee", 0.2)]
    text, changes = hear("From the Merida card, send $40 to Merida.", (), ears["c_002"], forced=forced)
    assert [(c.rule, c.at) for c in changes] == [("hear:name", 34), ("hear:forced_rival", 34)]
    # round 17: the part "Maria" comes with Maria Garcia in full ("Maria (or David Lee)" proposed David Lee)
    assert text == "From the Merida card, send $40 to Maria (or Maria Garcia or David Lee)."


def test_a_spoken_turn_traces_where_the_name_was_heard(runner: Any) -> None:
    """Through the listener and the real pipeline, the voice trace carries the heard stretch's place."""
    heard = "From the Merida card, send $40 to Merida."
    result = _spoken_turn(runner, Scripted(heard), "c_002", NOW_US)
    assert result.transcript == "From the Merida card, send $40 to Maria."
    voice = [(t.rule, t.surface, t.value, t.at) for t in result.trace if t.stage == "voice"]
    assert ("hear:name", "Merida", "Maria", 34) in voice
