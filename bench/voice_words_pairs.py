"""Round 6's rules (the grammar's own words, card digits, amounts in pieces, "for the $5"), paired line by
line: each file decoded once, heard without and with them.

    PYTHONPATH=src python bench/voice_words_pairs.py --sets unseen            # the development set
    PYTHONPATH=src python bench/voice_words_pairs.py --sets unseen2,unseen3   # blind: aggregates only

Each file of the sets (English, every voice × channel) is decoded whole by the production recognizer
(tiny.en, beam 2, both second looks, the forced look) and heard as a spoken turn hears it (hearing,
repairs, "and lock" / lock-or-unlock: the steps of `session.Listener._heard` and `_finish`) twice: with
round 6's rules switched off here ("before": `hear:word`, `hear:number`, the "for the $5" doubt and the
card-digit exemption taken out, which is main's hearing before round 6) and as shipped ("after"). Each
transcript is run by the text pipeline (act=False) and scored against the typed turn as `voice_path.py`
scores it: same outcome, confidently wrong, names right, amounts right, invented names. One decode a
file, so the difference is round 6's alone; nothing about latency. Writes
bench/results/voice_words_pairs.json (per line only for the development set: the blind sets' lines stay
unread) and prints the table. The loop is `voice_pairs.py`'s.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from contextlib import contextmanager
from unittest import mock

from teller.voice import hearing, hearing_numbers
from teller.voice.asr import Hypothesis
from voice_pairs import HERE, Pairs, main

ROUND6 = {"hear:word", "hear:number"}


@contextmanager
def without_round6(hyp: Hypothesis) -> Iterator[Hypothesis]:
    """Hearing as it was before round 6: no grammar words, no joined pieces, no "for the $5" doubt, and a
    card number's later digits counted as amounts again."""
    with (
        mock.patch.object(hearing, "grammar_words", lambda text, *_: (text, [])),
        mock.patch.object(hearing, "plain", lambda text, *_: text),
        mock.patch.object(hearing, "joined", lambda text: None),
        mock.patch.object(hearing, "split_forty", lambda text: None),
        mock.patch.object(hearing_numbers, "_REFERENCE_RUN", re.compile(r"(?!x)x")),
    ):
        yield hyp


PAIRS = Pairs(
    out=HERE / "results" / "voice_words_pairs.json",
    before=without_round6,
    fired=lambda before, after: before[2] != after[2],
    changed="round 6 changed",
)

if __name__ == "__main__":
    raise SystemExit(main(PAIRS, __doc__ or ""))
