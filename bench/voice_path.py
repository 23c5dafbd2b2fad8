"""Voice path benchmark: WER on the synthesized golden commands and end-of-speech → action.

    PYTHONPATH=src python bench/voice_path.py [--limit N] [--variants plain,early_work]
    PYTHONPATH=src python bench/voice_path.py --slice ja   # Japanese (Kokoro voice), CER


Each utterance (piper's neural en_US voice, made by bench/speech/generate.py) is replayed as a live
16 kHz stream; compute is measured on this CPU (see teller.voice.session for the clock). Variants:

    plain         Whisper's 30 s window, final decode after the endpoint, no prefetch
    short_window  the encoder sees the utterance plus 8 s, not 30 s
    speculative   + final decode starts at a 160 ms pause and is kept if speech does not resume
    early_work    + prefetch of normalization and name lookup on stable partials (beam 1)
    default       + beam search of 2 and safe text repairs (voice/repair.py): the shipped settings

The `ja` slice replays the 12 Japanese golden commands of c_001 (transfer / balance / card / bill)
spoken by Kokoro's jf_alpha through the Japanese recognizer (multilingual Whisper base) and scores
CER instead of WER. Its variants:

    ja_window30   Whisper's 30 s window, payee/biller prompt
    ja_no_bias    utterance + 8 s, no prompt
    ja_default    utterance + 8 s, payee/biller prompt: the shipped settings

Writes bench/results/voice_path.json (voice_path_ja.json for the ja slice) and prints a table.
"""

from __future__ import annotations

import argparse
import json
import platform
import statistics
import sys
import tempfile
import time
from datetime import datetime
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE / "speech"))

from generate import build  # noqa: E402
from wer import cer, wer  # noqa: E402

from teller.domain.intents import Action, Intent  # noqa: E402
from teller.domain.turn import Entities, TurnRequest, TurnResult  # noqa: E402
from teller.voice.audio import load_audio  # noqa: E402
from teller.voice.engine import VoiceEngine  # noqa: E402
from teller.voice.files import listen_samples  # noqa: E402
from teller.voice.settings import ASRSettings, VoiceSettings  # noqa: E402

KNOBS = ("window_pad_s", "speculative", "prefetch", "beam_size", "repair")
VARIANTS: dict[str, dict[str, Any]] = {
    name: dict(zip(KNOBS, values, strict=True))
    for name, values in {
        "plain": (0.0, False, False, 1, False),
        "short_window": (8.0, False, False, 1, False),
        "speculative": (8.0, True, False, 1, False),
        "early_work": (8.0, True, True, 1, False),  # the default until beam 2 and repairs
        "default": (8.0, True, True, 2, True),
    }.items()
}
JA_VARIANTS: dict[str, dict[str, Any]] = {
    "ja_window30": {"ja_window_pad_s": 0.0, "bias": True},
    "ja_no_bias": {"ja_window_pad_s": 8.0, "bias": False},
    "ja_default": {"ja_window_pad_s": 8.0, "bias": True},
}
ENTITY_KEYS = tuple(Entities.model_fields)


class StubRunner:
    """Stands in for the text pipeline when it cannot be loaded: measures the voice path alone."""

    def run(self, request: TurnRequest) -> TurnResult:
        return TurnResult(id=request.id, intent=Intent.OUT_OF_SCOPE, action=Action.UNSUPPORTED)

    def prefetch(self, customer_id: str, text: str, now: datetime) -> None:
        return None


def make_runner() -> tuple[Any, str]:
    """The real TurnRunner on a scratch demo database (LLM off), or the stub."""
    try:
        from teller.config import Settings
        from teller.pipeline.turn import TurnRunner

        settings = Settings()
        settings.store.url = f"sqlite:///{tempfile.mkdtemp()}/bench.sqlite3"
        settings.llm.enabled = False
        runner = TurnRunner.from_settings(settings)
        runner.run(
            TurnRequest(
                id="warm", customer_id="c_002", text="what's my balance", now=datetime.now().astimezone()
            )
        )
        return runner, "TurnRunner"
    except Exception as exc:  # the pipeline is optional here: report what ran
        print(
            f"text pipeline unavailable ({type(exc).__name__}: {exc}); using a stub runner", file=sys.stderr
        )
        return StubRunner(), "stub"


def same_outcome(a: TurnResult, b: TurnResult) -> bool:
    """Same intent, action and entities (what the golden set scores)."""
    ea, eb = a.entities.model_dump(), b.entities.model_dump()
    return a.intent == b.intent and a.action == b.action and all(ea[k] == eb[k] for k in ENTITY_KEYS)


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))] if ordered else float("nan")


