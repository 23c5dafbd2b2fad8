"""Teller end to end on the GPU machine: `teller engine serve` checked by `teller doctor` (and the
`openai` backend through it), then `teller ask` / `teller batch` with `TELLER_LLM__EXTRACT__BACKEND=gpu`
on the demo bank. Real processes, real HTTP, the E4B engine (dummy weights) on the GPU.

usage (on the GPU machine): PYTHONPATH=src python3 bench/gpu_e2e.py [--out bench/results/gpu_e2e.json]
       [--teller "python3 -m teller.cli.main"] [--preset e4b]

Writes one JSON: the server's start-up time, the doctor's report, streamed extraction and QnA
through the `openai` backend, `teller ask`'s turn contract (its `timings_ms` hold `llm_load` and
`llm`) and `teller batch`'s turns (one process, so the first LLM turn loads and the rest are warm).
"""

from __future__ import annotations

import argparse
import json
import os
import shlex
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "src"))

NOW = "2026-11-20T10:00:00+09:00"
DEVICE_ARGS: list[str] = []  # --cpu-smoke: ["--device", "cpu", "--dtype", "float32"]
# Utterances the fast path is unsure of (confidence < 0.6) or that name a payee without a command:
# the turn takes the LLM step.
LLM_TURNS = (
    "I want to do something with my money for tanaka",
    "sato",
    "can you sort out the thing with sato from last week",
    "田中さんのことでお願いがあります",
    "the electricity people want their money",
    "do the usual for kenta",
)


def _run(cmd: list[str], env: dict[str, str], timeout: float, stdin: str | None = None) -> dict[str, Any]:
    t0 = time.perf_counter()
    proc = subprocess.run(cmd, env=env, capture_output=True, text=True, timeout=timeout, input=stdin)
    return {
        "cmd": " ".join(cmd[-6:]),
        "rc": proc.returncode,
        "wall_s": round(time.perf_counter() - t0, 2),
        "stdout": proc.stdout,
        "stderr_tail": proc.stderr[-3000:],
    }


def _json_lines(text: str) -> list[Any]:
    out = []
    for line in text.splitlines():
        line = line.strip()
        if line.startswith("{"):
            try:
                out.append(json.loads(line))
            except json.JSONDecodeError:
                continue
    return out


def serve_and_doctor(teller: list[str], env: dict[str, str], preset: str, report: dict[str, Any]) -> None:
    import httpx

    from teller.llm.backends.openai_http import OpenAIBackend
    from teller.llm.prompt import CandidateLine, build_messages
    from teller.llm.schema import build_schema, check_reply

    port = 8011
    log = Path(tempfile.gettempdir()) / "teller-engine-serve.log"
    t0 = time.perf_counter()
    with log.open("w") as sink:
        server = subprocess.Popen(
            [*teller, "engine", "serve", "--preset", preset, "--port", str(port), *DEVICE_ARGS],
            env=env, stdout=sink, stderr=subprocess.STDOUT,
        )  # fmt: skip
    base = f"http://127.0.0.1:{port}"
    try:
        while True:
            if server.poll() is not None:
                raise RuntimeError(f"engine server exited: {log.read_text()[-2000:]}")
            try:
                if httpx.get(f"{base}/v1/models", timeout=1.0).status_code == 200:
                    break
            except httpx.HTTPError:
                pass
            if time.perf_counter() - t0 > 300:
                raise RuntimeError("engine server did not come up in 300 s")
            time.sleep(0.5)
        report["serve_ready_s"] = round(time.perf_counter() - t0, 1)
        doctor = _run([*teller, "doctor", "--base-url", base, "--calls", "20", "--json"], env, 300)
        start = doctor["stdout"].find("{")
        try:
            found = [json.loads(doctor["stdout"][start:])] if start >= 0 else []
        except json.JSONDecodeError:
            found = []
        report["doctor"] = {"rc": doctor["rc"], "report": found[-1] if found else doctor["stdout"][-2000:],
                            "stderr_tail": doctor["stderr_tail"][-1500:]}  # fmt: skip

        client = OpenAIBackend(base)
        cands = [
            CandidateLine("p_001", "payee", "佐藤 健", "さとう けん", 0.93),
            CandidateLine("p_003", "payee", "佐藤 健太", "さとう けんた", 0.90),
            CandidateLine("a_001", "account", "ordinary savings JPY", None, None),
        ]
        ids = {"payee": ["p_001", "p_003"], "account": ["a_001"]}
        totals, ttfts, valid = [], [], 0
        for i in range(30):
            text = ("send five thousand yen to sato", "pay sato kenta 3000 yen tomorrow", "田中さんに送金")[
                i % 3
            ]
            reply = client.complete_json(
                build_messages(text, cands, {}, "en"), build_schema(ids), max_tokens=160, deadline_s=30
            )
            totals.append(reply.total_ms)
            ttfts.append(reply.ttft_ms or 0.0)
            try:
                check_reply(reply.text, ids)
                valid += 1
            except Exception:
                pass
        report["openai_backend_extraction"] = {
            "calls": len(totals), "schema_valid": valid,
            "total_ms_p50": statistics.median(totals), "total_ms_max": max(totals),
            "ttft_ms_p50": statistics.median(ttfts), "example": reply.text,
        }  # fmt: skip
        t1 = time.perf_counter()
        first = None
        pieces = []
        for piece in client.stream_text(
            [{"role": "user", "content": "How do I lock my card?"}],
            max_tokens=64,
            temperature=0.7,
            deadline_s=30,
        ):
            first = first or (time.perf_counter() - t1) * 1000
            pieces.append(piece)
        report["openai_backend_qna"] = {
            "ttft_ms": first, "total_ms": (time.perf_counter() - t1) * 1000, "pieces": len(pieces),
        }  # fmt: skip
        metrics = httpx.get(f"{base}/metrics", timeout=5).text
        report["server_metrics"] = metrics
    finally:
        server.send_signal(signal.SIGINT)
        try:
            server.wait(timeout=30)
        except subprocess.TimeoutExpired:
            server.kill()
        report["serve_log_tail"] = log.read_text()[-3000:]


