"""How often the sound-key rule (`hearing_keys`, `hear:sound_key`, rounds 10-11) turns a word into one of the
customer's names: on typed lines heard as transcripts, on the development decodes, and on common English
words put where a name is meant and where it is not (round 11's measure of round 10's risk).

    TELLER_SHARED=/work/shared PYTHONPATH=src python bench/voice_keys_probe.py \
        --hyps bench/results/hyps_dev.pkl

Four counts, none reading a blind line:

- **typed**: every English line of the typed development sets (`tests/golden/*.jsonl`, not `heldout/`;
  `bench/data/voice_unseen.jsonl`; the shared golden commands) heard as if it were a transcript
  (`hear(text, (), ear)`); a firing is *wrong* when the name put in is not the typed turn's payee or biller.
- **word for word**: the same typed lines heard with every hearing rule (`hear`, no n-best, no second
  looks): lines whose outcome then differs from the typed one, by the rules that fired (a sound-alike
  payee asked about — `hear:sound_alike` — is by design: read back, the names cannot be told apart).
- **decodes**: every transcript (best and n-best) of the development decodes in `--hyps` (`voice_unseen`
  and the golden English lines; the pickle's keys carry no customer, so each is heard for c_001 and c_002).
- **words**: the lower-case word-initial tokens of Whisper's vocabulary (what tiny.en writes for a word it
  knows; some are pieces of words: "cond", "scr"), each put in frames where a name is meant ("Send $50 to
  {w}.", "Pay the {w} bill." — a biller's) and where it is not ("Pay $200 for the {w}.", "Send $50 to my
  {w} friend.", "Send $50 to the {w} guy.", "Send $50 to my {w}."), for every demo customer; a firing in
  the second kind is a word made a name where none was meant.

Writes bench/results/voice_keys_probe.json (the words and lines that fired) and prints the counts. Pure
text: nothing about latency.
"""

from __future__ import annotations

import argparse
import json
import pickle
import sys
from collections import Counter
from datetime import datetime
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
ROOT = HERE.parent

from teller.domain.turn import TurnRequest  # noqa: E402
from teller.voice.hearing import Ear, ear_for, hear  # noqa: E402
from teller.voice.hearing_keys import RULE  # noqa: E402
from teller.voice.hearing_sound import sound_key  # noqa: E402
from voice_path import Understand, same_outcome  # noqa: E402

sys.path.insert(0, str(HERE / "speech"))
from generate import GOLDEN  # noqa: E402  (shared/golden/commands.jsonl: TELLER_SHARED from a worktree)

sys.path.insert(0, str(ROOT / "scripts"))
from common_words import vocabulary as whisper_words  # noqa: E402  (Whisper's whole-word tokens)

MEANT = ("Send $50 to {w}.", "Pay the {w} bill.")
NOT_MEANT = (
    "Pay $200 for the {w}.",
    "Send $50 to my {w} friend.",
    "Send $50 to the {w} guy.",
    "Send $50 to my {w}.",
)


def keyed(text: str, ear: Ear) -> tuple[str, str] | None:
    """(heard, put) of the sound-key rule on `text` heard alone, or None."""
    _, changes = hear(text, (), ear)
    return next(((c.heard, c.text) for c in changes if c.rule == RULE), None)


