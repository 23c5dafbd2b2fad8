"""How well Teller understands: the intent classifier alone, and whole turns through `TurnRunner`.

    PYTHONPATH=src .venv/bin/python bench/understand_eval.py [--sets a,b] [--level both|classifier|turn]
        [--dev [--misses N]]

Sets (`--sets` picks some by name; default all that exist): see `bench/understand_sets.py`. The
held-out parts of the shared data are reported as aggregates only. `--dev` scores the development
parts instead (NLU++ folds 0-7, the other ~80% of CLINC150 and Banking77: the model was trained on
them, so they flatter it; the command rules were never fitted to them) and lists every miss of a
non-held-out set, grouped by expected intent, got intent and the rule that decided it
(`--misses N` prints up to N rows per group; all go to the JSON).

Metrics, per set and level:
  per-intent precision/recall/F1; macro-F1 over the command intents present in the set; command
  recall (command rows given exactly their intent); the false-command rate (rows whose intent is
  `qna` or `out_of_scope` given any command intent); calibration (accuracy per confidence bucket,
  and the expected calibration error). Turn level adds the silent-wrong rate: turns whose action is
  `execute` or `confirm` although the intent is wrong, an expected entity differs, or the case
  expects the turn not to act (clarify, ask_slot, reject, answer, ...), over all turns of the set.

Turns run through the real `TurnRunner` on a temporary SQLite demo bank (fresh per set) with the LLM
disabled, as replays (`TurnRequest.replay`: nothing is written, so no turn sees another's card lock).
Rows without a customer go to c_001 (Japanese text) or c_002 (other text) at a fixed `now`.
Classifier latency: each utterance timed alone after the model is loaded; the load (first call in
this process) is reported separately. Prints tables; writes bench/results/understand_eval.json.
"""

from __future__ import annotations

import argparse
import itertools
import json
import os
import platform
import statistics
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "bench"))
sys.path.insert(0, str(ROOT / "src"))
os.environ["TELLER_LLM__ENABLED"] = "false"

from teller.domain.intents import COMMAND_INTENTS, TURN_INTENTS  # noqa: E402
from teller.normalize.turn import normalize_turn  # noqa: E402
from understand_sets import Case, load_sets  # noqa: E402

RESULTS = ROOT / "bench" / "results" / "understand_eval.json"
TRAIN_REPORT = ROOT / "bench" / "results" / "intent_train.json"  # written by scripts/train_intent.py
COMMANDS = sorted(i.value for i in COMMAND_INTENTS)
NON_COMMANDS = ("qna", "out_of_scope")
BUCKETS = (0.0, 0.5, 0.6, 0.7, 0.8, 0.9, 0.95, 1.0001)
ENTITY_KEYS = ("amount_minor", "currency", "recipient_id", "biller_id", "card_id", "account_id", "execute_on")
ENTITY_KEYS += ("count",)
ACTING = ("execute", "confirm")


# -- metrics --------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Outcome:
    intent: str
    confidence: float
    acted: bool = False  # turn level: action execute/confirm
    silent_wrong: bool = False
    detail: str = ""
    source: str = "classifier"  # turn level: "classifier" or "rule" (the fast path's command rules)
    rule: str = ""  # turn level: the understand rule that decided the intent (with its +checks)


def metrics(cases: Sequence[Case], outcomes: Sequence[Outcome], *, turn_level: bool) -> dict[str, Any]:
    """Per-intent P/R/F1, command macro-F1 and recall, false-command rate, calibration (+ silent wrong)."""
    acted = [o.acted for o in outcomes]
    silent = [o.silent_wrong for o in outcomes]
    labelled = [(c, o) for c, o in zip(cases, outcomes, strict=True) if c.intent]
    gold = [c.intent for c, _ in labelled]
    pred = [o.intent for _, o in labelled]
    per_intent: dict[str, dict[str, float]] = {}
    for label in dict.fromkeys([*(i.value for i in TURN_INTENTS), *COMMANDS]):  # + scheduled payments
        tp = sum(g == label and p == label for g, p in zip(gold, pred, strict=True))
        n_pred, n_gold = pred.count(label), gold.count(label)
        precision = tp / n_pred if n_pred else 0.0
        recall = tp / n_gold if n_gold else 0.0
        f1 = 2 * precision * recall / (precision + recall) if precision + recall else 0.0
        per_intent[label] = {"precision": precision, "recall": recall, "f1": f1, "support": n_gold}
    present = [per_intent[c]["f1"] for c in COMMANDS if per_intent[c]["support"]]
    command_rows = [(g, p) for g, p in zip(gold, pred, strict=True) if g in COMMANDS]
    other_rows = [p for g, p in zip(gold, pred, strict=True) if g in NON_COMMANDS]
    correct = [g == p for g, p in zip(gold, pred, strict=True)]
    result: dict[str, Any] = {
        "n": len(cases),
        "n_labelled": len(labelled),
        "accuracy": _mean(correct),
        "macro_f1_commands": sum(present) / len(present) if present else None,
        "command_recall": _mean([g == p for g, p in command_rows]) if command_rows else None,
        "n_commands": len(command_rows),
        "false_command_rate": _mean([p in COMMANDS for p in other_rows]) if other_rows else None,
        "false_commands_by_source": dict(
            Counter(o.source for c, o in labelled if c.intent in NON_COMMANDS and o.intent in COMMANDS)
        ),
        "n_non_commands": len(other_rows),
        "calibration": calibration([o.confidence for _, o in labelled], correct),
        "per_intent": per_intent,
    }
    result["ece"] = result["calibration"].pop("ece")
    if turn_level:
        result["acted_rate"] = _mean(acted)
        result["silent_wrong_rate"] = _mean(silent)
        result["silent_wrong"] = sum(silent)
    return result


