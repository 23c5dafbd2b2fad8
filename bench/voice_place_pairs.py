"""Round 12's rule (the near-miss name rule, `hear:name`, rewrites the transcript only where a name goes:
`hearing_place`), paired line by line: each file decoded once, heard without and with it.

    PYTHONPATH=src python bench/voice_place_pairs.py --sets unseen --hyps bench/results/hyps_dev.pkl
    TELLER_SHARED=../shared PYTHONPATH=src python bench/voice_place_pairs.py --sets golden \
        --hyps bench/results/hyps_dev.pkl                                    # also tuned on
    PYTHONPATH=src python bench/voice_place_pairs.py --sets unseen2,unseen3 \
        --hyps bench/results/hyps_blind.pkl                                  # blind: aggregates only

"Before" is main's hearing before round 12 (a near-miss name put in wherever it is heard), "after" as
shipped; both from the same decode, scored as `voice_path.py` scores a turn (the loop is `voice_pairs.py`'s).
Writes bench/results/voice_place_pairs.json (per line only for the development set's tuned voices) and
prints the table.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from unittest import mock

from teller.voice import hearing
from teller.voice.asr import Hypothesis
from voice_pairs import HERE, Pairs, main


@contextmanager
def without_round12(hyp: Hypothesis) -> Iterator[Hypothesis]:
    """Hearing as it was before round 12: a near-miss name is put in wherever it is heard."""
    with mock.patch.object(hearing, "_in_place", lambda *args: True):
        yield hyp


PAIRS = Pairs(
    out=HERE / "results" / "voice_place_pairs.json",
    before=without_round12,
    fired=lambda before, after: before[2] != after[2],
    changed="round 12 changed",
)

if __name__ == "__main__":
    raise SystemExit(main(PAIRS, __doc__ or ""))
