"""Extractor: enum-only ids, degradation instead of exceptions (fake backends, no model)."""

from __future__ import annotations

import json
import random
import re
from collections.abc import Mapping, Sequence
from decimal import Decimal
from typing import Any

import pytest
from tests.llm.adversarial import adversarial_inputs, shown_ids

from teller.domain.intents import Intent
from teller.errors import BackendUnavailable, DeadlineExceeded, MissingExtra
from teller.llm.extract import CandidateView, ExtractionInput, ExtractionOutcome, Extractor
from teller.llm.protocol import Completion, Message

INP = ExtractionInput(
    "send 5000 yen to sato",
    (CandidateView("p_001", "payee", "佐藤 健"), CandidateView("a_001", "account", "savings")),
    {"intent_guess": "transfer_money"},
)


class AdversarialBackend:
    """A model that ignores the schema: it returns ids from the transcript, other customers, or junk."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def complete_json(
        self, messages: Sequence[Message], schema: Mapping[str, Any], *, max_tokens: int, deadline_s: float
    ) -> Completion:
        text = messages[-1]["content"]
        mentioned = re.findall(r"\b[pbka]_\d{3}\b", text)
        pool = [*mentioned, "p_999", "p_101", "x_001", "", None, "P_001", "p_001 ", "p_0011"]
        enum = [v for v in schema["properties"]["recipient_candidate_id"]["enum"] if v]
        pool += enum
        reply = {
            "intent": self.rng.choice(["transfer_money", "bill_payment", "steal"]),
            "recipient_candidate_id": self.rng.choice(pool),
            "biller_id": self.rng.choice([None, "b_999", *schema["properties"]["biller_id"]["enum"]]),
            "card_id": self.rng.choice([None, "k_999", *schema["properties"]["card_id"]["enum"]]),
            "account_id": self.rng.choice([None, "a_999", *schema["properties"]["account_id"]["enum"]]),
            "amount": self.rng.choice(["5000", "-1", "1e9", None, "3.50"]),
            "currency": self.rng.choice(["JPY", "USD", "XXX", None]),
            "needs_confirmation": self.rng.choice([True, False]),
            "ambiguity_reason": None,
        }
        return Completion(text=json.dumps(reply), total_ms=1.0, output_tokens=40, model_calls=1)


class SchemaHonouringBackend:
    """A model that behaves: picks only from the schema's enums."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def complete_json(
        self, messages: Sequence[Message], schema: Mapping[str, Any], *, max_tokens: int, deadline_s: float
    ) -> Completion:
        props = schema["properties"]
        reply = {key: self.rng.choice(props[key]["enum"]) for key in props if "enum" in props[key]}
        reply["amount"] = "5000"
        reply["needs_confirmation"] = False
        reply = {key: reply[key] for key in props}
        return Completion(text=json.dumps(reply), ttft_ms=0.5, total_ms=1.0, output_tokens=40, model_calls=9)


class RaisingBackend:
    def __init__(self, exc: Exception) -> None:
        self.exc = exc

    def complete_json(
        self, messages: Sequence[Message], schema: Mapping[str, Any], *, max_tokens: int, deadline_s: float
    ) -> Completion:
        raise self.exc


def _assert_only_shown(inp: ExtractionInput, out: ExtractionOutcome) -> None:
    ids = shown_ids(inp)
    assert out.recipient_id is None or out.recipient_id in ids["payee"]
    assert out.biller_id is None or out.biller_id in ids["biller"]
    assert out.card_id is None or out.card_id in ids["card"]
    assert out.account_id is None or out.account_id in ids["account"]


def test_adversarial_replies_never_leak_ids_outside_the_candidates() -> None:
    """Over 400 adversarial transcripts with a schema-ignoring model, zero ids outside the candidates."""
    inputs = adversarial_inputs(400)
    extractor = Extractor(AdversarialBackend(seed=1))
    outcomes = [extractor.extract(inp) for inp in inputs]
    for inp, out in zip(inputs, outcomes, strict=True):
        _assert_only_shown(inp, out)
        if not out.ok:
            assert out.reason == "llm_invalid_reply"
            assert out.recipient_id is None and out.intent is None
    assert sum(o.ok for o in outcomes) > 0  # the check is not vacuous: some replies were acceptable
    assert sum(not o.ok for o in outcomes) > 100


def test_schema_honouring_model_is_always_accepted() -> None:
    """A backend that obeys the schema yields ok outcomes with shown ids only, 200 times."""
    inputs = adversarial_inputs(200, seed=3)
    extractor = Extractor(SchemaHonouringBackend(seed=2))
    for inp in inputs:
        out = extractor.extract(inp)
        assert out.ok, out
        _assert_only_shown(inp, out)
        assert out.amount == Decimal(5000)
        assert out.model_calls == 9


def test_ok_outcome_maps_every_field() -> None:
    """The reply's fields land on the outcome, the amount as a Decimal in major units."""

    class Fixed:
        def complete_json(self, *a: Any, **k: Any) -> Completion:
            return Completion(
                text='{"intent":"transfer_money","recipient_candidate_id":"p_001","biller_id":null,'
                '"card_id":null,"account_id":"a_001","amount":"12.50","currency":"USD",'
                '"needs_confirmation":true,"ambiguity_reason":"several_candidates"}',
                ttft_ms=3.0,
                output_tokens=42,
                model_calls=11,
            )

    out = Extractor(Fixed()).extract(INP)
    assert out.ok and out.intent is Intent.TRANSFER_MONEY
    assert (out.recipient_id, out.account_id, out.currency) == ("p_001", "a_001", "USD")
    assert out.amount == Decimal("12.50") and out.needs_confirmation
    assert out.ambiguity_reason == "several_candidates"
    assert (out.ttft_ms, out.model_calls, out.output_tokens) == (3.0, 11, 42)


@pytest.mark.parametrize(
    ("exc", "reason"),
    [
        (DeadlineExceeded("late"), "llm_deadline_exceeded"),
        (BackendUnavailable("down"), "llm_unavailable"),
        (MissingExtra("llama-cpp-python", "llm"), "llm_unavailable"),
        (RuntimeError("bug"), "llm_unavailable"),
    ],
)
def test_backend_failures_degrade_with_a_reason(exc: Exception, reason: str) -> None:
    """Any backend failure becomes ok=False with a reason; extract never raises."""
    out = Extractor(RaisingBackend(exc)).extract(INP)
    assert not out.ok and out.reason == reason
    assert out.recipient_id is None and out.intent is None


def test_disabled_extractor_says_so() -> None:
    """The disabled extractor answers llm_disabled without any backend."""
    out = Extractor.disabled().extract(INP)
    assert (out.ok, out.reason) == (False, "llm_disabled")
    assert out.intent is None and out.recipient_id is None


def test_max_tokens_is_capped_at_96() -> None:
    """Whatever is configured, the extraction asks for at most 96 tokens."""
    seen: list[int] = []

    class Spy:
        def complete_json(
            self, messages: Any, schema: Any, *, max_tokens: int, deadline_s: float
        ) -> Completion:
            seen.append(max_tokens)
            return Completion(text="{}")

    Extractor(Spy(), max_tokens=500).extract(INP)
    assert seen == [96]