def calibration(confidence: Sequence[float], correct: Sequence[bool]) -> dict[str, Any]:
    """Accuracy and mean confidence per confidence bucket, and the expected calibration error."""
    buckets: list[dict[str, Any]] = []
    ece = 0.0
    for lo, hi in itertools.pairwise(BUCKETS):
        idx = [i for i, c in enumerate(confidence) if lo <= c < hi]
        if not idx:
            buckets.append({"range": [lo, min(hi, 1.0)], "n": 0})
            continue
        acc = _mean([correct[i] for i in idx])
        conf = statistics.fmean(confidence[i] for i in idx)
        ece += len(idx) / len(confidence) * abs(acc - conf)
        buckets.append({"range": [lo, min(hi, 1.0)], "n": len(idx), "accuracy": acc, "confidence": conf})
    return {"buckets": buckets, "ece": ece}


def _mean(values: Sequence[bool]) -> float:
    return sum(values) / len(values) if values else 0.0


# -- the two levels -------------------------------------------------------------------------------


def classifier_outcomes(
    predict: Callable[[str], Any], cases: Sequence[Case]
) -> tuple[list[Outcome], list[tuple[float, float]]]:
    """The classifier alone, on the text the fast path gives it (folded, command-word typos fixed)."""
    outcomes, times = [], []
    for c in cases:
        keywords = normalize_turn(c.text, today=c.now.date()).keywords
        start, cpu = time.perf_counter_ns(), time.thread_time_ns()
        top, p = predict(keywords)[0]
        times.append(((time.perf_counter_ns() - start) / 1e6, (time.thread_time_ns() - cpu) / 1e6))
        outcomes.append(Outcome(top.value, p))
    return outcomes, times


def turn_outcomes(cases: Sequence[Case]) -> list[Outcome]:
    """Whole turns through a `TurnRunner` on a fresh temporary demo bank, LLM disabled."""
    from teller.config import Settings, StoreSettings
    from teller.domain.turn import TurnRequest
    from teller.pipeline.turn import TurnRunner

    with tempfile.TemporaryDirectory(prefix="understand-eval-") as tmp:
        settings = Settings(store=StoreSettings(url=f"sqlite:///{Path(tmp) / 'bank.sqlite3'}"))
        settings.llm.enabled = False
        runner = TurnRunner.from_settings(settings)
        outcomes = []
        for c in cases:
            try:
                request = TurnRequest(id=c.id, customer_id=c.customer, text=c.text, now=c.now, replay=True)
                r = runner.run(request)
            except Exception as exc:  # a crash is a lost turn: counted as a wrong answer, not a skip
                outcomes.append(Outcome("error", 0.0, detail=f"{type(exc).__name__}: {exc}"))
                continue
            outcomes.append(_judge(c, r.model_dump(mode="json")))
        runner.db.engine.dispose()
    return outcomes


def _judge(case: Case, r: dict[str, Any]) -> Outcome:
    intent, action = r["intent"], r["action"]
    acted = action in ACTING
    problems = []
    wrong_intent = bool(case.intent) and intent != case.intent
    if wrong_intent:
        problems.append(f"intent {intent}")
    expected_action = case.expect.get("action")
    allowed = case.expect.get("action_in") or ([expected_action] if expected_action else None)
    if allowed is not None and action not in allowed:
        problems.append(f"action {action}")
    ents = r.get("entities") or {}
    wrong_entities = [k for k in ENTITY_KEYS if k in case.expect and ents.get(k) != case.expect[k]]
    problems.extend(f"{k} {ents.get(k)!r}" for k in wrong_entities)
    should_not_act = allowed is not None and not set(allowed) & set(ACTING)
    silent_wrong = acted and (wrong_intent or should_not_act or bool(wrong_entities))
    detail = f"{action}: " + "; ".join(problems) if problems else ""
    rules = [t["rule"] for t in r.get("trace") or () if t["stage"] == "understand" and t["value"] == intent]
    source = "classifier" if rules and rules[0].startswith("classifier") else "rule"
    conf = float(r.get("confidence") or 0.0)
    return Outcome(intent, conf, acted, silent_wrong, detail, source, rules[0] if rules else "")


