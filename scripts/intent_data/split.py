"""Writing a round of hand-written phrasings: a fixed quarter held out by the text's hash."""

import hashlib
import json
from pathlib import Path

OUT = Path(__file__).parent


def write_round(rows: dict[str, str], name: str) -> None:
    """`rows` (intent → one phrasing per line) as `<name>.jsonl` and `heldout_<name>.jsonl`: a text
    whose SHA-256's first 8 hex digits are 0 mod 4 is held out, so the split depends on the text alone."""
    train, held = [], []
    for intent, block in rows.items():
        for t in block.strip().splitlines():
            t = t.strip()
            r = {"text": t, "intent": intent}
            (held if int(hashlib.sha256(t.encode()).hexdigest()[:8], 16) % 4 == 0 else train).append(r)
    for file, rs in ((f"{name}.jsonl", train), (f"heldout_{name}.jsonl", held)):
        with (OUT / file).open("w", encoding="utf-8") as fh:
            for r in rs:
                fh.write(json.dumps(r, ensure_ascii=False) + "\n")
        print(file, len(rs))
