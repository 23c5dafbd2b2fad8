"""Transcripts of the committed test speech by one recognizer setting, and their agreement with another.

    PYTHONPATH=src python bench/gpu_voice_parity.py --out cpu.json                      # CTranslate2, CPU
    PYTHONPATH=src python bench/gpu_voice_parity.py --asr backend=torch device=cuda \\
        --compare cpu.json --out gpu.json                                               # PyTorch, GPU

Every English recording under tests/data/speech (piper) is transcribed with its customer's names as
the prompt (as the listener does), three times; the JSON holds each text, the n-best alternatives and
the decode times (the first call apart: it pays for lazy initialisation). `--compare` counts equal
texts (exact, and after lower-casing and dropping punctuation).
"""

from __future__ import annotations

import argparse
import json
import re
import statistics
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "bench"))

from teller.voice.audio import load_audio  # noqa: E402
from teller.voice.bias import customer_names  # noqa: E402
from teller.voice.engine import load_finals  # noqa: E402
from teller.voice.settings import ASRSettings  # noqa: E402
from voice_path import parse_knobs  # noqa: E402

SPEECH = ROOT / "tests" / "data" / "speech"


def _plain(text: str) -> str:
    return " ".join(re.sub(r"[^\w' ]", " ", text.lower()).split())


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--asr", nargs="*", default=[], metavar="KEY=VALUE")
    parser.add_argument("--compare", type=Path)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--out", type=Path, required=True)
    args = parser.parse_args(argv)
    settings = ASRSettings(**parse_knobs(args.asr))
    t0 = time.perf_counter()
    finals = load_finals(settings)
    load_s = time.perf_counter() - t0
    rows = [json.loads(line) for line in (SPEECH / "manifest.jsonl").read_text(encoding="utf-8").splitlines()]
    rows = [r for r in rows if r["voice"] == "piper"]
    out: list[dict[str, Any]] = []
    decode_ms: list[float] = []
    first_ms = None
    for row in rows:
        samples = load_audio(SPEECH / row["file"])
        names = customer_names(None, row.get("customer_id") or "c_002")
        times = []
        for _ in range(args.repeat):
            start = time.perf_counter()
            hyp = finals.transcribe(samples, bias=names)
            times.append((time.perf_counter() - start) * 1000)
        first_ms = times[0] if first_ms is None else first_ms
        decode_ms += times[1:] if len(out) == 0 else times
        out.append(
            {"text": row["text"], "heard": hyp.text, "alternatives": list(hyp.alternatives), "ms": times}
        )
    report: dict[str, Any] = {
        "settings": settings.model_dump(),
        "load_s": round(load_s, 2),
        "first_call_ms": round(first_ms or 0, 1),
        "decode_ms": {
            "n": len(decode_ms),
            "p50": round(statistics.median(decode_ms), 1),
            "p95": round(sorted(decode_ms)[int(0.95 * (len(decode_ms) - 1))], 1),
            "max": round(max(decode_ms), 1),
        },
        "rows": out,
    }
    if args.compare:
        other = {r["text"]: r for r in json.loads(args.compare.read_text(encoding="utf-8"))["rows"]}
        pairs = [(r, other[r["text"]]) for r in out if r["text"] in other]
        report["agreement"] = {
            "n": len(pairs),
            "exact": sum(a["heard"] == b["heard"] for a, b in pairs),
            "normalized": sum(_plain(a["heard"]) == _plain(b["heard"]) for a, b in pairs),
            "differ": [
                {"text": a["text"], "this": a["heard"], "other": b["heard"]}
                for a, b in pairs
                if _plain(a["heard"]) != _plain(b["heard"])
            ],
        }
    args.out.write_text(json.dumps(report, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
    print(json.dumps({k: v for k, v in report.items() if k not in ("rows", "settings")}, ensure_ascii=False))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