# -- report ---------------------------------------------------------------------------------------


def _fmt(x: float | None, pct: bool = False) -> str:
    if x is None:
        return "-"
    return f"{100 * x:.1f}%" if pct else f"{x:.3f}"


def print_table(results: dict[str, dict[str, Any]]) -> None:
    head = f"{'set':<24} {'level':<10} {'n':>5} {'acc':>6} {'cmdF1':>6} {'cmdRec':>6} {'falseCmd':>8}"
    print(head + f" {'silentWr':>8} {'ECE':>6} {'falseCmd from rule/clf':>22}")
    for name, levels in results.items():
        for level, m in levels.items():
            row = f"{name:<24} {level:<10} {m['n']:>5} {_fmt(m['accuracy']):>6}"
            row += f" {_fmt(m['macro_f1_commands']):>6} {_fmt(m['command_recall']):>6}"
            row += f" {_fmt(m['false_command_rate'], True):>8}"
            row += f" {_fmt(m.get('silent_wrong_rate'), True) if 'silent_wrong_rate' in m else '':>8}"
            src = m["false_commands_by_source"]
            by = f"{src.get('rule', 0)}/{src.get('classifier', 0)}" if level == "turn" else ""
            print(row + f" {_fmt(m['ece']):>6} {by:>22}")


def print_per_intent(name: str, level: str, m: dict[str, Any]) -> None:
    print(f"\n{name} ({level}): per intent")
    print(f"  {'intent':<20} {'prec':>6} {'recall':>6} {'f1':>6} {'n':>6}")
    for label, v in m["per_intent"].items():
        if v["support"] or v["precision"]:
            scores = f"{v['precision']:>6.3f} {v['recall']:>6.3f} {v['f1']:>6.3f}"
            print(f"  {label:<20} {scores} {v['support']:>6}")
    cal = "  ".join(
        f"[{b['range'][0]:.2f},{b['range'][1]:.2f}) {b['accuracy']:.2f}/{b['n']}"
        for b in m["calibration"]["buckets"]
        if b["n"]
    )
    print(f"  calibration (bucket accuracy/n): {cal}")


def print_calibration(results: dict[str, dict[str, Any]]) -> None:
    """Accuracy per confidence bucket of every set and level (bucket: accuracy/n)."""
    print("\ncalibration: accuracy/n per confidence bucket")
    edges = list(itertools.pairwise(BUCKETS))
    head = "".join(f" {f'[{lo:.2f},{min(hi, 1.0):.2f})':>12}" for lo, hi in edges)
    print(f"  {'set':<28} {'level':<10}{head}")
    for name, levels in results.items():
        for level, m in levels.items():
            cells = "".join(f" {_bucket(b):>12}" for b in m["calibration"]["buckets"])
            print(f"  {name:<28} {level:<10}{cells}")


def _bucket(b: dict[str, Any]) -> str:
    return f"{b['accuracy']:.2f}/{b['n']}" if b["n"] else "-"


def print_training_report(path: Path) -> None:
    """The development numbers `scripts/train_intent.py` measured out of fold (if it has run here)."""
    if not path.exists():
        return
    report = json.loads(path.read_text(encoding="utf-8"))
    t = report["thresholds"]
    print(
        f"\ndevelopment, out of fold ({report['folds']} folds, classifier alone; {path.name}): "
        f"floor {t['floor']}, margin {t['margin']} (wrong action cost {report['wrong_cost']} questions)"
    )
    print(f"  {'source':<12} {'n':>6} {'falseCmd':>9} {'cmdRec':>7} {'wrongCmd':>9}   (argmax → decided)")
    for source, r in report["per_source"].items():
        a, d = r["argmax"], r["decided"]
        fc = f"{100 * a['false_command']:.1f}→{100 * d['false_command']:.1f}%"
        rec = f"{a['command_recall']:.3f}→{d['command_recall']:.3f}"
        wc = f"{100 * a['wrong_command']:.1f}→{100 * d['wrong_command']:.1f}%"
        print(f"  {source:<12} {d['n']:>6} {fc:>13} {rec:>13} {wc:>12}")
    print(
        "  calibration:",
        "  ".join(
            f"[{b['low']:.2f},{b['high']:.2f}) {b['accuracy']:.3f}/{b['n']} (conf {b['confidence']:.3f})"
            for b in report["calibration"]
            if b["n"]
        ),
    )


