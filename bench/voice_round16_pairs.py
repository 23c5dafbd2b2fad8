"""Round 16, paired line by line: each file decoded once, heard as round 15 heard it and as round 16 hears it
(an amount one digit away from what is due on the bill the turn names has the amount due written in beside
it, so the turn asks: `hearing_owed`, `hear:owed`).

    TELLER_SHARED=/work/shared PYTHONPATH=src:/tmp/r7/site python bench/voice_round16_pairs.py --route \\
        --sets blind35,blind36,blind37 --voices piper,espeak,flite-rms,flite-slt,kokoro,openjtalk-mei \\
        --hyps /tmp/voice16/hyps_blind16.pkl --out bench/results/voice_round16_blind.json
    TELLER_SHARED=/work/shared PYTHONPATH=src python bench/voice_round16_pairs.py --sets unseen,golden \\
        --hyps bench/results/hyps_dev.pkl
    TELLER_SHARED=/work/shared PYTHONPATH=src python bench/voice_round16_pairs.py --sets commonwords \\
        --voices piper,espeak,flite-rms --hyps bench/results/hyps_common.pkl

"Before" takes round 16 out by a mock in the same process (`as_round15`); "after" is the code as shipped.
Scored as `voice_path.py` scores a turn (`voice_pairs.py`'s loop); `round 16 changed` counts lines whose
text run differs. Per-line detail for the development voices only (never flite slt or Open JTalk mei); pure
text, nothing about latency.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from unittest import mock

from teller.voice import hearing
from teller.voice.asr import Hypothesis
from voice_pairs import HERE, Pairs, main


@contextmanager
def as_round15() -> Iterator[None]:
    """Hearing as round 15 had it: an amount is never checked against what is due on the bill."""
    with mock.patch.object(hearing, "owed_doubt", lambda text, owed, named: None):
        yield


@contextmanager
def before_round16(hyp: Hypothesis) -> Iterator[Hypothesis]:
    with as_round15():
        yield hyp


PAIRS = Pairs(
    out=HERE / "results" / "voice_round16_pairs.json",
    before=before_round16,
    fired=lambda before, after: before[2] != after[2],
    changed="round 16 changed",
    detail=lambda which, held_out: not held_out,
)

if __name__ == "__main__":
    raise SystemExit(main(PAIRS, __doc__ or ""))
