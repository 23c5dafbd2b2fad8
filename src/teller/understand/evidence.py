"""The names stage: which payees and billers the turn mentions, found once per turn.

The amount and dates are blanked out first so that "five thousand" or "tomorrow" can never be
read as part of a name.
"""

from __future__ import annotations

from dataclasses import dataclass

from teller.domain.trace import Extraction
from teller.names import NameIndex, NameMatch
from teller.normalize.amounts import AmountValue
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
    return Evidence(
        amount=amount,
        residual=residual,
        payees=index.scan(residual, kinds=("payee",)),
        billers=index.scan(residual, kinds=("biller",)),
        index=index,
    )
