"""Round 10: a heard word where a payee or biller stands, naming nobody the customer registered, whose
sound key is exactly that of one of the customer's names ("Tacoma" for docomo: Metaphone TKM = TKM) is that
name, with its trace; when the key is that of several, all are written in and the turn asks; a word whose
key is nobody's, a key too short to tell, or a word where no name stands is left alone (the demo bank's
customers, real pipeline)."""

from __future__ import annotations

from datetime import datetime
from typing import Any

import pytest

from teller.domain.turn import TurnRequest
from teller.voice.hearing import Ear, hear

NOW_US = datetime.fromisoformat("2026-11-21T09:00:00-05:00")
NOW_JP = datetime.fromisoformat("2026-11-21T09:00:00+09:00")
RULE = "hear:sound_key"

# Round 7's decode of golden line "pay 8800 yen to docomo" by piper (clean): the beam's other transcript and
# the forced look, which scored docomo 4.8 nats below "Tacoma" (tiny.en's prior for a word it knows).
TACOMA_ALTERNATIVES = ("Pay 8,800 you entered the Komo.",)
TACOMA_FORCED = (
    ("Tacoma", "Docomo", -4.796),
    ("Tacoma", "Takahashi Misaki", -24.266),
    ("Tacoma", "Tokyo", -11.669),
)


def _keyed(changes: list[Any]) -> list[tuple[str, str]]:
    return [(c.heard, c.text) for c in changes if c.rule == RULE]


def _turn(runner: Any, text: str, customer: str) -> Any:
    now = NOW_JP if customer == "c_001" else NOW_US
    return runner.run(TurnRequest(id="t", customer_id=customer, text=text, now=now), act=False)


@pytest.mark.parametrize(
    ("customer", "heard", "fixed", "trace"),
    [
        ("c_001", "Pay 8800 yen to Tacoma.", "Pay 8800 yen to docomo.", ("Tacoma", "docomo")),
        (
            "c_001",
            "Pay 8,800 yen to Tacoma tomorrow.",
            "Pay 8,800 yen to docomo tomorrow.",
            ("Tacoma", "docomo"),
        ),
        ("c_002", "Pay $60 to Frozen.", "Pay $60 to verizon.", ("Frozen", "verizon")),
        ("c_002", "Pay my frozen bill.", "Pay my verizon bill.", ("frozen", "verizon")),
        ("c_002", "Pay the Kabul bill on Friday.", "Pay the cable bill on Friday.", ("Kabul", "cable")),
    ],
)
def test_a_word_with_one_registered_names_sound_key_is_that_name_with_its_trace(
    ears: dict[str, Ear], customer: str, heard: str, fixed: str, trace: tuple[str, str]
) -> None:
    """ "Pay 8800 yen to Tacoma." → "… to docomo.", traced Tacoma → docomo (one name has the key TKM)."""
    text, changes = hear(heard, (), ears[customer])
    assert text == fixed
    assert _keyed(changes) == [trace]


def test_the_golden_decode_of_docomo_heard_as_tacoma_is_proposed_as_docomo(
    runner: Any, ears: dict[str, Ear]
) -> None:
    """With the real decode's other transcript and forced look, the bill to docomo is proposed."""
    text, changes = hear("Pay 8800 yen to Tacoma.", TACOMA_ALTERNATIVES, ears["c_001"], forced=TACOMA_FORCED)
    assert text == "Pay 8800 yen to docomo."
    assert [c.rule for c in changes] == [RULE]
    result = _turn(runner, text, "c_001")
    got = (result.intent.value, result.action.value, result.entities.biller_id, result.entities.amount_minor)
    assert got == ("bill_payment", "confirm", "b_003", 8800)


@pytest.mark.parametrize(
    ("customer", "heard", "biller"),
    [
        ("c_002", "Pay $60 to Frozen.", "b_102"),
        ("c_002", "Pay my frozen bill.", "b_102"),
        ("c_002", "Pay the Kabul bill on Friday.", "b_103"),
    ],
)
def test_the_name_put_in_goes_to_the_confirmation(
    runner: Any, ears: dict[str, Ear], customer: str, heard: str, biller: str
) -> None:
    """The registered name the key gave is what the turn proposes; nothing moves without a yes."""
    text, _ = hear(heard, (), ears[customer])
    result = _turn(runner, text, customer)
    assert result.entities.biller_id == biller
    assert result.action.value in ("confirm", "ask_slot")


def test_a_key_shared_by_several_registered_names_writes_them_all_in_so_the_turn_asks(
    runner: Any, ears: dict[str, Ear]
) -> None:
    """ "Stay Kin" has the key of Sato Ken and Saito Ken (STKN): both are written in, the turn asks which."""
    text, changes = hear("Send 5000 yen to Stay Kin.", (), ears["c_001"])
    assert text == "Send 5000 yen to Stay Kin (or Sato Ken or Saito Ken)."
    assert [c.rule for c in changes] == [RULE]
    result = _turn(runner, text, "c_001")
    assert result.action.value == "clarify"
    assert result.entities.recipient_id is None
    assert {c.id for c in result.candidates} == {"p_001", "p_002"}


def test_a_key_the_names_index_already_asks_about_is_left_to_it(runner: Any, ears: dict[str, Ear]) -> None:
    """ "Flaps" (Phillips / Philips, FLPS): the names index asks which; this rule adds nothing."""
    text, changes = hear("Send $25 to Flaps.", (), ears["c_002"])
    assert _keyed(changes) == []
    result = _turn(runner, text, "c_002")
    assert result.action.value == "clarify"
    assert {c.id for c in result.candidates} == {"p_109", "p_110"}


@pytest.mark.parametrize(
    ("customer", "heard"),
    [
        ("c_002", "Send thirty dollars to Bob Smith."),  # nobody's key: never turned into a payee
        ("c_002", "Send $100 to Only Payee."),
        ("c_002", "Send $20 to Sado."),  # ST: two sounds are too few to tell a name by
        ("c_002", "Is my card frozen?"),  # no money moves, so no name stands there
        ("c_002", "Send money to, um, I can't remember his name."),  # can't: KNT like coned, but grammar
        ("c_001", "Send 5000 yen to, I cannot say."),  # cannot: KNT like Kenta
        ("c_002", "My frozen account, pay it off."),  # before "account": a product stands there
        ("c_002", "Send $40 to David Lee for the frozen yogurt."),  # names a payee already
        ("c_002", "Pay the verizon bill."),  # registered: nothing to correct
        ("c_001", "Pay 8800 yen to docomo."),
        ("c_001", "ドコモに8800円払って"),  # Japanese text: not this rule's
    ],
)
def test_what_no_registered_key_fits_or_where_no_name_stands_is_left_alone(
    ears: dict[str, Ear], customer: str, heard: str
) -> None:
    """A word whose key is nobody's, a two-sound key, a word where no name stands: unchanged by this rule."""
    text, changes = hear(heard, (), ears[customer])
    assert _keyed(changes) == []
    assert "(or " not in text


def test_an_unregistered_name_stays_rejected_as_typed(runner: Any, ears: dict[str, Ear]) -> None:
    """ "Send thirty dollars to Bob Smith." is still refused: no payee is invented."""
    text, _ = hear("Send thirty dollars to Bob Smith.", (), ears["c_002"])
    result = _turn(runner, text, "c_002")
    assert result.entities.recipient_id is None
    assert result.action.value == "reject"
