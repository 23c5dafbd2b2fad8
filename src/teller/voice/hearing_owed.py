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

Round 17: the same fact speaks *for* a heard amount that is the amount due. The Japanese blind decodes
asked about "水道第4,210円" because the n-best's other transcript read "4,220円" (or "110円"), and about
"ガス第6,380円" beside "630080円" or "6,388円": the amount due, heard right, disputed by a slip of the other
reading. A recognizer that slipped would hardly land on the exact amount the customer owes on the bill the
turn names, so when that is the turn's only amount no rival reading disputes it (`owed_heard`, traced as
`hear:owed_heard` with the rival); the confirmation shows it. A rival that is itself the amount due, an
amount due on another bill, another currency, or a second amount in the turn still asks.

Round 17 too: an amount with the cents of what is due, not zero, and other dollars ("$17.99" on the Xfinity
bill, $79.99 due: "seventy-nine" run into "seventeen", heard so by three development voices and proposed on
piper's telephone decode, which no reading disputed) is asked about as one digit off is: cents are read off a
bill, so the same cents with other dollars say the dollars were misheard.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass
from decimal import Decimal

from teller.domain.money import exponent, to_minor
from teller.errors import BadAmount
from teller.voice.hearing_numbers import Amount, Doubt, amounts, written_in

RULE = "hear:owed"
HEARD = "hear:owed_heard"


@dataclass(frozen=True, slots=True)
class Owed:
    """One bill of the customer: the biller and what is due on it (major units)."""

    biller_id: str
    major: Decimal
    currency: str


def owed_doubt(text: str, owed: Sequence[Owed], named: Collection[str]) -> Doubt | None:
    """The amount due written in beside the first amount of `text` one digit away from the amount due on a
    bill of a biller in `named`, or with its cents and other dollars (None when there is none, or an amount
    of `text` is due on one)."""
    bills = [b for b in owed if b.biller_id in named]
    found = amounts(text)
    if not bills or any(a.major == b.major for a in found for b in bills):
        return None
    for amount in found:
        for bill in bills:
            if amount.currency in (None, bill.currency) and (
                _one_digit(amount, bill) or _its_cents(amount, bill)
            ):
                reading = _said(bill, japanese=not text.isascii())
                return Doubt(written_in(text, amount, [reading]), (amount.surface, reading), amount.start)
    return None


def owed_heard(text: str, owed: Sequence[Owed], named: Collection[str]) -> Amount | None:
    """The amount of `text` when it is its only amount and exactly what is due on a bill of a biller in
    `named`, in the bill's currency or none (round 17: no rival reading disputes it), else None."""
    found = amounts(text)
    if len(found) != 1:
        return None
    amount = found[0]
    bills = [b for b in owed if b.biller_id in named]
    due = any(amount.major == b.major and amount.currency in (None, b.currency) for b in bills)
    return amount if due else None


def _one_digit(amount: Amount, bill: Owed) -> bool:
    """Whether the two amounts' digit strings in minor units are one edit apart (neither of them zero)."""
    try:
        heard, due = str(to_minor(amount.major, bill.currency)), str(to_minor(bill.major, bill.currency))
    except BadAmount:  # "1.234" dollars: no amount of this currency
        return False
    return heard != due and "0" not in (heard, due) and _edits(heard, due) == 1


def _its_cents(amount: Amount, bill: Owed) -> bool:
    """Whether the amount has the bill's non-zero cents and other dollars ("$17.99" of $79.99)."""
    if exponent(bill.currency) != 2:
        return False
    heard, due = amount.major % 1, bill.major % 1
    return heard == due != 0 and amount.major != bill.major


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
