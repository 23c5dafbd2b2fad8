"""Write `synthetic.jsonl`: templated English and Japanese phrases with varied names, amounts and dates.

The hand-written files (`en.jsonl`, `ja.jsonl`) carry the variety of phrasing; these templates add
variety of *slot values* (who, how much, when, which card) so the classifier learns that names and
amounts are noise around the verb, and add contrast pairs: "how do I send money abroad" is a
question, "send money to ..." a request; "what time does the branch open" is qna, "what time does
the pharmacy open" out of scope; "田中さんに電話して" is not a transfer. Names, billers and card
digits avoid the demo bank and the golden set on purpose, so scoring on those measures generalisation.

    .venv/bin/python scripts/intent_data/synth.py   # deterministic: same file every run
"""

from __future__ import annotations

import json
import random
from pathlib import Path

from synth_en import english
from synth_ja import japanese

OUT = Path(__file__).with_name("synthetic.jsonl")
SEED = 20261121


def main() -> None:
    rng = random.Random(SEED)
    rows = []
    for by_intent in (english(rng), japanese(rng)):
        for intent, texts in by_intent.items():
            rows.extend({"text": t, "intent": intent} for t in texts)
    with OUT.open("w", encoding="utf-8") as fh:
        for row in rows:
            fh.write(json.dumps(row, ensure_ascii=False) + "\n")
    print(f"wrote {len(rows)} phrases to {OUT}")


if __name__ == "__main__":
    main()
