"""Transcript tails: mid-amount, mid-digit-string and mid-name are open; whole commands are complete."""

from __future__ import annotations

import pytest

from teller.domain.intents import Action, Intent
from teller.domain.reasons import Reason
from teller.domain.turn import TurnResult
from teller.voice.slots import Tail, end_tail, name_tokens, tail_state, tail_state_ja

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


@pytest.mark.parametrize(
    "text",
    ["send fifty dollars to um", "what's my uh", "send fifty dollars to maria garcia um", "pay the uh"],
)
def test_a_filler_at_the_end_is_open(text: str) -> None:
    """A turn that ends on "um" / "uh" is still being thought out: open."""
    assert tail_state(text, NAMES) is Tail.OPEN


@pytest.mark.parametrize(
    ("text", "tail"),
    [
        ("佐藤健さんに三千", Tail.OPEN),  # amount prefix
        ("ええと", Tail.OPEN),  # a filler: the command is still coming
        ("残高を教えて、えーと", Tail.OPEN),
        ("佐藤健さんの", Tail.OPEN),
        ("佐藤健さんにも", Tail.OPEN),
        ("佐藤健さんに5000円送ってください", Tail.COMPLETE),
        ("佐藤健さんに5000円お願いします", Tail.COMPLETE),
        ("残高を知りたい", Tail.COMPLETE),
        ("残高はいくらですか", Tail.COMPLETE),
        ("カードを止めてね", Tail.COMPLETE),
        ("今いくら残ってる？", Tail.COMPLETE),
        ("カードをなくしました", Tail.COMPLETE),
    ],
)
def test_japanese_sentence_final_forms_and_open_tails(text: str, tail: Tail) -> None:
    """Japanese request, wish and question forms end a command; fillers, particles and numerals do not."""
    assert tail_state_ja(text, JA_NAMES) is tail


def _result(
    action: Action,
    intent: Intent = Intent.TRANSFER_MONEY,
    missing: tuple[str, ...] = (),
    reason: Reason | None = None,
) -> TurnResult:
    return TurnResult(id="p", intent=intent, action=action, missing=list(missing), reason=reason)


CONFIRM = _result(Action.CONFIRM)
BALANCE = _result(Action.EXECUTE, Intent.BALANCE_INQUIRY)
EN_NAMES = ["David Lee", "David Park", "Maria Garcia", "Sato Ken", "Sato Kenta", "Con Edison"]


@pytest.mark.parametrize(
    ("text", "preview", "tail"),
    [
        # the speculative transcript, understood without side effects, needs nothing more
        ("could you please send fifty dollars to maria garcia, thanks", CONFIRM, Tail.COMPLETE),
        ("send two hundred dollars to maria", CONFIRM, Tail.COMPLETE),
        ("what's my balance please", BALANCE, Tail.COMPLETE),
        (
            "lock the card ending in one two three four",
            _result(Action.EXECUTE, Intent.CARD_LOCK),
            Tail.COMPLETE,
        ),
        (
            "send 4900 dollars to david lee",
            _result(Action.REJECT, reason=Reason.INSUFFICIENT_FUNDS),
            Tail.COMPLETE,
        ),
        # something is missing or several things fit: the customer may be about to say it
        ("send money to david lee", _result(Action.ASK_SLOT, missing=("amount_minor",)), Tail.NEUTRAL),
        ("send fifty dollars", _result(Action.ASK_SLOT, missing=("recipient_id",)), Tail.NEUTRAL),
        (
            "send 5000 yen to ken",
            _result(Action.CLARIFY, reason=Reason.SEVERAL_RECIPIENTS_MATCH),
            Tail.NEUTRAL,
        ),
        ("two fifty to david lee", _result(Action.CLARIFY, reason=Reason.AMBIGUOUS_AMOUNT), Tail.NEUTRAL),
        ("yes", _result(Action.ANSWER, Intent.QNA), Tail.NEUTRAL),
        # an open tail holds even when the pipeline settled the words so far
        ("send 50 dollars to david", CONFIRM, Tail.OPEN),
        ("send five thousand", CONFIRM, Tail.OPEN),
        ("send fifty dollars to maria garcia and", CONFIRM, Tail.OPEN),
        # ends on a bare number: more of the amount may follow; with its currency it is whole
        ("pay maria garcia 50", CONFIRM, Tail.OPEN),
        ("pay maria garcia fifty", CONFIRM, Tail.OPEN),
        ("pay maria garcia $50", CONFIRM, Tail.COMPLETE),
        ("I want to pay Maria Garcia $60.", CONFIRM, Tail.COMPLETE),
        ("pay xfinity on december 1", CONFIRM, Tail.NEUTRAL),
        ("", CONFIRM, Tail.NEUTRAL),
        # no preview (a runner that cannot understand without acting): the rules alone, as before
        ("send two hundred dollars to maria", None, Tail.NEUTRAL),
        ("Send $50 to David Lee.", None, Tail.COMPLETE),
    ],
)
def test_end_tail_english(text: str, preview: TurnResult | None, tail: Tail) -> None:
    """A self-contained understood turn is complete; a missing part or an open tail is not."""
    assert end_tail(text, EN_NAMES, preview) is tail


@pytest.mark.parametrize(
    ("text", "preview", "tail"),
    [
        ("佐藤健さんに5000円振り込んでください", CONFIRM, Tail.COMPLETE),
        ("残高を教えてください", BALANCE, Tail.COMPLETE),
        ("佐藤健さんに5000円", CONFIRM, Tail.NEUTRAL),  # no sentence-final form: the verb may follow
        # a sentence-final form ends a Japanese sentence whatever the pipeline made of it: a question
        # back (which Sato? how much?) is the next turn, not a reason to wait 400 ms
        (
            "佐藤さんに3000円送って",
            _result(Action.CLARIFY, reason=Reason.SEVERAL_RECIPIENTS_MATCH),
            Tail.COMPLETE,
        ),
        ("佐藤健さんに送金してください", _result(Action.ASK_SLOT, missing=("amount_minor",)), Tail.COMPLETE),
        ("明日の天気を教えて", _result(Action.UNSUPPORTED, Intent.OUT_OF_SCOPE), Tail.COMPLETE),
        # without one, an unsettled turn waits as long as any other
        (
            "佐藤さんに3000円",
            _result(Action.CLARIFY, reason=Reason.SEVERAL_RECIPIENTS_MATCH),
            Tail.NEUTRAL,
        ),
        ("佐藤健さんに五千", _result(Action.ASK_SLOT, missing=("recipient_id",)), Tail.OPEN),
        ("佐藤健さんに5000円振り込んで、ええと", CONFIRM, Tail.OPEN),
        ("残高を教えて", None, Tail.COMPLETE),
    ],
)
def test_end_tail_japanese(text: str, preview: TurnResult | None, tail: Tail) -> None:
    """Japanese: a sentence-final form completes the turn unless it is open; without one nothing does."""
    assert end_tail(text, JA_NAMES, preview) is tail
