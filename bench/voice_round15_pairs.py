"""Round 15, paired line by line: each file decoded once, heard as round 14 heard it and as round 15 hears it
(a -teen/-ty twin the second look heard at all disputes the amount; the second look at an amount speaks for
an n-best choice that names the same amounts; a second-look reading in which another registered name
stands for the heard name and the word after it — "Kristen the day" for "Chris in the day" — disputes the
name at any share; the n-best scores a transcript naming several registered names, each in full at its
own place, as one naming one: "… the water bill … Verizon" is not traded for "… the water bill … for your
eyes"; a given name heard whole — "John" — is no near miss of another registered name: not Johnson).

    TELLER_SHARED=/work/shared PYTHONPATH=src python bench/voice_round15_pairs.py --sets unseen,golden \\
        --hyps bench/results/hyps_dev.pkl
    TELLER_SHARED=/work/shared PYTHONPATH=src python bench/voice_round15_pairs.py --sets commonwords \\
        --voices piper,espeak,flite-rms --hyps bench/results/hyps_common.pkl

"Before" takes round 15 out by mocks in the same process (`as_round14`); "after" is the code as shipped.
Scored as `voice_path.py` scores a turn (`voice_pairs.py`'s loop); `round 15 changed` counts lines whose
text run differs. Development sets and voices only (flite slt in the aggregates, never read line by line);
pure text, nothing about latency.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from unittest import mock

from teller.voice import hearing, hearing_names, hearing_numbers
from teller.voice.asr import Hypothesis
from voice_pairs import HERE, Pairs, main


@contextmanager
def as_round14() -> Iterator[None]:
    """Hearing as round 14 had it: a twin disputes only over the share, the second look read only when the
    n-best kept the first transcript, a name split another way only over the share, several names said in
    full scored as a choice, a given name heard whole put right as a near miss."""
    with (
        mock.patch.object(hearing_numbers, "twins", lambda a, b: False),
        mock.patch.object(hearing, "_same_amounts", lambda text, best: text == best),
        mock.patch.object(hearing_names, "_split", lambda text, end, tail, start, stop: False),
        mock.patch.object(hearing, "_said_apart", lambda candidates: False),
        mock.patch.object(hearing, "_another_given_name", lambda span, put: False),
    ):
        yield


@contextmanager
def before_round15(hyp: Hypothesis) -> Iterator[Hypothesis]:
    with as_round14():
        yield hyp


PAIRS = Pairs(
    out=HERE / "results" / "voice_round15_pairs.json",
    before=before_round15,
    fired=lambda before, after: before[2] != after[2],
    changed="round 15 changed",
    detail=lambda which, held_out: which in ("unseen", "golden", "commonwords") and not held_out,
)

if __name__ == "__main__":
    raise SystemExit(main(PAIRS, __doc__ or ""))
