"""The LLM step: when to ask, what to show the model, and how its choice (or failure) is merged.

The model only chooses among what the deterministic stages found: every id it may name is one of
the candidates shown (an enum in the schema), and policy re-checks the merged result like any other.
A late, failed or invalid reply never becomes an action: the turn degrades to `clarify`/`ask_slot`.
"""

from __future__ import annotations

from dataclasses import replace
from decimal import Decimal
from typing import Literal

from teller.domain.bank import CustomerSnapshot
from teller.domain.intents import Action, Intent
from teller.domain.reasons import Reason
from teller.llm.extract import CandidateView, ExtractionInput, ExtractionOutcome
from teller.normalize.turn import NormalizedTurn
from teller.policy.decide import Decision
from teller.understand.evidence import Evidence
from teller.understand.model import Slots, Understanding

_MAX_PAYEES = 8


def llm_reason(
    u: Understanding, turn: NormalizedTurn, evidence: Evidence, *, confident: float
) -> Reason | None:
    """Why the fast path wants a second opinion, or None when it can decide alone (or must ask anyway)."""
    if u.hold is not None:
        return None  # the turn asks the customer; a model cannot resolve what the text did not say
    if u.confidence < confident:
        return Reason.LOW_CONFIDENCE
    if u.intent is Intent.OUT_OF_SCOPE and evidence.payees.status != "none":
        return Reason.NAMES_WITHOUT_COMMAND
    if u.intent is Intent.TRANSFER_MONEY:
        currencies = {a.value.currency for a in turn.amounts if a.value.currency}
        if len(currencies) > 1:
            return Reason.CONFLICTING_AMOUNTS
        if evidence.payees.status == "match" and evidence.billers.status == "match":
            return Reason.PAYEE_OR_BILLER
    return None


def extraction_input(
    turn: NormalizedTurn, u: Understanding, evidence: Evidence, snapshot: CustomerSnapshot
) -> ExtractionInput:
    """The variable part of the prompt: transcript, this customer's candidates, fast-path hints."""
    payee_ids = [c.id for c in evidence.payees.candidates] or [p.id for p in snapshot.payees]
    scores = {c.id: c.score for c in evidence.payees.candidates}
    candidates: list[CandidateView] = []
    for payee_id in payee_ids[:_MAX_PAYEES]:
        payee = snapshot.payee(payee_id)
        if payee is not None:
            reading = payee.latin or payee.reading_kana
            candidates.append(
                CandidateView(payee.id, "payee", payee.display_name, reading, scores.get(payee.id))
            )
    for b in snapshot.billers:
        candidates.append(CandidateView(b.id, "biller", b.display_name, b.latin))
    for k in snapshot.cards:
        candidates.append(CandidateView(k.id, "card", f"{k.label} ···{k.last4}"))
    for a in snapshot.accounts:
        candidates.append(CandidateView(a.id, "account", f"{a.label} {a.currency} ···{a.number_last4}"))
    hints = {"intent_guess": u.intent.value, "confidence": f"{u.confidence:.2f}"}
    if u.slots.amount_major is not None:
        hints["amount"] = u.slots.amount_major
    if u.slots.currency:
        hints["currency"] = u.slots.currency
    if u.slots.execute_on:
        hints["date"] = u.slots.execute_on.isoformat()
    language: Literal["en", "ja"] = "ja" if turn.japanese else "en"
    return ExtractionInput(turn.folded, tuple(candidates), hints, language)


def merge(u: Understanding, outcome: ExtractionOutcome, snapshot: CustomerSnapshot) -> Understanding:
    """The fast-path understanding with the model's choices in it (dates stay deterministic)."""
    if not outcome.ok or outcome.intent is None:
        return replace(u, path="llm", llm_reason=Reason(outcome.reason or Reason.LLM_INVALID_REPLY))
    # The model chooses only what the text supports: an amount it said, an object a span of it named.
    spoken = {Decimal(a) for a in u.spoken_amounts}
    said = outcome.amount is not None and outcome.amount in spoken
    amount = outcome.amount if said else _decimal(u.slots.amount_major)
    recipient_id = _named(outcome.recipient_id, u)
    biller_id = _named(outcome.biller_id, u)
    card_id = _named(outcome.card_id, u)
    currency = outcome.currency or u.slots.currency
    account_id = outcome.account_id or u.slots.account_id
    if account_id is None and outcome.intent in (Intent.TRANSFER_MONEY, Intent.BILL_PAYMENT):
        # The fast path took it for something else, so no source account was chosen yet.
        by_currency = [a for a in snapshot.accounts if a.currency == currency]
        fallback = by_currency[0] if by_currency else snapshot.default_account
        account_id = fallback.id if fallback else None
    if currency is None and account_id is not None:
        account = snapshot.account(account_id)
        currency = account.currency if account else None
    slots = Slots(
        amount_major=str(amount) if amount is not None else None,
        currency=currency,
        currency_explicit=outcome.currency is not None or u.slots.currency_explicit,
        account_id=account_id,
        card_id=card_id,
        recipient_id=recipient_id,
        biller_id=biller_id,
        execute_on=u.slots.execute_on,
        count=u.slots.count,
        recipient_phrase=u.slots.recipient_phrase,
    )
    unsupported = outcome.recipient_id is not None and recipient_id is None
    ambiguous = "recipient_id" if (outcome.ambiguity_reason or unsupported) and recipient_id is None else None
    return replace(
        u,
        intent=outcome.intent,
        slots=slots,
        candidates=u.candidates if ambiguous else (),
        ambiguous_slot=ambiguous if u.candidates else None,
        path="llm",
        llm_reason=None,
        confidence=max(u.confidence, 0.7),
    )


