"""What the second look at names costs: whole `transcribe` calls with and without it, interleaved.

    PYTHONPATH=src python bench/voice_recheck_cost.py            # piper, golden + development set
    PYTHONPATH=src python bench/voice_recheck_cost.py --off recheck_beam=0   # both second looks instead
    PYTHONPATH=src python bench/voice_recheck_cost.py --off forced_look=false  # round 5's forced look

Two recognizers in one process, the production one and the same with `--off` (default
`recheck_names=false`: the amount's second look stays on in both); every file is decoded by both, in
alternating order, so load weighs on both alike. Prints decode p50 / p95 over all files and over those
whose transcript names a payee or biller or says a card verb (the only ones that pay for the looks),
and writes bench/results/voice_recheck_cost.json.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import time
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE / "speech"))
sys.path.insert(0, str(HERE))

from generate import build  # noqa: E402

from teller.voice.audio import load_audio  # noqa: E402
from teller.voice.bias import speaker  # noqa: E402
from teller.voice.engine import load_finals  # noqa: E402
from teller.voice.settings import ASRSettings  # noqa: E402
from voice_path import parse_knobs, percentile  # noqa: E402


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--voice", default="piper")
    parser.add_argument("--sets", default="golden,unseen")
    parser.add_argument("--off", nargs="*", default=["recheck_names=false"], metavar="KEY=VALUE")
    parser.add_argument("--out", type=Path, default=HERE / "results" / "voice_recheck_cost.json")
    args = parser.parse_args(argv)
    on, off = load_finals(ASRSettings()), load_finals(ASRSettings(**parse_knobs(args.off)))
    rows = [r for which in args.sets.split(",") for r in build(args.voice, which)]
    times: dict[str, list[float]] = {"with": [], "without": []}
    named: dict[str, list[float]] = {"with": [], "without": []}
    load = os.getloadavg()
    for i, row in enumerate(rows):
        samples = load_audio(row["audio"])
        names = speaker(None, row["customer_id"]).names
        order = [("with", on), ("without", off)] if i % 2 == 0 else [("without", off), ("with", on)]
        looked = False
        for label, finals in order:
            t = time.perf_counter()
            hyp: Any = finals.transcribe(samples, bias=names)
            times[label].append((time.perf_counter() - t) * 1000)
            looked = looked or bool(hyp.name_rechecks) or bool(hyp.forced)
        if looked:
            for label in times:
                named[label].append(times[label][-1])
    report: dict[str, Any] = {
        "files": len(rows),
        "named": len(named["with"]),
        "off": args.off,
        "load_avg_start": [round(x, 2) for x in load],
        "load_avg_end": [round(x, 2) for x in os.getloadavg()],
    }
    for group, values in (("all", times), ("named", named)):
        for label, ms in values.items():
            report[f"{group}_{label}"] = {
                "p50": round(statistics.median(ms), 1) if ms else None,
                "p95": percentile(ms, 0.95),
            }
    print(f"{len(rows)} files ({report['named']} with a name looked at again), off = {args.off}")
    print(f"load average {report['load_avg_start']} → {report['load_avg_end']}")
    for group in ("all", "named"):
        w, wo = report[f"{group}_with"], report[f"{group}_without"]
        with_ms = f"with {w['p50']} / {w['p95']} ms"
        print(f"  {group:<6} decode p50 / p95: {with_ms}, without {wo['p50']} / {wo['p95']} ms")
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(report, indent=2) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
