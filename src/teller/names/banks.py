"""A payee's bank as a qualifier of their name: ゆうちょの佐藤さん, "sarah at wells fargo".

Two payees who share a name are told apart by the bank each is registered with, when the customer
says it. Only the bank of exactly one of the namesakes picks; a bank none of them uses picks nobody.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import replace

from teller.domain.understood import Candidate
from teller.names.result import NameMatch
from teller.normalize.text import fold

Span = tuple[int, int]
# What a bank's name may be said without: みずほ銀行 is みずほ, Citibank is Citi, "the Chase bank" Chase.
_SUFFIX = re.compile(r"(?:\s*(?:銀行|ぎんこう|bank))$")
_SHORTEST = 2
BANK_RULE = "+bank"  # appended to the rule of a candidate picked by their bank


def bank_forms(bank: str | None) -> tuple[str, ...]:
    """The folded ways a bank's name is said: its whole name and the name without 銀行 / "bank"."""
    if not bank:
        return ()
    whole = fold(bank)
    short = _SUFFIX.sub("", whole).strip()
    return tuple(dict.fromkeys(f for f in (whole, short) if len(f) >= _SHORTEST))


def mentions(text: str, forms: Sequence[str]) -> list[Span]:
    """Where `text` (folded) says one of `forms`: Latin forms as whole words, Japanese ones anywhere."""
    spans: list[Span] = []
    for form in sorted(forms, key=len, reverse=True):
        pattern = rf"(?<![a-z0-9]){re.escape(form)}(?![a-z0-9])" if form.isascii() else re.escape(form)
        for m in re.finditer(pattern, text):
            if not any(s < m.end() and m.start() < e for s, e in spans):
                spans.append(m.span())
    return spans


def narrow_by_bank(
    match: NameMatch,
    text: str,
    forms_of: dict[str, tuple[str, ...]],
    payees: Sequence[Candidate] = (),
) -> tuple[NameMatch, tuple[Span, ...]]:
    """The namesakes in `match` weighed against the bank `text` (folded) says, and where it says it.

    A "clarify" becomes a match when the bank said is that of exactly one candidate; a match whose own
    bank is not said, but a namesake's is ("sarah johnson at ally", where Sara Jonson banks; 佐藤健さん、
    ゆうちょの方に, where 佐藤 健太 does), becomes a "clarify" between them. `forms_of` maps a payee id to its
    bank's forms; `payees` are every payee, for namesakes the match did not list."""
    if match.status == "none":
        return match, ()
    names = [(c.start, c.end) for c in match.candidates]
    said: dict[str, list[Span]] = {}
    for c in match.candidates:
        spans = [
            span
            for span in mentions(text, forms_of.get(c.id, ()))
            if not any(s < span[1] and span[0] < e for s, e in names)
        ]
        if spans:
            said[c.id] = spans
    first = match.candidates[0]
    if match.status == "match":
        if first.id in said:
            return match, tuple(said[first.id])
        listed = {c.id for c in match.candidates}
        kin = [p for p in payees if p.id not in listed and _share_a_name(p.display_name, first.display_name)]
        pool = [*match.candidates[1:], *(p for p in kin if mentions(text, forms_of.get(p.id, ())))]
        mine = set(forms_of.get(first.id, ()))
        others = tuple(
            replace(c, rule=c.rule + BANK_RULE)
            for c in pool
            if (c.id in said or c.id not in listed) and not mine & set(forms_of.get(c.id, ()))
        )
        return (NameMatch("clarify", (first, *others), match.query), ()) if others else (match, ())
    if len(said) != 1:
        return match, ()
    ((pick, spans),) = said.items()
    chosen = next(c for c in match.candidates if c.id == pick)
    rest = tuple(c for c in match.candidates if c.id != pick)
    return NameMatch("match", (replace(chosen, rule=chosen.rule + BANK_RULE), *rest), match.query), tuple(
        spans
    )


def decided_by_bank(match: NameMatch) -> bool:
    """Whether the bank said beside the name picked this match, or made it a question."""
    return any(c.rule.endswith(BANK_RULE) for c in match.candidates)


def _share_a_name(one: str, other: str) -> bool:
    """Whether two display names have a word in common (佐藤 健 and 佐藤 健太 share 佐藤)."""
    return bool(set(fold(one).split()) & set(fold(other).split()))
