"""The names stage: which payees and billers the turn mentions, found once per turn.

The amount and dates are blanked out first so that "five thousand" or "tomorrow" can never be
read as part of a name.
"""

from __future__ import annotations

from dataclasses import dataclass

from teller.domain.trace import Extraction
from teller.names import NameIndex, NameMatch
from teller.normalize.amounts import AmountValue
from teller.normalize.spelling import correct_keywords
from teller.normalize.turn import NormalizedTurn
from teller.understand.slots import find_amount


@dataclass(frozen=True, slots=True)
class Evidence:
    amount: Extraction[AmountValue] | None
    residual: str  # folded text without the amount and dates
    payees: NameMatch
    billers: NameMatch
    index: NameIndex


def gather(turn: NormalizedTurn, index: NameIndex) -> Evidence:
    amount = find_amount(turn)
    residual = turn.without(amount, *turn.dates)
    billers = index.scan(residual, kinds=("biller",))
    if billers.status == "none" and turn.keywords != turn.folded:
        # "pay my electirc bill": a biller alias may be a command keyword typed with a slip.
        # Payees are only ever read from the text as typed.
        corrected = correct_keywords(residual)
        if corrected != residual:
            billers = index.scan(corrected, kinds=("biller",))
    return Evidence(
        amount=amount,
        residual=residual,
        payees=index.scan(residual, kinds=("payee",)),
        billers=billers,
        index=index,
    )
