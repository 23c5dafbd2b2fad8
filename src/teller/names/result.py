"""What a name lookup returns, and the one rule that turns scored candidates into a decision."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Literal

import jellyfish

from teller.domain.understood import Candidate

EXACT = 100.0


def metaphone(word: str) -> str:
    return str(jellyfish.metaphone(word.replace(" ", "")))


@dataclass(frozen=True, slots=True)
class NameMatch:
    status: Literal["match", "clarify", "none"]
    candidates: tuple[Candidate, ...]  # best first; for "match" the first is the pick
    query: str


@dataclass(slots=True)
class Hit:
    """A scored candidate before the decision; `full` is False when only part of the name matched;
    `doubtful` when the words beside it say another person may be meant ("daniel lee" for David Lee)."""

    entry: int
    score: float
    rule: str
    matched: str
    full: bool
    start: int = 0
    end: int = 0
    doubtful: bool = False


def best_per_entry(hits: Iterable[Hit]) -> dict[int, Hit]:
    best: dict[int, Hit] = {}
    for hit in hits:
        old = best.get(hit.entry)
        if old is None or (hit.score, hit.full, hit.end - hit.start) > (
            old.score,
            old.full,
            old.end - old.start,
        ):
            best[hit.entry] = hit
    return best


def decide(
    query: str,
    hits: Iterable[Hit],
    describe: Sequence[tuple[str, Literal["payee", "biller"], str]],
    *,
    limit: int,
    score_cutoff: float,
    clarify_margin: float,
) -> NameMatch:
    """Rank, cut, and pick: a match only when one candidate stands clear of the rest.

    Several candidates within `clarify_margin` of the best mean "clarify", unless the best is the
    only exact full-name match (佐藤 健 beats 佐藤 健太 when the customer said 佐藤健).
    `describe[i]` is (id, kind, display_name) of entry i.
    """
    ranked = sorted(
        (h for h in best_per_entry(hits).values() if h.score >= score_cutoff),
        key=lambda h: (-h.score, not h.full, h.entry),
    )[: max(limit, 1)]
    if not ranked:
        return NameMatch("none", (), query)
    best = ranked[0]
    latin = [describe[h.entry][2].isascii() for h in ranked]
    close = [
        h
        for h, western in zip(ranked, latin, strict=True)
        if best.score - h.score <= clarify_margin + 1e-9 or (western and latin[0] and _sounds_alike(best, h))
    ]
    unique_exact = best.full and best.score >= EXACT and (len(close) == 1 or close[1].score < EXACT)
    if (len(close) == 1 or unique_exact) and not best.doubtful:
        return NameMatch("match", _candidates(ranked, describe), query)
    return NameMatch("clarify", _candidates(close, describe), query)


def _sounds_alike(best: Hit, other: Hit) -> bool:
    """Part of a Western name said aloud cannot tell Sarah from Sara or O'Neil from O'Neill: both are close.

    (Japanese names are kept apart by their kana and romaji keys; Metaphone would fold sato into saito.)
    """
    if best.full or other.full or not best.matched.isascii() or not other.matched.isascii():
        return False
    return best.matched != other.matched and metaphone(best.matched) == metaphone(other.matched)


def _candidates(
    hits: Sequence[Hit],
    describe: Sequence[tuple[str, Literal["payee", "biller"], str]],
) -> tuple[Candidate, ...]:
    out = []
    for h in hits:
        id_, kind, display = describe[h.entry]
        start, end = h.start, h.end
        out.append(
            Candidate(id_, kind, display, round(min(h.score, EXACT), 2), h.rule, h.matched, start, end)
        )
    return tuple(out)
