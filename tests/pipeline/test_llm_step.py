"""The runner's LLM step with a fake JSON backend: when it is called, what it may choose, how it degrades."""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from datetime import datetime
from typing import Any

from teller.domain.turn import TurnRequest, TurnResult
from teller.errors import BackendUnavailable
from teller.llm.extract import Extractor
from teller.llm.protocol import Completion, Message

NOW = datetime.fromisoformat("2026-11-21T09:00:00+09:00")
VAGUE = "what about my checking"  # the fast path is not confident about this one


class ScriptedBackend:
    """Returns a fixed reply (or raises) and records the prompts it was shown."""

    def __init__(self, reply: Mapping[str, Any] | None = None, error: Exception | None = None) -> None:
        self.reply, self.error = reply, error
        self.calls: list[tuple[Sequence[Message], Mapping[str, Any]]] = []

    def complete_json(
        self, messages: Sequence[Message], schema: Mapping[str, Any], *, max_tokens: int, deadline_s: float
    ) -> Completion:
        self.calls.append((messages, schema))
        if self.error is not None:
            raise self.error
        return Completion(
            text=json.dumps(self.reply), ttft_ms=5.0, total_ms=9.0, output_tokens=20, model_calls=3
        )


def run(runner: Any, backend: ScriptedBackend, text: str, customer: str = "c_002") -> TurnResult:
    runner.settings.llm.enabled = True
    runner._extractor = Extractor(backend, max_tokens=96, deadline_s=2.0)
    result: TurnResult = runner.run(TurnRequest(id="l", customer_id=customer, text=text, now=NOW))
    return result


def _reply(**fields: Any) -> dict[str, Any]:
    base = {
        "intent": "balance_inquiry",
        "recipient_candidate_id": None,
        "biller_id": None,
        "card_id": None,
        "account_id": None,
        "amount": None,
        "currency": None,
        "needs_confirmation": False,
        "ambiguity_reason": None,
    }
    return base | fields


def test_confident_turns_never_call_the_model(runner: Any) -> None:
    """A clear command stays on the fast path."""
    backend = ScriptedBackend(_reply())
    result = run(runner, backend, "send 20 dollars to david lee")
    assert backend.calls == [] and result.path == "fast"


def test_low_confidence_turn_takes_the_models_choice(runner: Any) -> None:
    """The model's intent and account are used, path is llm, and llm timings appear."""
    backend = ScriptedBackend(_reply(account_id="a_101"))
    result = run(runner, backend, VAGUE)
    assert len(backend.calls) == 1
    assert (result.path, result.intent, result.action, result.entities.account_id) == (
        "llm",
        "balance_inquiry",
        "execute",
        "a_101",
    )
    assert "llm" in result.timings_ms and result.timings_ms["llm_ttft"] == 5.0


def test_the_schema_only_offers_this_customers_ids(runner: Any) -> None:
    """Every id enum in the schema sent to the model belongs to the customer."""
    backend = ScriptedBackend(_reply())
    run(runner, backend, VAGUE)
    schema_text = json.dumps(backend.calls[0][1])
    assert "p_101" in schema_text or "a_101" in schema_text
    for foreign in ("p_001", "p_201", "a_001", "k_001", "b_001"):
        assert foreign not in schema_text


def test_a_payee_named_without_a_command_asks_the_model(runner: Any) -> None:
    """Off-topic-looking text that names a payee gets a second opinion."""
    backend = ScriptedBackend(_reply(intent="recipient_lookup", recipient_candidate_id="p_001"))
    result = run(runner, backend, "what about sato ken", customer="c_001")
    assert (
        len(backend.calls) == 1
        and result.intent == "recipient_lookup"
        and result.entities.recipient_id == "p_001"
    )


def test_an_invented_recipient_is_refused(runner: Any) -> None:
    """A reply naming an id that was not offered degrades to clarify; nothing is confirmed."""
    backend = ScriptedBackend(
        _reply(intent="transfer_money", recipient_candidate_id="p_201", amount="50", currency="USD")
    )
    result = run(runner, backend, VAGUE)
    assert result.entities.recipient_id is None and result.action == "clarify" and result.pending is None


def test_backend_down_degrades_with_a_reason(runner: Any) -> None:
    """An unreachable server gives clarify with reason llm_unavailable, not an exception."""
    result = run(runner, ScriptedBackend(error=BackendUnavailable("connection refused")), VAGUE)
    assert (result.action, result.reason, result.path) == ("clarify", "llm_unavailable", "llm")


def test_prefix_is_identical_across_turns_and_customers(runner: Any) -> None:
    """The system part of the prompt is byte-identical whoever asks and whatever they say."""
    backend = ScriptedBackend(_reply())
    run(runner, backend, VAGUE, customer="c_002")
    run(runner, backend, "what about sato", customer="c_001")
    firsts = [calls[0][0]["content"] for calls in backend.calls]
    assert len(firsts) == 2 and firsts[0] == firsts[1]


def test_a_failed_model_step_asks_a_real_question(runner: Any) -> None:
    """A failed model step with nothing on offer asks to rephrase: no empty list to pick from."""
    for error, customer, text in (
        (BackendUnavailable("connection refused"), "c_002", VAGUE),
        (BackendUnavailable("connection refused"), "c_001", "田中さんのあれをお願いします"),
    ):
        result = run(runner, ScriptedBackend(error=error), text, customer=customer)
        assert result.action == "clarify" and not result.candidates, result
        stem = result.reply.rstrip("?？ ")
        assert ": ?" not in result.reply and not stem.endswith((":", "：")), result.reply
        assert result.reply.rstrip().endswith(("?", "？", "。")), result.reply


def test_a_failed_model_step_on_a_payee_named_alone_asks_what_to_do_for_them(runner: Any) -> None:
    """'sort out the thing with david' with the model down: what to do for David Lee, not a dead end."""
    result = run(
        runner, ScriptedBackend(error=BackendUnavailable("timed out")), "sort out the thing with david"
    )
    assert (result.action, result.reason) == ("clarify", "names_without_command"), result
    assert [c.id for c in result.candidates] == ["p_104"] and "David Lee" in result.reply
    assert result.reply.rstrip().endswith("?"), result.reply
