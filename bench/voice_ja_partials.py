"""Japanese live partials: how soon, how close to the final, at what CPU, and what they cost the turn.

    PYTHONPATH=src python bench/voice_ja_partials.py                        # kokoro + mei, golden + unseen
    PYTHONPATH=src python bench/voice_ja_partials.py --voices kokoro --sets golden --live

Every Japanese line (customer c_001) runs through the production file path twice, once with
`asr.ja_partials=whisper` and once with `none`, back to back in alternating order, so load on a shared
machine weighs on both alike. Replayed (the default) the listener's clock is pushed by its own compute —
the partial steps run on the listener's thread — and the speculative final is measured and assumed to
run on a second core, as `teller batch` replays. `--live` paces the frames at 32 ms on the wall clock
with the final on a worker thread (`teller listen --realtime`): the real contention of this machine.

Per configuration: end of speech → action and `end_of_speech` p50 / p95 / max, and the per-file ratio
on / off (median, p95). With partials on: first partial after speech start (on the listener's clock:
audio heard plus the compute of the steps so far; speech start from the audio's energy), how much
speech had been heard then, partials per turn, CER of the last partial against the final transcript,
of every partial against the final and against as much of the final as it covers, and the CPU of the
draft decodes (process CPU time around each step, meaningful replayed only) per second of turn audio
and per step. Writes bench/results/voice_ja_partials.json (`--live`: …_live.json), prints the tables.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import statistics
import sys
import time
from datetime import datetime
from pathlib import Path
from typing import Any

import numpy as np

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE / "speech"))
sys.path.insert(0, str(HERE))

from generate import build  # noqa: E402
from wer import cer, normalize_ja  # noqa: E402

from teller.domain.turn import TurnRequest  # noqa: E402
from teller.voice import engine as engine_mod  # noqa: E402
from teller.voice.asr import Hypothesis  # noqa: E402
from teller.voice.audio import SAMPLE_RATE, Samples, load_audio  # noqa: E402
from teller.voice.engine import VoiceEngine  # noqa: E402
from teller.voice.files import act_on_fragments, fragments, listen_samples  # noqa: E402
from teller.voice.session import VoiceEvent  # noqa: E402
from teller.voice.settings import ASRSettings, VoiceSettings  # noqa: E402
from voice_path import Understand, same_outcome  # noqa: E402

CONFIGS = ("on", "off")


class MeteredDraft:
    """The shared draft model, with the process CPU time and audio of every step recorded."""

    def __init__(self, inner: Any) -> None:
        self.inner = inner
        self.steps: list[tuple[float, float]] = []  # (cpu ms, audio s decoded)

    def draft(self, samples: Samples) -> Hypothesis:
        cpu = time.process_time()
        hyp: Hypothesis = self.inner.draft(samples)
        self.steps.append(((time.process_time() - cpu) * 1000, samples.size / SAMPLE_RATE))
        return hyp


def _onset_ms(samples: Samples) -> float:
    """Where speech starts: the first 10 ms block louder than 5 % of the file's peak."""
    block = SAMPLE_RATE // 100
    level = np.abs(samples[: samples.size - samples.size % block]).reshape(-1, block).max(axis=1)
    loud = np.flatnonzero(level > 0.05 * float(level.max() or 1.0))
    return float(loud[0] * 10) if loud.size else 0.0


def _pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))] if ordered else float("nan")


