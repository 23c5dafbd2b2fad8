"""Evaluate the intent classifier: held-out split, hand-written held-out sets, golden intents, speed.

    PYTHONPATH=src .venv/bin/python bench/intent_eval.py

1. Retrains with `scripts/train_intent.py`'s own functions on 85% of the training data (stratified
   by intent, same seed as training), exports it with the packaged model's temperature (which
   training fitted on this same 15%: one scalar), and scores the other 15% through the numpy runtime.
   The split is 90% CLINC/Banking77, so its `balanced` figures weight every intent (and, within
   one, each language) equally, as training does.
2. Scores the packaged model on the hand-written held-out sets in `scripts/intent_data/`
   (`heldout.jsonl`, inspected while the training phrases were written; `heldout_blind.jsonl`,
   written after the model was final and scored once) and on `expect.intent` of the golden set.
   None of these is ever trained on.
3. Times `IntentClassifier.predict` with timeit over the held-out and golden utterances.

Prints tables and writes `bench/results/intent_eval.json`.
"""

from __future__ import annotations

import json
import platform
import sys
import tempfile
import timeit
from collections import Counter
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "scripts"))
sys.path.insert(0, str(ROOT / "src"))

import train_intent as ti  # noqa: E402

from teller.understand.classifier import IntentClassifier  # noqa: E402

RESULTS = ROOT / "bench" / "results" / "intent_eval.json"
HELDOUT_SETS = ("heldout.jsonl", "heldout_blind.jsonl")
N_BINS = 10


def predictions(clf: IntentClassifier, examples: Sequence[ti.Example]) -> list[tuple[str, float]]:
    """(top intent, its probability) for each example."""
    return [(top.value, prob) for top, prob in (clf.predict(ex.text)[0] for ex in examples)]


def report(
    examples: Sequence[ti.Example],
    preds: Sequence[tuple[str, float]],
    weights: np.ndarray | None = None,
) -> dict[str, Any]:
    """Accuracy, per-intent precision/recall/F1, calibration error, and the misses."""
    gold = [ex.intent for ex in examples]
    guess = [p for p, _ in preds]
    per_intent: dict[str, dict[str, float]] = {}
    for label in ti.LABELS:
        tp = sum(g == label and p == label for g, p in zip(gold, guess, strict=True))
        n_pred, n_gold = guess.count(label), gold.count(label)
        precision = tp / n_pred if n_pred else 0.0
        recall = tp / n_gold if n_gold else 0.0
        f1 = 2 * precision * recall / (precision + recall) if precision + recall else 0.0
        per_intent[label] = {"precision": precision, "recall": recall, "f1": f1, "support": n_gold}
    correct = np.array([g == p for g, p in zip(gold, guess, strict=True)])
    confidence = np.array([prob for _, prob in preds])
    by_lang = {
        lang: float(correct[[ex.lang == lang for ex in examples]].mean())
        for lang in sorted({ex.lang for ex in examples})
    }
    present = [v["f1"] for v in per_intent.values() if v["support"]]
    result: dict[str, Any] = {
        "n": len(examples),
        "accuracy": float(correct.mean()),
        "accuracy_by_lang": by_lang,
        "macro_f1": sum(present) / len(present),
        "ece": _ece(confidence, correct, np.ones(len(correct))),
    }
    if weights is not None:
        result["accuracy_balanced"] = float(np.average(correct, weights=weights))
        result["ece_balanced"] = _ece(confidence, correct, weights)
    result["per_intent"] = per_intent
    result["errors"] = [
        {"text": ex.text, "expected": ex.intent, "got": p, "prob": round(prob, 3)}
        for ex, (p, prob), ok in zip(examples, preds, correct, strict=True)
        if not ok
    ]
    return result


def _ece(confidence: np.ndarray, correct: np.ndarray, weights: np.ndarray) -> float:
    """Expected calibration error of the top probability, in equal-width bins."""
    bins = np.minimum((confidence * N_BINS).astype(int), N_BINS - 1)
    total = 0.0
    for b in np.unique(bins):
        m = bins == b
        gap = np.average(correct[m], weights=weights[m]) - np.average(confidence[m], weights=weights[m])
        total += weights[m].sum() / weights.sum() * abs(gap)
    return float(total)


