"""Round 17, paired line by line: each file decoded once, heard as round 16 heard it and as round 17 hears it
(the turn's only amount heard as exactly what is due on the bill it names is not disputed by a rival
reading: `hearing_owed.owed_heard`, `hear:owed_heard`; an amount with the non-zero cents of what is due on
the bill the turn names and other dollars asks, as one digit off does: `hearing_owed._its_cents`,
`hear:owed`; "に万円" heard for 2万円 is 2万円: `hearing_numbers.kana_two`, `hear:kana_two`; a word joined
by "and" to a registered name gets the forced look's clear winner within `JOINED` written beside it:
`hearing_forced._joined`, `hear:forced_rival`; a registered name and a short word that sound like a longer
registered name ask: `hearing_names.split_by_sound`, `hear:split_sound`; a forced-look rival beside part of a
name comes with that name in full: `hearing_forced._whole`; a money verb glued to a word of the customer's
names is written apart: `hearing_words.verb_apart`, `hear:glued`). `--only-cents`, `--only-kana`,
`--only-joined`, `--only-split`, `--only-whole`, `--only-verb`: "before" takes out that rule alone.

    TELLER_SHARED=/work/shared PYTHONPATH=src:/tmp/r7/site python bench/voice_round17_pairs.py --route \\
        --sets blind35,blind36,blind37 --voices piper,espeak,flite-rms,flite-slt,kokoro,openjtalk-mei \\
        --hyps /tmp/voice16/hyps_blind16.pkl --out bench/results/voice_round17_blind.json
    TELLER_SHARED=/work/shared PYTHONPATH=src python bench/voice_round17_pairs.py --sets unseen,golden \\
        --hyps bench/results/hyps_dev.pkl --out bench/results/voice_round17_dev.json
    TELLER_SHARED=/work/shared PYTHONPATH=src python bench/voice_round17_pairs.py --sets commonwords \\
        --voices piper,espeak,flite-rms --hyps bench/results/hyps_common.pkl \\
        --out bench/results/voice_round17_common.json

"Before" takes round 17 out by a mock in the same process (`as_round16`); "after" is the code as shipped.
Scored as `voice_path.py` scores a turn (`voice_pairs.py`'s loop); `round 17 changed` counts lines whose
text run or trace differs. Per-line detail for the development voices only (never flite slt or Open JTalk
mei); pure text, nothing about latency.
"""

from __future__ import annotations

import sys
from collections.abc import Iterator
from contextlib import contextmanager
from unittest import mock

from teller.voice import hearing, hearing_forced, hearing_owed
from teller.voice.asr import Hypothesis
from voice_pairs import HERE, Pairs, main


@contextmanager
def cents_as_round16() -> Iterator[None]:
    """Only an amount one digit from what is due disputed by it, as round 16 had it."""
    with mock.patch.object(hearing_owed, "_its_cents", lambda amount, bill: False):
        yield


@contextmanager
def kana_as_round16() -> Iterator[None]:
    """ "に万円" read as heard (no amount), as round 16 read it."""
    with mock.patch.object(hearing, "kana_two", lambda text: (text, [])):
        yield


@contextmanager
def joined_as_round16() -> Iterator[None]:
    """A word joined by "and" to a registered name judged by round 5's bar alone, as round 16 judged it."""
    with mock.patch.object(hearing_forced, "_joined", lambda text, at, end, index: False):
        yield


@contextmanager
def split_as_round16() -> Iterator[None]:
    """A name and a short word left as heard ("Sato Ken to"), as round 16 left them."""
    with mock.patch.object(hearing, "split_by_sound", lambda text, names, near: None):
        yield


@contextmanager
def whole_as_round16() -> Iterator[None]:
    """A forced-look rival beside part of a name written alone ("Lan (or David Lee)"), as in round 16."""
    with mock.patch.object(hearing_forced, "_whole", lambda name, heard: []):
        yield


