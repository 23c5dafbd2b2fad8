"""The per-request schema and the second, in-code validation of replies."""

from __future__ import annotations

import json
from decimal import Decimal

import pytest

from teller.llm.schema import InvalidReply, build_schema, check_reply, parse_amount

IDS = {"payee": ["p_001", "p_003"], "biller": [], "card": ["k_001"], "account": ["a_001"]}


def _reply(**overrides: object) -> str:
    base: dict[str, object] = {
        "intent": "transfer_money",
        "recipient_candidate_id": "p_001",
        "biller_id": None,
        "card_id": None,
        "account_id": "a_001",
        "amount": "5000",
        "currency": "JPY",
        "needs_confirmation": False,
        "ambiguity_reason": None,
    }
    base.update(overrides)
    return json.dumps(base)


def test_id_enums_are_exactly_the_candidates_shown() -> None:
    """Each id field's enum is the candidate ids of its kind plus null, and nothing else."""
    schema = build_schema(IDS)
    props = schema["properties"]
    assert props["recipient_candidate_id"]["enum"] == ["p_001", "p_003", None]
    assert props["biller_id"]["enum"] == [None]
    assert props["card_id"]["enum"] == ["k_001", None]
    assert schema["required"] == list(props)
    assert schema["additionalProperties"] is False


def test_valid_reply_passes() -> None:
    """A reply inside every enum validates."""
    reply = check_reply(_reply(), IDS)
    assert reply.recipient_candidate_id == "p_001"


@pytest.mark.parametrize(
    "overrides",
    [
        {"recipient_candidate_id": "p_999"},
        {"recipient_candidate_id": "a_001"},  # right id, wrong kind
        {"card_id": "k_002"},
        {"intent": "wire_everything"},
        {"currency": "BTC"},
        {"amount": "-5"},
        {"amount": "5e3"},
        {"amount": 12.555},
        {"ambiguity_reason": "because"},
        {"extra": 1},
    ],
)
def test_replies_outside_the_schema_are_rejected(overrides: dict[str, object]) -> None:
    """Ids not shown, unknown enums, odd amounts and extra keys raise InvalidReply."""
    with pytest.raises(InvalidReply):
        check_reply(_reply(**overrides), IDS)


def test_non_json_is_rejected() -> None:
    """Prose instead of JSON raises InvalidReply."""
    with pytest.raises(InvalidReply):
        check_reply("Sure! I will send the money.", IDS)


def test_amount_is_decimal_never_float() -> None:
    """Spoken amounts become exact Decimals, from strings or JSON integers."""
    assert parse_amount("12.50") == Decimal("12.50")
    assert isinstance(parse_amount(Decimal(5000)), Decimal)
    assert parse_amount(None) is None
    assert check_reply(_reply(amount=5000), IDS).amount == Decimal(5000)


def test_json_number_amounts_parse_exactly() -> None:
    """A JSON number amount (from a server that ignored the schema) parses exactly, not via float."""
    assert check_reply(
        '{"intent":"transfer_money","recipient_candidate_id":null,"biller_id":null,'
        '"card_id":null,"account_id":null,"amount":0.1,"currency":"USD",'
        '"needs_confirmation":false,"ambiguity_reason":null}',
        IDS,
    ).amount == Decimal("0.1")