def _stats(values: list[float]) -> dict[str, float]:
    if not values:
        return {"n": 0}
    return {
        "n": len(values),
        "p50": round(statistics.median(values), 1),
        "p95": round(_pct(values, 0.95), 1),
        "max": round(max(values), 1),
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--voices", default="kokoro,openjtalk-mei")
    parser.add_argument("--sets", default="golden,unseen")
    parser.add_argument("--live", action="store_true", help="wall clock, final on a worker thread")
    parser.add_argument("--limit", type=int, default=0, help="at most this many files per voice and set")
    args = parser.parse_args()

    runner = Understand()  # the real pipeline on a scratch demo bank, LLM off, nothing acts
    runner.runner.warm()
    engines = {
        "on": VoiceEngine.shared(VoiceSettings(asr=ASRSettings(ja_partials="whisper"))),
        "off": VoiceEngine.shared(VoiceSettings(asr=ASRSettings(ja_partials="none"))),
    }
    rows = [
        row
        for voice in args.voices.split(",")
        for which in args.sets.split(",")
        for row in (build(voice, which)[: args.limit or None])
        if row["customer_id"] == "c_001"
    ]
    # load every model first (the draft model is wrapped to meter it), and warm both paths on one file
    with engines["on"].stream_parts() as parts:
        engines["on"].partials_for(parts, japanese=True)
    metered = MeteredDraft(next(iter(engine_mod._drafts.values())))
    engine_mod._drafts = dict.fromkeys(engine_mod._drafts, metered)
    for parts in engines["on"]._pool:
        parts.partials_ja._draft = metered  # type: ignore[union-attr]
    for engine in engines.values():
        listen_samples(fragments(runner), load_audio(rows[0]["audio"]), customer_id="c_001", engine=engine)  # type: ignore[arg-type]
    metered.steps.clear()
    load_start = os.getloadavg()
    per: dict[str, dict[str, list[float]]] = {c: {} for c in CONFIGS}
    files: list[dict[str, Any]] = []
    for index, row in enumerate(rows):
        samples = load_audio(row["audio"])
        now = datetime.fromisoformat(row["now"])
        onset = _onset_ms(samples)
        typed = runner.run(TurnRequest(id="typed", customer_id="c_001", text=row["text"], now=now))
        record: dict[str, Any] = {
            "id": row["id"],
            "voice": row["voice"],
            "set": row["set"],
            "text": row["text"],
        }
        order = CONFIGS if index % 2 == 0 else CONFIGS[::-1]
        for config in order:
            events: list[VoiceEvent] = []
            steps_before = len(metered.steps)
            turns = listen_samples(
                fragments(runner),  # type: ignore[arg-type]
                samples,
                customer_id="c_001",
                now=now,
                engine=engines[config],
                realtime=args.live,
                on_event=events.append,
            )
            if not turns:
                record[config] = None
                continue
            result = act_on_fragments(runner, turns, customer_id="c_001", now=now, request_id=row["id"])
            t = result.timings_ms
            partials = [e for e in events if e.kind == "partial"]
            finals = [e.text for e in events if e.kind == "final"]
            out: dict[str, Any] = {
                "eos_to_action": t["eos_to_action"],
                "end_of_speech": t["end_of_speech"],
                "asr_final": t["asr_final"],
                "same_as_typed": same_outcome(result, typed),
                "outcome": f"{result.intent.value} {result.action.value}",
                "typed": f"{typed.intent.value} {typed.action.value}",
                "turns": len(turns),
                "final": " ".join(finals),
                "partials": [e.text for e in partials],
            }
            if partials:
                out["first_partial_after_onset"] = round(partials[0].at_ms - onset, 1)
                out["heard_at_first_partial"] = round(turns[0].timings_ms["first_partial"] - 200, 1)
            if config == "on" and steps_before < len(metered.steps):
                out["step_cpu_ms"] = [round(c, 1) for c, _ in metered.steps[steps_before:]]
            out["audio_s"] = sum(x.timings_ms["audio_received"] for x in turns) / 1000
            record[config] = out
            for key in ("eos_to_action", "end_of_speech", "asr_final"):
                per[config].setdefault(key, []).append(t[key])
        files.append(record)
        print(f"{index + 1}/{len(rows)} {row['voice']} {row['id']}", file=sys.stderr, flush=True)

    both = [f for f in files if f.get("on") and f.get("off")]
    ratios = [
        f["on"]["eos_to_action"] / f["off"]["eos_to_action"] for f in both if f["off"]["eos_to_action"] > 0
    ]
    ons = [f["on"] for f in both]
    last_pairs = [(o["final"], o["partials"][-1]) for o in ons if o["partials"] and o["final"]]
    all_pairs = [(o["final"], p) for o in ons if o["final"] for p in o["partials"]]
    # what was shown, against as much of the final as it covers (a partial is only the start)
    prefix_pairs = [(normalize_ja(f)[: len(normalize_ja(p))], p) for f, p in all_pairs]
    step_cpu = [c for o in ons for c in o.get("step_cpu_ms", [])]
    audio_s = sum(o["audio_s"] for o in ons)
    summary = {
        "files": len(both),
        "live": args.live,
        "eos_to_action": {c: _stats([f[c]["eos_to_action"] for f in both]) for c in CONFIGS},
        "end_of_speech": {c: _stats([f[c]["end_of_speech"] for f in both]) for c in CONFIGS},
        "asr_final": {c: _stats([f[c]["asr_final"] for f in both]) for c in CONFIGS},
        "same_as_typed": {c: sum(f[c]["same_as_typed"] for f in both) for c in CONFIGS},
        "ratio_on_off": {
            "p50": round(statistics.median(ratios), 3) if ratios else None,
            "p95": round(_pct(ratios, 0.95), 3),
        },
        "turns_with_partials": sum(1 for o in ons if o["partials"]),
        "partials_per_turn": round(statistics.mean(len(o["partials"]) for o in ons), 2) if ons else 0,
        "first_partial_after_onset_ms": _stats(
            [o["first_partial_after_onset"] for o in ons if o["partials"]]
        ),
        "speech_heard_at_first_partial_ms": _stats(
            [o["heard_at_first_partial"] for o in ons if o["partials"]]
        ),
        "cer_last_partial_vs_final": round(cer(last_pairs), 3) if last_pairs else None,
        "cer_every_partial_vs_final": round(cer(all_pairs), 3) if all_pairs else None,
        "cer_every_partial_vs_final_prefix": round(cer(prefix_pairs), 3) if prefix_pairs else None,
        "draft_cpu_ms_per_audio_s": round(sum(step_cpu) / audio_s, 1) if step_cpu and audio_s else None,
        "draft_cpu_ms_per_step": _stats(step_cpu),
        "steps": len(step_cpu),
    }
    load_end = os.getloadavg()
    print(f"\n{len(both)} files, {'live (wall clock)' if args.live else 'replayed'}; load average "
          f"{[round(x, 1) for x in load_start]} → {[round(x, 1) for x in load_end]}")  # fmt: skip
    print(f"{'':<26}{'partials on':>28}{'partials off':>28}")
    for key in ("eos_to_action", "end_of_speech", "asr_final"):
        cells = [summary[key][c] for c in CONFIGS]
        text = [f"{s.get('p50', '-')} / {s.get('p95', '-')} / {s.get('max', '-')}" for s in cells]
        print(f"{key + ' p50/p95/max':<26}{text[0]:>28}{text[1]:>28}")
    same, ratio = summary["same_as_typed"], summary["ratio_on_off"]
    print(f"{'same outcome as typed':<26}{same['on']:>28}{same['off']:>28}")
    print(f"eos→action on/off per file: median {ratio['p50']}, p95 {ratio['p95']}")
    print(f"turns with partials {summary['turns_with_partials']}/{len(ons)}, "
          f"per turn {summary['partials_per_turn']}")  # fmt: skip
    fp, heard = summary["first_partial_after_onset_ms"], summary["speech_heard_at_first_partial_ms"]
    print(f"first partial after speech start p50/p95/max: {fp.get('p50')} / {fp.get('p95')} / "
          f"{fp.get('max')} ms (speech heard then p50 {heard.get('p50')} ms)")  # fmt: skip
    print(f"CER last partial vs final {summary['cer_last_partial_vs_final']}, "
          f"every partial vs final {summary['cer_every_partial_vs_final']}, "
          f"vs as much of the final as it covers {summary['cer_every_partial_vs_final_prefix']}")  # fmt: skip
    step = summary["draft_cpu_ms_per_step"]
    print(f"draft CPU per second of turn audio {summary['draft_cpu_ms_per_audio_s']} ms; per step p50/p95 "
          f"{step.get('p50')} / {step.get('p95')} ms over {summary['steps']} steps")  # fmt: skip
    report = {
        "machine": platform.platform(),
        "cpus": os.cpu_count(),
        "load_avg_start": load_start,
        "load_avg_end": load_end,
        "summary": summary,
        "files": files,
    }
    out = HERE / "results" / ("voice_ja_partials_live.json" if args.live else "voice_ja_partials.json")
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps(report, ensure_ascii=False, indent=2) + "\n", encoding="utf-8")
    print(f"wrote {out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
