"""The outcome of policy: the contract's action, its entities and reason, and the effect to carry out."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from teller.domain.intents import Action, ActionKind
from teller.domain.reasons import Reason
from teller.domain.turn import Entities


@dataclass(frozen=True, slots=True)
class Effect:
    """What the runner must do after the decision: create a pending action, lock a card, or read."""

    kind: Literal[
        "pending",
        "card_lock",
        "read_balance",
        "read_transactions",
        "read_payees",
        "read_scheduled",
        "cancel_scheduled",
    ]
    pending_kind: ActionKind | None = None
    target_ids: tuple[str, ...] = ()  # scheduled payments to show (read) or the one to cancel


@dataclass(frozen=True, slots=True)
class Decision:
    action: Action
    entities: Entities = field(default_factory=Entities)
    missing: tuple[str, ...] = ()
    reason: Reason | None = None
    effect: Effect | None = None
