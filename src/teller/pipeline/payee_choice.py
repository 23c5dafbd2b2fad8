"""Which of several payees whose names sound the same: asked by what tells them apart, answered by it.
Pure functions over the customer's snapshot (issue 15, voice round 10).

Spoken, "Which one do you mean: Sarah Johnson, Sara Jonson?" is no question a customer can answer: read
back, both names sound the same (and so do Steven Phillips / Stephen Philips, Sato Ken / Saito Ken — the
registered sound-alikes voice asks about since round 7). What tells them apart is what the customer knows
of each: the bank and the account's last digits.

- `told_apart(candidates, snapshot)`: the names a question lists, each payee whose name sounds the same as
  another's in the question (one Metaphone key of the Latin name, or of the romaji of its reading) shown
  with its bank and last digits ("Steven Phillips (PNC ···2468)"), and those payees as choices for
  `TurnResult.data["payee_choices"]`; names that sound different are listed as before, with no choices.
- `pick(answer, choices)`: the one choice an answer names by its bank, its last digits or its registered
  name, with nothing else said but the words around such an answer ("the … one", "ending in", "please",
  の方, です); None when it names none, several, or says anything more (a new request is its own turn).
- `with_payee(previous, choices, chosen)`: the previous request with the chosen payee's registered name
  where the name asked about stood: the heard words before the names hearing wrote in that sound as they do
  ("Pay Sara Johnson (or Sarah Johnson or Sara Jonson), 50 bucks." → "Pay Sara Jonson, 50 bucks."), else a
  choice's registered name; an amount written in ("$16 (or $60)") stays, so it is still asked about. None
  when no name asked about stands in it (the session then puts the name after "to").
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any

from teller.names.keys import kana_to_romaji, metaphone
from teller.normalize.text import fold

Choice = Mapping[str, Any]  # {"recipient_id", "display_name", "bank", "account_last4"}

# What may stand around a bank, last digits or a name that answers "which one?"
_AROUND = re.compile(
    r"(?:\s|[,.!?、。！？]|\bthe\b|\bone\b|\bat\b|\bwith\b|\bin\b|\bending\b|\bends\b|\blast\b|\bdigits\b"
    r"|\baccount\b|\bbank\b|\bplease\b|\bthanks\b|\bi mean\b|\bi meant\b|\bit'?s\b|\bthat\b|\bto\b"
    r"|のほう|の方|の人|さん|です|でお願いします|お願いします|口座|末尾|番号|の|で)*"
)
_WRITTEN_IN = re.compile(r"\s*[(（](?:or|または)\s*([^)）]*)[)）]")
_WORD = re.compile(r"[A-Za-z][A-Za-z'-]*")
_MOST_WORDS = 4  # heard words a payee's name may span before the readings written in beside it


def told_apart(
    candidates: Sequence[tuple[str, str]], snapshot: Any
) -> tuple[list[str], list[dict[str, str]]]:
    """(names to list, choices) for a question among `candidates` ((id, display name), in order)."""
    payees = {i: snapshot.payee(i) for i, _ in candidates}
    keys = {i: _key(p) for i, p in payees.items() if p is not None and p.bank and p.account_last4}
    alike = {i for i, k in keys.items() if k and list(keys.values()).count(k) > 1}
    names = [
        f"{name} ({payees[i].bank} ···{payees[i].account_last4})" if i in alike else name
        for i, name in candidates
    ]
    choices = [
        {
            "recipient_id": i,
            "display_name": payees[i].display_name,
            "bank": payees[i].bank,
            "account_last4": payees[i].account_last4,
        }
        for i, _ in candidates
        if i in alike
    ]
    return names, choices


def pick(answer: str, choices: Sequence[Choice]) -> Choice | None:
    """The one choice `answer` names by bank, last digits or name, and says nothing else (docstring)."""
    folded = fold(answer)
    # as a recognizer writes what was said: letters spelled out ("P.N.C."), digits grouped ("13 57")
    folded = re.sub(r"(?<=\d)[\s-](?=\d)", "", re.sub(r"(?<=\b[a-z])\.(?=[a-z]\b)", "", folded))
    named = [c for c in choices if any(_says_only(folded, way) for way in _ways(c))]
    return named[0] if len(named) == 1 else None


def with_payee(previous: str, choices: Sequence[Choice], chosen: Choice) -> str | None:
    """`previous` with `chosen`'s name where the names asked about stood, or None when none stands there.
    Only readings that are names are dropped: an amount written in ("$16 (or $60)") is still asked about."""
    name = str(chosen["display_name"])
    for m in _WRITTEN_IN.finditer(previous):  # "Sara Johnson (or Sarah Johnson or Sara Jonson)"
        listed = _names_listed(m)
        # the heard words right before the readings sound as the names listed do: the name asked about
        keys = {metaphone(_letters(n)) for n in listed}
        words = list(_WORD.finditer(previous, 0, m.start()))
        for k in range(min(len(words), _MOST_WORDS), 0, -1):
            start = words[-k].start()
            if metaphone(_letters(previous[start : m.start()])) in keys:
                return previous[:start] + name + previous[m.end() :]
    text = _WRITTEN_IN.sub(lambda m: "" if _names_listed(m) else m.group(0), previous)
    for c in choices:
        at = re.search(re.escape(str(c["display_name"])).replace(r"\ ", r"\s*"), text, flags=re.I)
        if at is not None:
            return text[: at.start()] + name + text[at.end() :]
    return None


def _names_listed(written: re.Match[str]) -> list[str]:
    """The names a reading written in lists ("(or Sarah Johnson or Sara Jonson)"); none for an amount's."""
    listed = [n for n in re.split(r"\s+or\s+|\s*または\s*", written.group(1)) if n.strip()]
    if not listed or any(re.search(r"\d|[$¥€£円]", n) or not _letters(n) for n in listed):
        return []
    return listed


def _key(payee: Any) -> str:
    """The sound key of a payee's name: Metaphone of its Latin letters, else of the romaji of its reading."""
    latin = payee.latin or (payee.display_name if payee.display_name.isascii() else "")
    if not latin and payee.reading_kana:
        latin = kana_to_romaji(payee.reading_kana.replace(" ", "").replace("\u3000", "")) or ""
    letters = _letters(latin)
    return metaphone(letters) if letters else ""


def _ways(choice: Choice) -> list[str]:
    """How an answer may name a choice: bank, last digits, registered names."""
    return [str(choice["bank"]), str(choice["account_last4"]), *_names(choice)]


def _names(choice: Choice) -> list[str]:
    return [str(choice["display_name"])]


def _says_only(folded: str, way: str) -> bool:
    """Whether `folded` says `way` (whole words; digits not inside a longer number) and nothing else."""
    said = fold(way)
    if not said:
        return False
    edge = r"(?<!\d)" if said.isdigit() else r"(?<![a-z])" if said[:1].isascii() else ""
    tail = r"(?!\d)" if said.isdigit() else r"(?![a-z])" if said[-1:].isascii() else ""
    pattern = edge + re.escape(said).replace(r"\ ", r"\s*") + tail
    found = re.search(pattern, folded)
    if found is None:
        return False
    return _AROUND.fullmatch(folded[: found.start()] + " " + folded[found.end() :]) is not None


def _letters(text: str) -> str:
    return "".join(ch for ch in fold(text) if ch.isalpha())
