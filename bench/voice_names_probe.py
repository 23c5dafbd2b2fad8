"""The bar of the second look at names (`hearing.NAME_RECHECK`), chosen on the development set only.

    PYTHONPATH=src python bench/voice_names_probe.py                  # tuned voices, clean + telephone

Each file of `voice_unseen.jsonl` (the development set; never unseen2, never the held-out voice) is
decoded whole by the production recognizer (tiny.en, beam 2, second look beam 4) and heard as a turn
hears it (n-best, near-miss names; no second look), and every transcript that proposes one payee or
biller is compared with the typed turn's: right or wrong. For each, the
strongest registered rival the second look heard at the name, as a share of the proposed name's
probability (`hearing_names.rival_share`). Prints how many wrong and right transcripts each bar would
flag, and writes bench/results/voice_names_probe.json.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
from datetime import datetime
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE / "speech"))
sys.path.insert(0, str(HERE))

from generate import build  # noqa: E402

from teller.domain.turn import TurnRequest  # noqa: E402
from teller.voice.audio import load_audio  # noqa: E402
from teller.voice.bias import speaker  # noqa: E402
from teller.voice.engine import VoiceEngine  # noqa: E402
from teller.voice.hearing import ear_fix, ear_for, hear  # noqa: E402
from teller.voice.hearing_names import rival_share  # noqa: E402
from voice_path import Understand, name_of, on_channel  # noqa: E402

BARS = (0.05, 0.1, 0.15, 0.2, 0.3, 0.5)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--voices", default="piper,espeak,flite-rms")
    parser.add_argument("--channels", default="clean,telephone")
    parser.add_argument("--out", type=Path, default=HERE / "results" / "voice_names_probe.json")
    args = parser.parse_args(argv)
    runner = Understand()
    engine = VoiceEngine.shared()
    finals = engine.finals_for(japanese=False)
    rows_out: list[dict[str, Any]] = []
    ears: dict[str, Any] = {}
    for voice in args.voices.split(","):
        for row in build(voice, "unseen"):
            cid = row["customer_id"]
            if cid not in ears:
                ears[cid] = ear_for(runner.bank.snapshot(cid))
            now = datetime.fromisoformat(row["now"])
            typed = runner.run(TurnRequest(id=row["id"], customer_id=cid, text=row["text"], now=now))
            want = name_of(typed)
            if want is None:
                continue
            for channel in args.channels.split(","):
                samples = on_channel(load_audio(row["audio"]), channel)
                hyp = finals.transcribe(samples, bias=speaker(runner.runner, cid).names)
                ear = ears[cid]
                text, changes = hear(hyp.text, hyp.alternatives, ear)  # as the turn hears it, no second looks
                found = ear.index.scan(text)
                if (
                    found.status != "match"
                    or not found.candidates
                    or "hear:nbest" in {c.rule for c in changes}
                ):
                    continue
                share = rival_share(text, hyp.name_rechecks, ear.index, ear_fix(ear))
                rows_out.append(
                    {
                        "voice": voice,
                        "channel": channel,
                        "id": row["id"],
                        "right": found.candidates[0].id == want,
                        "share": None if share is None else (share if math.isfinite(share) else "inf"),
                        "transcript": text,
                    }
                )
                print(rows_out[-1], flush=True)
    wrong = [r for r in rows_out if not r["right"]]
    right = [r for r in rows_out if r["right"]]
    print(f"\n{len(rows_out)} transcripts proposing one name: {len(right)} right, {len(wrong)} wrong")
    table = []
    for bar in BARS:
        hit_w = sum(_over(r["share"], bar) for r in wrong)
        hit_r = sum(_over(r["share"], bar) for r in right)
        table.append({"bar": bar, "wrong_flagged": hit_w, "right_flagged": hit_r})
        print(f"  rival ≥ {bar:<5} flags {hit_w}/{len(wrong)} wrong, {hit_r}/{len(right)} right")
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps({"rows": rows_out, "bars": table}, indent=2) + "\n", encoding="utf-8")
    return 0


def _over(share: Any, bar: float) -> bool:
    return share == "inf" or (share is not None and share >= bar)


if __name__ == "__main__":
    raise SystemExit(main())
