"""End of speech → action with the old and the new endpointing, file by file on the same load (issue 15).

    PYTHONPATH=src python bench/voice_endpoint.py --lang en --voices piper --sets golden
    PYTHONPATH=src python bench/voice_endpoint.py --lang en --sets unseen --channels clean,telephone
    PYTHONPATH=src python bench/voice_endpoint.py --lang ja --voices kokoro,openjtalk-mei --sets golden,unseen

Every file runs through the production file path (as `bench/voice_path.py` runs it: replayed as a live
stream, fragments understood without side effects and joined) once with each configuration, the two
back to back in alternating order, so load on a shared machine weighs on both alike. "before" is the
endpointing of before this change (`--before`: text rules only, a complete tail ended after 240 ms,
speculative final at 160 ms); "after" is the defaults. `--voice` / `--asr` apply to both (e.g. the GPU:
`--asr backend=torch device=cuda --voice partials=none`).

Per language × set × channel × configuration: same outcome as typed, end of speech → action and the
endpointer's own part of it (`end_of_speech`) p50 / p95 / max, per customer p95, and how many files the
endpointer split into more than one turn. Writes bench/results/voice_endpoint.json, prints the table.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import sys
import time
from datetime import datetime
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(HERE / "speech"))

from generate import VOICES, build, spoken, unseen  # noqa: E402

from teller.domain.turn import TurnRequest, TurnResult  # noqa: E402
from teller.voice.audio import load_audio  # noqa: E402
from teller.voice.engine import VoiceEngine  # noqa: E402
from teller.voice.files import act_on_fragments, fragments, listen_samples  # noqa: E402
from teller.voice.settings import ASRSettings, VoiceSettings  # noqa: E402
from voice_path import Understand, on_channel, parse_knobs, percentile, same_outcome  # noqa: E402

BEFORE = ["preview=false", "complete_ms=240", "speculative_ms=160"]
CONFIGS = ("before", "after")


def rows_of(voice: str, which: str) -> list[dict[str, Any]]:
    """The set's lines spoken by `voice`: golden / unseen as `generate.build` makes them, or any other
    `bench/data/voice_<which>.jsonl` (e.g. unseen2, written blind), synthesized on first use."""
    if which in ("golden", "unseen"):
        return build(voice, which)
    cases = unseen(VOICES[voice][0], HERE / "data" / f"voice_{which}.jsonl")
    return [{**c, "audio": str(spoken(c["text"], voice)), "voice": voice, "set": which} for c in cases]


def one(
    runner: Understand, engine: VoiceEngine, samples: Any, row: dict[str, Any]
) -> tuple[TurnResult | None, int]:
    """The file's acting result (None: no speech heard) and how many turns the endpointer made."""
    now = datetime.fromisoformat(row["now"])
    cid = row["customer_id"]
    turns = listen_samples(
        fragments(runner), samples, customer_id=cid, now=now, engine=engine, request_id=row["id"]
    )  # type: ignore[arg-type]
    if not turns:
        return None, 0
    return act_on_fragments(runner, turns, customer_id=cid, now=now, request_id=row["id"]), len(turns)


def stats(values: list[float]) -> dict[str, float | None]:
    return {
        "p50": percentile(values, 0.5),
        "p95": percentile(values, 0.95),
        "max": round(max(values), 1) if values else None,
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="old vs new endpointing, interleaved file by file")
    parser.add_argument("--lang", default="en")
    parser.add_argument("--voices", default="", help="comma-separated; default: every voice of the language")
    parser.add_argument("--golden-voices", default="", help="voices of the golden set; default: --voices")
    parser.add_argument("--channels", default="clean,telephone")
    parser.add_argument("--sets", default="golden,unseen")
    parser.add_argument("--limit", type=int, default=0, help="first N lines of each set")
    parser.add_argument("--asr", nargs="*", default=[], metavar="KEY=VALUE", help="ASRSettings, both")
    parser.add_argument("--voice", nargs="*", default=[], metavar="KEY=VALUE", help="VoiceSettings, both")
    parser.add_argument("--before", nargs="*", default=BEFORE, metavar="KEY=VALUE", help="'before' only")
    parser.add_argument("--label", default="")
    parser.add_argument("--out", type=Path, default=HERE / "results" / "voice_endpoint.json")
    args = parser.parse_args(argv)
    asr = ASRSettings(**parse_knobs(args.asr))
    common = parse_knobs(args.voice)
    settings = {
        "before": VoiceSettings(**{**common, **parse_knobs(args.before)}, asr=asr),
        "after": VoiceSettings(**common, asr=asr),
    }
    engines = {name: VoiceEngine.shared(s) for name, s in settings.items()}
    runner = Understand()
    runner.runner.warm()  # as `teller serve` does: no config pays the pipeline's first loads mid-turn
    wanted = [v for v in args.voices.split(",") if v]
    load = os.getloadavg()
    started = time.perf_counter()
    rows_out: list[dict[str, Any]] = []
    flip = False
    for lang in args.lang.split(","):
        voices = [v for v, (vl, _) in VOICES.items() if vl == lang and (not wanted or v in wanted)]
        for which in args.sets.split(","):
            only = [v for v in args.golden_voices.split(",") if v] if which == "golden" else []
            for voice in [v for v in voices if not only or v in only]:
                rows = rows_of(voice, which)[: args.limit or None]
                for row in rows:
                    request = TurnRequest(
                        id=row["id"],
                        customer_id=row["customer_id"],
                        text=row["text"],
                        now=datetime.fromisoformat(row["now"]),
                    )
                    typed = runner.run(request)
                    audio = load_audio(row["audio"])
                    for channel in args.channels.split(","):
                        samples = on_channel(audio, channel)
                        flip = not flip
                        for name in CONFIGS if flip else CONFIGS[::-1]:
                            got, turns = one(runner, engines[name], samples, row)
                            t = got.timings_ms if got else {}
                            rows_out.append(
                                {
                                    "lang": lang,
                                    "set": which,
                                    "voice": voice,
                                    "channel": channel,
                                    "config": name,
                                    "id": row["id"],
                                    "customer_id": row["customer_id"],
                                    "text": row["text"],
                                    "transcript": got.transcript if got else None,
                                    "same_as_typed": got is not None and same_outcome(got, typed),
                                    "typed_action": typed.action.value,
                                    "turns": turns,
                                    "eos_to_action": t.get("eos_to_action"),
                                    "end_of_speech": t.get("end_of_speech"),
                                    "asr_decode": t.get("asr_decode"),
                                }
                            )
                print(f"{lang} {which} {voice}: {len(rows)} lines", file=sys.stderr, flush=True)
                write(args, settings, load, started, rows_out)  # so far, should the run be cut short
    report = write(args, settings, load, started, rows_out)
    print(f"load average {report['load_avg_start']} → {report['load_avg_end']}; {report['seconds']} s")
    print(HEADER)
    for line in report["table"]:
        print(_line(line))
    return 0


