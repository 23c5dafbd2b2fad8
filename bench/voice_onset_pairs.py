"""Round 8's rule (the money verb lost at the onset of speech, `hear:onset`: "And 12,400 yen to Suzuki
Ichiro." → "Send …", "Hey, Xfinity …" → "Pay …"), paired line by line: each file decoded once, heard
without and with it.

    PYTHONPATH=src python bench/voice_onset_pairs.py --sets unseen --hyps bench/results/hyps_dev.pkl
    TELLER_SHARED=../shared PYTHONPATH=src python bench/voice_onset_pairs.py --sets golden \
        --hyps bench/results/hyps_dev.pkl                                    # also tuned on
    PYTHONPATH=src python bench/voice_onset_pairs.py --sets unseen2,unseen3 \
        --hyps bench/results/hyps_blind.pkl                                  # blind: aggregates only

"Before" is main's hearing before round 8 (`hear:onset` switched off here), "after" as shipped; both from
the same decode, scored as `voice_path.py` scores a turn (the loop is `voice_pairs.py`'s). Writes
bench/results/voice_onset_pairs.json (per line only for the development set's tuned voices) and prints
the table.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from unittest import mock

from teller.voice import hearing
from teller.voice.asr import Hypothesis
from voice_pairs import HERE, Pairs, main


@contextmanager
def without_round8(hyp: Hypothesis) -> Iterator[Hypothesis]:
    """Hearing as it was before round 8: no verb written in at the onset."""
    with mock.patch.object(hearing, "onset_verb", lambda *_: None):
        yield hyp


PAIRS = Pairs(
    out=HERE / "results" / "voice_onset_pairs.json",
    before=without_round8,
    fired=lambda before, after: before[2] != after[2],
    changed="round 8 changed",
)

if __name__ == "__main__":
    raise SystemExit(main(PAIRS, __doc__ or ""))
