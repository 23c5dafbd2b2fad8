"""NLU++ slot-value swaps: copies of a development row with its slot values replaced by others.

An NLU++ row carries its slots with character spans ("transfer [700£] to [guy kephart] [in 7 days]").
A copy keeps every word outside the spans and puts another value of the same slot type in each span,
so the intent model sees the shape of the request with values it has not learned ("transfer [$45]
to [mesha chung] [on Friday]"): the shape, not the value. Replacement values come from the other
development rows' spans of the same type (real customers' surface forms) and from the short lists
below (formats NLU++ uses rarely). Only rows of folds 0-7 may be passed in: the caller
(`scripts/train_intent.py --augment-nlupp N`) never hands over held-out folds.

Deterministic: the same rows, `copies` and `seed` give the same copies (one `random.Random`, rows
in input order, slot types sorted).
"""

from __future__ import annotations

import random
from collections import defaultdict
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

_EXTRA: Mapping[str, Sequence[str]] = {
    "amount_of_money": (
        "$45",
        "£1,200",
        "300 euros",
        "twenty pounds",
        "€75.50",
        "90 bucks",
        "2500 dollars",
        "£8",
        "a hundred and fifty pounds",
        "$12.99",
    ),
    "person_name": (
        "maria lopez",
        "tom",
        "priya shah",
        "kenji sato",
        "o'connor",
        "anna-lena weber",
        "dad",
        "my landlord",
        "james",
        "li wei",
    ),
    "company_name": (
        "netflix",
        "tesco",
        "uber",
        "british gas",
        "spotify",
        "the gym",
        "vodafone",
        "starbucks",
        "ikea",
        "thames water",
    ),
    "date": ("friday", "tomorrow", "the 3rd of may", "next monday", "yesterday", "the 28th"),
    "date_period": ("last month", "this year", "the past two weeks", "since january", "in march"),
    "date_from": ("the 1st", "march 3rd", "last monday", "2 weeks ago"),
    "date_to": ("the 15th", "today", "end of april", "yesterday"),
    "time": ("3pm", "half past nine", "noon", "8:15 in the morning"),
    "number": ("2", "3", "five", "ten"),
}


def swapped_copies(rows: Iterable[Mapping[str, Any]], *, copies: int, seed: int) -> list[tuple[int, str]]:
    """(index of the source row, copy text) for every row with slots; at most `copies` per row.

    A copy differs from its row and from the row's other copies; rows without slots give none.
    """
    rows = list(rows)
    pools: dict[str, set[str]] = defaultdict(set)
    for row in rows:
        for kind, slot in (row.get("slots") or {}).items():
            pools[kind].add(str(slot["text"]))
    for kind, extra in _EXTRA.items():
        pools[kind].update(extra)
    choices = {kind: sorted(values) for kind, values in pools.items()}
    rng = random.Random(seed)
    out: list[tuple[int, str]] = []
    for index, row in enumerate(rows):
        spans = _spans(row)
        if not spans:
            continue
        made: set[str] = {row["text"]}
        for _ in range(copies * 3):  # a few tries: a draw may repeat the row or an earlier copy
            if len(made) > copies:
                break
            text = _fill(row["text"], spans, choices, rng)
            if text not in made:
                made.add(text)
                out.append((index, text))
    return out


def _spans(row: Mapping[str, Any]) -> list[tuple[int, int, str]]:
    """The row's slot spans (start, end, kind), sorted, without overlaps (the first one wins)."""
    spans = sorted(
        (int(s["span"][0]), int(s["span"][1]), kind) for kind, s in (row.get("slots") or {}).items()
    )
    kept: list[tuple[int, int, str]] = []
    for start, end, kind in spans:
        if not kept or start >= kept[-1][1]:
            kept.append((start, end, kind))
    return kept


def _fill(
    text: str, spans: Sequence[tuple[int, int, str]], choices: Mapping[str, Sequence[str]], rng: random.Random
) -> str:
    parts: list[str] = []
    last = 0
    for start, end, kind in spans:
        original = text[start:end]
        options = [v for v in choices.get(kind, ()) if v.lower() != original.lower()]
        value = rng.choice(options) if options else original
        before = text[last:start]
        if before.lower().endswith("the ") and value.lower().startswith("the "):
            value = value[4:]  # "from the [the 1st]" reads "from the 1st"
        parts.append(before)
        parts.append(value)
        last = end
    parts.append(text[last:])
    return " ".join("".join(parts).split())