def split_model_report(temperature: float) -> dict[str, Any]:
    """Train on 85% of the training data, score the other 15% through the runtime."""
    train, val = ti.split(ti.load_training_data())
    fitted = ti.fit(train, ti.sample_weights(train))
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "split_model.npz"
        ti.export(fitted, path, temperature)
        clf = IntentClassifier.load(path)
    result = report(val, predictions(clf, val), ti.sample_weights(val))
    own = [ex for ex in val if ex.origin == "own"]
    result["accuracy_own_phrases"] = report(own, predictions(clf, own))["accuracy"]
    result["errors"] = result["errors"][:40]
    return result


def timing(clf: IntentClassifier, texts: Sequence[str], number: int = 20000) -> dict[str, float]:
    """Mean microseconds per `predict` call, best and median of 5 rounds, cycling through `texts`."""
    cycle = (list(texts) * (number // len(texts) + 1))[:number]
    rounds = sorted(timeit.repeat(lambda: [clf.predict(t) for t in cycle], number=1, repeat=5))
    return {"us_per_call_best": rounds[0] / number * 1e6, "us_per_call_median": rounds[2] / number * 1e6}


def print_report(title: str, result: dict[str, Any]) -> None:
    langs = "  ".join(f"{k} {v:.3f}" for k, v in result["accuracy_by_lang"].items())
    print(f"\n{title}: n={result['n']}")
    r = result
    line = f"  accuracy {r['accuracy']:.3f} ({langs})  macro-F1 {r['macro_f1']:.3f}  ECE {r['ece']:.3f}"
    if "ece_balanced" in r:
        line += f"  | balanced: accuracy {r['accuracy_balanced']:.3f}  ECE {r['ece_balanced']:.3f}"
    print(line)
    print(f"  {'intent':<20} {'prec':>6} {'recall':>6} {'f1':>6} {'n':>6}")
    for label, m in result["per_intent"].items():
        if m["support"] or m["precision"]:
            scores = f"{m['precision']:>6.3f} {m['recall']:>6.3f} {m['f1']:>6.3f}"
            print(f"  {label:<20} {scores} {m['support']:>6}")
    confusions = Counter((e["expected"], e["got"]) for e in result["errors"])
    if confusions:
        top = ", ".join(f"{a}→{b} ×{n}" for (a, b), n in confusions.most_common(5))
        print(f"  most common confusions (expected → got): {top}")


def main() -> int:
    model_path = ROOT / "src" / "teller" / "data" / "intent_model.npz"
    clf = IntentClassifier.load(model_path)
    with np.load(model_path) as npz:
        temperature = float(npz["temperature"])
    heldout = {
        name: ti.load_jsonl_examples(ti.OWN_DIR / name)
        for name in HELDOUT_SETS
        if (ti.OWN_DIR / name).exists()
    }
    golden = ti.load_jsonl_examples(ti.GOLDEN, key="expect.intent")
    results: dict[str, Any] = {
        "model_bytes": model_path.stat().st_size,
        "n_features": clf.n_features,
        "temperature": temperature,
        "split_15pct": split_model_report(temperature),
        **{name.removesuffix(".jsonl"): report(exs, predictions(clf, exs)) for name, exs in heldout.items()},
        "golden_intents": report(golden, predictions(clf, golden)),
        "timing": timing(clf, [ex.text for exs in [*heldout.values(), golden] for ex in exs]),
        "machine": platform.platform(),
        "python": platform.python_version(),
    }
    size_mb = results["model_bytes"] / 1e6
    print(f"model: {results['n_features']} features, {size_mb:.2f} MB, temperature {temperature:.3f}")
    split = results["split_15pct"]
    print_report("15% stratified split (model retrained on the other 85%)", split)
    print(f"  accuracy on our own phrases in the split: {split['accuracy_own_phrases']:.3f}")
    evaluated = [name.removesuffix(".jsonl") for name in heldout] + ["golden_intents"]
    for name in evaluated:
        print_report(f"{name} (packaged model)", results[name])
    for name in evaluated:
        for e in results[name]["errors"]:
            print(f"  miss [{name}] {e['text']!r}: expected {e['expected']}, got {e['got']} ({e['prob']})")
    t = results["timing"]
    print(f"\npredict(): {t['us_per_call_best']:.1f} µs/call best of 5, {t['us_per_call_median']:.1f} median")
    RESULTS.parent.mkdir(parents=True, exist_ok=True)
    RESULTS.write_text(json.dumps(results, ensure_ascii=False, indent=2) + "\n", encoding="utf-8")
    print(f"wrote {RESULTS.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