@contextmanager
def verb_as_round16() -> Iterator[None]:
    """ "PayCon Ed" read as heard, as in round 16."""
    with mock.patch.object(hearing, "verb_apart", lambda text, registered: (text, [])):
        yield


@contextmanager
def as_round16() -> Iterator[None]:
    """Hearing as round 16 had it: a rival reading disputes the amount due heard as it is; only an amount one
    digit from what is due is disputed by it; "に万円" is no amount; a word joined to a name by "and" is
    judged by round 5's bar."""
    with (
        mock.patch.object(hearing, "owed_heard", lambda text, owed, named: None),
        cents_as_round16(),
        kana_as_round16(),
        joined_as_round16(),
        split_as_round16(),
        whole_as_round16(),
        verb_as_round16(),
    ):
        yield


@contextmanager
def before_round17(hyp: Hypothesis) -> Iterator[Hypothesis]:
    with as_round16():
        yield hyp


@contextmanager
def before_cents(hyp: Hypothesis) -> Iterator[Hypothesis]:
    with cents_as_round16():
        yield hyp


@contextmanager
def before_kana(hyp: Hypothesis) -> Iterator[Hypothesis]:
    with kana_as_round16():
        yield hyp


@contextmanager
def before_joined(hyp: Hypothesis) -> Iterator[Hypothesis]:
    with joined_as_round16():
        yield hyp


@contextmanager
def before_split(hyp: Hypothesis) -> Iterator[Hypothesis]:
    with split_as_round16():
        yield hyp


@contextmanager
def before_whole(hyp: Hypothesis) -> Iterator[Hypothesis]:
    with whole_as_round16():
        yield hyp


@contextmanager
def before_verb(hyp: Hypothesis) -> Iterator[Hypothesis]:
    with verb_as_round16():
        yield hyp


PAIRS = Pairs(
    out=HERE / "results" / "voice_round17_pairs.json",
    before=before_round17,
    fired=lambda before, after: before[1:] != after[1:],
    changed="round 17 changed",
    detail=lambda which, held_out: not held_out,
)

CENTS = Pairs(
    out=HERE / "results" / "voice_round17_cents.json",
    before=before_cents,
    fired=lambda before, after: before[1:] != after[1:],
    changed="cents changed",
    detail=lambda which, held_out: not held_out,
)

KANA = Pairs(
    out=HERE / "results" / "voice_round17_kana.json",
    before=before_kana,
    fired=lambda before, after: before[1:] != after[1:],
    changed="kana changed",
    detail=lambda which, held_out: not held_out,
)

JOINED = Pairs(
    out=HERE / "results" / "voice_round17_joined.json",
    before=before_joined,
    fired=lambda before, after: before[1:] != after[1:],
    changed="joined changed",
    detail=lambda which, held_out: not held_out,
)
SPLIT = Pairs(
    out=HERE / "results" / "voice_round17_split.json",
    before=before_split,
    fired=lambda before, after: before[1:] != after[1:],
    changed="split changed",
    detail=lambda which, held_out: not held_out,
)
WHOLE = Pairs(
    out=HERE / "results" / "voice_round17_whole.json",
    before=before_whole,
    fired=lambda before, after: before[1:] != after[1:],
    changed="whole changed",
    detail=lambda which, held_out: not held_out,
)
ONLY = {
    "--only-cents": CENTS,
    "--only-kana": KANA,
    "--only-joined": JOINED,
    "--only-split": SPLIT,
    "--only-whole": WHOLE,
    "--only-verb": Pairs(
        out=HERE / "results" / "voice_round17_verb.json",
        before=before_verb,
        fired=lambda before, after: before[1:] != after[1:],
        changed="verb changed",
        detail=lambda which, held_out: not held_out,
    ),
}

if __name__ == "__main__":
    argv = sys.argv[1:]
    pairs = next((ONLY[a] for a in argv if a in ONLY), PAIRS)
    raise SystemExit(main(pairs, __doc__ or "", [a for a in argv if a not in ONLY]))
