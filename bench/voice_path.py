"""Voice path benchmark: every voice × channel × language, scored like a customer would score it.

    PYTHONPATH=src python bench/voice_path.py                       # everything (slow: ~1 h on 2 cores)
    PYTHONPATH=src python bench/voice_path.py --lang en --voices piper --channels clean --limit 10
    PYTHONPATH=src python bench/voice_path.py --asr model_path=whisper-base.en   # any ASRSettings knob

Sets: the golden transfer/balance/card/bill commands, `bench/data/voice_unseen.jsonl` (phrasings the
team never tuned on, written before the first run) and `unseen2` (`voice_unseen2.jsonl`, written blind
by another engineer; held out: ask for it with `--sets unseen2`, read only its aggregates). Voices:
several per language from packages (`bench/speech/generate.py`: VOICES); one per language is held
out (HELD_OUT, marked * in the table) and never tuned on. Channels (`bench/speech/channels.py`):
clean 16 kHz; telephone (8 kHz, 300-3400 Hz band, G.711 mu-law bytes decoded by Teller's own
telephony path); noisy (pink noise at 10 dB SNR).

Each file runs as production runs a file (`teller ask --audio`): replayed as a live stream (see
teller.voice.session for the clock), fragments understood without side effects and joined. Every turn
here is understood with `act=False`, typed and spoken alike, so no run changes the bank for the next.

Per cell: WER (English) or CER (Japanese); same outcome as typed (intent, action, entities); name
accuracy (the typed turn's payee/biller, over lines that name one); invented names (a payee/biller
the spoken turn picked where the typed one picked none: must be 0); amount accuracy (amount and
currency, over lines with an amount); confidently wrong ("wrong": the spoken turn proposes or does
something with another intent, payee/biller or amount than the typed one); end of speech → action.
Lines round 5's forced look changed (`hear:forced_name`, `hear:forced_rival`, `hear:verb`) are counted
with how they ended ("forced look changed N: same …, wrong …"). Lines that round 4's rules changed —
the second look at a name (`hear:recheck_name`) or a spoken "and lock" (`hear:and_lock`) — are also
run without them ("first look": the same transcript with the rival names taken out, run by the text
pipeline as it stands), so one run gives both outcomes, paired line by line.
Writes bench/results/voice_path.json and prints the table.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import re
import statistics
import sys
import tempfile
import time
from datetime import datetime
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE / "speech"))

from channels import CHANNELS, PHONE_RATE, noisy, telephone  # noqa: E402
from generate import HELD_OUT, VOICES, build  # noqa: E402
from wer import cer, wer  # noqa: E402

from teller.domain.turn import Entities, TurnRequest, TurnResult  # noqa: E402
from teller.voice.audio import load_audio, prepare  # noqa: E402
from teller.voice.engine import VoiceEngine  # noqa: E402
from teller.voice.files import act_on_fragments, fragments, listen_samples  # noqa: E402
from teller.voice.settings import ASRSettings, VoiceSettings  # noqa: E402

ENTITY_KEYS = tuple(Entities.model_fields)
# Readings of a disputed amount hearing writes into a transcript: "$16 (or $60)", "3000円（または300円）"
DOUBT = re.compile(r" \(or [^)]*\)|（または[^）]*）")


class Understand:
    """The real TurnRunner (scratch demo database, LLM off), every turn understood with act=False."""

    def __init__(self) -> None:
        from teller.config import Settings
        from teller.pipeline.turn import TurnRunner

        settings = Settings()
        settings.store.url = f"sqlite:///{tempfile.mkdtemp()}/bench.sqlite3"
        settings.llm.enabled = False
        self.runner = TurnRunner.from_settings(settings)
        self.bank = self.runner.bank

    def run(self, request: TurnRequest, *, act: bool = False) -> TurnResult:
        return self.runner.run(request, act=False)

    def prefetch(self, customer_id: str, text: str, now: datetime) -> None:
        self.runner.prefetch(customer_id, text, now)


def same_outcome(a: TurnResult, b: TurnResult) -> bool:
    ea, eb = a.entities.model_dump(), b.entities.model_dump()
    return a.intent == b.intent and a.action == b.action and all(ea[k] == eb[k] for k in ENTITY_KEYS)


def percentile(values: list[float], q: float) -> float | None:
    ordered = sorted(values)
    return round(ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))], 1) if ordered else None


def mulaw_to_16k(data: bytes) -> Any:
    """Teller's telephony decoder when it has one (decode_pcm); else G.711 here and Teller's resampler."""
    try:
        from teller.voice.audio import decode_pcm  # type: ignore[attr-defined,unused-ignore]
    except ImportError:
        import numpy as np

        u = ~np.frombuffer(data, dtype=np.uint8).astype(np.int32) & 0xFF
        mag = ((((u & 0x0F) << 3) + 0x84) << ((u & 0x70) >> 4)) - 0x84
        pcm = np.where(u & 0x80, -mag, mag).astype(np.float32) / 32768.0
        return prepare(pcm, PHONE_RATE, name="telephone")
    return decode_pcm(data, encoding="mulaw", rate=PHONE_RATE)


def on_channel(samples: Any, channel: str) -> Any:
    if channel == "telephone":
        return mulaw_to_16k(telephone(samples))
    if channel == "noisy":
        return noisy(samples)
    return samples


def name_of(result: TurnResult) -> str | None:
    return result.entities.recipient_id or result.entities.biller_id


def run_cell(
    rows: list[dict[str, Any]], channel: str, runner: Understand, engine: VoiceEngine, typed: dict[str, Any]
) -> dict[str, Any]:
    lang = VOICES[rows[0]["voice"]][0]
    eos: list[float] = []
    decode: list[float] = []
    by_customer: dict[str, list[float]] = {}
    pairs: list[tuple[str, str]] = []
    same = names = names_ok = amounts = amounts_ok = invented = confident_wrong = 0
    # the same line without round 4's rules (second look at names, "and lock"): its outcome before, paired
    first_same = first_wrong = rechecked = first_names_ok = 0
    forced = forced_same = forced_wrong = 0  # lines round 5's forced look changed, and how they ended
    detail = []
    for row in rows:
        samples = on_channel(load_audio(row["audio"]), channel)
        now = datetime.fromisoformat(row["now"])
        cid = row["customer_id"]
        turns = listen_samples(
            fragments(runner), samples, customer_id=cid, now=now, engine=engine, request_id=row["id"]
        )  # type: ignore[arg-type]
        want: TurnResult = typed[row["id"]]
        got = (
            act_on_fragments(runner, turns, customer_id=cid, now=now, request_id=row["id"]) if turns else None
        )
        transcript = (got.transcript or "") if got else ""
        pairs.append((row["text"], DOUBT.sub("", transcript)))  # WER of what was heard, not of the doubt
        ok = got is not None and same_outcome(got, want)
        same += ok
        # the worst outcome: a different intent, payee or amount put up for confirmation (or done)
        wrong = is_wrong(got, want)
        confident_wrong += wrong
        first = got
        rules = {x.rule for x in got.trace} if got is not None else set()
        if rules & ROUND5:
            forced += 1
            forced_same += ok
            forced_wrong += wrong
        if rules & ROUND4:  # the same transcript without round 4's rules: its outcome before, paired
            rechecked += 1
            request = TurnRequest(id=row["id"], customer_id=cid, text=without_round4(got), now=now)  # type: ignore[arg-type]
            first = runner.run(request)
        first_same += first is not None and same_outcome(first, want)
        first_wrong += is_wrong(first, want)
        if name_of(want):
            names += 1
            names_ok += got is not None and name_of(got) == name_of(want)
            first_names_ok += first is not None and name_of(first) == name_of(want)
        elif got is not None and name_of(got):
            invented += 1
        if want.entities.amount_minor is not None:
            amounts += 1
            amounts_ok += got is not None and (got.entities.amount_minor, got.entities.currency) == (
                want.entities.amount_minor,
                want.entities.currency,
            )
        t = got.timings_ms if got else {}
        if "eos_to_action" in t:
            eos.append(t["eos_to_action"])
            decode.append(t.get("asr_decode", 0.0))
            by_customer.setdefault(cid, []).append(t["eos_to_action"])
        detail.append(
            {
                "id": row["id"],
                "customer_id": cid,
                "text": row["text"],
                "transcript": transcript,
                "turns": len(turns),
                "same_as_typed": ok,
                "typed": [want.intent.value, want.action.value, name_of(want), want.entities.amount_minor],
                "spoken": [got.intent.value, got.action.value, name_of(got), got.entities.amount_minor]
                if got
                else None,
                "trace": [f"{x.stage}/{x.rule}" for x in got.trace if x.stage == "voice"] if got else [],
                "timings_ms": {
                    k: v for k, v in t.items() if k in ("eos_to_action", "asr_decode", "end_of_speech")
                },
            }
        )
    n = len(rows)
    return {
        "n": n,
        "metric": "cer" if lang == "ja" else "wer",
        "error_rate": round((cer if lang == "ja" else wer)(pairs), 4),
        "same_as_typed": round(same / n, 4),
        "same_count": same,
        "name_acc": round(names_ok / names, 4) if names else None,
        "names": names,
        "invented_names": invented,
        "confident_wrong": confident_wrong,
        "rechecked": rechecked,
        "first_look_same": first_same,
        "first_look_wrong": first_wrong,
        "first_look_names_ok": first_names_ok,
        "forced": forced,
        "forced_same": forced_same,
        "forced_wrong": forced_wrong,
        "names_ok": names_ok,
        "amount_acc": round(amounts_ok / amounts, 4) if amounts else None,
        "amounts": amounts,
        "eos_p50": round(statistics.median(eos), 1) if eos else None,
        "eos_p95": percentile(eos, 0.95),
        "eos_max": round(max(eos), 1) if eos else None,
        "decode_p50": round(statistics.median(decode), 1) if decode else None,
        "decode_p95": percentile(decode, 0.95),
        "eos_by_customer": {
            c: {"p50": percentile(v, 0.5), "p95": percentile(v, 0.95)} for c, v in by_customer.items()
        },
        "detail": detail,
    }


ROUND4 = {"hear:recheck_name", "hear:and_lock"}
ROUND5 = {"hear:forced_name", "hear:forced_rival", "hear:verb"}  # the forced look (hearing_forced)
# Names the second look writes in: " (or Kristen O'Neill)" (an amount's readings always have digits)
NAMES_WRITTEN = re.compile(r" \(or [^)0-9]*\)")


def without_round4(got: TurnResult) -> str:
    """The transcript as round 3 ran it: the rival names the second look wrote in taken out ("and lock"
    needs nothing: its transcript is the words heard)."""
    text = got.transcript or ""
    if any(x.rule == "hear:recheck_name" for x in got.trace):
        text = NAMES_WRITTEN.sub("", text)
    return text


def is_wrong(got: TurnResult | None, want: TurnResult) -> bool:
    """Confidently wrong: a different intent, payee/biller or amount proposed for confirmation or done."""
    return (
        got is not None
        and got.action.value in ("confirm", "execute")
        and (got.intent, name_of(got), got.entities.amount_minor)
        != (want.intent, name_of(want), want.entities.amount_minor)
    )


def parse_knobs(pairs: list[str]) -> dict[str, Any]:
    knobs: dict[str, Any] = {}
    for pair in pairs:
        key, _, raw = pair.partition("=")
        try:
            knobs[key] = json.loads(raw)
        except json.JSONDecodeError:
            knobs[key] = raw
    return knobs


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="voice path benchmark (voices × channels × languages)")
    parser.add_argument("--lang", default="en,ja")
    parser.add_argument("--voices", default="", help="comma-separated; default: every voice of the language")
    parser.add_argument("--channels", default=",".join(CHANNELS))
    parser.add_argument("--sets", default="golden,unseen")
    parser.add_argument("--limit", type=int, default=0, help="first N lines of each set")
    parser.add_argument("--asr", nargs="*", default=[], metavar="KEY=VALUE", help="ASRSettings overrides")
    parser.add_argument("--voice", nargs="*", default=[], metavar="KEY=VALUE", help="VoiceSettings overrides")
    parser.add_argument("--label", default="")
    parser.add_argument("--out", type=Path, default=HERE / "results" / "voice_path.json")
    args = parser.parse_args(argv)
    settings = VoiceSettings(**parse_knobs(args.voice), asr=ASRSettings(**parse_knobs(args.asr)))
    engine = VoiceEngine.shared(settings)
    runner = Understand()
    wanted = [v for v in args.voices.split(",") if v]
    cells = []
    started = time.perf_counter()
    load = os.getloadavg()
    for lang in args.lang.split(","):
        voices = [v for v, (vl, _) in VOICES.items() if vl == lang and (not wanted or v in wanted)]
        for which in args.sets.split(","):
            typed: dict[str, Any] = {}
            for voice in voices:
                rows = build(voice, which)[: args.limit or None]
                for r in rows:
                    if r["id"] not in typed:
                        request = TurnRequest(
                            id=r["id"],
                            customer_id=r["customer_id"],
                            text=r["text"],
                            now=datetime.fromisoformat(r["now"]),
                        )
                        typed[r["id"]] = runner.run(request)
                for channel in args.channels.split(","):
                    cell = run_cell(rows, channel, runner, engine, typed)
                    cells.append(
                        {
                            "lang": lang,
                            "set": which,
                            "voice": voice,
                            "held_out": HELD_OUT[lang] == voice,
                            "channel": channel,
                            **cell,
                        }
                    )
                    print(_line(cells[-1]), flush=True)
    report = {
        "label": args.label,
        "machine": f"{platform.machine()}, {os.cpu_count()} cores, Python {platform.python_version()}",
        "load_avg_start": [round(x, 2) for x in load],
        "load_avg_end": [round(x, 2) for x in os.getloadavg()],
        "settings": settings.model_dump(),
        "cells": cells,
        "summary": summary(cells),
        "seconds": round(time.perf_counter() - started, 1),
    }
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(
        json.dumps(report, indent=2, ensure_ascii=False, default=str) + "\n", encoding="utf-8"
    )
    print(f"\nload average {report['load_avg_start']} → {report['load_avg_end']}; {report['seconds']} s")
    print(HEADER)
    for cell in cells:
        print(_line(cell))
    print("\nby language × channel (all voices, both sets):")
    for key, s in report["summary"].items():
        print(
            f"  {key:<16} same {s['same']:.0%} ({s['same_count']}/{s['n']})  eos p95 {s['eos_p95']} ms  "
            f"max {s['eos_max']} ms  by customer p95 {s['eos_p95_by_customer']}"
        )
    return 0


def summary(cells: list[dict[str, Any]]) -> dict[str, Any]:
    """Per language × channel: agreement over every voice and set, eos → action percentiles."""
    out: dict[str, Any] = {}
    for cell in cells:
        key = f"{cell['lang']}/{cell['channel']}"
        out.setdefault(key, []).append(cell)
    result = {}
    for key, group in out.items():
        eos = [d["timings_ms"]["eos_to_action"] for c in group for d in c["detail"] if d["timings_ms"]]
        by: dict[str, list[float]] = {}
        for c in group:
            for d in c["detail"]:
                if d["timings_ms"]:
                    by.setdefault(d["customer_id"], []).append(d["timings_ms"]["eos_to_action"])
        n = sum(c["n"] for c in group)
        same = sum(c["same_count"] for c in group)
        result[key] = {
            "n": n,
            "same_count": same,
            "same": same / n if n else 0.0,
            "eos_p50": percentile(eos, 0.5),
            "eos_p95": percentile(eos, 0.95),
            "eos_max": round(max(eos), 1) if eos else None,
            "eos_p95_by_customer": {c: percentile(v, 0.95) for c, v in sorted(by.items())},
        }
    return result


HEADER = (
    f"{'lang':<5}{'set':<8}{'voice':<22}{'channel':<10}{'n':>4}{'WER/CER':>8}{'same':>6}{'name':>6}"
    f"{'inv':>4}{'amount':>7}{'wrong':>6}{'p50':>7}{'p95':>7}{'max':>7}"
)


def _pct(v: float | None) -> str:
    return "-" if v is None else f"{v:.0%}"


def _line(c: dict[str, Any]) -> str:
    voice = c["voice"] + ("*" if c["held_out"] else "")
    return (
        f"{c['lang']:<5}{c['set']:<8}{voice:<22}{c['channel']:<10}{c['n']:>4}{c['error_rate']:>8.3f}"
        f"{_pct(c['same_as_typed']):>6}{_pct(c['name_acc']):>6}{c['invented_names']:>4}"
        f"{_pct(c['amount_acc']):>7}{c.get('confident_wrong', '-'):>6}"
        f"{c['eos_p50'] or '-':>7}{c['eos_p95'] or '-':>7}{c['eos_max'] or '-':>7}"
        f"  round 4 changed {c.get('rechecked', 0)}: first look same {c.get('first_look_same', '-')},"
        f" wrong {c.get('first_look_wrong', '-')}, names {c.get('first_look_names_ok', '-')}/{c['names']};"
        f" forced look changed {c.get('forced', 0)}: same {c.get('forced_same', 0)},"
        f" wrong {c.get('forced_wrong', 0)}"
    )


if __name__ == "__main__":
    raise SystemExit(main())