def degrade(decision: Decision, u: Understanding, unasked: Reason | None = None) -> Decision:
    """Nothing acts on what was not understood: after a failed LLM call, or when the fast path holds
    (an unparsed date, an ambiguous amount, an unknown card, unexplained words), a would-be action
    becomes a question with the reason; a refusal stays a refusal. `unasked`: why the fast path wanted
    the LLM when it was not called (disabled). A payee named with no command ("sato") asks what to do
    for them when no model said what was meant (disabled, or its call failed)."""
    no_model = unasked is Reason.NAMES_WITHOUT_COMMAND or (u.path == "llm" and u.llm_reason is not None)
    if (
        no_model
        and u.intent is Intent.OUT_OF_SCOPE
        and u.candidates
        and decision.action is Action.UNSUPPORTED
    ):
        return Decision(Action.CLARIFY, decision.entities, reason=Reason.NAMES_WITHOUT_COMMAND)
    if u.hold is not None:
        return _hold(decision, u.hold, u.hold_missing)
    if u.path != "llm" or u.llm_reason is None:
        return decision
    if decision.action in (Action.CLARIFY, Action.ASK_SLOT):
        return replace(decision, reason=decision.reason or u.llm_reason)
    return Decision(Action.CLARIFY, decision.entities, decision.missing, reason=u.llm_reason)


# Refusals of an amount: not final when the amount itself was not understood ("seventy nine ninety nine":
# $7,999 is refused for funds, $79.99 may be what was meant).
_AMOUNT_REFUSALS = (
    Reason.INSUFFICIENT_FUNDS,
    Reason.OVER_LIMIT,
    Reason.OVER_DAILY_LIMIT,
    Reason.INVALID_AMOUNT,
)


def _hold(decision: Decision, reason: Reason, missing: tuple[str, ...]) -> Decision:
    unsure_amount = reason in (Reason.AMBIGUOUS_AMOUNT, Reason.VAGUE_AMOUNT)
    if unsure_amount and decision.action is Action.REJECT and decision.reason in _AMOUNT_REFUSALS:
        decision = replace(decision, action=Action.ASK_SLOT)
    if decision.action not in (Action.EXECUTE, Action.CONFIRM, Action.CLARIFY, Action.ASK_SLOT):
        return decision
    entities = decision.entities
    # what is asked for is not shown as known: the amount, the date, the payee
    asked = ("amount_minor", "execute_on", "recipient_id")
    cleared: dict[str, object] = {slot: None for slot in asked if slot in missing}
    if cleared:
        entities = entities.model_copy(update=cleared)
    if reason is Reason.UNKNOWN_ACCOUNT:  # no account of theirs was named: none is shown as chosen
        entities = entities.model_copy(update={"account_id": None})
    if reason is Reason.OTHERS_DATA:  # "my husband's credit card": theirs, not the caller's of that kind
        entities = entities.model_copy(update={"account_id": None, "card_id": None})
    asks_which = reason in (Reason.UNKNOWN_CARD, Reason.UNKNOWN_ACCOUNT, Reason.UNKNOWN_BILLER)
    if decision.action is Action.CLARIFY and not asks_which and decision.reason:
        return replace(decision, effect=None)  # several candidates: that question comes first
    if missing:
        return Decision(Action.ASK_SLOT, entities, missing, reason=reason)
    return Decision(Action.CLARIFY, entities, decision.missing, reason=reason)


def _named(candidate_id: str | None, u: Understanding) -> str | None:
    """An id the model chose, only when a span of the text named it."""
    return candidate_id if candidate_id is not None and candidate_id in u.named_ids else None


def _decimal(text: str | None) -> Decimal | None:
    return Decimal(text) if text is not None else None
