"""The intent model's out-of-fold decisions per source, and what its refusals of NLU++ commands are.

    PYTHONPATH=src:scripts .venv/bin/python scripts/intent_oof_report.py [--shares …] [--command-shares …]

Needs the cross-fitting cache of the `scripts/train_intent.py` run with the same options. Prints, per
source (own, NLU++ folds 0-7, CLINC150 dev, Banking77 dev; classifier alone, development rows only):
false-command rate, command recall, wrong commands taken and the `intent_calibrate` cost, for the
argmax, for several (floor, margin) pairs and for two margin variants (the margin measured against
the best non-command; two reads ranked first and second counted as one). Then every NLU++ command
row the decision misses: taken or refused (floor / margin), with the first two classes.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

import intent_calibrate as ic
import intent_head as ih
import numpy as np
import train_intent as ti

_READS = frozenset({"balance_inquiry", "recent_transactions", "scheduled_payments", "recipient_lookup"})
_PAIRS = ((0.7, 0.5), (0.6, 0.5), (0.7, 0.3), (0.5, 0.0))


def oof_probabilities() -> tuple[list[ti.Example], np.ndarray]:
    """The training rows and their out-of-fold probabilities, mixed and calibrated as packaged."""
    examples, w, _ = ti.development_rows()
    texts = [ex.text for ex in examples]
    gold = [ex.intent for ex in examples]
    y = np.array([ti.LABELS.index(g) for g in gold])
    extra = ti._augment_key()
    key = ic.cache_key("linear", texts, gold, w, ti.C, ti.MIN_DF, ti.USE_IDF, ic.FOLDS, ti.SEED, *extra)
    x = ih.embed(texts)
    head_key = ic.cache_key("head", x, gold, w, ti.HEAD_C_GRID[0], ic.FOLDS, ti.SEED, *extra)
    paths = (ih.CACHE / f"oof-{key}.npy", ih.CACHE / f"oof-{head_key}.npy")
    for path in paths:
        if not path.exists():
            raise SystemExit(f"{path} missing: run scripts/train_intent.py with these options first")
    o = np.array([not ex.parent for ex in examples])  # slot-value copies are trained on, never scored
    lin_logits, head_logits = np.load(paths[0])[o], np.load(paths[1])[o]
    y, w = y[o], w[o]
    lin = ic.softmax(lin_logits / ti.fit_temperature(lin_logits, y, w))
    mix, t, _ = ih.fit_mix_and_temperature(head_logits, lin, y, w)
    return [ex for ex in examples if not ex.parent], np.exp(ih.mixed_log_probs(head_logits, lin, mix, t))


def decide(row: np.ndarray, floor: float, margin: float, variant: str = "") -> tuple[str, str]:
    """(intent, why) as `teller.understand.decision.decide`, with an optional margin variant."""
    labels = ti.LABELS
    order = np.argsort(-row, kind="stable")
    top, p1, p2 = labels[order[0]], row[order[0]], row[order[1]]
    if top not in ic._COMMANDS:
        return top, "non-command"
    if variant == "vs_non_command":
        p2 = max(row[i] for i, label in enumerate(labels) if label not in ic._COMMANDS)
    elif variant == "reads_as_one" and top in _READS and labels[order[1]] in _READS:
        p2 = row[order[2]]
    fallback = max((i for i, label in enumerate(labels) if label not in ic._COMMANDS), key=lambda i: row[i])
    if top == "cancel_scheduled":
        return labels[fallback], "rule only"
    if p1 < floor:
        return labels[fallback], "floor"
    if p1 - p2 < margin:
        return labels[fallback], "margin"
    return top, "taken"


def line(gold: Sequence[str], got: Sequence[str], sources: Sequence[str]) -> str:
    parts = []
    for s in sorted(set(sources)):
        g = [gold[i] for i, src in enumerate(sources) if src == s]
        p = [got[i] for i, src in enumerate(sources) if src == s]
        r = ic.rates(g, p)
        parts.append(
            f"{s} fc {100 * r['false_command']:.2f}% rec {r['command_recall']:.3f} "
            f"wrong {100 * r['wrong_command']:.2f}% cost {ic.cost(g, p):.4f}"
        )
    return " | ".join(parts)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--shares", type=ti.parse_shares)
    parser.add_argument("--command-shares", type=ti.parse_shares)
    parser.add_argument("--augment-nlupp", type=int, default=0, help="the training run's --augment-nlupp")
    args = parser.parse_args(argv)
    ti.AUGMENT_NLUPP = args.augment_nlupp
    ti.SOURCE_SHARES.update(args.shares or {})
    ti.COMMAND_SHARES.update(args.command_shares or {})
    examples, probs = oof_probabilities()
    gold = [ex.intent for ex in examples]
    sources = [ex.origin for ex in examples]
    print(f"shares {ti.SOURCE_SHARES}, command intents {ti.SOURCE_SHARES | ti.COMMAND_SHARES}")
    print("argmax:", line(gold, [ti.LABELS[i] for i in probs.argmax(axis=1)], sources))
    for variant in ("", "vs_non_command", "reads_as_one"):
        for floor, margin in _PAIRS if not variant else _PAIRS[:1]:
            got = [decide(row, floor, margin, variant)[0] for row in probs]
            print(f"{variant or 'decided'} {floor}/{margin}:", line(gold, got, sources))
    print("NLU++ command rows missed at 0.7/0.5 (why, gold, first two):")
    for i, ex in enumerate(examples):
        got, why = decide(probs[i], 0.7, 0.5)
        if ex.origin == "nlupp" and ex.intent in ic._COMMANDS and got != ex.intent:
            o = np.argsort(-probs[i])
            first = f"{ti.LABELS[o[0]]} {probs[i][o[0]]:.2f}, {ti.LABELS[o[1]]} {probs[i][o[1]]:.2f}"
            print(f"  {why:<11} {ex.intent:<20} {first:<45} {ex.text[:80]}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
