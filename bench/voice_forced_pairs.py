"""Round 5's forced look, paired line by line: each file decoded once, heard without and with the look.

    PYTHONPATH=src python bench/voice_forced_pairs.py --sets unseen            # the development set
    PYTHONPATH=src python bench/voice_forced_pairs.py --sets unseen2,unseen3   # blind: aggregates only

Each file of the sets (English, every voice × channel) is decoded whole by the production recognizer
(tiny.en, beam 2, both second looks, the forced look) and heard as a spoken turn hears it (hearing,
repairs, "and lock" / lock-or-unlock: the steps of `session.Listener._heard` and `_finish`) twice: with
`Hypothesis.forced` emptied ("before": the code before round 5, whose hearing is the same without those
scores) and as decoded ("after"). Each transcript is run by the text pipeline (act=False) and scored
against the typed turn as `voice_path.py` scores it: same outcome, confidently wrong, names right (of
lines whose typed turn names a payee or biller), invented names. Both come from one decode, so the
difference is the forced look's alone. It is cheaper than `voice_path.py`'s replayed stream (one decode
a file instead of one at each pause) and says nothing about latency. Writes
bench/results/voice_forced_pairs.json (per line: only for the development set, so the blind sets'
lines stay unread) and prints the table. The loop is `voice_pairs.py`'s.
"""

from __future__ import annotations

import dataclasses
from contextlib import nullcontext

from voice_pairs import HERE, Pairs, main

FORCED = {"hear:forced_name", "hear:forced_rival", "hear:verb"}

PAIRS = Pairs(
    out=HERE / "results" / "voice_forced_pairs.json",
    before=lambda hyp: nullcontext(dataclasses.replace(hyp, forced=())),
    fired=lambda before, after: bool(set(after[1]) & FORCED),
    changed="look changed",
    amounts=False,
    # as written in round 5: the development set's held-out voice's lines too
    detail=lambda which, held_out: which == "unseen",
    extra=lambda hyp: {"forced": [list(f) for f in hyp.forced]},
)

if __name__ == "__main__":
    raise SystemExit(main(PAIRS, __doc__ or ""))
