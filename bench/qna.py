"""QnA: retrieval recall and latency over the eval set, and streamed answers from the embedded model.

usage: PYTHONPATH=src python bench/qna.py [--repeat 20] [--answers 6] [--ja-tokenizer bigram|fugashi]
                                          [--no-model] [--blind bench/data/qna_blind2.jsonl]
                                          [--out bench/results/qna.json]

Recall@k: share of answerable questions whose expected article is among the top k hits that clear
the score floor (what the answerer would actually use), per split (`dev`: the set the corpus and
tokenizers were tuned on; `holdout`: written afterwards and never tuned on) and per language.
Out-of-scope questions count as correct when nothing clears the floor.

`blind2` (`--blind`) is a separate set written before the retrieval changes of the query-expansion
work and never tuned on; it is reported apart and never enters `all`. Its `blind2_novel` slice
keeps only questions whose closest eval question is under 70 on RapidFuzz `fuzz.ratio`: the set
was written without reading the eval set, yet a few questions came out (nearly) the same.

Retrieval latency: wall time of `Retriever.search` (tokenize + score + top-k) per call, every
question `--repeat` times, index already built. TTFT: from calling `Answerer.stream` to the
first Token event (retrieval + prompt prefill + first decoded token); total: to the Done event.
The first answer also pays model loading and is reported apart as `cold_ms`.
"""

from __future__ import annotations

import argparse
import json
import platform
import statistics
import time
from collections import defaultdict
from collections.abc import Callable
from datetime import datetime
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.table import Table

from teller.config import load_settings
from teller.errors import TellerError
from teller.llm.protocol import TextStreamBackend
from teller.qna.answer import Answerer, Done, Token
from teller.qna.kb import default_corpus_dir, load_articles
from teller.qna.retrieve import Retriever

ROOT = Path(__file__).resolve().parents[1]
EVAL = ROOT / "bench" / "data" / "qna_eval.jsonl"
BLIND = ROOT / "bench" / "data" / "qna_blind2.jsonl"
NEAR_DUPLICATE = 70  # fuzz.ratio to the closest eval question at or above which a blind question is not new


def pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q / 100 * (len(ordered) - 1)))]


def read_rows(path: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]


def slices(row: dict[str, Any]) -> tuple[str, ...]:
    """The report slices an answerable eval row counts in."""
    return ("all", row.get("split", "dev"), row["language"])


def blind_slices(row: dict[str, Any]) -> tuple[str, ...]:
    """blind2 rows count only in their own slices, never in `all`."""
    novel = ("blind2_novel",) if row["novel"] else ()
    return ("blind2", f"blind2_{row['language']}", *novel)


def mark_novel(blind: list[dict[str, Any]], eval_rows: list[dict[str, Any]]) -> None:
    """Flag each blind row whose wording is not (nearly) one of the eval questions."""
    from rapidfuzz import fuzz, process

    seen = [r["question"] for r in eval_rows]
    for row in blind:
        best = process.extractOne(row["question"], seen, scorer=fuzz.ratio)
        row["novel"] = best is None or best[1] < NEAR_DUPLICATE


def retrieval_quality(
    retriever: Retriever,
    rows: list[dict[str, Any]],
    *,
    slices_of: Callable[[dict[str, Any]], tuple[str, ...]] = slices,
    out_of_scope: str = "out_of_scope",
) -> dict[str, dict[str, float]]:
    """recall@1/@3 over answerable questions per slice; out-of-scope: share with nothing retrieved."""
    counts: dict[str, list[int]] = defaultdict(lambda: [0, 0, 0])  # n, hit@1, hit@3
    for row in rows:
        ids = [h.article.id for h in retriever.search(row["question"], k=3)]
        if not row["expected"]:
            c = counts[out_of_scope]
            c[0] += 1
            c[1] += not ids
            continue
        for key in slices_of(row):
            c = counts[key]
            c[0] += 1
            c[1] += bool(set(ids[:1]) & set(row["expected"]))
            c[2] += bool(set(ids) & set(row["expected"]))
    report: dict[str, dict[str, float]] = {}
    for key, (n, h1, h3) in counts.items():
        if key == out_of_scope:
            report[key] = {"n": n, "nothing_retrieved": round(h1 / n, 3)}
        else:
            report[key] = {"n": n, "recall@1": round(h1 / n, 3), "recall@3": round(h3 / n, 3)}
    return report


