"""The closed sets of intents and actions in the turn contract."""

from __future__ import annotations

from enum import StrEnum


class Intent(StrEnum):
    BALANCE_INQUIRY = "balance_inquiry"
    RECENT_TRANSACTIONS = "recent_transactions"
    TRANSFER_MONEY = "transfer_money"
    CARD_LOCK = "card_lock"
    CARD_UNLOCK = "card_unlock"
    BILL_PAYMENT = "bill_payment"
    RECIPIENT_LOOKUP = "recipient_lookup"
    HUMAN_HANDOFF = "human_handoff"
    QNA = "qna"
    OUT_OF_SCOPE = "out_of_scope"
    # Scheduled payments: reached by rules only (the classifier and the LLM choose among the ten above).
    SCHEDULED_PAYMENTS = "scheduled_payments"  # "what payments do I have coming up"
    CANCEL_SCHEDULED = "cancel_scheduled"  # "cancel tomorrow's payment to Sato", 予約した振込を取り消して
    # Session follow-ups; only meaningful while an action is pending.
    AFFIRM = "affirm"
    DENY = "deny"


class Action(StrEnum):
    EXECUTE = "execute"
    CONFIRM = "confirm"
    CLARIFY = "clarify"
    ASK_SLOT = "ask_slot"
    REJECT = "reject"
    ANSWER = "answer"
    HANDOFF = "handoff"
    UNSUPPORTED = "unsupported"


# Intents that move money or re-enable spending: they wait for an explicit yes.
CONFIRMED_INTENTS = frozenset({Intent.TRANSFER_MONEY, Intent.BILL_PAYMENT, Intent.CARD_UNLOCK})

# The banking commands the fast path decides (everything but questions and off-topic turns).
COMMAND_INTENTS = frozenset(
    {
        Intent.BALANCE_INQUIRY,
        Intent.RECENT_TRANSACTIONS,
        Intent.TRANSFER_MONEY,
        Intent.CARD_LOCK,
        Intent.CARD_UNLOCK,
        Intent.BILL_PAYMENT,
        Intent.RECIPIENT_LOOKUP,
        Intent.HUMAN_HANDOFF,
        Intent.SCHEDULED_PAYMENTS,
        Intent.CANCEL_SCHEDULED,
    }
)

# The intents the classifier and the LLM choose among; affirm/deny exist only as follow-ups inside a
# session, and the scheduled-payment intents only by rule.
TURN_INTENTS = tuple(
    i
    for i in Intent
    if i not in (Intent.AFFIRM, Intent.DENY, Intent.SCHEDULED_PAYMENTS, Intent.CANCEL_SCHEDULED)
)


class ActionKind(StrEnum):
    """What a pending action does once confirmed (the store's `pending_actions.kind`)."""

    TRANSFER = "transfer"
    BILL_PAYMENT = "bill_payment"
    CARD_UNLOCK = "card_unlock"

    @property
    def intent(self) -> Intent:
        """The intent whose confirmation creates this kind of action."""
        return _KIND_INTENTS[self]

    @property
    def moves_money(self) -> bool:
        return self is not ActionKind.CARD_UNLOCK


_KIND_INTENTS = {
    ActionKind.TRANSFER: Intent.TRANSFER_MONEY,
    ActionKind.BILL_PAYMENT: Intent.BILL_PAYMENT,
    ActionKind.CARD_UNLOCK: Intent.CARD_UNLOCK,
}
