"""Paired hearing benchmarks: each file decoded once, heard twice ("before" and "after"), both run by the
text pipeline and scored against the typed turn. Shared by `voice_forced_pairs.py` (round 5),
`voice_words_pairs.py` (round 6), `voice_heard_pairs.py` (round 7), `voice_onset_pairs.py` (round 8),
`voice_pieces_pairs.py` (round 9) and `voice_keys_pairs.py` (round 10); each says what "before" takes out.

Each file of the sets (English, every voice × channel) is decoded whole by the production recognizer
(tiny.en, beam 2, both second looks, the forced look) and heard as a spoken turn hears it (hearing,
repairs, "and lock" / lock-or-unlock: the steps of `session.Listener._heard` and `_finish`). Scores are
`voice_path.py`'s: same outcome, confidently wrong, names right (of lines whose typed turn names a payee or
biller), amounts right (where the bench counts them), invented names. One decode a file, so the difference
is the change's alone; nothing about latency. Per-line detail is written only where the bench allows it
(the blind sets' lines stay unread).

`--route` decodes as `session.Listener` routes a customer (round 16's blind bench always does): a
Japanese-locale customer's file through the bilingual recognizer (language decided on the start of
speech, Japanese by multilingual base, English by tiny.en) with the Japanese and Latin names as bias;
without it every file is decoded by tiny.en with the Latin names, as rounds 5-15 measured English.

`--hyps PATH` keeps each file's decode in a pickle (an ignored path under bench/results/) and reuses it on
the next run with the same sets, voices and channels, so a rule can be tried again without decoding again.
"""

from __future__ import annotations

import argparse
import json
import os
import pickle
import sys
import time
from collections.abc import Callable
from contextlib import AbstractContextManager
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE / "speech"))
sys.path.insert(0, str(HERE))

from generate import HELD_OUT, VOICES, build  # noqa: E402

from teller.domain.turn import TurnRequest, TurnResult  # noqa: E402
from teller.voice.asr import Hypothesis, is_backchannel  # noqa: E402
from teller.voice.audio import load_audio  # noqa: E402
from teller.voice.bias import speaker  # noqa: E402
from teller.voice.engine import VoiceEngine  # noqa: E402
from teller.voice.hearing import Ear, ear_for, hear  # noqa: E402
from teller.voice.repair import repair  # noqa: E402
from teller.voice.verbs import RULE as AND_LOCK  # noqa: E402
from teller.voice.verbs import asks_which, doubtful_lock, lock_or_unlock  # noqa: E402
from voice_path import Understand, is_wrong, name_of, on_channel, same_outcome  # noqa: E402

Outcome = tuple[TurnResult | None, list[str], str]  # the turn, the hearing rules that fired, the text run


@dataclass(frozen=True)
class Pairs:
    """What one paired bench compares: how "before" hears a decode, and what it counts and writes."""

    out: Path  # default JSON path
    # "before": a context in which to hear the decode, yielding the Hypothesis to hear (same or changed)
    before: Callable[[Hypothesis], AbstractContextManager[Hypothesis]]
    fired: Callable[[Outcome, Outcome], bool]  # whether the change touched this line
    changed: str  # label of the `fired` count in the table ("look changed", "round 6 changed")
    amounts: bool = True  # count amounts right (of lines whose typed turn names one)
    # whether a cell's lines may be written out: (set, held-out voice) → bool
    detail: Callable[[str, bool], bool] = lambda which, held_out: which == "unseen" and not held_out
    extra: Callable[[Hypothesis], dict[str, Any]] = field(default=lambda hyp: {})  # more per-line detail
    route: bool = False  # decode as the listener routes the customer (`--route`)


def main(pairs: Pairs, doc: str, argv: list[str] | None = None) -> int:
    """Run the paired bench described by `pairs` (its module docstring is `doc`)."""
    parser = argparse.ArgumentParser(description=doc.split("\n")[0])
    parser.add_argument("--sets", default="unseen")
    parser.add_argument("--voices", default="piper,espeak,flite-rms,flite-slt")
    parser.add_argument("--channels", default="clean,telephone")
    parser.add_argument("--out", type=Path, default=pairs.out)
    parser.add_argument("--hyps", type=Path, default=None, help="pickle of decodes to reuse (and write)")
    parser.add_argument("--route", action="store_true", help="decode as the listener routes the customer")
    args = parser.parse_args(argv)
    route = args.route or pairs.route
    runner = Understand()
    finals = Decodes(args.hyps)
    ears: dict[str, Ear] = {}
    cells: list[dict[str, Any]] = []
    load, started = os.getloadavg(), time.perf_counter()
    for which in args.sets.split(","):
        for voice in args.voices.split(","):
            rows = build(voice, which)
            for channel in args.channels.split(","):
                lang = VOICES[voice][0]
                cell = {"set": which, "lang": lang, "voice": voice, "held_out": HELD_OUT[lang] == voice}
                dev = pairs.detail(which, cell["held_out"])
                cell |= {"channel": channel, **_cell(pairs, rows, channel, runner, finals, ears, dev, route)}
                cells.append(cell)
                print(_line(pairs, cell), flush=True)
    finals.save()
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
        for lang in sorted({c["lang"] for c in cells}):
            for channel in args.channels.split(","):
                group = [c for c in cells if (c["set"], c["lang"], c["channel"]) == (which, lang, channel)]
                if group:
                    total = {k: sum(c[k] for c in group) for k in group[0] if isinstance(group[0][k], int)}
                    print(f"{which:<8} {lang} {channel:<10} " + _counts(pairs, total))
    return 0