def typed_lines() -> list[dict[str, Any]]:
    """The typed development sets' English lines (not `heldout/`), each with its customer."""
    golden = sorted((ROOT / "tests" / "golden").glob("*.jsonl"))
    paths = [*golden, ROOT / "bench" / "data" / "voice_unseen.jsonl", GOLDEN]
    rows = []
    for path in paths:
        for line in path.read_text(encoding="utf-8").splitlines():
            if line.strip():
                row = json.loads(line)
                if row.get("text", "").isascii() and row.get("customer_id"):
                    rows.append(row)
    return rows


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--hyps", type=Path, default=HERE / "results" / "hyps_dev.pkl")
    parser.add_argument("--out", type=Path, default=HERE / "results" / "voice_keys_probe.json")
    args = parser.parse_args()
    runner = Understand()
    ears: dict[str, Ear] = {}

    def ear(cid: str) -> Ear:
        if cid not in ears:
            ears[cid] = ear_for(runner.bank.snapshot(cid))
        return ears[cid]

    report: dict[str, Any] = {}
    # typed lines
    fired, wrong, n = [], 0, 0
    for row in typed_lines():
        try:
            e = ear(row["customer_id"])
        except Exception:  # a customer the demo bank does not have
            continue
        n += 1
        got = keyed(row["text"], e)
        if got is None:
            continue
        want = {str((row.get("expect") or {}).get(k)) for k in ("recipient_id", "biller_id")}
        named = {k[1] for k in e.keys if k[2] == got[1]}  # (key, id, form, …): the ids of the form put in
        ok = bool(named & want)
        wrong += not ok
        fired.append(
            {"id": row.get("id"), "text": row["text"], "heard": got[0], "put": got[1], "expected": ok}
        )
    report["typed"] = {"n": n, "fired": len(fired), "wrong": wrong, "lines": fired}
    print(f"typed lines: {n}, fired {len(fired)}, not the expected name {wrong}")
    for f in fired:
        verdict = "expected" if f["expected"] else "WRONG"
        print(f"  {f['id']}: {f['text']!r}: {f['heard']} -> {f['put']} ({verdict})")

    # typed lines heard word for word: does any hearing rule change the typed outcome?
    changed: list[dict[str, Any]] = []
    by_rule: Counter[str] = Counter()
    for row in typed_lines():
        try:
            e = ear(row["customer_id"])
        except Exception:  # a customer the demo bank does not have
            continue
        heard, changes = hear(row["text"], (), e)
        if not changes:
            continue
        now = datetime.fromisoformat(row["now"])
        typed = runner.run(TurnRequest(id="t", customer_id=row["customer_id"], text=row["text"], now=now))
        got = runner.run(TurnRequest(id="t", customer_id=row["customer_id"], text=heard, now=now))
        if not same_outcome(got, typed):
            rules = sorted({c.rule for c in changes})
            by_rule.update(rules)
            changed.append({"id": row.get("id"), "text": row["text"], "heard": heard, "rules": rules})
    report["word_for_word"] = {"n": n, "changed": len(changed), "by_rule": dict(by_rule), "lines": changed}
    print(f"\ntyped lines heard word for word: {n}, outcome changed {len(changed)}: {dict(by_rule)}")
    for c in changed:
        print(f"  {c['id']}: {c['text']!r} -> {c['heard']!r} {c['rules']}")

    # development decodes
    customers = ("c_001", "c_002")
    texts: set[str] = set()
    if args.hyps.exists():
        for hyp in pickle.loads(args.hyps.read_bytes()).values():
            texts.update(t for t in (hyp.text, *getattr(hyp, "alternatives", ())) if t and t.isascii())
    seen = []
    for text in sorted(texts):
        for cid in customers:
            got = keyed(text, ear(cid))
            if got is not None:
                seen.append({"customer": cid, "text": text, "heard": got[0], "put": got[1]})
    report["decodes"] = {"transcripts": len(texts), "fired": seen}
    print(f"\ndevelopment transcripts: {len(texts)} × {len(customers)} customers, fired {len(seen)}")
    for s in seen:
        print(f"  {s['customer']}: {s['text']!r}: {s['heard']} -> {s['put']}")

    # common words in frames
    words = sorted(whisper_words())
    n_words = len(words)
    all_customers = runner.bank.customer_ids()
    registered = {k[0] for cid in all_customers for k in ear(cid).keys}
    # only a word whose key is (a piece of) a registered key can be taken for a name
    words = [w for w in words if any(sound_key(w) in key for key in registered)]
    hits: dict[str, Counter[str]] = {}
    examples: dict[str, list[str]] = {}
    for frame in (*MEANT, *NOT_MEANT):
        hits[frame] = Counter()
        examples[frame] = []
        for cid in all_customers:
            e = ear(cid)
            for w in words:
                got = keyed(frame.format(w=w), e)
                if got is not None:
                    # a payee put in before "bill" is no name meant either (the demo's ids: p_…, b_…)
                    payee = any(k[1].startswith("p_") for k in e.keys if k[2] == got[1])
                    hits[frame]["payee" if payee else "biller"] += 1
                    examples[frame].append(f"{cid}:{w}->{got[1]}")
    report["words"] = {
        "n_words": n_words,
        "n_candidates": len(words),
        "customers": list(all_customers),
        "frames": {f: {"fired": sum(hits[f].values()), **hits[f], "examples": examples[f]} for f in hits},
    }
    print(f"\ncommon words: {n_words} ({len(words)} with a piece of a key) × {len(all_customers)} customers")
    for frame in hits:
        kind = "meant" if frame in MEANT else "NOT meant"
        fired = sum(hits[frame].values())
        print(
            f"  {frame:<28} ({kind}): fired {fired} (payees {hits[frame]['payee']}): {examples[frame][:12]}"
        )
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(report, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
