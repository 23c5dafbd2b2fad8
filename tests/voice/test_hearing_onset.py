"""Round 8: the money verb lost at the onset of speech ("send" heard as "And", "pay" as "Hey") is written
back in — "Send" to one of the customer's payees, "Pay" to one of their billers — with its trace, when the
rest of the turn is a money request and nothing else; the turn still goes to the confirmation, and anything
the grammar could mean as heard is left alone (the demo bank's customers, real pipeline)."""

from __future__ import annotations

from datetime import datetime
from typing import Any

import pytest

from teller.domain.turn import TurnRequest
from teller.voice.hearing import Ear, hear

NOW_US = datetime.fromisoformat("2026-11-21T09:00:00-05:00")
NOW_JP = datetime.fromisoformat("2026-11-21T09:00:00+09:00")


def _onsets(changes: list[Any]) -> list[tuple[str, str]]:
    return [(c.heard, c.text) for c in changes if c.rule == "hear:onset"]


def _turn(runner: Any, text: str, customer: str) -> Any:
    now = NOW_JP if customer == "c_001" else NOW_US
    return runner.run(TurnRequest(id="t", customer_id=customer, text=text, now=now), act=False)


@pytest.mark.parametrize(
    ("customer", "heard", "fixed", "trace"),
    [
        ("c_001", "And 9,000 yen to Watanabe Naomi.", "Send 9,000 yen to Watanabe Naomi.", ("And", "Send")),
        ("c_002", "And money to Catherine Wright.", "Send money to Catherine Wright.", ("And", "Send")),
        ("c_002", "End $35 to Mohammed Al-Rashid.", "Send $35 to Mohammed Al-Rashid.", ("End", "Send")),
        ("c_002", "And, Maria Garcia $12.", "Send Maria Garcia $12.", ("And", "Send")),
        ("c_002", "Hey, the Verizon bill.", "Pay the Verizon bill.", ("Hey", "Pay")),
        ("c_002", "Hey, Con Edison on December 3rd.", "Pay Con Edison on December 3rd.", ("Hey", "Pay")),
        ("c_001", "Hey, the gas bill tomorrow.", "Pay the gas bill tomorrow.", ("Hey", "Pay")),
    ],
)
def test_a_money_request_with_its_verb_lost_at_the_onset_gets_it_back(
    ears: dict[str, Ear], customer: str, heard: str, fixed: str, trace: tuple[str, str]
) -> None:
    """ "And 9,000 yen to Watanabe Naomi." → "Send …"; "Hey, the Verizon bill." → "Pay …", traced."""
    text, changes = hear(heard, (), ears[customer])
    assert text == fixed
    assert _onsets(changes) == [trace]


@pytest.mark.parametrize(
    ("customer", "heard", "want"),
    [
        ("c_001", "And 12,400 yen to Suzuki Ichiro.", ("transfer_money", "confirm", "p_004", None, 12400)),
        ("c_002", "And $75 to Catherine Wright.", ("transfer_money", "confirm", "p_108", None, 7500)),
        ("c_002", "Hey, Xfinity on December 1st.", ("bill_payment", "confirm", None, "b_103", 7999)),
        ("c_002", "And money to David Lee.", ("transfer_money", "ask_slot", "p_104", None, None)),
    ],
)
def test_the_verb_put_back_reaches_the_confirmation(
    runner: Any, ears: dict[str, Ear], customer: str, heard: str, want: tuple[Any, ...]
) -> None:
    """Heard with its verb lost, a payment is proposed for confirmation (or asks its amount) as typed."""
    text, _ = hear(heard, (), ears[customer])
    result = _turn(runner, text, customer)
    got = (
        result.intent.value,
        result.action.value,
        result.entities.recipient_id,
        result.entities.biller_id,
        result.entities.amount_minor,
    )
    assert got == want


@pytest.mark.parametrize(
    ("customer", "heard"),
    [
        ("c_002", "And lock my debit card, please."),  # "unlock" heard short: verbs.py asks which
        ("c_002", "Hey, what's my balance?"),
        ("c_002", "Hey, is the Verizon bill paid?"),
        ("c_002", "And $50 to Bob Smith."),  # nobody registered: no verb for a name the bank lacks
        ("c_002", "And $40 to David Lee and Xfinity."),  # a payee and a biller: which verb is a guess
        ("c_001", "And I'm found in the end to Ken."),  # no money object after the onset word
        ("c_002", "A hundred dollars to David Lee."),  # an article, no lost verb
        ("c_002", "Send $50 to David Lee."),
        ("c_002", "And send $50 to David Lee."),
        ("c_002", "Pay the water bill and $20 to Maria Garcia."),
        ("c_002", "David Lee and $50."),
        ("c_001", "そして5000円を佐藤健に"),
    ],
)
def test_what_the_grammar_can_mean_as_heard_is_left_alone(
    ears: dict[str, Ear], customer: str, heard: str
) -> None:
    """Requests with a verb or a question, unregistered names, two kinds of payee, articles: no verb added."""
    text, changes = hear(heard, (), ears[customer])
    assert _onsets(changes) == []
    assert not text.startswith(("Send", "Pay")) or heard.startswith(("Send", "Pay"))


def test_a_near_miss_name_and_the_lost_verb_are_both_put_right(ears: dict[str, Ear]) -> None:
    """ "Hey, 8800 yen to Decomo." (golden, piper, for "pay 8800 yen to docomo"): both changes traced."""
    text, changes = hear("Hey, 8800 yen to Decomo.", (), ears["c_001"])
    assert text == "Pay 8800 yen to docomo."
    assert [(c.rule, c.heard, c.text) for c in changes] == [
        ("hear:name", "Decomo", "docomo"),
        ("hear:onset", "Hey", "Pay"),
    ]


def test_a_disputed_amount_after_the_onset_is_still_asked(runner: Any, ears: dict[str, Ear]) -> None:
    """The verb put back hides no doubt: "$16" / "$60" heard by the n-best still asks which amount."""
    text, changes = hear("And $16 to Maria Garcia.", ("And $60 to Maria Garcia.",), ears["c_002"])
    assert _onsets(changes) == [("And", "Send")]
    assert "$16" in text and "$60" in text
    result = _turn(runner, text, "c_002")
    assert (result.intent.value, result.action.value, result.entities.amount_minor) == (
        "transfer_money",
        "ask_slot",
        None,
    )


def test_a_sound_alike_payee_after_the_onset_is_still_asked(runner: Any, ears: dict[str, Ear]) -> None:
    """ "And $20 to Steven Phillips." gets its verb and still asks which of the two Ste(ph|v)en Phil(l)ips."""
    text, changes = hear("And $20 to Steven Phillips.", (), ears["c_002"])
    assert _onsets(changes) == [("And", "Send")]
    result = _turn(runner, text, "c_002")
    assert (result.intent.value, result.action.value, result.entities.recipient_id) == (
        "transfer_money",
        "clarify",
        None,
    )
