"""A condition on an event said around a command: its own clause, which says when, not what happened.

"pay the xfinity bill as soon as my refund lands", "send maria $40 once my refund comes through",
"when my refund arrives, pay the con ed bill", 返金が入り次第、電気代を払って, 返金されたら…送って: the
words of the condition clause tell when the customer wants it, so a refund or a delay said there
reports no problem (`checks.check_form`), and a clause that opens with *when* is no question about
the command after it (`forms.utterance_form`). The command still holds on its condition: Teller
cannot wait for an event (`coverage`).

All patterns run on folded text (`teller.normalize.text.fold`).
"""

from __future__ import annotations

import re

# A condition on an event, English: the marker and its subject, up to a break or the command's verb.
_CONDITION_EN = re.compile(
    r"\b(?:as soon as|once|when(?:ever)?|after|until|till|the moment|by the time|if)\s+"
    r"(?=(?:i|we|my|our|the|it|he|she|they|his|her|their)\b|(?<!if\s)you\b)"
)
# ...which ends at a break, or at a command's verb with its object after the condition's own subject
# and verb ("when my refund arrives pay the con ed bill"; "if i freeze my card can i still use apple pay"
# is one clause).
_CONDITION_END_EN = re.compile(
    r"[,;.!?]|\s(?=(?:pay|send|transfer|wire|move|lock|freeze|please|then|can you|could you)\s+\S)"
)
_OWN_WORDS = re.compile(r"\S+\s+\S+")
# Japanese: the clause before the marker (返金が入り次第、, 返金されたら, 給料が入ってから).
_CONDITION_JA = re.compile(
    r"次第|(?<=[っいしきちりみびぎれけせてねめべえ来出見])たら(?!どう)|なら|[てで]から(?=[、,\s])"
)
_CLAUSE_START_JA = re.compile(r"[、。,!?！？\s]")


# A condition on an event is said in the present ("once my refund comes through"): a clause in the
# past tells what happened ("after I transferred money the balance remained the same"), and one with
# will asks when ("let me know when I will get it").
_NOT_A_CONDITION_EN = re.compile(
    r"\b(?:will|would|won'?t|'ll|had|was|were|went|got|did|made|sent|paid|[a-z]{3,}ed)\b|\w'll\b"
)


def condition_spans(folded: str) -> list[tuple[int, int]]:
    """Where a condition on an event is said (its marker and its own words)."""
    spans: list[tuple[int, int]] = []
    for m in _CONDITION_EN.finditer(folded):
        own = _OWN_WORDS.match(folded, m.end())
        end = _CONDITION_END_EN.search(folded, own.end() if own else m.end())
        stop = end.start() if end else len(folded)
        if not _NOT_A_CONDITION_EN.search(folded, m.end(), stop):
            spans.append((m.start(), stop))
    if not folded.isascii():
        for m in _CONDITION_JA.finditer(folded):
            before = [b.end() for b in _CLAUSE_START_JA.finditer(folded, 0, m.start())]
            spans.append((before[-1] if before else 0, m.end()))
    return spans


def without_conditions(folded: str) -> str:
    """`folded` with its condition clauses blanked (positions still index it)."""
    chars = list(folded)
    for start, end in condition_spans(folded):
        chars[start:end] = " " * (end - start)
    return "".join(chars)


_BALANCE = re.compile(r"\bbalances?\b|残高|残金")
_MONEY_ORDER = re.compile(r"\b(?:pay|send|transfer|wire|move)\b|払|送|振込|振り込")


def balance_only_in_condition(folded: str) -> bool:
    """ "if my balance is over 500, pay the con ed bill", 残高が十分あるなら…送って: the balance is the
    condition; what is asked is the payment (which then holds on its condition)."""
    spans = condition_spans(folded)
    found = list(_BALANCE.finditer(folded))
    if not found or not all(any(s <= m.start() < e for s, e in spans) for m in found):
        return False
    return bool(_MONEY_ORDER.search(without_conditions(folded)))
