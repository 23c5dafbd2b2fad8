"""Which scheduled payment a cancel request means: exactly one → cancel it; several → ask; none → say so.

Pure: the caller passes the customer's scheduled payments (waiting ones only). What was said narrows
them: the payee or biller (every candidate the name index found, so "Sato" with two payees called
Sato is settled by which of them has a payment scheduled), the day, the amount. A name that matched
no payee or biller matches no payment. Cancelling moves no money and can be undone by scheduling
again, so one clear match executes, like locking a card; anything less clear asks.
"""

from __future__ import annotations

from collections.abc import Sequence
from decimal import Decimal, InvalidOperation

from teller.domain.bank import ScheduledPayment
from teller.domain.intents import Action, ActionKind
from teller.domain.money import to_minor
from teller.domain.reasons import Reason
from teller.domain.turn import Entities
from teller.errors import BadAmount
from teller.policy.decision import Decision, Effect
from teller.understand.model import Understanding


def cancel_scheduled(u: Understanding, upcoming: Sequence[ScheduledPayment]) -> Decision:
    """The decision for "cancel <which> scheduled payment" against the customer's waiting payments."""
    fits = [p for p in upcoming if p.status == "scheduled" and _fits(u, p)]
    if len(fits) == 1:
        return Decision(
            Action.EXECUTE, _entities(fits[0]), effect=Effect("cancel_scheduled", target_ids=(fits[0].id,))
        )
    if not fits:
        return Decision(Action.REJECT, reason=Reason.NO_SCHEDULED_PAYMENT)
    ids = tuple(p.id for p in fits)
    return Decision(
        Action.CLARIFY, reason=Reason.SEVERAL_PAYMENTS_MATCH, effect=Effect("read_scheduled", target_ids=ids)
    )


def _fits(u: Understanding, p: ScheduledPayment) -> bool:
    named = {c.id for c in u.candidates} | {i for i in (u.slots.recipient_id, u.slots.biller_id) if i}
    if u.slots.recipient_phrase and not named:
        return False  # a name that is none of the customer's payees or billers
    if named and p.counterparty_id not in named:
        return False
    if u.slots.execute_on is not None and p.execute_on != u.slots.execute_on:
        return False
    amount = _amount(u)
    return amount is None or (amount == p.amount_minor and u.slots.currency in (None, p.currency))


def _amount(u: Understanding) -> int | None:
    if u.slots.amount_major is None or u.slots.currency is None:
        return None
    try:
        return to_minor(Decimal(u.slots.amount_major), u.slots.currency)
    except (BadAmount, InvalidOperation):
        return None


def _entities(p: ScheduledPayment) -> Entities:
    transfer = p.kind is ActionKind.TRANSFER
    return Entities(
        amount_minor=p.amount_minor,
        currency=p.currency,
        recipient_id=p.counterparty_id if transfer else None,
        biller_id=None if transfer else p.counterparty_id,
        account_id=p.account_id,
        execute_on=p.execute_on,
    )
