"""What the fast path does with the intent model's ranking: right, or asking.

The model's probabilities are calibrated (`teller.understand.learned`). A command it proposes is
taken only when it is both likely and clearly ahead:

    top is a command and p(top) >= floor and p(top) - p(second) >= margin   →  the command
    top is a command but below the floor                                    →  classifier_unsure
    top is a command but within `margin` of the runner-up                   →  classifier_close
    top is cancel_scheduled (the rules did not read which payment)          →  classifier_rule_only
    top is qna / out_of_scope                                                →  as it is

In the three refusals the turn becomes the likelier of `qna` / `out_of_scope` at that intent's own
(low) probability: not knowing is an answer, never an action, and the LLM step reconsiders a
low-confidence turn when it is enabled. `floor` and `margin` are chosen by `scripts/train_intent.py`
on out-of-fold predictions of the development data (never the held-out parts) and stored in the
head file; `DEFAULT_THRESHOLDS` serve the linear fallback.

Why `cancel_scheduled` is rule-only: a cancel is executed against whichever scheduled payment fits
what was said; from the model alone nothing was said about which one. The class still matters: it
keeps "cancel tomorrow's payment to Sato" from being read as a new transfer.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from teller.domain.intents import COMMAND_INTENTS, Intent

_RULE_ONLY = frozenset({Intent.CANCEL_SCHEDULED})


@dataclass(frozen=True, slots=True)
class Thresholds:
    """When a command the model proposes is taken (see the module docstring)."""

    floor: float
    margin: float

    def __post_init__(self) -> None:
        if not 0.0 <= self.floor <= 1.0:
            raise ValueError(f"floor must be a probability, got {self.floor}")
        if not 0.0 <= self.margin <= 1.0:
            raise ValueError(f"margin must be in [0, 1], got {self.margin}")


# Calibrated: below one half a command is more likely wrong than right.
DEFAULT_THRESHOLDS = Thresholds(floor=0.5, margin=0.0)


def decide(ranked: Sequence[tuple[Intent, float]], thresholds: Thresholds) -> tuple[Intent, float, str]:
    """(intent, confidence, rule) for a ranking, most likely first (every class, summing to one)."""
    top, p = ranked[0]
    if top not in COMMAND_INTENTS:
        return top, p, "classifier"
    second = ranked[1][1] if len(ranked) > 1 else 0.0
    if top in _RULE_ONLY:
        rule = "classifier_rule_only"
    elif p < thresholds.floor:
        rule = "classifier_unsure"
    elif p - second < thresholds.margin:
        rule = "classifier_close"
    else:
        return top, p, "classifier"
    other, q = next(((i, q) for i, q in ranked if i not in COMMAND_INTENTS), (Intent.OUT_OF_SCOPE, 0.0))
    return other, q, rule
