"""An amount given as alternatives: "thirty or forty dollars", "$16 (or $60)", 5000円か6000円.

The customer (or the recognizer, `voice.hearing` writes "$16 (or $60)" where its hypotheses disagree)
offers two or more readings of one amount. Nothing is picked: the turn asks which one, listing them
("Which amount did you mean: $16 or $60?"), and the next turn's amount fills the slot
(`pipeline.session`). Pure functions over the normalized text and its amounts.

Amounts are alternatives when nothing but "or" (または, もしくは, それとも, か) and brackets stands between
them. A reading said without its currency ("thirty or forty dollars") takes the currency the others
share; two amounts joined by "and" or "から" are no choice.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from decimal import Decimal
from itertools import pairwise

from teller.domain.money import Money, to_minor
from teller.domain.trace import Extraction
from teller.errors import BadAmount
from teller.normalize.amounts import AmountValue

Amount = Extraction[AmountValue]

_OR = re.compile(r"\s*[)）]?\s*[(（]?\s*(?:or|または|もしくは|それとも|か)\s*", re.I)
_CLOSE = re.compile(r"\s*[)）]")


def alternatives(folded: str, amounts: Sequence[Amount]) -> list[Amount]:
    """The first run of two or more amounts joined by "or" (in the order said); [] when there is none."""
    run: list[Amount] = []
    for a, b in pairwise(amounts):
        if _OR.fullmatch(folded[a.end : b.start]):
            run = run or [a]
            if run[-1] is a:
                run.append(b)
                continue
        if run:
            break
    return run


def stretch(folded: str, run: Sequence[Amount]) -> tuple[int, int]:
    """Where the alternatives stand in `folded`, a closing bracket after the last one included."""
    end = run[-1].end
    close = _CLOSE.match(folded, end)
    if close is not None and "(" in folded[run[0].start : end]:
        end = close.end()
    return run[0].start, end


def choices(run: Sequence[Amount], default_currency: str | None) -> list[Money]:
    """The distinct readings as money; one without a currency takes the others' (or the default)."""
    said = {a.value.currency for a in run} - {None}
    fallback = next(iter(said)) if len(said) == 1 else default_currency
    out: list[Money] = []
    for a in run:
        currency = a.value.currency or fallback
        if currency is None:
            continue
        try:
            money = Money(to_minor(Decimal(a.value.major), currency), currency)
        except BadAmount:
            continue
        if money not in out:
            out.append(money)
    return out


def trace_value(money: Money) -> str:
    """How a choice is written in the trace (`amount_choice`): "1600 USD"."""
    return f"{money.amount_minor} {money.currency}"


def from_trace(values: Sequence[str]) -> list[Money]:
    """The choices back from their trace values."""
    out = []
    for value in values:
        minor, _, currency = value.partition(" ")
        if minor.isdigit() and currency:
            out.append(Money(int(minor), currency))
    return out
