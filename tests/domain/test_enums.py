"""The closed sets shared by policy, store, replies and the API: `Reason` and `ActionKind`."""

from __future__ import annotations

from teller.domain.intents import ActionKind, Intent
from teller.domain.reasons import Reason
from teller.errors import TokenExpired, TokenUnknown, TokenUsed
from teller.pipeline.reply import _REASONS_EN, _REASONS_JA
from teller.store.schema import ACTION_KINDS


def test_reason_of_maps_error_codes_and_falls_back() -> None:
    """A store error code becomes its Reason; an unknown code becomes the generic confirmation reason."""
    assert Reason.of(TokenUsed("x").code) is Reason.TOKEN_USED
    assert Reason.of(TokenExpired("x").code) is Reason.TOKEN_EXPIRED
    assert Reason.of(TokenUnknown("x").code) is Reason.TOKEN_UNKNOWN
    assert Reason.of("something_new") is Reason.CONFIRMATION_FAILED


def test_reasons_are_plain_strings_on_the_wire() -> None:
    """A Reason compares equal to, and serializes as, its code."""
    assert Reason.OVER_LIMIT == "over_limit" and f"{Reason.OVER_LIMIT}" == "over_limit"


def test_every_explained_reason_is_explained_in_both_languages() -> None:
    """Replies explain the same reasons in English and Japanese."""
    assert set(_REASONS_EN) == set(_REASONS_JA)


def test_action_kinds_match_the_schema_and_their_intents() -> None:
    """The store's allowed kinds are the enum's, and each kind names the intent that creates it."""
    assert ACTION_KINDS == ("transfer", "bill_payment", "card_unlock")
    assert ActionKind.TRANSFER.intent is Intent.TRANSFER_MONEY
    assert [k for k in ActionKind if k.moves_money] == [ActionKind.TRANSFER, ActionKind.BILL_PAYMENT]
