"""What a customer new to a worker costs on a generated bank: snapshot, name index, log redactor.

usage: PYTHONPATH=src python bench/cold_customers.py --db URL [--sample 200] [--learned 2000]

`--sample` generated customers spread evenly over the bank: the first `snapshot()` (cold), the name
index built over it, and a second `snapshot()` (cached), split by locale. Then the log redactor
(`TurnService._learn_names`) learns the names of `--learned` customers spread over the bank, as a
worker serving them would: its `add_names` cost per new customer as it grows. Prints JSON and
writes it to bench/results/cold_customers.json.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]


def pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return round(ordered[min(len(ordered) - 1, int(q * len(ordered)))], 2)


def summary(values: list[float]) -> dict[str, float]:
    return {"mean": round(statistics.mean(values), 2), "p50": pct(values, 0.5), "p95": pct(values, 0.95)}


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--db", required=True, help="the generated bank's SQLAlchemy URL")
    ap.add_argument("--sample", type=int, default=200)
    ap.add_argument("--learned", type=int, default=2000)
    ap.add_argument("--out", type=Path, default=ROOT / "bench" / "results" / "cold_customers.json")
    args = ap.parse_args()
    os.environ["TELLER_STORE__URL"] = args.db
    os.environ["TELLER_STORE__SEED_DEMO"] = "false"
    os.environ["TELLER_LLM__ENABLED"] = "false"

    from teller.api.logs import Redactor
    from teller.names import index_for
    from teller.pipeline.turn import TurnRunner

    runner = TurnRunner.from_settings()
    runner.warm()
    ids = [c for c in runner.bank.customer_ids() if c.startswith("g")]
    rows: dict[str, list[tuple[float, float, float, int]]] = {}
    for cid in ids[:: max(1, len(ids) // args.sample)][: args.sample]:
        t0 = time.perf_counter()
        snapshot = runner.bank.snapshot(cid)
        t1 = time.perf_counter()
        index_for(snapshot, runner.settings.names)
        t2 = time.perf_counter()
        runner.bank.snapshot(cid)
        t3 = time.perf_counter()
        row = ((t1 - t0) * 1000, (t2 - t1) * 1000, (t3 - t2) * 1000, len(snapshot.payees))
        rows.setdefault(snapshot.customer.locale, []).append(row)
    report: dict[str, Any] = {"bank_customers": len(ids), "loadavg": os.getloadavg()}
    for locale, r in rows.items():
        report[locale] = {
            "n": len(r),
            "payees_median": statistics.median(x[3] for x in r),
            "snapshot_build_ms": summary([x[0] for x in r]),
            "name_index_build_ms": summary([x[1] for x in r]),
            "cached_snapshot_ms": summary([x[2] for x in r]),
        }
    redactor, costs = Redactor(), []
    for cid in ids[:: max(1, len(ids) // args.learned)][: args.learned]:
        snapshot = runner.bank.snapshot(cid)
        names = [snapshot.customer.name, snapshot.customer.name_latin]
        for p in snapshot.payees:
            names += [p.display_name, p.latin or "", p.reading_kana or ""]
        t0 = time.perf_counter()
        redactor.add_names(names)
        costs.append((time.perf_counter() - t0) * 1000)
    report["redactor_add_names_ms_around"] = {
        n: round(statistics.mean(costs[max(0, n - 10) : n + 1]), 2)
        for n in (10, 100, 500, 1000)
        if n < len(costs)
    }
    report["redactor_add_names_ms_last10"] = round(statistics.mean(costs[-10:]), 2)
    report["redactor_names_held"] = len(redactor._latin) + len(redactor._other)
    text = json.dumps(report, indent=1, ensure_ascii=False)
    print(text)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(text + "\n")


if __name__ == "__main__":
    main()
