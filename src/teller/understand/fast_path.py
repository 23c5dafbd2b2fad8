"""The fast path: intent and slots for the common commands, with a confidence, in well under a millisecond.

Order of evidence: command rules (precise verb-object shapes, both languages) first; a question
about fees, limits or how-tos goes to QnA; otherwise the linear classifier decides, which is also
what separates bank questions (`qna`) from everything else (`out_of_scope`).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from teller.domain.bank import CustomerSnapshot
from teller.domain.intents import COMMAND_INTENTS, Intent
from teller.domain.trace import TraceItem
from teller.names import NameMatch
from teller.normalize.turn import NormalizedTurn
from teller.understand import rules
from teller.understand.classifier import IntentClassifier
from teller.understand.evidence import Evidence
from teller.understand.model import Candidate, Slots, Understanding
from teller.understand.money_slots import bill_slots, transfer_slots
from teller.understand.slots import find_account, find_card, find_count, recipient_phrase

_MONEY_WORDS = ("money", "funds", "cash", "円", "送金", "振込", "振り込")


def _name_trace(match: NameMatch) -> tuple[TraceItem, ...]:
    return tuple(TraceItem("names", c.rule, match.query, c.id, c.score) for c in match.candidates[:3])


class FastPath:
    """Decides intent and slots from a normalized turn, one customer's snapshot and name index."""

    def __init__(self, classifier: IntentClassifier) -> None:
        self._classifier = classifier

    def understand(
        self, turn: NormalizedTurn, snapshot: CustomerSnapshot, evidence: Evidence
    ) -> Understanding:
        folded = turn.folded
        flags = rules.injection_flags(folded)
        hits = rules.command_hits(turn.keywords)
        amount, payees, billers = evidence.amount, evidence.payees, evidence.billers
        date_ = turn.dates[0] if turn.dates else None
        trace: list[TraceItem] = [TraceItem("understand", "injection", folded, f) for f in sorted(flags)]
        if amount is not None:
            trace.append(
                TraceItem(
                    "normalize", amount.rule, amount.surface, f"{amount.value.major} {amount.value.currency}"
                )
            )
        if date_ is not None:
            trace.append(TraceItem("normalize", date_.rule, date_.surface, date_.value.isoformat()))

        intent, confidence, rule = self._intent(turn, hits, amount is not None, payees, billers)
        trace.append(TraceItem("understand", rule, folded, intent.value, round(confidence, 3)))
        base = Understanding(intent=intent, confidence=confidence, flags=flags, rule=rule)
        if intent is Intent.TRANSFER_MONEY:
            return transfer_slots(base, turn, snapshot, evidence, date_, trace)
        if intent is Intent.BILL_PAYMENT:
            return bill_slots(base, turn, snapshot, amount, date_, billers, trace)
        if intent in (Intent.CARD_LOCK, Intent.CARD_UNLOCK):
            cards, card_rule = find_card(turn, snapshot)
            if len(cards) > 1:  # "unlock my card": the locked one; "lock my card": the active one
                wanted = "locked" if intent is Intent.CARD_UNLOCK else "active"
                fitting = [c for c in cards if c.status == wanted]
                if len(fitting) == 1:
                    cards, card_rule = fitting, f"only_{wanted}_card"
            if len(cards) == 1:
                trace.append(TraceItem("understand", card_rule or "only_card", folded, cards[0].id))
                return _with(base, trace, slots=Slots(card_id=cards[0].id))
            cands = tuple(Candidate(c.id, "card", c.label, 50.0, card_rule or "any_card") for c in cards)
            return _with(base, trace, candidates=cands, ambiguous_slot="card_id" if cands else None)
        if intent in (Intent.BALANCE_INQUIRY, Intent.RECENT_TRANSACTIONS):
            account, account_rule = find_account(turn, snapshot)
            count = find_count(turn) if intent is Intent.RECENT_TRANSACTIONS else None
            if account is not None:
                trace.append(TraceItem("understand", account_rule or "", folded, account.id))
            return _with(base, trace, slots=Slots(account_id=account.id if account else None, count=count))
        if intent is Intent.RECIPIENT_LOOKUP:
            pick = payees.candidates[0].id if payees.status == "match" else None
            trace.extend(_name_trace(payees))
            return _with(base, trace, slots=Slots(recipient_id=pick))
        return _with(base, trace)

    # -- intent ---------------------------------------------------------------------------------

    def _intent(
        self,
        turn: NormalizedTurn,
        hits: Sequence[rules.RuleHit],
        has_amount: bool,
        payees: NameMatch,
        billers: NameMatch,
    ) -> tuple[Intent, float, str]:
        folded = turn.keywords  # typos of command words corrected; names are not read from it
        has_payee = payees.status != "none"
        has_biller = billers.status != "none"
        question = rules.looks_like_question(folded)
        fee_or_howto = rules.asks_about_fees_or_howto(folded)
        for hit in hits:
            intent = hit.intent
            if intent is Intent.TRANSFER_MONEY:
                evidence = has_amount or has_payee or has_biller or any(w in folded for w in _MONEY_WORDS)
                if not evidence and not _addressed_to_someone(turn):
                    continue
                if has_biller and not has_payee:
                    intent = Intent.BILL_PAYMENT
            concrete = has_amount and (has_payee or has_biller)
            if fee_or_howto and question and intent is not Intent.HUMAN_HANDOFF and not concrete:
                return Intent.QNA, 0.85, f"{hit.rule}+question"
            confidence = 0.95 if hit.intent is not Intent.TRANSFER_MONEY or has_amount or has_payee else 0.8
            return intent, confidence, hit.rule
        ranked = self._classifier.predict(folded)
        top, p = ranked[0]
        if question and fee_or_howto and top in COMMAND_INTENTS:
            return Intent.QNA, max(0.6, 1.0 - p), "question_about_bank"
        if not _supported(top, folded, has_amount or has_payee or has_biller):
            # "pay attention to me", "my phone was stolen": a command word without its object.
            return top, p * 0.5, "classifier_unsupported"
        return top, p, "classifier"


_CARD_WORDS = re.compile(r"\bcards?\b|visa|debit|credit|カード|デビット|クレジット")
_PAYMENT_WORDS = re.compile(
    r"\b(?:money|funds|cash|bill|bills|payment|transfer|wire|dollars?|yen|bucks)\b|円|送金|振込|振り込|料金|代"
)


def _supported(intent: Intent, folded: str, has_object: bool) -> bool:
    """Whether the text names what a classifier-proposed card or money command would act on."""
    if intent in (Intent.CARD_LOCK, Intent.CARD_UNLOCK):
        return bool(_CARD_WORDS.search(folded))
    if intent in (Intent.TRANSFER_MONEY, Intent.BILL_PAYMENT):
        return has_object or bool(_PAYMENT_WORDS.search(folded))
    return True


def _addressed_to_someone(turn: NormalizedTurn) -> bool:
    return recipient_phrase(turn, turn.folded) is not None and any(a.value.currency for a in turn.amounts)


def _with(base: Understanding, trace: list[TraceItem], **changes: Any) -> Understanding:
    return replace(base, trace=tuple(trace), **changes)
