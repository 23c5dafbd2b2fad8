"""Round 9's rules (amount rivals that are pieces of the heard amount: "grant" right after a bare number is
"grand", `hear:word`; a reading that writes the one amount in pieces, "$250 and $50 and 50 cents" for
$250.50, disputes nothing), paired line by line: each file decoded once, heard without and with them.

    PYTHONPATH=src python bench/voice_pieces_pairs.py --sets unseen --hyps bench/results/hyps_dev.pkl
    TELLER_SHARED=../shared PYTHONPATH=src python bench/voice_pieces_pairs.py --sets golden \
        --hyps bench/results/hyps_dev.pkl                                    # also tuned on
    PYTHONPATH=src python bench/voice_pieces_pairs.py --sets unseen2,unseen3 \
        --hyps bench/results/hyps_blind.pkl                                  # blind: aggregates only

"Before" is main's hearing before round 9 (both rules switched off here), "after" as shipped; both from
the same decode, scored as `voice_path.py` scores a turn (the loop is `voice_pairs.py`'s). Writes
bench/results/voice_pieces_pairs.json (per line only for the development set's tuned voices) and prints
the table.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from unittest import mock

from teller.voice import hearing_numbers, hearing_words
from teller.voice.asr import Hypothesis
from voice_pairs import HERE, Pairs, main


@contextmanager
def without_round9(hyp: Hypothesis) -> Iterator[Hypothesis]:
    """Hearing as it was before round 9: "grant" stays, only pieces that add up are one amount."""
    with (
        mock.patch.object(hearing_words, "_grand", lambda text, changes: text),
        mock.patch.object(hearing_numbers, "_pieces", lambda whole: set()),
    ):
        yield hyp


PAIRS = Pairs(
    out=HERE / "results" / "voice_pieces_pairs.json",
    before=without_round9,
    fired=lambda before, after: before[2] != after[2],
    changed="round 9 changed",
)

if __name__ == "__main__":
    raise SystemExit(main(PAIRS, __doc__ or ""))
