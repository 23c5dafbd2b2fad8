"""Slot filling for the two intents that move money: transfers and bill payments."""

from __future__ import annotations

import re
from dataclasses import replace
from datetime import date
from decimal import ROUND_HALF_UP, Decimal
from fractions import Fraction

from teller.domain.bank import Biller, CustomerSnapshot, Payee
from teller.domain.money import exponent
from teller.domain.reasons import Reason
from teller.domain.trace import Extraction, TraceItem
from teller.domain.understood import Candidate
from teller.names import NameMatch
from teller.names.banks import decided_by_bank
from teller.names.tables import SHORT_VOWEL_RULE
from teller.normalize.amounts import AmountValue
from teller.normalize.turn import NormalizedTurn
from teller.understand.amount_math import SHARES
from teller.understand.billers import utility_billers
from teller.understand.clauses import contrasted
from teller.understand.evidence import Evidence
from teller.understand.history import HistoryRef, same_amount, sent_to_named, transfer_referred_to
from teller.understand.model import Slots, Understanding
from teller.understand.slots import (
    addressee_ja,
    currency_named,
    find_account,
    payee_by_digits,
    recipient_phrase,
)

# The account money leaves: "from savings", "out of my savings", "using my savings account", "via
# checking", "take it out of checking", "use my savings" (up to a "to" that names where it goes).
_SOURCE_WORD = r"\b(?:from|out of|using|use|via)\b"
_FROM = rf"{_SOURCE_WORD}(?P<src>.+?)(?=\bto\b|{_SOURCE_WORD}|$)"
_FROM_JA = r"(?P<src>[^\s、,。]*?(?:口座|預金)[^\s、,。]*?)(?:から|を使って|で(?!は|も))"
_NOT_THIS_ONE = re.compile(r"\b(?:instead of|rather than|and not|not)\b.*$")
_WHOLE_PHRASE = 97.0  # an exact or romaji-variant match of the whole recipient phrase
# A share of a bill, said with no amount: "half of the gas bill", "a quarter of the bill", 水道代の半分
_SHARE_OF_BILL = re.compile(
    r"\b(?P<en>half|(?:a|one) (?:quarter|third))(?: of)? (?:the |my |what|it\b)|"
    r"(?P<ja>" + "|".join(w for w in SHARES if not w.isascii()) + ")"
)


def _share_of_bill(folded: str) -> Fraction | None:
    """The one share of the bill said (several different ones: none)."""
    found = {SHARES[m["en"] or m["ja"]] for m in _SHARE_OF_BILL.finditer(folded)}
    return Fraction(1, found.pop()) if len(found) == 1 else None


def _several_named(payees: NameMatch) -> bool:
    """Two people named in full at different places ("佐藤健さんと鈴木一郎さんに"): which one is meant?"""
    full = [c for c in payees.candidates if not c.rule.startswith("partial") and c.end > c.start]
    return payees.status == "clarify" and any(
        a.end <= b.start or b.end <= a.start for i, a in enumerate(full) for b in full[i + 1 :]
    )


def source_phrases(folded: str) -> list[re.Match[str]]:
    """Where the account money leaves is said ("from savings", 普通預金から), left to right."""
    found = [*re.finditer(_FROM, folded), *re.finditer(_FROM_JA, folded)]
    return sorted(found, key=lambda m: m.start())


def _not_set_aside(phrases: list[re.Match[str]], folded: str) -> list[re.Match[str]]:
    """The source phrases but those set aside by "not" ("from savings, not from checking", "…, but not
    from savings": never the account paid from)."""
    contrast = contrasted(folded)
    return [m for m in phrases if not any(a <= m.start("src") < b for a, b in contrast)]


def _source_account(
    turn: NormalizedTurn, snapshot: CustomerSnapshot, currency: str | None, trace: list[TraceItem]
) -> str | None:
    """The account money leaves: the one named after "from" (`_FROM`), the last one named where a
    correction names another ("from checking, no, from savings"); else one in the amount's currency."""
    for m in reversed(_not_set_aside(source_phrases(turn.folded), turn.folded)):
        said = _NOT_THIS_ONE.sub("", m.group("src"))  # "from savings instead of checking": savings
        account, rule = find_account(turn, snapshot, text=said)
        if account is not None:
            trace.append(TraceItem("understand", f"source_{rule}", m.group(0).strip(), account.id))
            return account.id
    if currency is not None:
        for account in snapshot.accounts:
            if account.currency == currency:
                return account.id
    default = snapshot.default_account
    return default.id if default else None


def _amount_slots(
    amount: Extraction[AmountValue] | None, account_currency: str | None
) -> tuple[str | None, str | None, bool]:
    if amount is None:
        return None, None, False
    if amount.rule == "note_word" and account_currency is not None and exponent(account_currency) == 0:
        return None, None, False  # "a fiver" from a yen account: no such note; the amount is asked
    explicit = amount.value.currency is not None
    return str(amount.value.major), amount.value.currency or account_currency, explicit


