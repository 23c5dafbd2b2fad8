"""The names stage: which payees and billers the turn mentions, found once per turn.

The amount and dates are blanked out first so that "five thousand" or "tomorrow" can never be
read as part of a name. Self-corrections are applied here too: an amount or a payee said after a
correction marker ("no wait", "いや", "じゃなくて") supersedes the one said before it, and so does one
said in a new request after a payment told about (`clauses`: "I sent Maria $30 yesterday and I need
to send her another 20").
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from decimal import Decimal

from teller.domain.trace import Extraction
from teller.names import NameIndex, NameMatch
from teller.normalize.amounts import AmountValue
from teller.normalize.numbers_ja import parse_small_number
from teller.normalize.spelling import correct_keywords
from teller.normalize.turn import NormalizedTurn
from teller.understand.amount_math import SHARES, worked_out
from teller.understand.clauses import (
    contrasted,
    refusal_marker,
    refused_after_order,
    refused_clause,
    request_marker,
    story_amounts,
)
from teller.understand.corrections import REFUSED, Marker, find_markers, set_aside, supersede
from teller.understand.slots import amounts_outside_dates, find_amount, told_of_earlier_period

Span = tuple[int, int]
_POSSESSIVE = re.compile(r"(?<=[a-z])'s\b")
# The phone as a call, not a bill: 電話中 (on a call), 電話して, 電話で, "on the phone", "a phone call".
_PHONE_CALL = re.compile(
    r"(?:電話|でんわ)(?=中|して|する|した|しま|しな|が(?:あ|来|き|鳴|かか)|で|に出|をかけ|かけ)|"
    r"\b(?:on|over|by) the phone\b|\bphone calls?\b|\bphone (?:rang|rings|ringing)\b"
)


def _without_phone_calls(text: str) -> str:
    """`text` with the phone as a call blanked (same length): no phone bill is named by it."""
    return _PHONE_CALL.sub(lambda m: " " * len(m.group()), text)


@dataclass(frozen=True, slots=True)
class Evidence:
    amount: Extraction[AmountValue] | None
    residual: str  # folded text without the amount and dates
    payees: NameMatch
    billers: NameMatch
    index: NameIndex
    markers: tuple[Marker, ...] = ()
    superseded: tuple[Span, ...] = ()  # what a correction replaced: explained, never used
    contrasted: tuple[Span, ...] = ()  # values said after "not" in a clause of their own ("…, not 400")
    qualifiers: tuple[Span, ...] = ()  # what told namesakes apart (ゆうちょの佐藤さん): explained


def _span(e: Extraction[AmountValue] | None) -> Span | None:
    return (e.start, e.end) if e is not None else None


# A share of the one amount told: "david paid $60 for the tickets, send him half", タクシー代3000円を払って
# くれたから半分送って. The share is what the money verb sends, and the one amount said before that verb is
# the story's; with several amounts said (or a share that is no whole number of minor units) it is not read.
_SHARE = re.compile(
    r"\b(?P<verb>send|pay|give|transfer|wire|venmo|zelle)\s+(?:[a-z'-]+\s+){0,3}?"
    r"(?P<en>half|a third|one third|a quarter|one quarter)(?![a-z])"
    r"(?! (?:of )?(?:a |an |the )?(?:grand|thousand|hundred|million|k|dollars?|bucks|yen)\b)|"
    r"(?P<ja>半分|半額|3分の1|三分の一|4分の1|四分の一)(?:を|だけ)?(?=[^、。,.!?]*?(?:送|振り?込|払|返))"
)
# A share of an amount split N ways: "we split the $60 cab three ways, send her my share", 3人で割り勘だから
# 私の分送って. The count of ways is no amount; the share is the one amount told over it.
_MY_SHARE = re.compile(
    r"\b(?:my|his|her|our) (?:share|part|cut|portion)\b|"
    r"(?:私|わたし|自分|僕|俺|うち)の分(?:を|だけ)?(?=[^、。,.!?]*?(?:送|振り?込|払|返))"
)
_SPLIT_WAYS = re.compile(
    r"\bsplit(?:ting)? (?:it |that |this |the [a-z]+ )?(?P<en>[a-z0-9]+) ways\b|"
    r"\b(?:between|among) (?:the )?(?P<us>[a-z0-9]+) of us\b|"
    r"(?P<ja>[0-9]+|[二三四五六七八九])人で(?:割り勘|割って|割る|割った|分け)"
)


def _ways(found: re.Match[str]) -> int | None:
    said = found["en"] or found["us"] or found["ja"]
    return parse_small_number(said)


def _share_of_said(turn: NormalizedTurn) -> tuple[Extraction[AmountValue], list[Span]] | None:
    found = _SHARE.search(turn.folded)
    split = _SPLIT_WAYS.search(turn.folded)
    mine = _MY_SHARE.search(turn.folded) if split is not None and found is None else None
    if mine is not None and split is not None:
        ways, counted = _ways(split), [split.span()]
        start, end, word, at = mine.start(), mine.end(), mine.group(), mine.start()
    elif found is not None:
        part = "en" if found["en"] else "ja"
        start, end, word, at = found.start(part), found.end(part), found[part], found.start()
        ways, counted = SHARES[word], []
    else:
        return None
    if ways is None or ways < 2:
        return None
    said = [a for a in amounts_outside_dates(turn) if not any(s <= a.start < e for s, e in counted)]
    if any(a.start < end and start < a.end for a in said):
        return None  # "half a grand" is an amount of its own
    before = [a for a in said if a.end <= at]
    if len(said) != 1 or len(before) != 1 or before[0].value.currency is None:
        return None
    told = before[0]
    value = told.value.major / ways
    minor = Decimal(1) if told.value.currency == "JPY" else Decimal("0.01")  # no share below a minor unit
    if value != value.quantize(minor):
        return None
    amount = AmountValue(value.quantize(minor), told.value.currency)
    return Extraction(start, end, word, amount, "share_of_said"), [(told.start, told.end), *counted]


def _corrected_amount(
    turn: NormalizedTurn, markers: tuple[Marker, ...], contrast: tuple[Span, ...]
) -> tuple[Extraction[AmountValue] | None, list[Span]]:
    """The amount to use, after corrections and amounts set aside by "not", and the spans of the
    amounts it replaced."""
    said, aside = set_aside(contrast, amounts_outside_dates(turn))
    kept, replaced = supersede(markers, said)
    told = [a for a in kept if told_of_earlier_period(turn.folded, a)]  # "the water bill was 50 last month"
    kept, replaced = [a for a in kept if a not in told], [*replaced, *told]
    story = story_amounts(turn.folded, kept)  # "…can you send maria 40? she paid $95 for the tickets"
    kept, replaced = [a for a in kept if a not in story], [*replaced, *story]
    not_these = [span for span in contrast if any(span[0] <= a.start < span[1] for a in aside)]
    amount = find_amount(turn, kept)
    if amount is not None and replaced and amount.value.currency is None:
        # "thirty dollars, no wait, forty-five": the correction keeps the currency it corrects.
        currency = next((a.value.currency for a in replaced if a.value.currency), None)
        if currency is not None:
            value = AmountValue(amount.value.major, currency)
            amount = replace(amount, value=value, rule=amount.rule + "+corrected")
    return amount, [*((a.start, a.end) for a in replaced), *not_these]


def _corrected_names(
    index: NameIndex, text: str, markers: tuple[Marker, ...], kind: str
) -> tuple[NameMatch, list[Span]]:
    """Names in `text`; when a name follows the last correction marker, only the names after it."""
    found = index.scan(text, kinds=(kind,), prefolded=True)
    if not markers or found.status == "none":
        return found, []
    for marker in reversed(markers):
        if any(c.start >= marker.end for c in found.candidates) or marker.surface == REFUSED:
            before = [(c.start, c.end) for c in found.candidates if c.end <= marker.start]
            if not before:
                return found, []
            after = " " * marker.end + text[marker.end :]
            return index.scan(after, kinds=(kind,), prefolded=True), before
    return found, []


def _told_billers(billers: NameMatch, markers: tuple[Marker, ...]) -> list[Span]:
    """The billers named only in a payment told about before a new order that names none of its own ("I
    paid the water bill yesterday. pay the gym bill", 水道代はもう払ったので、ボブさんにも払って): their
    spans; [] when the order names a biller, or there is no such order."""
    order = next((m for m in markers if m.surface == "new_request"), None)
    if order is None or not billers.candidates or any(c.start >= order.end for c in billers.candidates):
        return []
    return [(c.start, c.end) for c in billers.candidates]


def _names_set_aside(turn: NormalizedTurn, index: NameIndex) -> Span | None:
    """The clause after an order that sets a payee or biller aside ("…, not the phone bill"); None when
    there is none, or when it names nobody ("pay con ed, not the whole thing" is asked about)."""
    span = refused_after_order(turn.folded)
    if span is None:
        return None
    said = index.scan(turn.folded[: span[1]], kinds=("biller", "payee"), prefolded=True)
    return span if any(span[0] <= c.start < span[1] for c in said.candidates) else None


def _names_set_aside_by_not(index: NameIndex, text: str, contrast: tuple[Span, ...]) -> list[Span]:
    """The "not" clauses that name a payee or biller ("send 15 dollars to david lee, not maria") when one
    of the same kind is named outside them; [] otherwise."""
    found = index.scan(text, kinds=("biller", "payee"), prefolded=True).candidates
    aside: list[Span] = []
    for kind in ("biller", "payee"):
        named = [c for c in found if c.kind == kind]
        _, inside = set_aside(contrast, named)
        aside += [span for span in contrast if any(span[0] <= c.start and c.end <= span[1] for c in inside)]
    return aside


def gather(turn: NormalizedTurn, index: NameIndex) -> Evidence:
    # A new request after a payment told about supersedes that payment's values, as a correction does.
    # So does an order after a clause that says what not to do ("don't pay con ed yet, pay the water bill").
    said = (*find_markers(turn.folded), *request_marker(turn.folded), *refusal_marker(turn.folded))
    markers = tuple(sorted(said, key=lambda m: m.start))
    contrast = contrasted(turn.folded)
    amount, replaced = _corrected_amount(turn, markers, contrast)
    if (shared := _share_of_said(turn)) is not None:
        amount, replaced = shared[0], [*replaced, *shared[1]]
    elif (worked := worked_out(turn.folded, amounts_outside_dates(turn))) and {*replaced} <= {*worked.used}:
        # "$30 each for the 3 of us", "$500 minus $150": the amount worked out (None: said and not exact, so
        # asked); not where a correction or a story set one of its numbers aside
        amount, replaced = worked.amount, [*replaced, *worked.used]
    residual = turn.without(amount, *turn.dates)
    # "pay the internet bill, not the phone bill": the bill or person set aside after the order is no
    # candidate (and its words are accounted for)
    set_aside = _names_set_aside(turn, index)
    said_spans = [_span(amount), *replaced, *((d.start, d.end) for d in turn.dates), set_aside]
    blanked = turn.blanked(*said_spans)
    names_aside = _names_set_aside_by_not(index, blanked, contrast)
    if names_aside:
        blanked = turn.blanked(*said_spans, *names_aside)
    billers, _ = _corrected_names(index, _without_phone_calls(blanked), markers, "biller")
    told = _told_billers(billers, markers)
    if billers.status == "none" and turn.keywords != turn.folded:
        # "pay my electirc bill": a biller alias may be a command keyword typed with a slip.
        # Payees are only ever read from the text as typed.
        corrected = correct_keywords(residual)
        if corrected != residual:
            billers = index.scan(corrected, kinds=("biller",))
    if told:  # "I already paid the water bill, please pay bob too": the bill paid is not the new order's
        billers = NameMatch("none", (), billers.query)
    # "sarah johnson's rent is due, send her 900": the name is hers without the possessive
    payees, names_replaced = _corrected_names(index, _POSSESSIVE.sub("  ", blanked), markers, "payee")
    # "ゆうちょの佐藤さん", "sarah at wells fargo": the bank one of the namesakes is with picks them
    payees, qualifiers = index.by_bank(payees, blanked)
    if names_replaced:
        # The recipient phrase is read only from what follows the correction.
        cut = max(
            m.end for m in markers if m.surface == REFUSED or any(c.start >= m.end for c in payees.candidates)
        )
        residual = " ".join(blanked[cut:].split())
    return Evidence(
        amount=amount,
        residual=residual,
        payees=payees,
        billers=billers,
        index=index,
        markers=markers,
        # what the customer said not to do is accounted for: it is why the other one is meant
        superseded=(
            *replaced,
            *names_replaced,
            *told,
            *filter(None, [refused_clause(turn.folded), set_aside]),
            *names_aside,
        ),
        contrasted=contrast,
        qualifiers=qualifiers,
    )
