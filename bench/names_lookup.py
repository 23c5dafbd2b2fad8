"""Name lookup for customers with 500 payees (issue 13): the name index alone, and whole turns.

usage: PYTHONPATH=src python bench/names_lookup.py [--payees 500] [--repeat 20] [--db URL] [--out PATH.json]

Two customers of the synthetic bank (`teller.store.generate`, seed 0), one English and one Japanese,
each forced to `--payees` payees (sound-alikes included), are loaded into a temp SQLite database.
With `--db URL` (a bank made by `teller db generate`, SQLite or PostgreSQL) nothing is loaded: the
first English and the first Japanese customer of that bank with `--payees` payees are measured
there (the turns leave pending actions behind).
Measured:
  index build     `index_for(snapshot)` over the customer's payees and billers: the first build (after
                  a 5-payee customer of the same language warmed the libraries), then cached hits
  lookup / scan   `NameIndex.lookup` of a name, `NameIndex.scan` of a whole request, per query; queries
                  are payees' own names, kana readings, one-letter misspellings and unknown names
  turn            `TurnRunner.run` of "send 5000 to <name>" (names stage and total, the runner's clock)
Prints a table and writes JSON.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import sys
import tempfile
import time
from datetime import datetime
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.table import Table

ROOT = Path(__file__).resolve().parents[1]


def pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q / 100 * (len(ordered) - 1)))]


def _misspell(rng: random.Random, name: str) -> str:
    i = rng.randrange(1, len(name) - 1)
    return name[:i] + name[i + 1] + name[i] + name[i + 2 :] if name[i] != " " else name


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--payees", type=int, default=500)
    ap.add_argument("--repeat", type=int, default=20)
    ap.add_argument("--db", help="a generated bank's URL: measure its own customers with --payees payees")
    ap.add_argument("--out", type=Path, default=ROOT / "bench" / "results" / "names_lookup.json")
    args = ap.parse_args()
    tmp = tempfile.mkdtemp(prefix="teller-bench-")
    os.environ["TELLER_STORE__URL"] = args.db or f"sqlite:///{tmp}/names.sqlite3"
    os.environ["TELLER_STORE__SEED_DEMO"] = "false"
    os.environ["TELLER_LLM__ENABLED"] = "false"

    from teller.domain.turn import TurnRequest
    from teller.names import index_for
    from teller.pipeline.turn import TurnRunner
    from teller.store.generate import generate_customer

    picked: dict[str, dict[str, Any]] = {}
    small: dict[str, dict[str, Any]] = {}
    runner = TurnRunner.from_settings()
    if args.db:
        picked, small = _from_bank(runner, args.payees)
    else:
        # Customer 1 of seed 0 is Japanese and customer 0 English (the generator's coin for each).
        index = 0
        while len(picked) < 2 or len(small) < 2:
            c = generate_customer(index, seed=0, payees=args.payees)
            picked.setdefault(c["locale"], c)
            small.setdefault(c["locale"], generate_customer(index + 1000, seed=0, payees=5))
            index += 1
        runner.db.load_bank({"customers": [*picked.values(), *small.values()]})
    rng = random.Random(0)
    rows: dict[str, dict[str, Any]] = {}
    for locale, customer in picked.items():
        index_for(runner.bank.snapshot(small[locale]["id"]))  # romaji/kana tables loaded once per process
        snapshot = runner.bank.snapshot(customer["id"])
        builds = []
        for _ in range(args.repeat):
            t0 = time.perf_counter_ns()
            index_ = index_for(snapshot)
            builds.append((time.perf_counter_ns() - t0) / 1e6)
        payees = customer["payees"]
        sample = rng.sample(payees, min(100, len(payees)))
        queries = [p["latin"] for p in sample]
        queries += [p["display_name"] for p in sample if locale == "ja-JP"]
        queries += [p["reading_kana"] for p in sample if p.get("reading_kana")]
        queries += [_misspell(rng, p["latin"]) for p in sample]
        queries += ["Zebedee Quartermaine", "ボブ・マーリー"]
        lookups, scans, turns, names_stage = [], [], [], []
        found = 0
        for _ in range(max(1, args.repeat // 4)):
            for q in queries:
                t0 = time.perf_counter_ns()
                match = index_.lookup(q)
                lookups.append((time.perf_counter_ns() - t0) / 1e6)
                found += bool(getattr(match, "candidates", None))
                text = f"send 5000 yen to {q}" if locale == "ja-JP" else f"send $50 to {q}"
                t0 = time.perf_counter_ns()
                index_.scan(text)
                scans.append((time.perf_counter_ns() - t0) / 1e6)
        now = datetime.fromisoformat("2026-11-21T09:00:00+00:00")
        for n, p in enumerate(sample):
            text = f"{p['display_name']}に5000円送って" if locale == "ja-JP" else f"send $50 to {p['latin']}"
            result = runner.run(TurnRequest(id=f"b{n}", customer_id=customer["id"], text=text, now=now))
            turns.append(result.timings_ms["total"])
            names_stage.append(result.timings_ms.get("names", 0.0))
        rows[locale] = {
            "customer": customer["id"],
            "payees": len(payees),
            "queries": len(queries),
            "index_first_build_ms": round(builds[0], 3),
            "index_cached_ms": {q: round(pct(builds[1:], q), 3) for q in (50, 95, 99)},
            "lookup_ms": {q: round(pct(lookups, q), 3) for q in (50, 95, 99)},
            "scan_ms": {q: round(pct(scans, q), 3) for q in (50, 95, 99)},
            "turn_names_stage_ms": {q: round(pct(names_stage, q), 3) for q in (50, 95, 99)},
            "turn_total_ms": {q: round(pct(turns, q), 3) for q in (50, 95, 99)},
        }
    table = Table(title=f"name lookup, {args.payees} payees per customer")
    for col in ("customer", "metric", "p50", "p95", "p99"):
        table.add_column(col)
    for locale, row in rows.items():
        table.add_row(locale, "index first build ms", f"{row['index_first_build_ms']:.3f}", "", "")
        for metric in ("index_cached_ms", "lookup_ms", "scan_ms", "turn_names_stage_ms", "turn_total_ms"):
            values = row[metric]
            table.add_row(locale, metric, *(f"{values.get(q, float('nan')):.3f}" for q in (50, 95, 99)))
    Console().print(table)
    report = {
        "db": "temp SQLite" if not args.db else args.db.split("://")[0],
        "payees": args.payees,
        "repeat": args.repeat,
        "load_average": os.getloadavg()[0],
        "python": sys.version.split()[0],
        "rows": rows,
    }
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(report, indent=2, ensure_ascii=False))
    print(f"wrote {args.out}")


def _from_bank(runner: Any, payees: int) -> tuple[dict[str, dict[str, Any]], dict[str, dict[str, Any]]]:
    """The bank's first customer of each locale with `payees` payees, and a small one of each."""
    from sqlalchemy import func, select

    from teller.store.schema import CustomerRow, PayeeRow

    counts = select(PayeeRow.customer_id, func.count().label("n")).group_by(PayeeRow.customer_id).subquery()
    picked: dict[str, dict[str, Any]] = {}
    small: dict[str, dict[str, Any]] = {}
    with runner.db.read() as session:
        for wanted, into in ((payees, picked), (5, small)):
            for locale in ("en-US", "ja-JP"):
                cid = session.execute(
                    select(CustomerRow.id)
                    .join(counts, counts.c.customer_id == CustomerRow.id)
                    .where(counts.c.n == wanted, CustomerRow.locale == locale)
                    .order_by(CustomerRow.id)
                    .limit(1)
                ).scalar()
                if cid is None:
                    raise SystemExit(f"no {locale} customer with {wanted} payees in the bank")
                rows = session.execute(select(PayeeRow).where(PayeeRow.customer_id == cid)).scalars()
                into[locale] = {
                    "id": cid,
                    "locale": locale,
                    "payees": [
                        {"display_name": p.display_name, "latin": p.latin or p.display_name,
                         "reading_kana": p.reading_kana}
                        for p in rows
                    ],
                }  # fmt: skip
    return picked, small


if __name__ == "__main__":
    main()