_DIGITS_CUE = re.compile(r"(?:\b(?:ending|ends|that ends)(?: in| with)?|末尾|下4桁|下四桁)(?:が|は)?\s*$")


def _own_digits(turn: NormalizedTurn, payee: Payee | None) -> str | None:
    """Where the digits the payee's own account ends in are said (with "ending" / 末尾 before them)."""
    if payee is None or payee.account_last4 is None:
        return None
    for d in turn.digits:
        if d.value == payee.account_last4:
            cue = _DIGITS_CUE.search(turn.folded, max(0, d.start - 16), d.start)
            return turn.folded[cue.start() if cue else d.start : d.end]
    return None


def transfer_slots(
    base: Understanding,
    turn: NormalizedTurn,
    snapshot: CustomerSnapshot,
    evidence: Evidence,
    date_: Extraction[date] | None,
    trace: list[TraceItem],
) -> Understanding:
    """Amount, currency, recipient, source account and date of a transfer."""
    amount, payees = evidence.amount, evidence.payees
    named_currency = amount.value.currency if amount is not None else currency_named(turn.folded)
    account_id = _source_account(turn, snapshot, named_currency, trace)
    account = snapshot.account(account_id) if account_id else None
    major, currency, explicit = _amount_slots(amount, account.currency if account else None)
    phrase = recipient_phrase(turn, evidence.residual) or addressee_ja(turn)
    match = payees
    if phrase is not None:
        looked_up = evidence.index.lookup(phrase, kinds=("payee",))
        # the phrase looked up on its own, unless the scan found the name more surely (かとけん as a whole
        # sound-alike of かとう けん; the phrase's けん alone fits three payees)
        scanned_surer = (
            payees.status == "match"
            and payees.candidates[0].rule == SHORT_VOWEL_RULE
            and (not looked_up.candidates or payees.candidates[0].score > looked_up.candidates[0].score)
        )
        if (
            (looked_up.status != "none" or payees.status == "none")
            and not _several_named(payees)
            and not scanned_surer
            and not decided_by_bank(payees)  # "sarah at wells fargo": the phrase alone has both sarahs
        ):
            match = looked_up
            if looked_up.status == "match" and looked_up.candidates[0].score >= _WHOLE_PHRASE:
                # the whole phrase is the name ("chris o neil"): every word of it is accounted for
                trace.append(TraceItem("understand", "recipient_phrase", phrase, looked_up.candidates[0].id))
    history = transfer_referred_to(turn.folded, snapshot.sent, turn.today) if turn.today else None
    if match.status == "none" and history is not None:
        # "the same person as last time", 前回振り込んだ人: the payee of that transfer (none made then: asked)
        said = turn.folded[history.start : history.end]
        trace.append(TraceItem("understand", "recipient_last_transfer", said, _sent_to(history)))
        phrase = None
        if history.transfer is not None:
            payee = snapshot.payee(history.transfer.payee_id)
            if payee is not None:
                pick = Candidate(
                    payee.id,
                    "payee",
                    payee.display_name,
                    100.0,
                    "last_transfer",
                    said,
                    history.start,
                    history.end,
                )
                match = NameMatch("match", (pick,), said)
    if match.status == "none" and (by_digits := payee_by_digits(turn, snapshot)) is not None:
        # "to the account ending in 4545", 末尾6671の口座に: the payee whose account ends so (or no one)
        payee, (start, end) = by_digits
        said = turn.folded[start:end]
        if payee is not None:
            pick = Candidate(payee.id, "payee", payee.display_name, 100.0, "account_last4", said, start, end)
            match = NameMatch("match", (pick,), said)
            trace.append(TraceItem("understand", "recipient_account_last4", said, payee.id))
        else:
            phrase = phrase or said
    trace.extend(TraceItem("names", c.rule, match.query, c.id, c.score) for c in match.candidates[:3])
    if match.status == "match" and (own := _own_digits(turn, snapshot.payee(match.candidates[0].id))):
        # "…to catherine wright, the account ending 9191", 末尾1187の山本大輔さんに: their account, agreeing
        trace.append(TraceItem("understand", "recipient_own_digits", own, match.candidates[0].id))
    if major is None and match.status == "match" and (same := same_amount(turn.folded)) is not None:
        # "the same amount", 同じ金額: what the latest transfer to that payee sent (none: asked)
        before = sent_to_named(match.candidates[0].id, snapshot.sent)
        if before is not None and (account is None or account.currency == before.currency):
            major = str(Decimal(before.amount_minor).scaleb(-exponent(before.currency)))
            currency = before.currency
            trace.append(
                TraceItem("understand", "same_amount", turn.folded[slice(*same)], f"{major} {currency}")
            )
    slots = Slots(
        amount_major=major,
        currency=currency,
        currency_explicit=explicit,
        account_id=account_id,
        execute_on=date_.value if date_ else None,
        recipient_phrase=phrase,
    )
    if match.status == "match":
        slots = replace(slots, recipient_id=match.candidates[0].id)
        return replace(base, slots=slots, candidates=match.candidates[:1], trace=tuple(trace))
    if match.status == "clarify":
        return replace(
            base,
            slots=slots,
            candidates=match.candidates,
            ambiguous_slot="recipient_id",
            trace=tuple(trace),
        )
    return replace(base, slots=slots, trace=tuple(trace))


