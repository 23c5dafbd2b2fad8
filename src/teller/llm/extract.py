"""LLM structured extraction for turns the fast path could not decide.

`Extractor.extract` never raises: a reply that is late, unreachable or invalid becomes an outcome with
``ok=False`` and a ``reason`` (``llm_deadline_exceeded``, ``llm_unavailable``, ``llm_invalid_reply``,
``llm_disabled``; the API's model lane adds ``llm_busy`` when its queue is full), and the pipeline
degrades to clarify/ask_slot from the fast-path result.

Timing: ``total_ms`` runs from entry into `extract` to its return (prompt building, the model call
and validation); ``ttft_ms`` is the backend's time to the first generated token.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Mapping
from dataclasses import dataclass
from decimal import Decimal
from typing import Literal

from teller.config import LLMEndpoint
from teller.domain.intents import Intent
from teller.errors import BackendError, ConfigError, DeadlineExceeded
from teller.llm.prompt import CandidateLine, build_messages
from teller.llm.prompt import prompt_prefix as prompt_prefix
from teller.llm.protocol import Completion, JsonBackend
from teller.llm.schema import InvalidReply, build_schema, check_reply, parse_amount

log = logging.getLogger(__name__)

CandidateKind = Literal["payee", "biller", "card", "account"]
Reason = Literal["llm_deadline_exceeded", "llm_unavailable", "llm_invalid_reply", "llm_disabled", "llm_busy"]


@dataclass(frozen=True, slots=True)
class CandidateView:
    id: str
    kind: CandidateKind
    display_name: str
    reading: str | None = None
    score: float | None = None


@dataclass(frozen=True, slots=True)
class ExtractionInput:
    text: str  # normalized transcript (folded)
    candidates: tuple[CandidateView, ...]  # the ONLY ids the model may return
    hints: Mapping[str, str]  # fast-path hints, e.g. {"intent_guess": "transfer_money", "amount": "5000"}
    language: Literal["en", "ja"] = "en"


@dataclass(frozen=True, slots=True)
class ExtractionOutcome:
    ok: bool
    intent: Intent | None = None
    recipient_id: str | None = None
    biller_id: str | None = None
    card_id: str | None = None
    account_id: str | None = None
    amount: Decimal | None = None  # spoken number in major units
    currency: str | None = None
    needs_confirmation: bool = False
    ambiguity_reason: str | None = None
    reason: Reason | None = None
    ttft_ms: float | None = None
    total_ms: float = 0.0
    model_calls: int = 0
    output_tokens: int = 0


def _ids_by_kind(candidates: tuple[CandidateView, ...]) -> dict[str, list[str]]:
    out: dict[str, list[str]] = {"payee": [], "biller": [], "card": [], "account": []}
    for cand in candidates:
        if cand.kind in out and cand.id not in out[cand.kind]:
            out[cand.kind].append(cand.id)
    return out


class Extractor:
    """Asks a JsonBackend to choose among the candidates; validates; never raises."""

    def __init__(self, backend: JsonBackend | None, *, max_tokens: int = 96, deadline_s: float = 8.0) -> None:
        self._backend = backend
        self._max_tokens = min(max_tokens, 96)
        self._deadline_s = deadline_s

    @classmethod
    def disabled(cls) -> Extractor:
        """An extractor that always answers ``ok=False, reason="llm_disabled"`` without any model."""
        return cls(None)

    def warm(self) -> bool:
        """Prepare the fixed prompt prefix (load the model / fill the server's prefix cache); never raises.

        Call it at start-up or while the customer is still speaking. Returns whether warming happened.
        """
        warm = getattr(self._backend, "warm", None)
        if warm is None:
            return False
        try:
            warm(build_messages("", [], {}, "en"))
        except Exception as exc:  # warming is an optimisation; the turn itself reports failures
            log.warning("llm warm-up failed: %s", exc)
            return False
        return True

    def extract(self, inp: ExtractionInput, *, deadline_s: float | None = None) -> ExtractionOutcome:
        """The model's choice; `deadline_s` overrides the configured deadline (the time a caller has left)."""
        start = time.perf_counter_ns()
        if self._backend is None:
            return ExtractionOutcome(ok=False, reason="llm_disabled")
        ids = _ids_by_kind(inp.candidates)
        completion: Completion | None = None
        try:
            lines = [CandidateLine(c.id, c.kind, c.display_name, c.reading, c.score) for c in inp.candidates]
            messages = build_messages(inp.text, lines, inp.hints, inp.language)
            completion = self._backend.complete_json(
                messages,
                build_schema(ids),
                max_tokens=self._max_tokens,
                deadline_s=self._deadline_s if deadline_s is None else deadline_s,
            )
            reply = check_reply(completion.text, ids)
            amount = parse_amount(reply.amount)
        except DeadlineExceeded as exc:
            log.info("llm extraction past its deadline: %s", exc)
            return self._failed("llm_deadline_exceeded", start, completion)
        except InvalidReply as exc:
            log.warning("llm extraction reply rejected: %s", exc)
            return self._failed("llm_invalid_reply", start, completion)
        except (BackendError, ConfigError) as exc:
            log.warning("llm backend failed: %s (%s)", exc, exc.code)
            return self._failed("llm_unavailable", start, completion)
        except Exception:  # the pipeline must never see an exception from this stage
            log.exception("llm extraction failed unexpectedly")
            return self._failed("llm_unavailable", start, completion)
        return ExtractionOutcome(
            ok=True,
            intent=Intent(reply.intent),
            recipient_id=reply.recipient_candidate_id,
            biller_id=reply.biller_id,
            card_id=reply.card_id,
            account_id=reply.account_id,
            amount=amount,
            currency=reply.currency,
            needs_confirmation=reply.needs_confirmation,
            ambiguity_reason=reply.ambiguity_reason,
            ttft_ms=completion.ttft_ms,
            total_ms=_ms_since(start),
            model_calls=completion.model_calls,
            output_tokens=completion.output_tokens,
        )

    @staticmethod
    def _failed(reason: Reason, start: int, completion: Completion | None) -> ExtractionOutcome:
        return ExtractionOutcome(
            ok=False,
            reason=reason,
            ttft_ms=completion.ttft_ms if completion else None,
            total_ms=_ms_since(start),
            model_calls=completion.model_calls if completion else 0,
            output_tokens=completion.output_tokens if completion else 0,
        )


def _ms_since(start_ns: int) -> float:
    return (time.perf_counter_ns() - start_ns) / 1e6


def build_extractor(endpoint: LLMEndpoint, *, enabled: bool = True) -> Extractor:
    """An Extractor over `build_backend(endpoint)`; construction never loads a model (that is lazy)."""
    if not enabled:
        return Extractor.disabled()
    from teller.llm.factory import build_backend

    return Extractor(build_backend(endpoint), max_tokens=endpoint.max_tokens, deadline_s=endpoint.deadline_s)


__all__ = [
    "CandidateView",
    "ExtractionInput",
    "ExtractionOutcome",
    "Extractor",
    "build_extractor",
    "prompt_prefix",
]