def ask_and_batch(teller: list[str], env: dict[str, str], preset: str, report: dict[str, Any]) -> None:
    db = Path(tempfile.mkdtemp()) / "teller.sqlite3"
    env = {
        **env,
        "TELLER_STORE__URL": f"sqlite:///{db}",
        "TELLER_LLM__EXTRACT__BACKEND": "gpu",
        "TELLER_LLM__EXTRACT__ENGINE_PRESET": preset,
        **({"TELLER_LLM__EXTRACT__ENGINE_DEVICE": "cpu"} if DEVICE_ARGS else {}),
    }
    report["db_init"] = _run([*teller, "db", "init", "--demo"], env, 120)
    # "do the usual for kenta" takes the LLM step on the demo bank (2026-11-22's run: the first
    # utterance is now answered by the fast path).
    ask = _run([*teller, "ask", LLM_TURNS[-1], "--now", NOW, "--json"], env, 300)
    found = _json_lines(ask["stdout"])
    report["ask"] = {"rc": ask["rc"], "wall_s": ask["wall_s"], "turn": found[-1] if found else None,
                     "stderr_tail": ask["stderr_tail"][-1500:]}  # fmt: skip
    lines = "\n".join(
        json.dumps({"id": str(i), "customer_id": "c_001", "now": NOW, "text": t}, ensure_ascii=False)
        for i, t in enumerate([*LLM_TURNS, *LLM_TURNS])
    )
    path = db.parent / "turns.jsonl"
    path.write_text(lines + "\n")
    batch = _run([*teller, "batch", str(path)], env, 300)
    turns = _json_lines(batch["stdout"])
    report["batch"] = {
        "rc": batch["rc"],
        "wall_s": batch["wall_s"],
        "turns": [
            {k: t.get(k) for k in ("id", "intent", "action", "path", "reason", "timings_ms", "error")}
            for t in turns
        ],
        "stderr_tail": batch["stderr_tail"][-1500:],
    }
    llm = [t["timings_ms"]["llm"] for t in turns[1:] if (t.get("timings_ms") or {}).get("llm")]
    if llm:
        report["batch"]["warm_llm_ms"] = {"p50": statistics.median(llm), "max": max(llm), "n": len(llm)}


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--out", default=str(ROOT / "bench/results/gpu_e2e.json"))
    ap.add_argument("--teller", default=f"{sys.executable} -c 'from teller.cli.main import app; app()'")
    ap.add_argument("--preset", default="e4b")
    ap.add_argument("--skip", default="", help="serve,ask")
    ap.add_argument(
        "--cpu-smoke", action="store_true", help="the tiny preset on the CPU (checks this script)"
    )
    args = ap.parse_args()
    if args.cpu_smoke:
        DEVICE_ARGS.extend(["--device", "cpu", "--dtype", "float32"])
        args.preset = "tiny"
    teller = shlex.split(args.teller)
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(ROOT / "src"), os.environ.get("PYTHONPATH", "")])}
    report: dict[str, Any] = {}
    out = Path(args.out)
    out.parent.mkdir(parents=True, exist_ok=True)
    for name, step in (("serve", serve_and_doctor), ("ask", ask_and_batch)):
        if name in args.skip:
            continue
        try:
            step(teller, env, args.preset, report)
        except Exception as exc:  # record and go on: the other half is still worth its device time
            report[f"{name}_error"] = f"{type(exc).__name__}: {exc}"[:2000]
        out.write_text(json.dumps(report, indent=1, ensure_ascii=False))
    summary = {
        "serve_ready_s": report.get("serve_ready_s"),
        "doctor_ok": ((report.get("doctor") or {}).get("report") or {}).get("ok"),
        "doctor_latency": ((report.get("doctor") or {}).get("report") or {}).get("latency"),
        "openai_extraction": report.get("openai_backend_extraction"),
        "openai_qna": report.get("openai_backend_qna"),
        "ask": {
            k: ((report.get("ask") or {}).get("turn") or {}).get(k)
            for k in ("intent", "action", "path", "reason", "timings_ms")
        },
        "batch_warm_llm_ms": (report.get("batch") or {}).get("warm_llm_ms"),
        "errors": {k: v for k, v in report.items() if k.endswith("_error")},
    }
    print(json.dumps(summary, indent=1, ensure_ascii=False))


if __name__ == "__main__":
    main()
