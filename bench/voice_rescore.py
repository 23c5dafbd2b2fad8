"""Score a voice_path report's transcripts again with this machine's text pipeline.

    PYTHONPATH=src python bench/voice_rescore.py bench/results/gpu/voice_gpu_unseen.json [...]

The GPU machine runs the voice path without the optional intent encoder (`fast-universal-sentence-
encoder`, 32 MB: it does not fit in a device call beside the model), so its text pipeline is the linear
intent model alone. Here each line's typed text and the transcript the spoken turn ran on are
understood again by the full pipeline (act=False), giving "same outcome as typed" as the CPU benchmark
computes it. Recognition is untouched: the transcripts are the GPU's.
"""

from __future__ import annotations

import json
import sys
from datetime import datetime
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE / "speech"))

from generate import golden_english, unseen  # noqa: E402

from teller.domain.turn import TurnRequest  # noqa: E402
from voice_path import Understand, name_of, same_outcome  # noqa: E402


def main(paths: list[str]) -> int:
    runner = Understand()
    when = {r["id"]: r["now"] for r in [*unseen("en"), *unseen("ja"), *golden_english()]}
    for path in paths:
        report = json.loads(Path(path).read_text(encoding="utf-8"))
        totals: dict[str, list[int]] = {}
        for cell in report["cells"]:
            same = names = names_ok = 0
            for row in cell["detail"]:
                now = datetime.fromisoformat(when[row["id"]])

                def run(text: str, row: dict = row, now: datetime = now) -> object:
                    return runner.run(
                        TurnRequest(id=row["id"], customer_id=row["customer_id"], text=text, now=now)
                    )

                typed, spoken = run(row["text"]), run(row["transcript"]) if row["transcript"] else None
                same += spoken is not None and same_outcome(spoken, typed)  # type: ignore[arg-type]
                if name_of(typed):  # type: ignore[arg-type]
                    names += 1
                    names_ok += spoken is not None and name_of(spoken) == name_of(typed)  # type: ignore[arg-type]
            key = f"{cell['set']}/{cell['channel']}"
            t = totals.setdefault(key, [0, 0, 0, 0])
            t[0], t[1], t[2], t[3] = t[0] + same, t[1] + cell["n"], t[2] + names_ok, t[3] + names
            star = "*" if cell["held_out"] else ""
            print(
                f"{path}: {cell['set']} {cell['voice']}{star} {cell['channel']}: same {same}/{cell['n']} "
                f"(device {cell['same_count']}), names {names_ok}/{names}"
            )
        for key, (same, n, names_ok, names) in totals.items():
            print(f"{path}: {key}: same {same}/{n}, names {names_ok}/{names}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
