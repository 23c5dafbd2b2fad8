"""The bars of the forced look (`hearing_forced`: ASK, FIX, MARGIN, VERB_ASK), chosen on the development
set only.

    PYTHONPATH=src python bench/voice_forced_probe.py                 # tuned voices, clean + telephone
    python bench/voice_forced_probe.py --grid bench/results/voice_forced_probe.json   # bars only, no decode

Each file of `voice_unseen.jsonl` (the development set; never unseen2 or unseen3, never the held-out
voice) whose typed turn names a payee or biller, or locks or unlocks a card, is decoded whole by the
production recognizer (tiny.en, beam 2, second looks and the forced look on) and heard as a turn hears
it before the forced look (n-best, near-miss names, round 4's second look). For each, the forced
look's gains (`Hypothesis.forced`) are kept with the typed turn's payee/biller and intent. The grid
then replays `hearing_forced`'s decision for each combination of bars and counts, over transcripts
proposing one name: wrong ones asked or put right, right ones asked about or changed; over unregistered
heard names: put right, put wrong, and unknown names (typed: no payee) invented; over card verbs: the
wrong verb asked about, the right one asked about. Writes bench/results/voice_forced_probe.json.
"""

from __future__ import annotations

import argparse
import itertools
import json
import sys
from datetime import datetime
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE / "speech"))
sys.path.insert(0, str(HERE))

ASKS = (0.5, 1.0, 1.5, 2.0, 3.0, 4.0)
FIXES = (0.0, 0.5, 1.0, 2.0, 3.0, 5.0)
MARGINS = (1.0, 2.0, 3.0, 5.0)
VERBS = (1.0, 2.0, 3.0, 4.0, 5.0, 6.0)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--voices", default="piper,espeak,flite-rms")
    parser.add_argument("--channels", default="clean,telephone")
    parser.add_argument("--grid", type=Path, help="replay the bars over an earlier run's rows (no decoding)")
    parser.add_argument("--out", type=Path, default=HERE / "results" / "voice_forced_probe.json")
    args = parser.parse_args(argv)
    rows = json.loads(args.grid.read_text(encoding="utf-8"))["rows"] if args.grid else decode(args)
    table = grid(rows)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps({"rows": rows, "grid": table}, indent=2) + "\n", encoding="utf-8")
    return 0


def decode(args: argparse.Namespace) -> list[dict[str, Any]]:
    """Decode every development-set file whose typed turn names someone or is a card lock/unlock."""
    from generate import build

    from teller.domain.turn import TurnRequest
    from teller.voice.audio import load_audio
    from teller.voice.bias import speaker
    from teller.voice.engine import VoiceEngine
    from teller.voice.hearing import ear_for, hear
    from voice_path import Understand, name_of, on_channel

    runner = Understand()
    finals = VoiceEngine.shared().finals_for(japanese=False)
    out: list[dict[str, Any]] = []
    for voice in args.voices.split(","):
        for row in build(voice, "unseen"):
            cid = row["customer_id"]
            now = datetime.fromisoformat(row["now"])
            typed = runner.run(TurnRequest(id=row["id"], customer_id=cid, text=row["text"], now=now))
            card = typed.intent.value in ("card_lock", "card_unlock")
            if name_of(typed) is None and not card and "bob" not in row["text"]:
                continue
            for channel in args.channels.split(","):
                samples = on_channel(load_audio(row["audio"]), channel)
                hyp = finals.transcribe(samples, bias=speaker(runner.runner, cid).names)
                ear = ear_for(runner.bank.snapshot(cid))
                text, changes = hear(
                    hyp.text, hyp.alternatives, ear, hyp.rechecks, hyp.name_rechecks
                )  # as the turn heard it before round 5
                out.append(
                    {
                        "voice": voice,
                        "channel": channel,
                        "id": row["id"],
                        "customer_id": cid,
                        "typed_text": row["text"],
                        "typed_intent": typed.intent.value,
                        "want": name_of(typed),
                        "best": hyp.text,
                        "heard": text,
                        "changes": [[c.rule, c.heard, c.text] for c in changes],
                        "forced": [list(f) for f in hyp.forced],
                    }
                )
                print(out[-1], flush=True)
    return out


