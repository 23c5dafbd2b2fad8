"""Round 13 (a heard stretch rewritten where it was heard, not at the first occurrence of its letters),
paired line by line: each file decoded once, heard as main heard it and as round 13 hears it.

    TELLER_SHARED=/work/shared PYTHONPATH=src python bench/voice_where_pairs.py --sets unseen,golden \
        --hyps bench/results/hyps_dev.pkl

"Before" puts a near-miss name (`hear:name`, and the second look's readings through `ear_fix`) at the first
occurrence of the heard letters (`text.replace(span, name, 1)`) and lets the forced look find its heard words
by `text.find`, as main did up to round 12, and takes a number's letters ("th" of "15th") for a stretch that
may be a name; "after" is the code as shipped. Both from the same decode, scored
as `voice_path.py` scores a turn (the loop is `voice_pairs.py`'s); `round 13 changed` counts lines whose text
run differs. Development sets only: per line for the development voices of unseen and golden. Pure text,
nothing about latency.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any
from unittest import mock

from teller.voice import hearing, hearing_forced
from teller.voice.asr import Hypothesis
from voice_pairs import HERE, Pairs, main


@contextmanager
def first_occurrence() -> Iterator[None]:
    """Hearing as main had it before round 13: every rewrite at the first occurrence of the heard letters."""
    looked = hearing_forced.forced_names

    def forced_names(text: str, forced: Any, index: Any, *, fixed: Any = None, places: Any = None) -> Any:
        return looked(text, forced, index, fixed=fixed)  # where hearing put a name: found again by search

    with (
        mock.patch.object(hearing, "_put", lambda text, at, heard, put: text.replace(heard, put, 1)),
        mock.patch.object(hearing, "forced_names", forced_names),
        mock.patch.object(hearing_forced, "slot_at", lambda text, words: text.find(words)),
        mock.patch.object(hearing, "_numbers_letters", lambda text, start: False),
    ):
        yield


@contextmanager
def before_round13(hyp: Hypothesis) -> Iterator[Hypothesis]:
    with first_occurrence():
        yield hyp


PAIRS = Pairs(
    out=HERE / "results" / "voice_where_pairs.json",
    before=before_round13,
    fired=lambda before, after: before[2] != after[2],
    changed="round 13 changed",
    detail=lambda which, held_out: which in ("unseen", "golden") and not held_out,
)

if __name__ == "__main__":
    raise SystemExit(main(PAIRS, __doc__ or ""))