def write(
    args: argparse.Namespace,
    settings: dict[str, VoiceSettings],
    load: tuple[float, float, float],
    started: float,
    rows: list[dict[str, Any]],
) -> dict[str, Any]:
    """Write the JSON report of the rows so far; return it."""
    report = {
        "label": args.label,
        "machine": f"{platform.machine()}, {os.cpu_count()} cores, Python {platform.python_version()}",
        "load_avg_start": [round(x, 2) for x in load],
        "load_avg_end": [round(x, 2) for x in os.getloadavg()],
        "seconds": round(time.perf_counter() - started, 1),
        "settings": {name: s.model_dump() for name, s in settings.items()},
        "table": summarize(rows),
        "rows": rows,
    }
    args.out.parent.mkdir(parents=True, exist_ok=True)
    text = json.dumps(report, indent=2, ensure_ascii=False, default=str) + "\n"
    args.out.write_text(text, encoding="utf-8")
    return report


def summarize(rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """One line per language × set × channel × configuration, then per language × channel × configuration."""
    groups: dict[tuple[str, ...], list[dict[str, Any]]] = {}
    for r in rows:
        groups.setdefault((r["lang"], r["set"], r["channel"], r["config"]), []).append(r)
        groups.setdefault((r["lang"], "all", r["channel"], r["config"]), []).append(r)
    out = []
    for (lang, which, channel, config), group in groups.items():
        timed = [r for r in group if r["eos_to_action"] is not None]
        by: dict[str, list[float]] = {}
        for r in timed:
            by.setdefault(r["customer_id"], []).append(r["eos_to_action"])
        out.append(
            {
                "lang": lang,
                "set": which,
                "channel": channel,
                "config": config,
                "n": len(group),
                "same": sum(r["same_as_typed"] for r in group),
                "split": sum(r["turns"] > 1 for r in group),
                "eos_to_action": stats([r["eos_to_action"] for r in timed]),
                "end_of_speech": stats([r["end_of_speech"] for r in timed]),
                "decode": stats([r["asr_decode"] for r in timed]),
                "p95_by_customer": {c: percentile(v, 0.95) for c, v in sorted(by.items())},
            }
        )
    return sorted(out, key=lambda x: (x["lang"], x["set"] == "all", x["set"], x["channel"], x["config"]))


HEADER = (
    f"{'lang':<5}{'set':<8}{'channel':<10}{'config':<8}{'n':>4}{'same':>5}{'split':>6}"
    f"{'eos→action p50/p95/max':>25}{'end_of_speech p50/p95/max':>28}{'decode p50/p95':>16}  p95 by customer"
)


def _triple(s: dict[str, float | None]) -> str:
    return "/".join("-" if v is None else f"{v:.0f}" for v in (s["p50"], s["p95"], s["max"]))


def _line(x: dict[str, Any]) -> str:
    decode = f"{x['decode']['p50'] or 0:.0f}/{x['decode']['p95'] or 0:.0f}"
    head = f"{x['lang']:<5}{x['set']:<8}{x['channel']:<10}{x['config']:<8}{x['n']:>4}{x['same']:>5}"
    return (
        f"{head}{x['split']:>6}{_triple(x['eos_to_action']):>25}{_triple(x['end_of_speech']):>28}"
        f"{decode:>16}  {x['p95_by_customer']}"
    )


if __name__ == "__main__":
    raise SystemExit(main())
