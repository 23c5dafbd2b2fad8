"""Scheduled payments in what the customer says: listing them and cancelling one.

    list     "what payments do I have coming up", "show my scheduled transfers", 予約した振込を見せて
    cancel   "cancel tomorrow's payment to Sato", "stop the scheduled transfer to Ito Sho",
             予約した振込を取り消して, 明日の佐藤さんへの振込をキャンセルして

A request is about scheduled payments when it pairs a payment word (payment, transfer, 振込, 送金…)
with a word that puts it in the future (scheduled, upcoming, coming up, tomorrow, 予約, 予定, 明日…)
or with a cancel verb (cancel, stop, call off, 取り消し, キャンセル, やめ…). A how-to question ("how do I
cancel a scheduled payment"), or a question about cancelling that names no payment ("can I cancel
a transfer?", 振込の取り消しってできる？), is left to QnA, and a request with an amount and no cancel verb
is a new payment, not a list. The slots say which payment: the payee or biller named (every candidate the
name index found: "Sato" may be two payees, and the scheduled payments decide), the date, the
amount. Policy matches them against the customer's scheduled payments (`policy.decide`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from teller.domain.intents import Intent
from teller.domain.trace import TraceItem
from teller.normalize.turn import NormalizedTurn
from teller.understand import conditions, forms, frames, person, problems, rules
from teller.understand.evidence import Evidence
from teller.understand.model import Slots, Understanding

# "pending transactions" and "bills due" are other things (card activity, what a biller is owed).
_PAYMENT_EN = r"(?:payments?|transfers?|wires?|remittances?|bills?)"
_FUTURE_EN = (
    r"(?:scheduled|upcoming|coming up|planned|future|set up|lined up|queued|tomorrow'?s?|next \w+|later)"
)
_CANCEL_EN = r"(?:cancel(?:led|ling)?|call off|stop|revoke|scrap|delete|remove|undo|kill|drop)"
_LIST_EN = r"(?:what|which|show|list|see|view|tell|any|do i have|have i got|are there)"
_NEGATED_EN = re.compile(r"\b(?:don'?t|do not|never|no need to|not)\s+(?:\w+\s+){0,2}" + _CANCEL_EN + r"\b")

_PAYMENT_JA = r"(?:振込|振り込み|振込み|送金|支払い|支払|お支払い|引き落とし|振替)"
_FUTURE_JA = r"(?:予約|予定|明日|明後日|来週|来月|今後|これから)"
_CANCEL_JA = r"(?:取り消|取消|キャンセル|やめ|止め|中止|取りやめ)"
_LIST_JA = r"(?:一覧|見せ|教え|確認|表示|ある|あり|どれ|何)"

_CANCEL = re.compile(
    rf"\b{_CANCEL_EN}\b.*\b{_PAYMENT_EN}\b|\b{_PAYMENT_EN}\b.*\b{_CANCEL_EN}\b|"
    rf"{_PAYMENT_JA}.*{_CANCEL_JA}"
)
_LIST = re.compile(
    rf"\b{_FUTURE_EN}\b.*\b{_PAYMENT_EN}\b|\b{_PAYMENT_EN}\b.*\b{_FUTURE_EN}\b|"
    rf"(?:what(?:'s| is)|whats) (?:scheduled|coming up|set up)|"
    rf"{_FUTURE_JA}.*{_PAYMENT_JA}|{_PAYMENT_JA}.*{_FUTURE_JA}"
)
_LIST_ASK = re.compile(rf"\b{_LIST_EN}\b|[?？]|{_LIST_JA}|ますか|ある[？?]?$")
# Payments told not to go out ("don't let any payment go through for the next hour", "make sure no
# payments go out this week", 支払いが出ないようにして): a freeze asked for, not a list.
_KEEP_OUT = re.compile(
    r"\b(?:don'?t|do not|never) (?:let|allow)\b|\bmake sure (?:no|nothing)\b|"
    r"\b(?:no|nothing) (?:should|can|may) (?:go|leave)\b|"
    r"(?:出|引き落とされ|送金され|振り込まれ|払われ)ないように"
)
_NEW_PAYMENT = re.compile(r"\b(?:send|pay|transfer|wire|schedule)\b|振り込んで|送金して|払って")
_NAMED_EN = re.compile(
    rf"\b(?:to|for)\s+(?!(?:cancel|stop|make|pay|send|transfer|move|do|get|see|a|an|the|my|your|this|that)\b)"
    rf"(?P<who>[a-z][a-z' -]*?)(?=\s+(?:on|tomorrow|today|next|{_PAYMENT_EN})\b|$)"
)
_NAMED_JA = re.compile(r"(?P<who>[^\s、。の]{1,12}?)(?:さん|様|くん|ちゃん)?(?:へ|に|宛て?)の")
_NOT_A_NAME = frozenset(
    {"me", "my", "the", "tomorrow", "today", "later", "it", "them", "明日", "明後日", "今日"}
)


@dataclass(frozen=True, slots=True)
class Hit:
    intent: Intent
    rule: str


def match(turn: NormalizedTurn, evidence: Evidence) -> Hit | None:
    """Whether the turn lists or cancels scheduled payments (None: it is about something else).

    Whether a payment is named comes from the name index (`evidence`), as everywhere on the fast path:
    words after *to*/*for* that are no payee or biller ("…for free", "…to him") name nobody."""
    text = turn.keywords
    if person.wants_a_person(text):
        return None  # "cancel my loan, put me through to a human agent": a handoff
    if rules.asks_about_fees_or_howto(text):
        return None  # "how do I cancel a scheduled payment": a question for QnA
    if conditions.condition_spans(text) and forms.utterance_form(text) == "question":
        return None  # 土曜日に振込予約したら、着金はいつ？: what happens if one is made, asked
    if forms.names_non_banking_object(text):
        return None  # "what scheduled meetings do I have", "cancel my calendar reminders"
    if _CANCEL.search(text) and not _NEGATED_EN.search(text):
        if frames.reports_cancelled(text) and forms.utterance_form(text) != "request":
            return None  # "my transfer to maria got cancelled", 振込がキャンセルされていました: it happened
        if not _names_someone(evidence) and (
            problems.past_payment(text, dated=bool(turn.dates))
            or (problems.reports_problem(text) and not _LIST.search(text))
        ):
            return (
                None  # "cancel the transfer I just made", "a payment I didn't make, cancel it": not scheduled
            )
        if forms.utterance_form(text) == "question" and not (turn.dates or _names_someone(evidence)):
            return None  # "can I cancel a transfer?", 振込の取り消しってできる？: about cancelling in general
        return Hit(Intent.CANCEL_SCHEDULED, "ja_cancel_scheduled" if turn.japanese else "en_cancel_scheduled")
    in_dates = [(d.start, d.end) for d in turn.dates]  # 12月3日's 12 and 3 are no amounts
    amounts = [a for a in turn.amounts if not any(s <= a.start < e for s, e in in_dates)]
    if amounts or _NEW_PAYMENT.search(text):
        return None  # "send $5 to Sato tomorrow", "schedule a payment": a new payment, not a list
    if problems.mentions_payment_made(text) or forms.asks_bill_fact(text):
        return None  # "I made a payment to the wrong account… by tomorrow", "when is my car payment due"
    if _LIST.search(text) and _LIST_ASK.search(text) and not _KEEP_OUT.search(text):
        return Hit(Intent.SCHEDULED_PAYMENTS, "ja_list_scheduled" if turn.japanese else "en_list_scheduled")
    return None


def understand(hit: Hit, turn: NormalizedTurn, evidence: Evidence) -> Understanding:
    """The understanding of a list or cancel request, with what it says about which payment."""
    trace = [TraceItem("understand", hit.rule, turn.folded, hit.intent.value, 0.95)]
    if hit.intent is Intent.SCHEDULED_PAYMENTS:
        return Understanding(hit.intent, 0.95, trace=tuple(trace), rule=hit.rule)
    candidates = (*evidence.payees.candidates, *evidence.billers.candidates)
    for c in candidates:
        trace.append(TraceItem("names", c.rule, c.matched or turn.folded, c.id, c.score))
    date_ = turn.dates[0] if turn.dates else None
    if date_ is not None:
        trace.append(TraceItem("normalize", date_.rule, date_.surface, date_.value.isoformat()))
    amount = evidence.amount
    slots = Slots(
        amount_major=str(amount.value.major) if amount is not None else None,
        currency=amount.value.currency if amount is not None else None,
        execute_on=date_.value if date_ is not None else None,
        recipient_phrase=_named(turn) if not candidates else None,
    )
    return Understanding(
        hit.intent,
        0.95,
        slots=slots,
        candidates=tuple(candidates),
        trace=tuple(trace),
        rule=hit.rule,
        named_ids=frozenset(c.id for c in candidates),
    )


def _names_someone(evidence: Evidence) -> bool:
    """A payee or biller of the customer's, found by the name index (a partial name counts)."""
    return evidence.payees.status != "none" or evidence.billers.status != "none"


def _named(turn: NormalizedTurn) -> str | None:
    """A name the customer said that the name index did not find ("…to Bob"), if any: kept only so
    that the cancel is refused (no scheduled payment is to Bob), never to pick a payment."""
    found = (_NAMED_JA if turn.japanese else _NAMED_EN).search(turn.folded)
    who = found.group("who").strip() if found else ""
    return who if who and who not in _NOT_A_NAME else None