def retrieval_latency(retriever: Retriever, rows: list[dict[str, Any]], repeat: int) -> dict[str, float]:
    samples: list[float] = []
    for _ in range(repeat):
        for row in rows:
            start = time.perf_counter_ns()
            retriever.search(row["question"], k=3)
            samples.append((time.perf_counter_ns() - start) / 1e6)
    return {
        "calls": len(samples),
        "p50_ms": round(pct(samples, 50), 4),
        "p95_ms": round(pct(samples, 95), 4),
        "max_ms": round(max(samples), 4),
    }


def open_backend() -> tuple[TextStreamBackend | None, str]:
    """The QnA endpoint's backend via the LLM factory, or why there is none."""
    endpoint = load_settings().llm.qna
    try:
        from teller.llm.factory import build_backend
    except ImportError:
        try:
            from teller.llm.backends.embedded import EmbeddedBackend
        except ImportError as exc:
            return None, f"no LLM backend available ({exc})"
        return EmbeddedBackend(), "embedded (direct: teller.llm.factory not present)"
    try:
        backend = build_backend(endpoint)
    except Exception as exc:  # any failure here just means "no model numbers"
        return None, f"unavailable: {exc}"
    return backend, f"{endpoint.backend} via teller.llm.factory"


def time_answers(answerer: Answerer, questions: list[dict[str, Any]]) -> list[dict[str, Any]]:
    results = []
    for row in questions:
        start = time.perf_counter_ns()
        ttft: float | None = None
        parts: list[str] = []
        done: Done | None = None
        error = None
        try:
            for event in answerer.stream(row["question"]):
                if isinstance(event, Token):
                    if ttft is None:
                        ttft = (time.perf_counter_ns() - start) / 1e6
                    parts.append(event.text)
                elif isinstance(event, Done):
                    done = event
        except TellerError as exc:  # a slow or failed answer is a result, not the end of the bench
            error = f"{exc.code}: {exc.message}"
        total = (time.perf_counter_ns() - start) / 1e6
        results.append(
            {
                "id": row["id"],
                "question": row["question"],
                "expected": row["expected"],
                "ttft_ms": round(ttft or total, 1),
                "total_ms": round(total, 1),
                "text": "".join(parts),
                "citations": list(done.citations) if done else [],
                "dropped": list(done.dropped_citations) if done else [],
                "grounded": bool(done and done.grounded),
                "source": done.source if done else None,
                "error": error,
            }
        )
    return results


