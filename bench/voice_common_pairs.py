"""Round 14, paired line by line: each file decoded once, heard as main heard it and as round 14 hears it
(a near miss made only of common words put right only where a name goes; a stretch never across a
number's letters; a disputed amount's reading written beside the amount it disputes).

    TELLER_SHARED=/work/shared PYTHONPATH=src python bench/voice_common_pairs.py --sets unseen,golden \\
        --hyps bench/results/hyps_dev.pkl
    TELLER_SHARED=/work/shared PYTHONPATH=src python bench/voice_common_pairs.py --sets commonwords \\
        --voices piper,espeak,flite-rms --hyps bench/results/hyps_common.pkl

"commonwords" (`bench/data/voice_commonwords.jsonl`) is the 30 typed development lines whose outcome
`hear:name` changed when heard word for word on main (`bench/voice_keys_probe.py`), spoken by the
development voices: round 12 found the development decodes held one such word spoken ("count"). "Before"
takes round 14 out (`hearing._a_word_not_a_name` never true, a stretch may end on a number's letters,
`hearing_numbers._paired` always the first amount); "after" is the code as shipped. Scored as
`voice_path.py` scores a turn (`voice_pairs.py`'s loop); `round 14 changed` counts lines whose text run
differs. Development sets and voices only; pure text, nothing about latency.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from unittest import mock

from teller.voice import hearing, hearing_numbers
from teller.voice.asr import Hypothesis
from voice_pairs import HERE, Pairs, main


@contextmanager
def as_main() -> Iterator[None]:
    """Hearing as main had it before round 14: common words taken for a name anywhere, a stretch across
    "$3k", an amount's other reading written beside the first amount."""
    with (
        mock.patch.object(hearing, "_a_word_not_a_name", lambda text, near, ear: False),
        mock.patch.object(hearing, "_across_number", lambda text, chunk: False),
        mock.patch.object(hearing_numbers, "_paired", lambda i, theirs, mine: 0),
    ):
        yield


@contextmanager
def before_round14(hyp: Hypothesis) -> Iterator[Hypothesis]:
    with as_main():
        yield hyp


PAIRS = Pairs(
    out=HERE / "results" / "voice_common_pairs.json",
    before=before_round14,
    fired=lambda before, after: before[2] != after[2],
    changed="round 14 changed",
    detail=lambda which, held_out: which in ("unseen", "golden", "commonwords") and not held_out,
)

if __name__ == "__main__":
    raise SystemExit(main(PAIRS, __doc__ or ""))
