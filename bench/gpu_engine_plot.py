"""Plot of bench/gpu_engine.py's JSON (runs on the CPU; needs matplotlib).

usage: python bench/gpu_engine_plot.py docs/gpu/gpu_engine_h100.json docs/gpu/gpu_engine_h100.png
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt


def main(src: str, dst: str) -> None:
    r = json.loads(Path(src).read_text())
    fig, axes = plt.subplots(1, 3, figsize=(15, 4.5))
    ax = axes[0]
    for who, rows in r["free_text"].items():
        if "error" in rows:
            continue
        lens = [int(k) for k in rows]
        ax.plot(lens, [rows[str(n)]["tpot_ms"]["p50"] for n in lens], marker="o", label=who)
    ax.axhline(r["floor"]["floor_ms"], color="k", ls="--", label=f"floor {r['floor']['floor_ms']:.2f} ms")
    ax.axhline(1.5 * r["floor"]["floor_ms"], color="grey", ls=":", label="1.5 x floor (target)")
    ax.set(
        xscale="log", yscale="log", xlabel="prompt tokens", ylabel="ms per output token (p50)", title="decode"
    )
    ax.legend(fontsize=8)
    ax = axes[1]
    names = list(r["extraction"]) + [
        f"{k} (variant)" for k, v in r.get("variants", {}).items() if "extraction" in v
    ]
    p50 = [e["total_ms"]["p50"] for e in r["extraction"].values()]
    p95 = [e["total_ms"]["p95"] for e in r["extraction"].values()]
    for v in r.get("variants", {}).values():
        if "extraction" in v:
            p50.append(v["extraction"]["total_ms"]["p50"])
            p95.append(v["extraction"]["total_ms"]["p95"])
    y = range(len(names))
    ax.barh([i + 0.2 for i in y], p95, height=0.4, label="p95")
    ax.barh([i - 0.2 for i in y], p50, height=0.4, label="p50")
    ax.axvline(40, color="k", ls="--", label="target p95 40 ms")
    ax.set_yticks(list(y), names, fontsize=7)
    ax.set(xlabel="ms per extraction", title="extraction (E4B, real schema)")
    ax.legend(fontsize=8)
    ax = axes[2]
    for name, rows in r.get("qna", {}).items():
        outs = [int(k) for k in rows]
        ax.plot(outs, [rows[str(o)]["total_ms"]["p50"] for o in outs], marker="o", label=name)
    ax.set(xlabel="output tokens", ylabel="total ms (p50)", title="QnA (~770-token prompts)")
    ax.legend(fontsize=8)
    fig.suptitle(f"Gemma 4 E4B (dummy weights), {r['device']}, torch {r['torch']}")
    fig.tight_layout()
    fig.savefig(dst, dpi=110)


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
