"""Policy: validate what was understood and choose the contract's action.

Pure: the caller passes the customer's snapshot, the local date and what is already committed on
the payment's account and day (`rules.Committed`). Money movement and card unlock wait for an
explicit yes (`confirm`); read-only queries and protective actions (locking a card) `execute`;
anything unsafe is a `reject` with a reason. Whether money may leave is `rules.money_rule`, the same
function the store runs again inside the confirming transaction.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date
from decimal import Decimal, InvalidOperation

from teller.domain.bank import CustomerSnapshot, ScheduledPayment
from teller.domain.intents import Action, ActionKind, Intent
from teller.domain.money import to_minor
from teller.domain.reasons import Reason
from teller.domain.turn import Entities
from teller.errors import BadAmount
from teller.policy.decision import Decision, Effect
from teller.policy.rules import Committed, date_rule, money_rule, valid_amount
from teller.policy.scheduled import cancel_scheduled
from teller.understand.model import Understanding

__all__ = ["Decision", "Effect", "MoneyContext", "decide"]

_SIMPLE: dict[Intent, Action] = {
    Intent.HUMAN_HANDOFF: Action.HANDOFF,
    Intent.QNA: Action.ANSWER,
    Intent.OUT_OF_SCOPE: Action.UNSUPPORTED,
}


@dataclass(frozen=True, slots=True)
class MoneyContext:
    """What a money decision needs besides the snapshot: the customer's today, the scheduling
    horizon and, when the caller could read it, what is committed on the payment's account and day
    (None: only the snapshot's balance is known, nothing scheduled or sent)."""

    today: date
    committed: Committed | None = None
    horizon_days: int = 365


def decide(
    u: Understanding,
    snapshot: CustomerSnapshot,
    *,
    today: date,
    committed: Committed | None = None,
    horizon_days: int = 365,
    foreign_ids: tuple[str, ...] = (),
    upcoming: Sequence[ScheduledPayment] = (),
) -> Decision:
    """The action for one understood turn (`foreign_ids`: ids in the text that are not the customer's,
    see `policy.ownership`; a command naming one is refused, never redirected to their own object)."""
    if u.intent in _SIMPLE:  # (a handoff held for a possible scam says so)
        return Decision(_SIMPLE[u.intent], reason=u.hold if u.hold is Reason.POSSIBLE_SCAM else None)
    if foreign_ids:
        return Decision(Action.REJECT, reason=Reason.UNKNOWN_ID)
    money = MoneyContext(today, committed, horizon_days)
    if u.intent is Intent.TRANSFER_MONEY:
        return _transfer(u, snapshot, money)
    if u.intent is Intent.BILL_PAYMENT:
        return _bill(u, snapshot, money)
    if u.intent in (Intent.CARD_LOCK, Intent.CARD_UNLOCK):
        return _card(u, snapshot, today)
    if u.intent is Intent.SCHEDULED_PAYMENTS:
        return Decision(Action.EXECUTE, effect=Effect("read_scheduled"))
    if u.intent is Intent.CANCEL_SCHEDULED:
        return cancel_scheduled(u, upcoming)
    slots = u.slots
    if u.intent is Intent.BALANCE_INQUIRY:
        return Decision(Action.EXECUTE, Entities(account_id=slots.account_id), effect=Effect("read_balance"))
    if u.intent is Intent.RECENT_TRANSACTIONS:
        if u.ambiguous_slot == "recipient_id":  # "show my transfers to sarah": which Sarah is asked
            return Decision(Action.CLARIFY, reason=Reason.SEVERAL_RECIPIENTS_MATCH)
        entities = Entities(account_id=slots.account_id, count=slots.count, recipient_id=slots.recipient_id)
        return Decision(Action.EXECUTE, entities, effect=Effect("read_transactions"))
    if u.intent is Intent.RECIPIENT_LOOKUP:
        if u.ambiguous_slot == "recipient_id":
            return Decision(Action.CLARIFY, reason=Reason.SEVERAL_RECIPIENTS_MATCH)
        if slots.recipient_id is None and slots.recipient_phrase:  # someone asked about is no payee
            return Decision(Action.REJECT, reason=Reason.RECIPIENT_NOT_REGISTERED)
        return Decision(
            Action.EXECUTE, Entities(recipient_id=slots.recipient_id), effect=Effect("read_payees")
        )
    return Decision(Action.UNSUPPORTED, reason=Reason.NO_SESSION)  # affirm/deny outside a session


def _on_a_later_day(execute_on: date | None, today: date) -> date | None:
    """The day a payment is dated, or None (now) when that day is today: "today", "tonight", 今日中に are
    now, as the contract says, and a payment dated today is made now (`value_day`)."""
    return None if execute_on == today else execute_on


def _minor(u: Understanding) -> tuple[int | None, bool]:
    """The spoken amount in minor units (None when unsaid) and whether it could be represented."""
    if u.slots.amount_major is None or u.slots.currency is None:
        return None, True
    try:
        return to_minor(Decimal(u.slots.amount_major), u.slots.currency), True
    except (BadAmount, InvalidOperation):
        return None, False


def _money_checks(
    kind: ActionKind, snapshot: CustomerSnapshot, entities: Entities, money: MoneyContext
) -> Reason | None:
    """Why this payment may not be proposed; None when it may (transfers and bill payments alike)."""
    account = snapshot.account(entities.account_id) if entities.account_id else None
    if account is None:
        return Reason.NO_SOURCE_ACCOUNT
    amount = entities.amount_minor or 0
    if not valid_amount(amount):
        return Reason.INVALID_AMOUNT
    reason = date_rule(entities.execute_on, money.today, horizon_days=money.horizon_days)
    if reason is not None:
        return reason
    return money_rule(
        kind,
        amount,
        entities.currency or "",
        account_currency=account.currency,
        limits=snapshot.limits,
        committed=money.committed or Committed(balance_minor=account.balance_minor),
    )


def _transfer(u: Understanding, snapshot: CustomerSnapshot, money: MoneyContext) -> Decision:
    slots = u.slots
    minor, valid = _minor(u)
    entities = Entities(
        amount_minor=minor,
        currency=slots.currency,
        recipient_id=slots.recipient_id,
        account_id=slots.account_id,
        execute_on=_on_a_later_day(slots.execute_on, money.today),
    )
    if not valid:
        return Decision(Action.REJECT, entities, reason=Reason.INVALID_AMOUNT)
    if u.ambiguous_slot == "recipient_id":
        return Decision(Action.CLARIFY, entities, reason=Reason.SEVERAL_RECIPIENTS_MATCH)
    if slots.recipient_id is None or snapshot.payee(slots.recipient_id) is None:
        entities = entities.model_copy(update={"recipient_id": None})
        if slots.recipient_phrase:
            return Decision(Action.REJECT, entities, reason=Reason.RECIPIENT_NOT_REGISTERED)
        return Decision(Action.ASK_SLOT, entities, missing=_missing(entities, "recipient_id"))
    if entities.amount_minor is None:
        return Decision(Action.ASK_SLOT, entities, missing=("amount_minor",))
    reason = _money_checks(ActionKind.TRANSFER, snapshot, entities, money)
    if reason is not None:
        return Decision(Action.REJECT, entities, reason=reason)
    return Decision(Action.CONFIRM, entities, effect=Effect("pending", ActionKind.TRANSFER))


def _bill(u: Understanding, snapshot: CustomerSnapshot, money: MoneyContext) -> Decision:
    slots = u.slots
    biller = snapshot.biller(slots.biller_id) if slots.biller_id else None
    minor, valid = _minor(u)
    if minor is None and valid and biller is not None:
        minor = biller.outstanding_minor
    entities = Entities(
        amount_minor=minor,
        currency=slots.currency or (biller.currency if biller else None),
        biller_id=biller.id if biller else None,
        account_id=slots.account_id,
        execute_on=_on_a_later_day(slots.execute_on, money.today),
    )
    if not valid:
        return Decision(Action.REJECT, entities, reason=Reason.INVALID_AMOUNT)
    if u.ambiguous_slot == "biller_id":
        return Decision(Action.CLARIFY, entities, reason=Reason.SEVERAL_BILLERS_MATCH)
    if biller is None:
        return Decision(Action.ASK_SLOT, entities, missing=("biller_id",))
    if entities.amount_minor == 0 and slots.amount_major is None:
        return Decision(Action.REJECT, entities, reason=Reason.NOTHING_DUE)
    reason = _money_checks(ActionKind.BILL_PAYMENT, snapshot, entities, money)
    if reason is not None:
        return Decision(Action.REJECT, entities, reason=reason)
    return Decision(Action.CONFIRM, entities, effect=Effect("pending", ActionKind.BILL_PAYMENT))


def _card(u: Understanding, snapshot: CustomerSnapshot, today: date) -> Decision:
    card = snapshot.card(u.slots.card_id) if u.slots.card_id else None
    entities = Entities(card_id=card.id if card else None)
    if card is None:
        if u.ambiguous_slot == "card_id":
            return Decision(Action.CLARIFY, entities, reason=Reason.SEVERAL_CARDS_MATCH)
        return Decision(Action.REJECT, entities, reason=Reason.NO_CARD)
    if u.intent is Intent.CARD_LOCK:
        return Decision(Action.EXECUTE, entities, effect=Effect("card_lock"))
    if card.status != "locked":
        return Decision(Action.REJECT, entities, reason=Reason.CARD_NOT_LOCKED)
    day = u.slots.execute_on
    if day is not None and day > today:
        # "unfreeze my credit card on friday": an unlock is done now or not at all, never set for a day;
        # the day is shown as heard and the turn asks
        dated = entities.model_copy(update={"execute_on": day})
        return Decision(Action.CLARIFY, dated, reason=Reason.LATER_UNLOCK)
    return Decision(Action.CONFIRM, entities, effect=Effect("pending", ActionKind.CARD_UNLOCK))


def _missing(entities: Entities, first: str) -> tuple[str, ...]:
    return (first, "amount_minor") if entities.amount_minor is None else (first,)
