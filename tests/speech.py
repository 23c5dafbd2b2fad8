"""Committed spoken test audio: every utterance a test plays, as FLAC with its SHA-256 in a manifest.

Speech is synthesized once (`python bench/speech/generate.py --fixtures`) and committed, because a
neural voice does not say the same text the same way twice: a test that synthesized afresh heard
other audio on every new machine. Tests only read; a missing or altered file is an error that says
how to add it, never a silent re-synthesis.
"""

from __future__ import annotations

import hashlib
import json
from functools import cache
from pathlib import Path
from typing import Any

FIXTURES = Path(__file__).resolve().parent / "data" / "speech"
MANIFEST = FIXTURES / "manifest.jsonl"


@cache
def _manifest() -> dict[tuple[str, str], dict[str, Any]]:
    rows = [json.loads(line) for line in MANIFEST.read_text(encoding="utf-8").splitlines() if line.strip()]
    return {(row["voice"], row["text"]): row for row in rows}


def fixture_path(text: str, voice: str = "piper") -> Path:
    """The committed recording of `text` in `voice`, checked against its manifest hash."""
    row = _manifest().get((voice, text))
    if row is None:
        raise LookupError(
            f"no committed {voice} recording of {text!r}: add it with "
            f"`python bench/speech/generate.py --voice {voice} --fixtures {text!r}`, then commit "
            "tests/data/speech"
        )
    path = FIXTURES / row["file"]
    digest = hashlib.sha256(path.read_bytes()).hexdigest()
    if digest != row["sha256"]:
        raise ValueError(f"{path} does not match its manifest hash ({digest} != {row['sha256']})")
    return path


def golden_rows(voice: str = "piper") -> list[dict[str, Any]]:
    """Manifest rows recorded from the golden set (they carry id, customer_id and now)."""
    rows = [row for (v, _), row in _manifest().items() if v == voice and "id" in row]
    for row in rows:
        row["audio"] = str(fixture_path(row["text"], voice))
    return sorted(rows, key=lambda r: str(r["id"]))
