"""The per-request JSON Schema of an extraction reply, and its validation in code.

The schema is shallow and built per request: each id field is an enum of exactly the candidate ids
of its kind that the prompt showed (plus null), so a constrained decoder cannot produce any other id.
The reply is validated again here (pydantic, then the enums by hand) because a server may ignore the
schema (old vLLM fields, a proxy, a misconfigured dialect); the code never trusts the model.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from decimal import Decimal, InvalidOperation
from typing import Any, Final

from pydantic import BaseModel, ConfigDict, ValidationError

from teller.domain.intents import TURN_INTENTS
from teller.domain.money import EXPONENTS
from teller.errors import InvalidReply as InvalidReply

EXTRACT_INTENTS: Final = TURN_INTENTS
AMBIGUITY_REASONS: Final = (
    "several_candidates",
    "recipient_not_in_list",
    "amount_unclear",
    "intent_unclear",
)
CURRENCIES: Final = tuple(EXPONENTS)
AMOUNT_PATTERN: Final = r"^[0-9]{1,9}([.][0-9]{1,2})?$"  # no backslash: llama.cpp GBNF rejects "\."
_AMOUNT_RE: Final = re.compile(AMOUNT_PATTERN)

# JSON field -> candidate kind whose ids it may hold. Order is the key order of the reply.
ID_FIELDS: Final = {
    "recipient_candidate_id": "payee",
    "biller_id": "biller",
    "card_id": "card",
    "account_id": "account",
}


def _enum_or_null(values: Sequence[str]) -> dict[str, Any]:
    return {"enum": [*values, None]}


def build_schema(ids_by_kind: Mapping[str, Sequence[str]]) -> dict[str, Any]:
    """The reply schema: id enums hold exactly `ids_by_kind[kind]` (deduplicated, in order) or null."""
    properties: dict[str, Any] = {"intent": {"enum": [i.value for i in EXTRACT_INTENTS]}}
    for field, kind in ID_FIELDS.items():
        properties[field] = _enum_or_null(list(dict.fromkeys(ids_by_kind.get(kind, ()))))
    properties["amount"] = {"anyOf": [{"type": "string", "pattern": AMOUNT_PATTERN}, {"type": "null"}]}
    properties["currency"] = _enum_or_null(CURRENCIES)
    properties["needs_confirmation"] = {"type": "boolean"}
    properties["ambiguity_reason"] = _enum_or_null(AMBIGUITY_REASONS)
    return {
        "type": "object",
        "properties": properties,
        "required": list(properties),
        "additionalProperties": False,
    }


class Reply(BaseModel):
    """The wire shape of a reply; types only. Enum membership is checked by `check_reply`."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    intent: str
    recipient_candidate_id: str | None
    biller_id: str | None
    card_id: str | None
    account_id: str | None
    amount: str | Decimal | None  # JSON numbers parse to Decimal exactly, never via float
    currency: str | None
    needs_confirmation: bool
    ambiguity_reason: str | None


def parse_amount(raw: str | Decimal | None) -> Decimal | None:
    """The spoken number as a Decimal in major units (never a float)."""
    if raw is None:
        return None
    text = str(raw)
    if not _AMOUNT_RE.match(text):
        raise InvalidReply(f"amount {text!r} is not a plain non-negative number")
    try:
        return Decimal(text)
    except InvalidOperation as exc:  # pragma: no cover - the regex already excludes this
        raise InvalidReply(f"amount {text!r}") from exc


def check_reply(text: str, ids_by_kind: Mapping[str, Sequence[str]]) -> Reply:
    """Parse `text` and re-check every enum; InvalidReply when anything is off."""
    try:
        reply = Reply.model_validate_json(text)
    except ValidationError as exc:
        raise InvalidReply(f"reply does not match the schema: {exc.error_count()} error(s)") from exc
    if reply.intent not in {i.value for i in EXTRACT_INTENTS}:
        raise InvalidReply(f"unknown intent {reply.intent!r}")
    for field, kind in ID_FIELDS.items():
        value = getattr(reply, field)
        if value is not None and value not in ids_by_kind.get(kind, ()):
            raise InvalidReply(f"{field} {value!r} was not among the {kind} candidates shown")
    if reply.currency is not None and reply.currency not in CURRENCIES:
        raise InvalidReply(f"unknown currency {reply.currency!r}")
    if reply.ambiguity_reason is not None and reply.ambiguity_reason not in AMBIGUITY_REASONS:
        raise InvalidReply(f"unknown ambiguity_reason {reply.ambiguity_reason!r}")
    parse_amount(reply.amount)
    return reply