def pick_questions(rows: list[dict[str, Any]], n: int) -> list[dict[str, Any]]:
    """n questions alternating English and Japanese, plus one out-of-scope of each language."""
    by_lang = {lang: [r for r in rows if r["language"] == lang and r["expected"]] for lang in ("en", "ja")}
    rounds = range(n // 2 + n % 2)
    picked = [by_lang[lang][i * 7 % len(by_lang[lang])] for i in rounds for lang in ("en", "ja")][:n]
    picked += [next(r for r in rows if not r["expected"] and r["language"] == lang) for lang in ("en", "ja")]
    return picked


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--eval", type=Path, default=EVAL)
    ap.add_argument("--blind", type=Path, default=BLIND, help="reported apart; '' to skip")
    ap.add_argument("--repeat", type=int, default=20)
    ap.add_argument("--answers", type=int, default=6, help="questions answered by the model (0: none)")
    ap.add_argument("--ja-tokenizer", default="bigram")
    ap.add_argument("--no-model", action="store_true")
    ap.add_argument("--max-tokens", type=int, default=None, help="default: the QnA endpoint's")
    ap.add_argument("--deadline", type=float, default=120.0, help="per answer; the first loads the model")
    ap.add_argument("--out", type=Path, default=ROOT / "bench" / "results" / "qna.json")
    args = ap.parse_args()

    rows = read_rows(args.eval)
    start = time.perf_counter_ns()
    retriever = Retriever.build(load_articles(default_corpus_dir()), ja_tokenizer=args.ja_tokenizer)
    build_ms = (time.perf_counter_ns() - start) / 1e6
    quality = retrieval_quality(retriever, rows)
    if args.blind and args.blind.is_file():
        blind = read_rows(args.blind)
        mark_novel(blind, rows)
        quality |= retrieval_quality(
            retriever, blind, slices_of=blind_slices, out_of_scope="blind2_out_of_scope"
        )
    latency = retrieval_latency(retriever, rows, args.repeat)

    answers: dict[str, Any] = {"available": False}
    if args.no_model or args.answers <= 0:
        answers["reason"] = "skipped (--no-model)"
    else:
        backend, how = open_backend()
        answers["backend"] = how
        if backend is None:
            answers["reason"] = how
        else:
            update: dict[str, Any] = {"deadline_s": args.deadline}
            if args.max_tokens:
                update["max_tokens"] = args.max_tokens
            endpoint = load_settings().llm.qna.model_copy(update=update)
            answerer = Answerer(retriever, backend, endpoint=endpoint)
            cold = time_answers(answerer, pick_questions(rows, 1)[:1])[0]
            timed = time_answers(answerer, pick_questions(rows, args.answers))
            model_runs = [r for r in timed if r["source"] == "model" and not r["error"]]
            answers.update(
                available=bool(model_runs),
                cold_ms=cold["total_ms"],
                max_tokens=endpoint.max_tokens,
                temperature=endpoint.temperature,
                runs=timed,
            )
            if model_runs:
                answers["ttft_ms_p50"] = statistics.median(r["ttft_ms"] for r in model_runs)
                answers["total_ms_p50"] = statistics.median(r["total_ms"] for r in model_runs)
                answers["grounded_rate"] = round(sum(r["grounded"] for r in model_runs) / len(model_runs), 3)

    console = Console()
    table = Table(title="QnA retrieval recall (answerable questions)")
    for column in ("slice", "n", "recall@1", "recall@3"):
        table.add_column(column, justify="right" if column != "slice" else "left")
    for key in ("all", "dev", "holdout", "en", "ja", "blind2", "blind2_en", "blind2_ja", "blind2_novel"):
        if key in quality:
            q = quality[key]
            table.add_row(key, str(q["n"]), f"{q['recall@1']:.3f}", f"{q['recall@3']:.3f}")
    console.print(table)
    for key, label in (("out_of_scope", "eval"), ("blind2_out_of_scope", "blind2")):
        if key in quality:
            oos = quality[key]
            share = oos["nothing_retrieved"]
            console.print(f"{label} out-of-scope questions with nothing retrieved: {share:.2f} of {oos['n']}")
    console.print(
        f"retrieval latency over {latency['calls']} calls: p50 {latency['p50_ms']:.3f} ms, "
        f"p95 {latency['p95_ms']:.3f} ms, max {latency['max_ms']:.3f} ms (index build {build_ms:.0f} ms)"
    )
    if answers.get("runs"):
        runs = Table(title=f"answers ({answers['backend']}; cold first answer {answers['cold_ms']:.0f} ms)")
        for column in ("id", "lang", "ttft ms", "total ms", "grounded", "citations", "answer"):
            runs.add_column(column)
        for r in answers["runs"]:
            lang = "ja" if any(ord(ch) > 0x3000 for ch in r["question"]) else "en"
            runs.add_row(
                r["id"],
                lang,
                f"{r['ttft_ms']:.0f}",
                f"{r['total_ms']:.0f}",
                str(r["grounded"]),
                ",".join(r["citations"]) or r["source"],
                r["error"] or r["text"][:70],
            )
        console.print(runs)
    else:
        console.print(f"answers: {answers.get('reason', 'unavailable')}")

    report = {
        "when": datetime.now().isoformat(timespec="seconds"),
        "machine": f"{platform.machine()} {platform.processor() or ''}".strip(),
        "ja_tokenizer": args.ja_tokenizer,
        "index_build_ms": round(build_ms, 1),
        "retrieval": quality,
        "retrieval_latency": latency,
        "answers": answers,
    }
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(report, ensure_ascii=False, indent=2), encoding="utf-8")
    console.print(f"wrote {args.out}")


if __name__ == "__main__":
    main()
