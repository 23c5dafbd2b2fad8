"""Whole turns on development data with the intent model's out-of-fold predictions in its place.

    PYTHONPATH=src:scripts .venv/bin/python bench/understand_oof.py [--sets nlupp_dev] [--misses N]

The packaged model was trained on the development rows, so `bench/understand_eval.py --dev` flatters
it: it is sure of the very sentences it learned. Here every development row the model was trained on
is scored by the models that never saw it (the cross-fitting `scripts/train_intent.py` runs and
caches under `~/.cache/teller-intent/`), mixed and calibrated as the packaged model is; the rules in
front of the model run as they are. Rows not in the training data keep the packaged model. This is
the honest stand-in for held-out data while rules or training data change. Needs the cache of the
current training data (run `scripts/train_intent.py` once after changing it).

Experiments: `--shares` / `--command-shares` / `--augment-nlupp` name the `scripts/train_intent.py` run whose
cache to use (the out-of-fold models of that weighting or data); `--probs` reads the out-of-fold probabilities
of another head (`scripts/intent_encoder_oof.py --save-probs`); `--floor` / `--margin` replace the head
file's thresholds.

Prints `bench/understand_eval.py`'s table and misses; writes bench/results/understand_oof.json.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "bench"))
sys.path.insert(0, str(ROOT / "scripts"))
sys.path.insert(0, str(ROOT / "src"))

import train_intent as ti  # noqa: E402
from intent_oof_report import oof_probabilities as oof_rows  # noqa: E402

import understand_eval as ue  # noqa: E402
from teller.domain.intents import Intent  # noqa: E402
from teller.normalize.turn import normalize_turn  # noqa: E402
from teller.understand import classifier as clf_module  # noqa: E402
from teller.understand.decision import Thresholds  # noqa: E402
from understand_sets import load_sets  # noqa: E402

RESULTS = ROOT / "bench" / "results" / "understand_oof.json"


def oof_probabilities() -> dict[str, np.ndarray]:
    """Folded training text → out-of-fold probabilities (columns in `train_intent.LABELS` order)."""
    examples, probs = oof_rows()
    return {ex.text: probs[i] for i, ex in enumerate(examples)}


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--sets", default="nlupp_dev")
    parser.add_argument("--misses", type=int, default=0)
    parser.add_argument("--shares", type=ti.parse_shares, help="the training run's --shares (experiments)")
    parser.add_argument("--command-shares", type=ti.parse_shares, help="the run's --command-shares")
    parser.add_argument("--augment-nlupp", type=int, default=0, help="the run's --augment-nlupp")
    parser.add_argument(
        "--probs", type=Path, help="experiment: out-of-fold probabilities from this file instead"
    )
    parser.add_argument("--floor", type=float, help="experiment: this command floor instead of the head's")
    parser.add_argument("--margin", type=float, help="experiment: this margin instead of the head's")
    parser.add_argument("--out", type=Path, default=RESULTS)
    args = parser.parse_args(argv)
    if args.shares:
        ti.SOURCE_SHARES.update(args.shares)
    if args.command_shares:
        ti.COMMAND_SHARES.update(args.command_shares)
    ti.AUGMENT_NLUPP = args.augment_nlupp

    if args.probs:  # scripts/intent_encoder_oof.py --save-probs: texts and probabilities of another head
        with np.load(args.probs, allow_pickle=False) as npz:
            table = {str(t): p for t, p in zip(npz["texts"], npz["probs"], strict=True)}
    else:
        table = oof_probabilities()
    classes = [Intent(label) for label in ti.LABELS]
    sets = [s for s in load_sets(dev=True) if s.name in set(args.sets.split(","))]
    by_keywords: dict[str, np.ndarray] = {}
    for s in sets:
        for case in s.cases:
            probs = table.get(ti.fold(case.text))
            if probs is not None:
                by_keywords[normalize_turn(case.text, today=case.now.date()).keywords] = probs
    model = clf_module.default_classifier()
    packaged = model.predict
    if args.floor is not None or args.margin is not None:
        old = model.thresholds
        floor = old.floor if args.floor is None else args.floor
        model.thresholds = Thresholds(floor, old.margin if args.margin is None else args.margin)  # type: ignore[misc]
    print(f"thresholds: {model.thresholds}; source shares: {ti.SOURCE_SHARES}")

    def predict(folded: str) -> list[tuple[Intent, float]]:
        probs = by_keywords.get(folded)
        if probs is None:
            return packaged(folded)
        return sorted(zip(classes, probs.tolist(), strict=True), key=lambda kv: kv[1], reverse=True)

    model.predict = predict  # type: ignore[method-assign]
    results, misses = {}, {}
    for s in sets:
        outcomes = ue.turn_outcomes(s.cases)
        results[s.name] = {"turn": ue.metrics(s.cases, outcomes, turn_level=True)}
        misses[s.name] = [
            {"id": c.id, "text": c.text, "expected": c.intent, "got": o.intent, "detail": o.detail}
            | {"rule": o.rule, "confidence": round(o.confidence, 3), "silent_wrong": o.silent_wrong}
            for c, o in zip(s.cases, outcomes, strict=True)
            if o.detail or o.silent_wrong
        ]
        n_oof = sum(ti.fold(c.text) in table for c in s.cases)
        print(f"{s.name}: {n_oof} of {len(s.cases)} rows scored out of fold")
    ue.print_table(results)
    if args.misses:
        ue.print_misses(misses, args.misses)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    out = {"results": results, "misses": misses}
    args.out.write_text(json.dumps(out, ensure_ascii=False, indent=2) + "\n", encoding="utf-8")
    print(f"wrote {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