class Decodes:
    """The production recognizer's decode of a file on a channel, kept in `path` when one is given."""

    def __init__(self, path: Path | None) -> None:
        self.path = path
        self.kept: dict[tuple[str, str, str], Hypothesis] = {}
        if path is not None and path.exists():
            self.kept = pickle.loads(path.read_bytes())
        self.finals: Any = None

    def transcribe(
        self, audio: str, channel: str, bias: tuple[str, ...], *, japanese: bool = False
    ) -> Hypothesis:
        """`japanese`: the bilingual recognizer of a Japanese-locale customer (language decided on the
        file's start, as the listener decides it on the turn's)."""
        key = (audio, channel, ("ja|" if japanese else "") + "|".join(bias))
        if key not in self.kept:
            if japanese:
                finals = VoiceEngine.shared().finals_for(japanese=True)
            else:
                if self.finals is None:
                    self.finals = VoiceEngine.shared().finals_for(japanese=False)
                finals = self.finals
            self.kept[key] = finals.transcribe(on_channel(load_audio(audio), channel), bias=bias)
        return self.kept[key]

    def save(self) -> None:
        if self.path is not None:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            self.path.write_bytes(pickle.dumps(self.kept))


def _cell(
    pairs: Pairs,
    rows: list[dict[str, Any]],
    channel: str,
    runner: Understand,
    finals: Decodes,
    ears: dict[str, Ear],
    dev: bool,
    route: bool = False,
) -> dict[str, Any]:
    counts = dict.fromkeys(
        ("n", "names", "amounts", "fired") if pairs.amounts else ("n", "names", "fired"), 0
    )
    whats = ["same", "wrong", "names_ok", "invented"]
    if pairs.amounts:
        whats.insert(3, "amounts_ok")
    for side in ("before", "after"):
        for what in whats:
            counts[f"{side}_{what}"] = 0
    detail = []
    for row in rows:
        cid, now = row["customer_id"], datetime.fromisoformat(row["now"])
        if cid not in ears:
            ears[cid] = ear_for(runner.bank.snapshot(cid))
        typed = runner.run(TurnRequest(id=row["id"], customer_id=cid, text=row["text"], now=now))
        who = speaker(runner.runner, cid)
        if route and who.japanese and VoiceEngine.shared().settings.asr.ja:  # as session.Listener routes
            hyp = finals.transcribe(row["audio"], channel, (*who.names_ja, *who.names), japanese=True)
        else:
            hyp = finals.transcribe(row["audio"], channel, tuple(who.names))
        counts["n"] += 1
        counts["names"] += name_of(typed) is not None
        if pairs.amounts:
            counts["amounts"] += typed.entities.amount_minor is not None
        outcome: dict[str, Outcome] = {}
        for side in ("before", "after"):
            if side == "before":
                with pairs.before(hyp) as heard:
                    got, rules, text = turn(runner, ears[cid], heard, row["id"], cid, now)
            else:
                got, rules, text = turn(runner, ears[cid], hyp, row["id"], cid, now)
            outcome[side] = (got, rules, text)
            counts[f"{side}_same"] += got is not None and same_outcome(got, typed)
            counts[f"{side}_wrong"] += is_wrong(got, typed)
            if name_of(typed):
                counts[f"{side}_names_ok"] += got is not None and name_of(got) == name_of(typed)
            elif got is not None and name_of(got):
                counts[f"{side}_invented"] += 1
            if pairs.amounts and typed.entities.amount_minor is not None:
                counts[f"{side}_amounts_ok"] += got is not None and (
                    got.entities.amount_minor,
                    got.entities.currency,
                ) == (typed.entities.amount_minor, typed.entities.currency)
        counts["fired"] += pairs.fired(outcome["before"], outcome["after"])
        if dev:  # only lines that may be read are written out
            detail.append(
                {
                    "id": row["id"],
                    "text": row["text"],
                    "heard": hyp.text,
                    "before": outcome["before"][2],
                    "after": outcome["after"][2],
                    "rules": outcome["after"][1],
                    "typed": _summary(typed),
                    "spoken": _summary(outcome["after"][0]),
                    "same": outcome["after"][0] is not None and same_outcome(outcome["after"][0], typed),
                    "wrong": is_wrong(outcome["after"][0], typed),
                    **pairs.extra(hyp),
                }
            )
    return {**counts, "detail": detail}


def _summary(result: TurnResult | None) -> list[Any] | None:
    """intent, action, payee/biller, amount: what `is_wrong` compares (and the action)."""
    if result is None:
        return None
    return [result.intent.value, result.action.value, name_of(result), result.entities.amount_minor]


def turn(runner: Understand, ear: Ear, hyp: Hypothesis, rid: str, cid: str, now: datetime) -> Outcome:
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


def _counts(pairs: Pairs, c: dict[str, Any]) -> str:
    amounts = (
        f"amounts {c['before_amounts_ok']:>3} → {c['after_amounts_ok']:<3}/{c['amounts']:<3} "
        if pairs.amounts
        else ""
    )
    return (
        f"n {c['n']:>3}  same {c['before_same']:>3} → {c['after_same']:<3} wrong {c['before_wrong']:>2} → "
        f"{c['after_wrong']:<2} names {c['before_names_ok']:>3} → {c['after_names_ok']:<3}/{c['names']:<3} "
        f"{amounts}invented {c['before_invented']} → {c['after_invented']}  {pairs.changed} {c['fired']}"
    )


def _line(pairs: Pairs, cell: dict[str, Any]) -> str:
    voice = cell["voice"] + ("*" if cell["held_out"] else "")
    return f"{cell['set']:<8} {cell['lang']} {voice:<14} {cell['channel']:<10} " + _counts(pairs, cell)