def grid(rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Every combination of bars, replayed over `rows` by hearing_forced's own decision."""
    import teller.voice.hearing_forced as hf
    from teller.voice.hearing import ear_for
    from voice_path import Understand

    runner = Understand()
    ears = {cid: ear_for(runner.bank.snapshot(cid)) for cid in {r["customer_id"] for r in rows}}
    names = [r for r in rows if r["want"] or "bob" in r["typed_text"]]
    cards = [r for r in rows if r["typed_intent"] in ("card_lock", "card_unlock")]
    table = []
    saved = (hf.ASK, hf.FIX, hf.MARGIN)
    for ask, fix, margin in itertools.product(ASKS, FIXES, MARGINS):
        hf.ASK, hf.FIX, hf.MARGIN = ask, fix, margin
        counts = {"wrong_caught": 0, "wrong_fixed": 0, "right_asked": 0, "right_broken": 0, "invented": 0}
        counts |= {"none_fixed": 0, "none_asked": 0, "wrong_left": 0}
        for r in names:
            index = ears[r["customer_id"]].index
            before = _named(r["heard"], index)
            fixed = {c[1]: c[2] for c in r["changes"] if c[0] == "hear:name"}
            call = hf.forced_names(r["heard"], [tuple(f) for f in r["forced"]], index, fixed=fixed)
            after = _named(call.text, index) if call is not None else before
            asked = call is not None and call.rule == "hear:forced_rival"
            if before is not None and before == r["want"]:
                counts["right_asked"] += asked
                counts["right_broken"] += not asked and after != r["want"]
            elif before is not None:
                counts["wrong_caught"] += asked
                counts["wrong_fixed"] += not asked and after == r["want"]
                counts["wrong_left"] += not asked and after != r["want"]
            else:
                counts["none_fixed"] += not asked and after is not None and after == r["want"]
                counts["none_asked"] += asked
                counts["invented"] += not asked and after is not None and after != r["want"]
        table.append({"ask": ask, "fix": fix, "margin": margin, **counts})
    hf.ASK, hf.FIX, hf.MARGIN = saved
    before_named = sum(_named(r["heard"], ears[r["customer_id"]].index) is not None for r in names)
    print(f"\n{len(names)} transcripts of named turns, {before_named} proposing one registered name")
    print("ask  fix  margin | wrong: asked / put right / left | right: asked / broken", end="")
    print(" | unregistered: put right / asked / invented")
    for t in table:
        print(
            f"{t['ask']:<4} {t['fix']:<4} {t['margin']:<6} | {t['wrong_caught']} / {t['wrong_fixed']} / "
            f"{t['wrong_left']} | {t['right_asked']} / {t['right_broken']} | "
            f"{t['none_fixed']} / {t['none_asked']} / {t['invented']}"
        )
    print(f"\n{len(cards)} card turns: verb bar → wrong verb asked, right verb asked")
    for bar in VERBS:
        wrong = right = 0
        for r in cards:
            call = hf.forced_verb([tuple(f) for f in r["forced"]], bar=bar)
            said_unlock = r["typed_intent"] == "card_unlock"
            heard_unlock = "unlock" in r["heard"].lower() or "unfreeze" in r["heard"].lower()
            if said_unlock != heard_unlock:
                wrong += call is not None
            else:
                right += call is not None
        table.append({"verb_bar": bar, "wrong_verb_asked": wrong, "right_verb_asked": right})
        print(f"  {bar:<4} {wrong} / {sum(1 for r in cards if _flipped(r))} wrong, {right} right asked")
    return table


def _flipped(row: dict[str, Any]) -> bool:
    heard_unlock = "unlock" in row["heard"].lower() or "unfreeze" in row["heard"].lower()
    return (row["typed_intent"] == "card_unlock") != heard_unlock


def _named(text: str, index: Any) -> str | None:
    found = index.scan(text)
    return str(found.candidates[0].id) if found.status == "match" and found.candidates else None


if __name__ == "__main__":
    raise SystemExit(main())
