"""Voice round 10: a question between payees whose names sound the same, answered by voice. Each file is
decoded once (reused from `--hyps`) and heard as a spoken turn hears it; where the turn asks between the typed
payee and others (clarify), the question is put in a session and answered the two ways a customer can say
what tells them apart — "the <bank> one" and "ending in <last digits>" of the typed payee — and the answer
counts when the session proposes the typed turn (same intent, payee and amount, for confirmation).

    PYTHONPATH=src python bench/voice_choice_answers.py --sets unseen,golden --hyps bench/results/hyps_dev.pkl
    PYTHONPATH=src python bench/voice_choice_answers.py --sets unseen2,unseen3 \
        --hyps bench/results/hyps_blind.pkl                                  # blind: aggregates only

"Before" is main before round 10 (`payee_choice.told_apart` lists the names alone and offers no choices),
"after" as shipped, on the same decodes. Prints a table per set and channel and writes
bench/results/voice_choice_answers.json (aggregates only). Nothing about latency.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from datetime import datetime
from pathlib import Path
from typing import Any
from unittest import mock

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from teller.domain.turn import TurnRequest  # noqa: E402
from teller.pipeline import turn as turn_module  # noqa: E402
from teller.pipeline.session import SessionRunner, SessionStore  # noqa: E402
from teller.voice.hearing import Ear, ear_for  # noqa: E402
from voice_pairs import Decodes, build, speaker, turn  # noqa: E402
from voice_path import Understand  # noqa: E402


def _names_alone(candidates: Sequence[tuple[str, str]], snapshot: Any) -> tuple[list[str], list[Any]]:
    return [name for _, name in candidates], []


def _answered(runner: Understand, text: str, answer: str, cid: str, now: datetime) -> Any:
    """The session's result for `answer` after the question `text` (a fresh session each time)."""
    sessions = SessionRunner(runner.runner, runner.runner.pending, SessionStore(ttl_s=600, max_sessions=4))
    asked = TurnRequest(id="q", customer_id=cid, text=text, now=now, session_id="s")
    sessions.run(asked)
    return sessions.run(asked.model_copy(update={"id": "a", "text": answer}))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n")[0])
    parser.add_argument("--sets", default="unseen")
    parser.add_argument("--voices", default="piper,espeak,flite-rms,flite-slt")
    parser.add_argument("--channels", default="clean,telephone")
    parser.add_argument("--hyps", type=Path, default=None)
    parser.add_argument("--out", type=Path, default=HERE / "results" / "voice_choice_answers.json")
    args = parser.parse_args(argv)
    runner, finals, ears = Understand(), Decodes(args.hyps), dict[str, Ear]()
    rows_out = []
    for which in args.sets.split(","):
        for channel in args.channels.split(","):
            counts = dict.fromkeys(
                ("n", "asked", "before_bank", "after_bank", "before_digits", "after_digits"), 0
            )
            counts |= {"after_told_apart": 0}
            for voice in args.voices.split(","):
                for row in build(voice, which):
                    cid, now = row["customer_id"], datetime.fromisoformat(row["now"])
                    ears.setdefault(cid, ear_for(runner.bank.snapshot(cid)))
                    typed = runner.run(TurnRequest(id=row["id"], customer_id=cid, text=row["text"], now=now))
                    hyp = finals.transcribe(row["audio"], channel, tuple(speaker(runner.runner, cid).names))
                    got, _, text = turn(runner, ears[cid], hyp, row["id"], cid, now)
                    counts["n"] += 1
                    payee = runner.bank.snapshot(cid).payee(typed.entities.recipient_id or "")
                    if got is None or got.action.value != "clarify" or payee is None:
                        continue
                    if payee.id not in {c.id for c in got.candidates}:
                        continue
                    counts["asked"] += 1
                    counts["after_told_apart"] += bool((got.data or {}).get("payee_choices"))
                    for way, answer in (
                        ("bank", f"the {payee.bank} one"),
                        ("digits", f"ending in {payee.account_last4}"),
                    ):
                        for side in ("before", "after"):
                            if side == "before":
                                with mock.patch.object(turn_module, "told_apart", _names_alone):
                                    result = _answered(runner, text, answer, cid, now)
                            else:
                                result = _answered(runner, text, answer, cid, now)
                            ok = (result.intent, result.action.value, result.entities.recipient_id) == (
                                typed.intent,
                                "confirm",
                                typed.entities.recipient_id,
                            ) and result.entities.amount_minor == typed.entities.amount_minor
                            counts[f"{side}_{way}"] += ok
            rows_out.append({"set": which, "channel": channel, **counts})
            c = counts
            print(
                f"{which:<8} {channel:<10} n {c['n']:>3}  asked among the typed payee and others "
                f"{c['asked']:>3}  told apart {c['after_told_apart']:>3}  answered by bank "
                f"{c['before_bank']} → {c['after_bank']}  by digits "
                f"{c['before_digits']} → {c['after_digits']}",
                flush=True,
            )
    finals.save()
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(rows_out, indent=2) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
