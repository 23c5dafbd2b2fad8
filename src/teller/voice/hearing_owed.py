"""An amount heard beside a bill the customer owes, one digit away from what is due (round 16).

Pure text over the customer's bills. On the text team's blind sets, spoken (round 16's blind measurement),
the commonest way a spoken turn acted confidently wrong was an amount heard one digit off and proposed as it
was heard: "水道代 … 4210円" heard as 420円 (the 十 lost), "ドコモの携帯代8800円" as 800円, "ガス代6380円"
as 6,388円, "$85.99 to Verizon" as "85.9", "$142.37" as "142.3" (the last cent lost). The recognizer had no
other reading of them (no n-best or second look disputed them), but the customer's bank has one: the amount
due on the bill the turn names — 4210円 on the water bill, $85.99 on the Verizon one.

So an amount of a turn that names a biller whose amount due differs from it by one digit (one digit more,
fewer or other, in minor units: 420 / 4210, 8590 / 8599) has the amount due written in beside it as another
reading ("420円（または4210円）", "$85.9 (or $85.99)"), as `hearing_numbers.disputed` writes the n-best's,
and the turn asks which; nothing is replaced (`hear:owed`). An amount said as due, or farther from it ("$80"
of $79.99, 5000円 of 4210円, a part of the bill said in round numbers), is left alone.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass
from decimal import Decimal

from teller.domain.money import to_minor
from teller.errors import BadAmount
from teller.voice.hearing_numbers import Amount, Doubt, amounts, written_in

RULE = "hear:owed"


@dataclass(frozen=True, slots=True)
class Owed:
    """One bill of the customer: the biller and what is due on it (major units)."""

    biller_id: str
    major: Decimal
    currency: str


def owed_doubt(text: str, owed: Sequence[Owed], named: Collection[str]) -> Doubt | None:
    """The amount due written in beside the first amount of `text` one digit away from the amount due on a
    bill of a biller in `named` (None when there is none, or an amount of `text` is due on one)."""
    bills = [b for b in owed if b.biller_id in named]
    found = amounts(text)
    if not bills or any(a.major == b.major for a in found for b in bills):
        return None
    for amount in found:
        for bill in bills:
            if amount.currency in (None, bill.currency) and _one_digit(amount, bill):
                reading = _said(bill, japanese=not text.isascii())
                return Doubt(written_in(text, amount, [reading]), (amount.surface, reading), amount.start)
    return None


def _one_digit(amount: Amount, bill: Owed) -> bool:
    """Whether the two amounts' digit strings in minor units are one edit apart (neither of them zero)."""
    try:
        heard, due = str(to_minor(amount.major, bill.currency)), str(to_minor(bill.major, bill.currency))
    except BadAmount:  # "1.234" dollars: no amount of this currency
        return False
    return heard != due and "0" not in (heard, due) and _edits(heard, due) == 1


def _edits(a: str, b: str) -> int:
    """Levenshtein distance of two short strings."""
    row = list(range(len(b) + 1))
    for i, x in enumerate(a, 1):
        prev, row[0] = row[0], i
        for j, y in enumerate(b, 1):
            prev, row[j] = row[j], min(row[j] + 1, row[j - 1] + 1, prev + (x != y))
    return row[-1]


def _said(bill: Owed, *, japanese: bool) -> str:
    """The amount due as the transcript would write it: "$85.99", "4210円", "4210 yen"."""
    if bill.currency == "USD":
        return f"${bill.major:.2f}".removesuffix(".00")
    if bill.currency == "JPY":
        return f"{bill.major:.0f}円" if japanese else f"{bill.major:.0f} yen"
    return f"{bill.major} {bill.currency}"
