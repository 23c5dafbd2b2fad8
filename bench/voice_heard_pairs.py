"""Round 7's rules (a registered name with a registered sound-alike asks which; a lock of a card already
locked asks lock or unlock), paired line by line: each file decoded once, heard without and with them.

    PYTHONPATH=src python bench/voice_heard_pairs.py --sets unseen            # the development set
    TELLER_SHARED=../shared PYTHONPATH=src python bench/voice_heard_pairs.py --sets golden   # also tuned on
    PYTHONPATH=src python bench/voice_heard_pairs.py --sets unseen2,unseen3   # blind: aggregates only

"Before" is main's hearing before round 7 (`hear:sound_alike` and `hear:card_state` switched off here),
"after" as shipped; both from the same decode, scored as `voice_path.py` scores a turn (the loop is
`voice_pairs.py`'s). Writes bench/results/voice_heard_pairs.json (per line only for the development set's
tuned voices) and prints the table.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from unittest import mock

from teller.voice import hearing
from teller.voice.asr import Hypothesis
from voice_pairs import HERE, Pairs, main


@contextmanager
def without_round7(hyp: Hypothesis) -> Iterator[Hypothesis]:
    """Hearing as it was before round 7: no registered sound-alike written in, no card-state question."""
    with (
        mock.patch.object(hearing, "alike_doubt", lambda *_: None),
        mock.patch.object(hearing, "locked_lock", lambda *_: None),
    ):
        yield hyp


PAIRS = Pairs(
    out=HERE / "results" / "voice_heard_pairs.json",
    before=without_round7,
    fired=lambda before, after: before[1] != after[1],
    changed="round 7 changed",
)

if __name__ == "__main__":
    raise SystemExit(main(PAIRS, __doc__ or ""))
