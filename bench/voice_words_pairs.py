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
unread) and prints the table.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import datetime
from pathlib import Path
from typing import Any
from unittest import mock

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE / "speech"))
sys.path.insert(0, str(HERE))

from generate import HELD_OUT, VOICES, build  # noqa: E402

from teller.domain.turn import TurnRequest, TurnResult  # noqa: E402
from teller.voice import hearing, hearing_numbers  # noqa: E402
from teller.voice.asr import is_backchannel  # noqa: E402
from teller.voice.audio import load_audio  # noqa: E402
from teller.voice.bias import speaker  # noqa: E402
from teller.voice.engine import VoiceEngine  # noqa: E402
from teller.voice.hearing import Ear, ear_for, hear  # noqa: E402
from teller.voice.repair import repair  # noqa: E402
from teller.voice.verbs import RULE as AND_LOCK  # noqa: E402
from teller.voice.verbs import asks_which, doubtful_lock, lock_or_unlock  # noqa: E402
from voice_path import Understand, is_wrong, name_of, on_channel, same_outcome  # noqa: E402

ROUND6 = {"hear:word", "hear:number"}


@contextmanager
def without_round6() -> Iterator[None]:
    """Hearing as it was before round 6: no grammar words, no joined pieces, no "for the $5" doubt, and a
    card number's later digits counted as amounts again."""
    with (
        mock.patch.object(hearing, "grammar_words", lambda text, *_: (text, [])),
        mock.patch.object(hearing, "plain", lambda text, *_: text),
        mock.patch.object(hearing, "joined", lambda text: None),
        mock.patch.object(hearing, "split_forty", lambda text: None),
        mock.patch.object(hearing_numbers, "_REFERENCE_RUN", re.compile(r"(?!x)x")),
    ):
        yield


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--sets", default="unseen")
    parser.add_argument("--voices", default="piper,espeak,flite-rms,flite-slt")
    parser.add_argument("--channels", default="clean,telephone")
    parser.add_argument("--out", type=Path, default=HERE / "results" / "voice_words_pairs.json")
    args = parser.parse_args(argv)
    runner = Understand()
    finals = VoiceEngine.shared().finals_for(japanese=False)
    ears: dict[str, Ear] = {}
    cells: list[dict[str, Any]] = []
    load, started = os.getloadavg(), time.perf_counter()
    for which in args.sets.split(","):
        for voice in args.voices.split(","):
            rows = build(voice, which)
            for channel in args.channels.split(","):
                cell = {"set": which, "voice": voice, "held_out": HELD_OUT[VOICES[voice][0]] == voice}
                dev = which == "unseen" and not cell["held_out"]  # only tuned voices' lines are written
                cell |= {"channel": channel, **_cell(rows, channel, runner, finals, ears, dev)}
                cells.append(cell)
                print(_line(cell), flush=True)
    report = {
        "load_avg_start": [round(x, 2) for x in load],
        "load_avg_end": [round(x, 2) for x in os.getloadavg()],
        "seconds": round(time.perf_counter() - started, 1),
        "cells": cells,
    }
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(report, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
    print(f"\nload average {report['load_avg_start']} → {report['load_avg_end']}; {report['seconds']} s")
    for which in args.sets.split(","):
        for channel in args.channels.split(","):
            group = [c for c in cells if c["set"] == which and c["channel"] == channel]
            total = {k: sum(c[k] for c in group) for k in group[0] if isinstance(group[0][k], int)}
            print(f"{which:<8} {channel:<10} " + _counts(total))
    return 0


def _cell(
    rows: list[dict[str, Any]], channel: str, runner: Understand, finals: Any, ears: dict[str, Ear], dev: bool
) -> dict[str, Any]:
    counts = dict.fromkeys(("n", "names", "amounts", "fired"), 0)
    for side in ("before", "after"):
        for what in ("same", "wrong", "names_ok", "amounts_ok", "invented"):
            counts[f"{side}_{what}"] = 0
    detail = []
    for row in rows:
        cid, now = row["customer_id"], datetime.fromisoformat(row["now"])
        if cid not in ears:
            ears[cid] = ear_for(runner.bank.snapshot(cid))
        typed = runner.run(TurnRequest(id=row["id"], customer_id=cid, text=row["text"], now=now))
        hyp = finals.transcribe(
            on_channel(load_audio(row["audio"]), channel), bias=speaker(runner.runner, cid).names
        )
        counts["n"] += 1
        counts["names"] += name_of(typed) is not None
        counts["amounts"] += typed.entities.amount_minor is not None
        outcome = {}
        for side in ("before", "after"):
            if side == "before":
                with without_round6():
                    got, rules, text = _turn(runner, ears[cid], hyp, row["id"], cid, now)
            else:
                got, rules, text = _turn(runner, ears[cid], hyp, row["id"], cid, now)
            outcome[side] = (got, rules, text)
            counts[f"{side}_same"] += got is not None and same_outcome(got, typed)
            counts[f"{side}_wrong"] += is_wrong(got, typed)
            if name_of(typed):
                counts[f"{side}_names_ok"] += got is not None and name_of(got) == name_of(typed)
            elif got is not None and name_of(got):
                counts[f"{side}_invented"] += 1
            if typed.entities.amount_minor is not None:
                counts[f"{side}_amounts_ok"] += got is not None and (
                    got.entities.amount_minor,
                    got.entities.currency,
                ) == (typed.entities.amount_minor, typed.entities.currency)
        counts["fired"] += outcome["before"][2] != outcome["after"][2]
        if dev:  # the development set's tuned voices may be read; other lines are not written out
            detail.append(
                {
                    "id": row["id"],
                    "text": row["text"],
                    "heard": hyp.text,
                    "before": outcome["before"][2],
                    "after": outcome["after"][2],
                    "rules": outcome["after"][1],
                }
            )
    return {**counts, "detail": detail}


def _turn(
    runner: Understand, ear: Ear, hyp: Any, rid: str, cid: str, now: datetime
) -> tuple[TurnResult | None, list[str], str]:
    """The turn a spoken request becomes, as `session.Listener` makes it (hear, repair, ask lock/unlock)."""
    if not hyp.text or is_backchannel(hyp.text):
        return None, [], ""
    text, changes = hear(hyp.text, hyp.alternatives, ear, hyp.rechecks, hyp.name_rechecks, hyp.forced)
    fixed = repair(text) if text.isascii() else None
    text = fixed.text if fixed is not None else text
    rules = [c.rule for c in changes] + ([AND_LOCK] if doubtful_lock(text) else [])
    if asks_which(text, rules):
        return lock_or_unlock(rid, text), rules, text
    return runner.run(TurnRequest(id=rid, customer_id=cid, text=text[:2000], now=now)), rules, text


def _counts(c: dict[str, Any]) -> str:
    return (
        f"n {c['n']:>3}  same {c['before_same']:>3} → {c['after_same']:<3} wrong {c['before_wrong']:>2} → "
        f"{c['after_wrong']:<2} names {c['before_names_ok']:>3} → {c['after_names_ok']:<3}/{c['names']:<3} "
        f"amounts {c['before_amounts_ok']:>3} → {c['after_amounts_ok']:<3}/{c['amounts']:<3} "
        f"invented {c['before_invented']} → {c['after_invented']}  round 6 changed {c['fired']}"
    )


def _line(cell: dict[str, Any]) -> str:
    voice = cell["voice"] + ("*" if cell["held_out"] else "")
    return f"{cell['set']:<8} {voice:<11} {cell['channel']:<10} " + _counts(cell)


if __name__ == "__main__":
    raise SystemExit(main())