def run_variant(
    name: str, rows: list[dict[str, Any]], runner: Any, typed: dict[str, TurnResult]
) -> dict[str, Any]:
    if name in JA_VARIANTS:
        knobs = JA_VARIANTS[name]
        settings = VoiceSettings(asr=ASRSettings(**knobs))
        score, metric = cer, "cer"
    else:
        knobs = VARIANTS[name]
        settings = VoiceSettings(
            speculative=knobs["speculative"],
            prefetch=knobs["prefetch"],
            repair=knobs["repair"],
            asr=ASRSettings(window_pad_s=knobs["window_pad_s"], beam_size=knobs["beam_size"]),
        )
        score, metric = wer, "wer"
    engine = VoiceEngine.shared(settings)
    eos: list[float] = []
    decode: list[float] = []
    pairs: list[tuple[str, str]] = []
    same = spec_used = 0
    detail = []
    for row in rows:
        samples = load_audio(row["audio"])
        now = datetime.fromisoformat(row["now"])
        turns = listen_samples(
            runner, samples, customer_id=row["customer_id"], now=now, engine=engine, request_id=row["id"]
        )
        transcript = " ".join(t.transcript or "" for t in turns)
        pairs.append((row["text"], transcript))
        if len(turns) == 1:
            t = turns[0].timings_ms
            eos.append(t["eos_to_action"])
            decode.append(t["asr_decode"])
            spec_used += int(t["speculative"])
            same += int(same_outcome(turns[0], typed[row["id"]]))
        detail.append(
            {
                "id": row["id"],
                "seconds": row["seconds"],
                "text": row["text"],
                "transcript": transcript,
                "turns": len(turns),
                "timings_ms": turns[-1].timings_ms if turns else {},
                "same_as_typed": len(turns) == 1 and same_outcome(turns[0], typed[row["id"]]),
            }
        )
    short = [
        e for e, r in zip(eos, rows, strict=False) if r["seconds"] < 6.3
    ]  # 6 s of speech + lead/tail silence
    return {
        "variant": name,
        **knobs,
        "n": len(rows),
        "single_turn": len(eos),
        "metric": metric,
        "wer": round(score(pairs), 4),  # CER for the ja slice
        "decode_p50": round(statistics.median(decode), 1) if decode else None,
        "decode_p95": round(percentile(decode, 0.95), 1),
        "same_as_typed": round(same / len(rows), 4),
        "speculative_used": spec_used,
        "eos_to_action_p50": round(statistics.median(short), 1) if short else None,
        "eos_to_action_p95": round(percentile(short, 0.95), 1),
        "eos_to_action_max": round(max(short), 1) if short else None,
        "detail": detail,
    }


def bias_wer(rows: list[dict[str, Any]]) -> dict[str, float]:
    """Final-decoder WER with and without the payee/biller prompt (short window)."""
    from teller.voice.bias import customer_names
    from teller.voice.engine import load_finals

    out = {}
    for bias in (False, True):
        finals = load_finals(ASRSettings(bias=bias))
        pairs = [
            (
                r["text"],
                finals.transcribe(load_audio(r["audio"]), bias=customer_names(None, r["customer_id"])).text,
            )
            for r in rows
        ]
        out["with_bias" if bias else "without_bias"] = round(wer(pairs), 4)
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="voice path benchmark")
    parser.add_argument("--limit", type=int, default=0)
    parser.add_argument("--variants", default=",".join(VARIANTS))
    parser.add_argument("--slice", choices=["en", "ja"], default="en")
    parser.add_argument("--out", type=Path, default=None)
    args = parser.parse_args(argv)
    japanese = args.slice == "ja"
    variants = ",".join(JA_VARIANTS) if japanese and args.variants == ",".join(VARIANTS) else args.variants
    out = args.out or HERE / "results" / ("voice_path_ja.json" if japanese else "voice_path.json")
    rows = build("kokoro" if japanese else "piper")[: args.limit or None]
    runner, runner_kind = make_runner()
    typed = {
        r["id"]: runner.run(
            TurnRequest(
                id=r["id"], customer_id=r["customer_id"], text=r["text"], now=datetime.fromisoformat(r["now"])
            )
        )
        for r in rows
    }
    started = time.perf_counter()
    results = [run_variant(v, rows, runner, typed) for v in variants.split(",")]
    report = {
        "machine": f"{platform.processor() or platform.machine()}, {platform.python_version()}",
        "runner": runner_kind,
        "voice": "kokoro jf_alpha" if japanese else "piper en_US-joe-medium",
        "utterances": len(rows),
        "bias_wer": {} if japanese else bias_wer(rows),
        "variants": results,
        "seconds": round(time.perf_counter() - started, 1),
    }
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps(report, indent=2, default=str) + "\n", encoding="utf-8")
    print(f"{len(rows)} utterances, runner={runner_kind}; bias WER {report['bias_wer']}")
    metric = "CER" if japanese else "WER"
    print(
        f"{'variant':<14}{metric:>7}{'same':>7}{'spec':>6}{'dec p50':>9}{'dec p95':>9}"
        f"{'p50 ms':>9}{'p95 ms':>9}{'max ms':>9}"
    )
    for r in results:
        print(
            f"{r['variant']:<14}{r['wer']:>7.3f}{r['same_as_typed']:>7.2f}{r['speculative_used']:>6}"
            f"{r['decode_p50']:>9}{r['decode_p95']:>9}"
            f"{r['eos_to_action_p50']:>9}{r['eos_to_action_p95']:>9}{r['eos_to_action_max']:>9}"
        )
    if japanese:
        for r in results:
            for d in r["detail"]:
                if not d["same_as_typed"]:
                    print(f"  {r['variant']}: {d['text']} -> {d['transcript']}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
