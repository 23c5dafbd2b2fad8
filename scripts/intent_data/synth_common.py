"""Helpers shared by the English and Japanese phrase templates (see `synth.py`)."""

from __future__ import annotations

import itertools
import random
from collections.abc import Iterable, Sequence

N = 70  # phrases drawn per intent and language (transfers get twice as many: most slot variety)


def slot_list(spec: str) -> list[str]:
    """A slot-value list written as "a|b|c" (an empty item is an empty value)."""
    return spec.split("|")


def pick(rng: random.Random, candidates: Iterable[str], n: int) -> list[str]:
    """`n` distinct phrases drawn from all template expansions (all of them if fewer)."""
    pool = sorted(set(candidates))
    return rng.sample(pool, min(n, len(pool)))


def fill(templates: Sequence[str], **slots: Sequence[str]) -> Iterable[str]:
    """Every template with every combination of the values of the slots it names, spaces collapsed."""
    for template in templates:
        names = [k for k in slots if "{" + k + "}" in template]
        for values in itertools.product(*(slots[k] for k in names)):
            yield " ".join(template.format(**dict(zip(names, values, strict=True))).split())