def print_misses(misses: dict[str, list[dict[str, Any]]], limit: int) -> None:
    """Misses of the non-held-out sets, grouped by (expected, got, deciding rule), largest group first."""
    for name, rows in misses.items():
        if not rows:
            continue
        print(f"\n{name}: {len(rows)} misses")
        groups: dict[tuple[str, str, str], list[dict[str, Any]]] = {}
        for r in rows:
            rule = r["rule"].split("+")[0] if r["got"] != r["expected"] else "(entities/action)"
            groups.setdefault((r["expected"], r["got"], rule), []).append(r)
        for (expected, got, rule), group in sorted(groups.items(), key=lambda kv: -len(kv[1])):
            print(f"  {expected} -> {got} by {rule}: {len(group)}")
            for r in group[:limit]:
                sw = " SILENT-WRONG" if r["silent_wrong"] else ""
                print(f"      {r['id']} [{r['rule']} {r['confidence']}]{sw} {r['text']!r} {r['detail']}")


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--sets", help="comma-separated set names (default: all)")
    parser.add_argument("--level", choices=("both", "classifier", "turn"), default="both")
    parser.add_argument("--out", type=Path, default=RESULTS)
    parser.add_argument("--dev", action="store_true", help="the development parts instead of the held-out")
    parser.add_argument("--misses", type=int, default=0, help="print up to N misses per group")
    args = parser.parse_args(argv)

    from teller.understand import classifier as clf_module

    start = time.perf_counter()
    clf = clf_module.default_classifier()
    clf.predict("hello")
    load_ms = (time.perf_counter() - start) * 1e3
    sets = load_sets(dev=args.dev)
    if args.sets:
        wanted = set(args.sets.split(","))
        sets = [s for s in sets if s.name in wanted]
    results: dict[str, dict[str, Any]] = {}
    misses: dict[str, list[dict[str, str]]] = {}
    times: list[tuple[float, float]] = []
    for s in sets:
        levels: dict[str, Any] = {}
        if args.level in ("both", "classifier"):
            outcomes, t = classifier_outcomes(clf.predict, s.cases)
            times.extend(t)
            levels["classifier"] = metrics(s.cases, outcomes, turn_level=False)
        if args.level in ("both", "turn"):
            outcomes = turn_outcomes(s.cases)
            levels["turn"] = metrics(s.cases, outcomes, turn_level=True)
            if not s.heldout:
                misses[s.name] = [
                    {"id": c.id, "text": c.text, "expected": c.intent, "got": o.intent, "detail": o.detail}
                    | {"rule": o.rule, "confidence": round(o.confidence, 3), "silent_wrong": o.silent_wrong}
                    for c, o in zip(s.cases, outcomes, strict=True)
                    if o.detail or o.silent_wrong
                ]
        results[s.name] = levels
    latency: dict[str, Any] = {
        "load_ms": load_ms,
        "model": type(clf).__name__,
        "loadavg_1m": os.getloadavg()[0],
    }
    if times:
        q = statistics.quantiles([w for w, _ in times], n=100)
        cpu = statistics.quantiles([c for _, c in times], n=100)
        latency |= {"n": len(times), "p50_ms": q[49], "p95_ms": q[94], "p99_ms": q[98]}
        latency |= {"cpu_p50_ms": cpu[49], "cpu_p95_ms": cpu[94], "loadavg_1m_end": os.getloadavg()[0]}
    print_table(results)
    if args.misses:
        print_misses(misses, args.misses)
    for name in ("nlupp_heldout", "nlupp_dev", "clinc_heldout", "golden"):
        for level, m in results.get(name, {}).items():
            print_per_intent(name, level, m)
    print_calibration(results)
    print_training_report(TRAIN_REPORT)
    lat = latency
    print(f"\nclassifier {lat['model']}: load {lat['load_ms']:.0f} ms", end="")
    if "p95_ms" in lat:
        print(f"; per utterance p50 {lat['p50_ms']:.3f} ms, p95 {lat['p95_ms']:.3f} ms, n={lat['n']}", end="")
        print(f" (CPU time p50 {lat['cpu_p50_ms']:.3f}, p95 {lat['cpu_p95_ms']:.3f} ms;", end="")
        print(f" load average {lat['loadavg_1m_end']:.1f} on {os.cpu_count()} cores)")
    else:
        print()
    out = {
        "results": results,
        "latency": latency,
        "misses": misses,
        "heldout_rule": "NLU++ folds 8-9; CLINC150/Banking77 sha256(fold(text))[:4] % 100 < 20; "
        "scripts/intent_data/heldout_*.jsonl; tests/golden/heldout/*",
        "machine": platform.platform(),
        "python": platform.python_version(),
    }
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(out, ensure_ascii=False, indent=2) + "\n", encoding="utf-8")
    print(f"wrote {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