def _sent_to(history: HistoryRef) -> str:
    return history.transfer.payee_id if history.transfer is not None else "none"


def _more_than_due(major: str | None, currency: str | None, biller: Biller) -> bool:
    """The amount said is more than half again what is due on the biller's bill, in its currency (a bill
    rounded up, $80 of $79.99 or ¥7,000 of ¥6,380, is paid as said; ¥20,000 of ¥6,380 is asked about)."""
    if major is None or currency != biller.currency or biller.outstanding_minor <= 0:
        return False
    return Decimal(major).scaleb(exponent(currency)) * 2 > biller.outstanding_minor * 3


AMOUNT_DUE_READING = "amount_due_reading"  # a spoken price read as the bill's amount due


def bill_slots(
    base: Understanding,
    turn: NormalizedTurn,
    snapshot: CustomerSnapshot,
    amount: Extraction[AmountValue] | None,
    date_: Extraction[date] | None,
    billers: NameMatch,
    trace: list[TraceItem],
) -> Understanding:
    """Biller, amount (the outstanding bill when unsaid), source account and date of a bill payment."""
    trace.extend(TraceItem("names", c.rule, billers.query, c.id, c.score) for c in billers.candidates[:3])
    biller = snapshot.biller(billers.candidates[0].id) if billers.status == "match" else None
    currency_hint = (
        amount.value.currency if amount and amount.value.currency else (biller.currency if biller else None)
    )
    account_id = _source_account(turn, snapshot, currency_hint, trace)
    account = snapshot.account(account_id) if account_id else None
    major, currency, explicit = _amount_slots(
        amount, biller.currency if biller else (account.currency if account else None)
    )
    if amount is not None and biller is not None and amount.rule.endswith("spoken_price_ambiguous"):
        # "pay xfinity seventy nine ninety nine": of $7,999 and $79.99, the one that is the amount due
        due = Decimal(biller.outstanding_minor).scaleb(-exponent(biller.currency))
        if amount.value.major.scaleb(-2) == due and currency == biller.currency:
            major = str(due)
            trace.append(TraceItem("understand", AMOUNT_DUE_READING, amount.surface, f"{major} {currency}"))
    share = _share_of_bill(turn.folded) if amount is None and biller is not None else None
    if share is not None and biller is not None:
        # "ガス代の半額", "a quarter of the verizon bill": that share of what is due, to the minor unit
        due = Decimal(biller.outstanding_minor).scaleb(-exponent(biller.currency))
        unit = Decimal(1).scaleb(-exponent(biller.currency))
        major = str((due * share.numerator / share.denominator).quantize(unit, rounding=ROUND_HALF_UP))
        currency = biller.currency
        trace.append(TraceItem("understand", "share_of_bill", turn.folded, f"{major} {currency}"))
    slots = Slots(
        amount_major=major,
        currency=currency,
        currency_explicit=explicit,
        account_id=account_id,
        biller_id=biller.id if biller else None,
        execute_on=date_.value if date_ else None,
    )
    if billers.status == "clarify":
        return replace(
            base, slots=slots, candidates=billers.candidates, ambiguous_slot="biller_id", trace=tuple(trace)
        )
    if biller is not None and amount is not None and _more_than_due(major, currency, biller):
        # "pay con ed 500 dollars" with $142.37 due, ガス代を2万円: more than the bill is asked about
        trace.append(TraceItem("understand", "more_than_due", amount.surface, str(biller.outstanding_minor)))
        return replace(
            base, slots=slots, trace=tuple(trace), hold=Reason.MORE_THAN_DUE, hold_missing=("amount_minor",)
        )
    if billers.status == "none" and (utilities := utility_billers(turn.folded, snapshot)):
        # "pay the utility bill": which of the utilities is asked
        trace.append(TraceItem("understand", "utility_bill", turn.folded, " ".join(c.id for c in utilities)))
        return replace(
            base, slots=slots, candidates=utilities, ambiguous_slot="biller_id", trace=tuple(trace)
        )
    return replace(base, slots=slots, trace=tuple(trace))
