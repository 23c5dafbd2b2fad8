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
from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager, contextmanager
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


def _pairs(name: str, label: str, off: Callable[[], AbstractContextManager[None]]) -> Pairs:
    """A paired bench whose "before" hears the decode with `off` in force (round 17 or one rule of it out)."""

    @contextmanager
    def before(hyp: Hypothesis) -> Iterator[Hypothesis]:
        with off():
            yield hyp

    return Pairs(
        out=HERE / "results" / f"voice_round17_{name}.json",
        before=before,
        fired=lambda before, after: before[1:] != after[1:],
        changed=f"{label} changed",
        detail=lambda which, held_out: not held_out,
    )


PAIRS = _pairs("pairs", "round 17", as_round16)
ONLY = {
    f"--only-{name}": _pairs(name, name, off)
    for name, off in (
        ("cents", cents_as_round16),
        ("kana", kana_as_round16),
        ("joined", joined_as_round16),
        ("split", split_as_round16),
        ("whole", whole_as_round16),
        ("verb", verb_as_round16),
    )
}

if __name__ == "__main__":
    argv = sys.argv[1:]
    pairs = next((ONLY[a] for a in argv if a in ONLY), PAIRS)
    raise SystemExit(main(pairs, __doc__ or "", [a for a in argv if a not in ONLY]))
