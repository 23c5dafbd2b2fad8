"""Round 16, paired line by line: each file decoded once, heard as round 15 heard it and as round 16 hears it
(an amount one digit away from what is due on the bill the turn names has the amount due written in beside
it, so the turn asks: `hearing_owed`, `hear:owed`; a comma after a number is punctuation unless digits
follow it, and a thousands group ends at 円: `hearing_numbers.malformed`; a number glued to the letters
before it is written apart: `hearing_numbers.unglued`, `hear:glued`). `--only-comma` / `--only-glued`:
"before" takes out that rule alone.

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

import re
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from unittest import mock

from teller.voice import hearing, hearing_numbers
from teller.voice.asr import Hypothesis
from voice_pairs import HERE, Pairs, main

# `hearing_numbers._BAD_COMMA` before round 16: "500, send" and "12,300円" counted as malformed
BAD_COMMA_ROUND15 = re.compile(r"\d,(?!\d{3}\b)\d*|\b\d{1,3}(?:,\d{3})*,\d{1,2}\b")


@contextmanager
def comma_as_round15() -> Iterator[None]:
    """The number grammar's comma as round 15 had it."""
    with mock.patch.object(hearing_numbers, "_BAD_COMMA", BAD_COMMA_ROUND15):
        yield


@contextmanager
def glued_as_round15() -> Iterator[None]:
    """A number glued to the letters before it read as heard ("IDY80 bucks"), as round 15 read it."""
    with mock.patch.object(hearing, "unglued", lambda text: (text, [])):
        yield


@contextmanager
def as_round15() -> Iterator[None]:
    """Hearing as round 15 had it: an amount is never checked against what is due on the bill; the comma
    after a number counted as round 15 counted it; a number glued to letters read as heard."""
    with (
        mock.patch.object(hearing, "owed_doubt", lambda text, owed, named: None),
        comma_as_round15(),
        glued_as_round15(),
    ):
        yield


@contextmanager
def before_round16(hyp: Hypothesis) -> Iterator[Hypothesis]:
    with as_round15():
        yield hyp


@contextmanager
def before_comma(hyp: Hypothesis) -> Iterator[Hypothesis]:
    with comma_as_round15():
        yield hyp


@contextmanager
def before_glued(hyp: Hypothesis) -> Iterator[Hypothesis]:
    with glued_as_round15():
        yield hyp


PAIRS = Pairs(
    out=HERE / "results" / "voice_round16_pairs.json",
    before=before_round16,
    fired=lambda before, after: before[2] != after[2],
    changed="round 16 changed",
    detail=lambda which, held_out: not held_out,
)

COMMA = Pairs(
    out=HERE / "results" / "voice_round16_comma.json",
    before=before_comma,
    fired=lambda before, after: before[2] != after[2],
    changed="comma changed",
    detail=lambda which, held_out: not held_out,
)

GLUED = Pairs(
    out=HERE / "results" / "voice_round16_glued.json",
    before=before_glued,
    fired=lambda before, after: before[2] != after[2],
    changed="glued changed",
    detail=lambda which, held_out: not held_out,
)

if __name__ == "__main__":
    argv = sys.argv[1:]
    pairs = COMMA if "--only-comma" in argv else GLUED if "--only-glued" in argv else PAIRS
    argv = [a for a in argv if a not in ("--only-comma", "--only-glued")]
    raise SystemExit(main(pairs, __doc__ or "", argv))
