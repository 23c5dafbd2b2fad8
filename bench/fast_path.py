"""Fast-path latency: per-turn time over the golden set repeated N times, and a cold `teller ask`.

usage: python bench/fast_path.py [--repeat 200] [--out bench/results/fast_path.json]
Prints a table and writes JSON. The per-turn time is `timings_ms.total` of each turn (the runner's
own clock, from snapshot load to finished result); wall time around `run()` is reported too.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from datetime import datetime
from pathlib import Path

from rich.console import Console
from rich.table import Table

ROOT = Path(__file__).resolve().parents[1]
GOLDEN = ROOT.parent / "shared" / "golden" / "commands.jsonl"
FALLBACK = ROOT / "tests" / "golden" / "paraphrases.jsonl"


def pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q / 100 * (len(ordered) - 1)))]


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--repeat", type=int, default=200)
    ap.add_argument("--out", type=Path, default=ROOT / "bench" / "results" / "fast_path.json")
    args = ap.parse_args()
    tmp = tempfile.mkdtemp(prefix="teller-bench-")
    os.environ["TELLER_STORE__URL"] = f"sqlite:///{tmp}/bench.sqlite3"
    os.environ["TELLER_LLM__ENABLED"] = "false"

    from teller.domain.turn import TurnRequest
    from teller.pipeline.turn import TurnRunner

    cases_file = GOLDEN if GOLDEN.exists() else FALLBACK
    cases = [json.loads(line) for line in cases_file.read_text(encoding="utf-8").splitlines() if line.strip()]
    # Read-only and pending-creating turns only: card locks would write on every repeat.
    requests = [
        TurnRequest(
            id=c["id"], customer_id=c["customer_id"], text=c["text"], now=datetime.fromisoformat(c["now"])
        )
        for c in cases
    ]
    runner = TurnRunner.from_settings()
    for r in requests:  # warm caches once (snapshot, name index, romaji, classifier)
        runner.run(r)
    totals: list[float] = []
    walls: list[float] = []
    stages: dict[str, list[float]] = {}
    for _ in range(args.repeat):
        for r in requests:
            t0 = time.perf_counter_ns()
            result = runner.run(r)
            walls.append((time.perf_counter_ns() - t0) / 1e6)
            totals.append(result.timings_ms["total"])
            for k, v in result.timings_ms.items():
                stages.setdefault(k, []).append(v)

    cold = []
    teller = Path(sys.executable).with_name("teller")
    for _ in range(3):
        t0 = time.perf_counter()
        subprocess.run(
            [str(teller), "ask", "send five thousand yen to sato ken tomorrow morning", "--json"],
            check=True,
            capture_output=True,
            env={**os.environ},
        )
        cold.append((time.perf_counter() - t0) * 1000)

    report = {
        "cases": len(requests),
        "repeat": args.repeat,
        "turns": len(totals),
        "per_turn_ms": {q: round(pct(totals, float(q[1:])), 4) for q in ("p50", "p95", "p99")},
        "wall_ms": {q: round(pct(walls, float(q[1:])), 4) for q in ("p50", "p95", "p99")},
        "stages_p95_ms": {k: round(pct(v, 95), 4) for k, v in stages.items()},
        "mean_ms": round(statistics.fmean(totals), 4),
        "cold_teller_ask_ms": {"runs": [round(c, 1) for c in cold], "min": round(min(cold), 1)},
        "source": str(cases_file.name),
        "python": sys.version.split()[0],
    }
    table = Table(title=f"fast path: {len(requests)} cases × {args.repeat}")
    for col in ("metric", "p50", "p95", "p99"):
        table.add_column(col)
    table.add_row(
        "per turn (timings.total) ms", *(f"{report['per_turn_ms'][q]:.3f}" for q in ("p50", "p95", "p99"))
    )
    table.add_row("wall around run() ms", *(f"{report['wall_ms'][q]:.3f}" for q in ("p50", "p95", "p99")))
    for k, v in stages.items():
        table.add_row(f"  stage {k}", f"{pct(v, 50):.3f}", f"{pct(v, 95):.3f}", f"{pct(v, 99):.3f}")
    table.add_row("cold `teller ask` ms (min of 3)", f"{min(cold):.0f}", "", "")
    Console().print(table)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(report, indent=2))
    print(f"wrote {args.out}")


if __name__ == "__main__":
    main()
