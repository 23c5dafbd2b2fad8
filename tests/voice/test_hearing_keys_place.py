"""Round 11: round 10's sound-key rule puts a registered name in only where a name was clearly meant — the
whole name slot right after "to" or the money verb ("to Tacoma", "Pay Kabul $80"), or a biller's slot
before "bill" ("Pay my frozen bill") — so a common word with a name's key ("music" MSK for Misaki, "kind"
KNT for Con Ed) where no name goes ("for the music", "to my kind neighbor") is never made a payee (the demo
bank's customers, real pipeline)."""

from __future__ import annotations

from datetime import datetime
from typing import Any

import pytest

from teller.domain.turn import TurnRequest
from teller.voice.hearing import Ear, hear

NOW = {
    "c_001": datetime.fromisoformat("2026-11-21T09:00:00+09:00"),
    "c_002": datetime.fromisoformat("2026-11-21T09:00:00-05:00"),
}
RULE = "hear:sound_key"


def _keyed(changes: list[Any]) -> list[tuple[str, str]]:
    return [(c.heard, c.text) for c in changes if c.rule == RULE]


def _turn(runner: Any, text: str, customer: str) -> Any:
    return runner.run(TurnRequest(id="t", customer_id=customer, text=text, now=NOW[customer]), act=False)


@pytest.mark.parametrize(
    ("customer", "heard"),
    [
        ("c_002", "Send $50 to my kind neighbor."),  # a piece of a longer slot, after "my": KNT of Con Ed
        ("c_002", "Send $40 to the kind lady at the store."),
        ("c_002", "Pay $30 for the keynote."),  # after "for the": what is paid for, not whom
        ("c_001", "Pay 3000 yen for the music."),  # MSK, Misaki
        ("c_001", "Pay 5000 yen for the task."),  # TSK, Daisuke
        ("c_001", "Pay 1000 yen for a square."),  # SKR, Sakura
        ("c_001", "Send 5000 yen to my score."),  # "to my …" with no bill: a relation or a thing
        ("c_001", "Pay the candy bill."),  # KNT is Sato Kenta's, a payee: a bill is a biller's
    ],
)
def test_a_common_word_where_no_name_was_meant_is_left_alone(
    ears: dict[str, Ear], customer: str, heard: str
) -> None:
    """A word with a registered name's key, not standing where a name goes, is not put right."""
    text, changes = hear(heard, (), ears[customer])
    assert _keyed(changes) == []
    assert text == heard


def test_what_is_paid_for_is_not_made_a_payee(runner: Any, ears: dict[str, Ear]) -> None:
    """ "Pay 3000 yen for the music." proposes no payment to Takahashi Misaki (MSK): nobody is invented."""
    text, _ = hear("Pay 3000 yen for the music.", (), ears["c_001"])
    result = _turn(runner, text, "c_001")
    assert result.entities.recipient_id is None
    assert result.entities.biller_id is None


def test_a_neighbor_is_not_made_a_biller(runner: Any, ears: dict[str, Ear]) -> None:
    """ "Send $50 to my kind neighbor." proposes no bill payment to Con Ed (KNT)."""
    text, _ = hear("Send $50 to my kind neighbor.", (), ears["c_002"])
    result = _turn(runner, text, "c_002")
    assert result.entities.biller_id is None
    assert result.entities.recipient_id is None


@pytest.mark.parametrize(
    ("customer", "heard", "fixed", "trace"),
    [
        ("c_001", "Pay Tacoma 8800 yen.", "Pay docomo 8800 yen.", ("Tacoma", "docomo")),  # the verb's object
        ("c_002", "Pay Kabul $80.", "Pay cable $80.", ("Kabul", "cable")),
        ("c_002", "Send $60 to, Frozen.", "Send $60 to, verizon.", ("Frozen", "verizon")),
        ("c_002", "Pay the frozen bill tomorrow.", "Pay the verizon bill tomorrow.", ("frozen", "verizon")),
        ("c_001", "Send 3000 yen to Count.", "Send 3000 yen to Kenta.", ("Count", "Kenta")),
    ],
)
def test_where_a_name_was_clearly_meant_it_is_still_put_right_with_its_trace(
    ears: dict[str, Ear], customer: str, heard: str, fixed: str, trace: tuple[str, str]
) -> None:
    """Right after "to" or the money verb, or a biller's slot before "bill": the key's one name, traced."""
    text, changes = hear(heard, (), ears[customer])
    assert text == fixed
    assert _keyed(changes) == [trace]


def test_a_name_clearly_meant_goes_to_the_confirmation(runner: Any, ears: dict[str, Ear]) -> None:
    """ "Send 3000 yen to Count." is proposed to Sato Kenta (KNT) for a yes, never sent as heard."""
    text, _ = hear("Send 3000 yen to Count.", (), ears["c_001"])
    result = _turn(runner, text, "c_001")
    got = (
        result.intent.value,
        result.action.value,
        result.entities.recipient_id,
        result.entities.amount_minor,
    )
    assert got == ("transfer_money", "confirm", "p_003", 3000)
