"""Round 10's rule (a heard word where a payee or biller stands with the exact sound key of the customer's own
name: "Tacoma" for docomo, `hear:sound_key`), paired line by line: each file decoded once, heard without and
with it.

    PYTHONPATH=src python bench/voice_keys_pairs.py --sets unseen --hyps bench/results/hyps_dev.pkl
    TELLER_SHARED=../shared PYTHONPATH=src python bench/voice_keys_pairs.py --sets golden \
        --hyps bench/results/hyps_dev.pkl                                    # also tuned on
    PYTHONPATH=src python bench/voice_keys_pairs.py --sets unseen2,unseen3 \
        --hyps bench/results/hyps_blind.pkl                                  # blind: aggregates only

"Before" is main's hearing before round 10 (the rule switched off here), "after" as shipped; both from the
same decode, scored as `voice_path.py` scores a turn (the loop is `voice_pairs.py`'s). Writes
bench/results/voice_keys_pairs.json (per line only for the development set's tuned voices) and prints the
table.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from unittest import mock

from teller.voice import hearing
from teller.voice.asr import Hypothesis
from voice_pairs import HERE, Pairs, main


@contextmanager
def without_round10(hyp: Hypothesis) -> Iterator[Hypothesis]:
    """Hearing as it was before round 10: no heard word is taken for a name by its sound key alone."""
    with mock.patch.object(hearing, "same_key", lambda *args: None):
        yield hyp


PAIRS = Pairs(
    out=HERE / "results" / "voice_keys_pairs.json",
    before=without_round10,
    fired=lambda before, after: before[2] != after[2],
    changed="round 10 changed",
)

if __name__ == "__main__":
    raise SystemExit(main(PAIRS, __doc__ or ""))
