"""End of speech → action of English speech by a Japanese-locale customer, before and after early routing.

    PYTHONPATH=src python bench/voice_routing.py            # c_001's English golden lines, piper voice

Each line is replayed twice in a row, once per configuration (`lid_seconds=0`: the whole utterance is
encoded by multilingual base to detect its language, as before issue 15; the default: decided on the
first 1.5 s of speech), so the machine's load weighs on both alike. c_002 (English locale, tiny.en only)
is the reference. Prints a table and writes bench/results/voice_routing.json.
"""

from __future__ import annotations

import json
import os
import statistics
import sys
import tempfile
from datetime import datetime
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE / "speech"))

from generate import build  # noqa: E402

from teller.voice.audio import load_audio  # noqa: E402
from teller.voice.engine import VoiceEngine  # noqa: E402
from teller.voice.files import act_on_fragments, fragments, listen_samples  # noqa: E402
from teller.voice.settings import ASRSettings, VoiceSettings  # noqa: E402

CONFIGS = {
    "whole utterance (before)": VoiceSettings(asr=ASRSettings(lid_seconds=0)),
    "first 1.5 s (after)": VoiceSettings(),
}


def main() -> int:
    from teller.config import Settings
    from teller.pipeline.turn import TurnRunner

    settings = Settings()
    settings.store.url = f"sqlite:///{tempfile.mkdtemp()}/bench.sqlite3"
    settings.llm.enabled = False
    runner = TurnRunner.from_settings(settings)
    engines = {name: VoiceEngine.shared(s) for name, s in CONFIGS.items()}
    rows = build("piper", "golden")
    eos: dict[tuple[str, str], list[float]] = {}
    load = os.getloadavg()
    for row in rows:
        samples = load_audio(row["audio"])
        now = datetime.fromisoformat(row["now"])
        cid = row["customer_id"]
        for name, engine in engines.items():
            if cid != "c_001" and name != "first 1.5 s (after)":
                continue  # c_002 never routes: one configuration is its reference
            turns = listen_samples(fragments(runner), samples, customer_id=cid, now=now, engine=engine)
            if not turns:
                continue
            result = act_on_fragments(
                fragments(runner), turns, customer_id=cid, now=now, request_id=row["id"]
            )
            eos.setdefault((cid, name), []).append(result.timings_ms["eos_to_action"])
    table: list[dict[str, Any]] = []
    print(f"{'customer':<10}{'routing':<28}{'n':>4}{'p50':>8}{'p95':>8}{'max':>8}")
    for (cid, name), values in sorted(eos.items()):
        ordered = sorted(values)
        p95 = ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]
        p50 = round(statistics.median(values), 1)
        line = {"customer": cid, "routing": name, "n": len(values), "p50": p50, "p95": round(p95, 1)}
        line["max"] = round(max(values), 1)
        table.append(line)
        print(f"{cid:<10}{name:<28}{line['n']:>4}{line['p50']:>8}{line['p95']:>8}{line['max']:>8}")
    report = {"load_avg_start": load, "load_avg_end": os.getloadavg(), "rows": table}
    print(f"load average {[round(x, 2) for x in load]} → {[round(x, 2) for x in os.getloadavg()]}")
    out = HERE / "results" / "voice_routing.json"
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps(report, indent=2) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
