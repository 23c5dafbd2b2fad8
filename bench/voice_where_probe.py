"""Round 13 on typed lines and on every development transcript: how many are heard differently now that a
heard stretch is rewritten where it was heard (not at the first occurrence of its letters), and how many
typed lines' outcomes that moves. `--round 14`: the same counts for round 14 taken out instead
(`voice_common_pairs.as_main`: common words put right only where a name goes, no stretch across "$3k");
`--round 15`: round 15 taken out (`voice_round15_pairs.as_round14`); `--round 16`: round 16 taken out
(`voice_round16_pairs.as_round15`: no amount checked against what is due on the bill); `--round 17`: round
17 taken out (`voice_round17_pairs.as_round16`).

    TELLER_SHARED=/work/shared PYTHONPATH=src python bench/voice_where_probe.py \
        --hyps bench/results/hyps_dev.pkl
    TELLER_SHARED=/work/shared PYTHONPATH=src python bench/voice_where_probe.py --round 14 \
        --hyps bench/results/hyps_dev.pkl --out bench/results/voice_common_probe.json

- **typed**: every English and Japanese line of the typed development sets (as
  `voice_keys_probe.typed_lines`, Japanese too: `tests/golden/*.jsonl`, not `heldout/`;
  `bench/data/voice_unseen.jsonl`; the shared golden commands)
  heard word for word (`hear(text, (), ear)`) as main heard it (`voice_where_pairs.first_occurrence`) and
  as round 13 does; for the lines whose heard text differs, the outcome of each against the typed turn.
- **decodes**: every transcript (best and n-best) of the development decodes in `--hyps`, heard alone for
  c_001 and c_002 (the pickle's keys carry no customer), before and after.

Writes bench/results/voice_where_probe.json and prints the counts. Pure text: nothing about latency.
"""

from __future__ import annotations

import argparse
import json
import pickle
import sys
from datetime import datetime
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from teller.domain.turn import TurnRequest  # noqa: E402
from teller.voice.hearing import Ear, ear_for, hear  # noqa: E402
from voice_common_pairs import as_main  # noqa: E402
from voice_keys_probe import GOLDEN, ROOT  # noqa: E402
from voice_path import Understand, same_outcome  # noqa: E402
from voice_round15_pairs import as_round14  # noqa: E402
from voice_round16_pairs import as_round15  # noqa: E402
from voice_round17_pairs import as_round16  # noqa: E402
from voice_where_pairs import first_occurrence  # noqa: E402

# the round taken out for "before"
BEFORE = {"13": first_occurrence, "14": as_main, "15": as_round14, "16": as_round15, "17": as_round16}


def typed_lines() -> list[dict[str, Any]]:
    """`voice_keys_probe.typed_lines` with the Japanese lines: the typed development sets, not `heldout/`."""
    paths = [
        *sorted((ROOT / "tests" / "golden").glob("*.jsonl")),
        ROOT / "bench" / "data" / "voice_unseen.jsonl",
    ]
    rows = []
    for path in [*paths, GOLDEN]:
        for line in path.read_text(encoding="utf-8").splitlines():
            row = json.loads(line) if line.strip() else {}
            if row.get("text") and row.get("customer_id"):
                rows.append(row)
    return rows


def both(text: str, ear: Ear, round_: str = "13") -> tuple[str, str, list[tuple[str, str, int | None]]]:
    """(heard as main did, heard now, the changes now) of `text` heard alone."""
    with BEFORE[round_]():
        before, _ = hear(text, (), ear)
    after, changes = hear(text, (), ear)
    return before, after, [(c.rule, c.heard, c.at) for c in changes]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--hyps", type=Path, default=HERE / "results" / "hyps_dev.pkl")
    parser.add_argument("--out", type=Path, default=HERE / "results" / "voice_where_probe.json")
    parser.add_argument("--round", choices=sorted(BEFORE), default="13", help="the round taken out")
    args = parser.parse_args()
    runner = Understand()
    ears: dict[str, Ear] = {}

    def ear(cid: str) -> Ear:
        if cid not in ears:
            ears[cid] = ear_for(runner.bank.snapshot(cid))
        return ears[cid]

    rows, n = [], 0
    for row in typed_lines():
        try:
            e = ear(row["customer_id"])
        except Exception:  # a customer the demo bank does not have
            continue
        n += 1
        before, after, changes = both(row["text"], e, args.round)
        if before == after:
            continue
        now = datetime.fromisoformat(row["now"])
        cid = row["customer_id"]
        typed = runner.run(TurnRequest(id="t", customer_id=cid, text=row["text"], now=now))
        same = [
            same_outcome(runner.run(TurnRequest(id="t", customer_id=cid, text=t, now=now)), typed)
            for t in (before, after)
        ]
        rows.append(
            {"id": row.get("id"), "text": row["text"], "before": before, "after": after,
             "same_before": same[0], "same_after": same[1], "changes": changes}
        )  # fmt: skip
    same_before = sum(r["same_before"] for r in rows)
    same_after = sum(r["same_after"] for r in rows)
    report: dict[str, Any] = {
        "typed": {"n": n, "text_changed": len(rows), "same_before": same_before, "same_after": same_after,
                  "lines": rows}
    }  # fmt: skip
    print(f"typed lines: {n}; heard text changed {len(rows)}; of those, same outcome as typed "
          f"{same_before} → {same_after}")  # fmt: skip
    for r in rows:
        print(f"  {r['id']}: {r['text']!r}\n      {r['before']!r} ({r['same_before']})"
              f" → {r['after']!r} ({r['same_after']}) {r['changes']}")  # fmt: skip

    texts: set[str] = set()
    if args.hyps.exists():
        for hyp in pickle.loads(args.hyps.read_bytes()).values():
            texts.update(t for t in (hyp.text, *getattr(hyp, "alternatives", ())) if t)
    seen = []
    for text in sorted(texts):
        for cid in ("c_001", "c_002"):
            before, after, changes = both(text, ear(cid), args.round)
            if before != after:
                seen.append(
                    {"customer": cid, "text": text, "before": before, "after": after, "changes": changes}
                )
    report["decodes"] = {"transcripts": len(texts), "text_changed": len(seen), "lines": seen}
    print(f"\ndevelopment transcripts: {len(texts)} × 2 customers, heard text changed {len(seen)}")
    for s in seen:
        print(f"  {s['customer']}: {s['text']!r}: {s['before']!r} → {s['after']!r} {s['changes']}")
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(report, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
