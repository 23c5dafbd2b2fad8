"""LLM path on this CPU: the embedded backend with and without prefix reuse and jump-forward.

usage: PYTHONPATH=src .venv/bin/python bench/llm_path.py [--n 20] [--no-reuse-n 6]
       [--model PATH_OR_PROFILE] [--threads N] [--out bench/results/llm_path.json]

Runs ~20 ambiguous transcripts built from the demo bank (two similar payees, a nickname, a bill
named by alias, a card by type) through `Extractor.extract` in three modes:

- ``prefix+jf``: the default (fixed prefix decoded once and reused; forced tokens jump-forwarded);
- ``no-prefix``: the KV cache is dropped before each call, so the whole prompt is decoded each time
  (fewer transcripts by default: each costs the full prompt);
- ``no-jf``: prefix reuse, but one decode per output token.

Clocks: TTFT is the backend's time from entering `complete_json` to the first generated token;
total is `ExtractionOutcome.total_ms` (prompt building, model, validation). Model calls count
llama_decode calls including the prompt's. The machine's load average is recorded because this
CPU is shared; compare runs only at similar load.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import statistics
import sys
import time
import warnings
from datetime import datetime
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.table import Table

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "src"))

from teller.llm.backends.embedded import EmbeddedBackend  # noqa: E402
from teller.llm.extract import CandidateView, ExtractionInput, ExtractionOutcome, Extractor  # noqa: E402

BANK = ROOT / "src" / "teller" / "data" / "demo_bank.json"

# (customer, transcript, candidate ids shown, hints, expected {field: value})
CASES: list[tuple[str, str, list[str], dict[str, str], dict[str, str | None]]] = [
    (
        "c_001",
        "send five thousand yen to sato",
        ["p_001", "p_003", "p_002"],
        {"amount": "5000"},
        {"intent": "transfer_money"},
    ),
    (
        "c_001",
        "transfer 3000 yen to ken",
        ["p_001", "p_002", "p_012"],
        {"amount": "3000"},
        {"intent": "transfer_money"},
    ),
    (
        "c_001",
        "send 12000 yen to sato kenta",
        ["p_003", "p_001"],
        {"amount": "12000"},
        {"recipient_candidate_id": "p_003"},
    ),
    (
        "c_001",
        "send ten thousand yen to saito ken",
        ["p_002", "p_001", "p_012"],
        {},
        {"recipient_candidate_id": "p_002"},
    ),
    (
        "c_001",
        "pay the electricity bill",
        ["b_001", "b_002", "a_001"],
        {},
        {"intent": "bill_payment", "biller_id": "b_001"},
    ),
    (
        "c_001",
        "pay tepco from my yen account",
        ["b_001", "b_003", "a_001", "a_002"],
        {},
        {"biller_id": "b_001"},
    ),
    ("c_001", "lock my credit card", ["k_001", "k_002"], {}, {"intent": "card_lock", "card_id": "k_002"}),
    (
        "c_001",
        "unlock the debit card please",
        ["k_001", "k_002"],
        {},
        {"intent": "card_unlock", "card_id": "k_001"},
    ),
    (
        "c_001",
        "佐藤さんに5000円送って",
        ["p_001", "p_003"],
        {"amount": "5000", "currency": "JPY"},
        {"intent": "transfer_money"},
    ),
    ("c_001", "ケンに三千円", ["p_001", "p_002", "p_012"], {"amount": "3000"}, {"intent": "transfer_money"}),
    (
        "c_001",
        "how much is in my dollar account",
        ["a_001", "a_002"],
        {},
        {"intent": "balance_inquiry", "account_id": "a_002"},
    ),
    ("c_001", "send money to maria", ["p_007"], {}, {"recipient_candidate_id": "p_007"}),
    (
        "c_002",
        "send 50 dollars to sarah johnson",
        ["p_102", "p_103"],
        {"amount": "50"},
        {"recipient_candidate_id": "p_102"},
    ),
    ("c_002", "send 20 dollars to sara", ["p_102", "p_103"], {"amount": "20"}, {"intent": "transfer_money"}),
    (
        "c_002",
        "pay steven phillips 100 dollars",
        ["p_109", "p_110"],
        {"amount": "100"},
        {"recipient_candidate_id": "p_109"},
    ),
    (
        "c_002",
        "transfer 75 to chris oneil",
        ["p_105", "p_106"],
        {"amount": "75"},
        {"recipient_candidate_id": "p_105"},
    ),
    (
        "c_002",
        "pay the phone bill",
        ["b_102", "b_103", "a_101"],
        {},
        {"intent": "bill_payment", "biller_id": "b_102"},
    ),
    (
        "c_002",
        "pay con ed from savings",
        ["b_101", "a_101", "a_102"],
        {},
        {"biller_id": "b_101", "account_id": "a_102"},
    ),
    ("c_002", "freeze my rewards card", ["k_101", "k_102"], {}, {"intent": "card_lock", "card_id": "k_102"}),
    ("c_002", "send 12.50 to david", ["p_104"], {"amount": "12.50"}, {"recipient_candidate_id": "p_104"}),
]
KINDS = {"p": "payee", "b": "biller", "k": "card", "a": "account"}


def _views(customer: dict[str, Any], ids: list[str]) -> tuple[CandidateView, ...]:
    by_id: dict[str, tuple[str, str | None]] = {}
    for p in customer["payees"]:
        by_id[p["id"]] = (p["display_name"], p.get("reading_kana") or p.get("latin"))
    for b in customer["billers"]:
        by_id[b["id"]] = (b["display_name"], b.get("latin"))
    for k in customer["cards"]:
        by_id[k["id"]] = (f"{k['label']} ending {k['last4']}", None)
    for a in customer["accounts"]:
        by_id[a["id"]] = (f"{a['label']} {a['currency']}", None)
    views = []
    for rank, cid in enumerate(ids):
        name, reading = by_id[cid]
        score = round(0.95 - 0.04 * rank, 2) if cid[0] in "pb" else None
        views.append(CandidateView(cid, KINDS[cid[0]], name, reading, score))  # type: ignore[arg-type]
    return tuple(views)


def build_inputs() -> list[tuple[ExtractionInput, dict[str, str | None]]]:
    customers = {c["id"]: c for c in json.loads(BANK.read_text())["customers"]}
    out = []
    for cid, text, ids, hints, expect in CASES:
        language = "ja" if any(ord(ch) > 0x3000 for ch in text) else "en"
        inp = ExtractionInput(text, _views(customers[cid], ids), {"confidence": "0.40", **hints}, language)  # type: ignore[arg-type]
        out.append((inp, expect))
    return out


def pct(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[max(0, min(len(ordered) - 1, math.ceil(q / 100 * len(ordered)) - 1))]


def _correct(out: ExtractionOutcome, expect: dict[str, str | None]) -> bool:
    got = {
        "intent": out.intent.value if out.intent else None,
        "recipient_candidate_id": out.recipient_id,
        "biller_id": out.biller_id,
        "card_id": out.card_id,
        "account_id": out.account_id,
    }
    return out.ok and all(got[k] == v for k, v in expect.items())


def run_mode(
    backend: EmbeddedBackend,
    cases: list[tuple[ExtractionInput, dict[str, str | None]]],
    *,
    reuse: bool,
    jf: bool,
) -> dict[str, Any]:
    backend.reuse_prefix, backend.jump_forward = reuse, jf
    extractor = Extractor(backend, deadline_s=600.0)
    rows = []
    for inp, expect in cases:
        if not reuse:
            backend._json_model().n_tokens = 0  # forget the KV cache: decode the whole prompt
        out = extractor.extract(inp)
        rows.append(
            {
                "text": inp.text,
                "ok": out.ok,
                "correct": _correct(out, expect),
                "ttft_ms": out.ttft_ms,
                "total_ms": out.total_ms,
                "model_calls": out.model_calls,
                "output_tokens": out.output_tokens,
            }
        )
    ttft = [r["ttft_ms"] for r in rows if r["ttft_ms"] is not None]
    total = [r["total_ms"] for r in rows]
    return {
        "n": len(rows),
        "ok": sum(r["ok"] for r in rows),
        "correct": sum(r["correct"] for r in rows),
        "ttft_p50_ms": pct(ttft, 50),
        "ttft_p95_ms": pct(ttft, 95),
        "total_p50_ms": pct(total, 50),
        "total_p95_ms": pct(total, 95),
        "model_calls_mean": statistics.fmean(r["model_calls"] for r in rows),
        "output_tokens_mean": statistics.fmean(r["output_tokens"] for r in rows),
        "rows": rows,
    }


def measure_restore(model_path: str, threads: int | None) -> float:
    """Seconds to make the prefix resident from the saved KV state (what a new process pays)."""
    fresh = EmbeddedBackend(model_path, n_threads=threads)
    extractor = Extractor(fresh)
    extractor.warm()  # saves the state file if no earlier run did
    fresh._json_model().n_tokens = 0  # forget it in memory; the next warm must restore from disk
    start = time.perf_counter()
    extractor.warm()
    elapsed = time.perf_counter() - start
    if fresh.prefix_loads < 1:
        raise RuntimeError("the prefix state was not restored from disk")
    return elapsed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--n", type=int, default=len(CASES))
    parser.add_argument("--no-reuse-n", type=int, default=6)
    parser.add_argument("--model", default=None, help="GGUF path or bundled profile name")
    parser.add_argument("--threads", type=int, default=None)
    parser.add_argument("--out", type=Path, default=ROOT / "bench" / "results" / "llm_path.json")
    args = parser.parse_args()
    warnings.simplefilter("ignore", DeprecationWarning)

    cases = build_inputs()[: args.n]
    backend = EmbeddedBackend(args.model, n_threads=args.threads, persist_prefix=False)
    load_before = os.getloadavg()
    start = time.perf_counter()
    backend.load()
    load_s = time.perf_counter() - start
    start = time.perf_counter()
    Extractor(backend).warm()
    warm_s = time.perf_counter() - start

    modes = {
        "prefix+jf": run_mode(backend, cases, reuse=True, jf=True),
        "no-jf": run_mode(backend, cases, reuse=True, jf=False),
        "no-prefix": run_mode(backend, cases[: args.no_reuse_n], reuse=False, jf=True),
    }
    backend.reuse_prefix, backend.jump_forward = True, True
    restore_s = measure_restore(backend.model_path(), args.threads)

    table = Table(title=f"LLM path, embedded {Path(backend.model_path()).name} ({os.cpu_count()} CPUs)")
    for col in (
        "mode",
        "n",
        "ok",
        "correct",
        "TTFT p50",
        "TTFT p95",
        "total p50",
        "total p95",
        "calls",
        "tokens",
    ):
        table.add_column(col, justify="right" if col != "mode" else "left")
    for name, m in modes.items():
        table.add_row(
            name,
            str(m["n"]),
            str(m["ok"]),
            str(m["correct"]),
            f"{m['ttft_p50_ms']:.0f} ms",
            f"{m['ttft_p95_ms']:.0f} ms",
            f"{m['total_p50_ms']:.0f} ms",
            f"{m['total_p95_ms']:.0f} ms",
            f"{m['model_calls_mean']:.1f}",
            f"{m['output_tokens_mean']:.1f}",
        )
    console = Console(width=150)
    console.print(table)
    console.print(
        f"model load {load_s:.1f} s, prefix decode {warm_s:.1f} s, prefix restore from disk "
        f"{restore_s * 1000:.0f} ms, load average {os.getloadavg()}"
    )

    args.out.parent.mkdir(parents=True, exist_ok=True)
    result = {
        "when": datetime.now().isoformat(timespec="seconds"),
        "model": backend.model_path(),
        "cpus": os.cpu_count(),
        "threads": args.threads,
        "loadavg_before": load_before,
        "loadavg_after": os.getloadavg(),
        "model_load_s": load_s,
        "prefix_decode_s": warm_s,
        "prefix_restore_s": restore_s,
        "modes": modes,
    }
    args.out.write_text(json.dumps(result, ensure_ascii=False, indent=2) + "\n")
    console.print(f"wrote {args.out}")


if __name__ == "__main__":
    main()
