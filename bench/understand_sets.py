"""The evaluation sets of `bench/understand_eval.py`: held-out, development and the team's own.

Held out from training and tuning (rule in `scripts/train_intent.py`; aggregates only, never a row):
    nlupp_heldout        NLU++ banking folds 8-9, reviewed labels (`nlupp_intent`)
    nlupp_heldout_shared the same rows scored against the shared, unreviewed `suggested_intent`
    clinc_heldout        the hash-selected ~20% of CLINC150 (other domains and oos: out_of_scope)
    banking77_heldout    the hash-selected ~20% of Banking77
    own_heldout_*        scripts/intent_data/heldout_*.jsonl (blind, extra)
    every file under tests/golden/heldout/
Development (`--dev`, instead of the held-out ones; the model was trained on these; rows may be read):
    nlupp_dev            NLU++ banking folds 0-7, reviewed labels
    clinc_dev            the other ~80% of CLINC150
    banking77_dev        the other ~80% of Banking77
The team's own sets (misses are listed):
    golden (../shared/golden/commands.jsonl), tests/golden/*.jsonl, scripts/intent_data/heldout.jsonl
"""

from __future__ import annotations

import json
import sys
from collections.abc import Iterable
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "scripts"))
sys.path.insert(0, str(ROOT / "src"))

import train_intent as ti  # noqa: E402

from teller.normalize.text import is_japanese  # noqa: E402

GOLDEN_DIR = ROOT / "tests" / "golden"
HELDOUT_DIR = GOLDEN_DIR / "heldout"
NOW = {
    "c_001": datetime.fromisoformat("2026-11-21T09:00:00+09:00"),
    "c_002": datetime.fromisoformat("2026-11-21T09:00:00-05:00"),
}


@dataclass(frozen=True)
class Case:
    id: str
    text: str
    intent: str
    customer: str
    now: datetime
    expect: dict[str, Any] = field(default_factory=dict)  # golden-format expectation, {} when intent only


@dataclass(frozen=True)
class EvalSet:
    name: str
    cases: list[Case]
    heldout: bool  # aggregates only: no row of it is ever printed or written


def _customer(text: str) -> str:
    return "c_001" if is_japanese(text) else "c_002"


def _intent_case(i: int, prefix: str, text: str, intent: str) -> Case:
    customer = _customer(text)
    return Case(f"{prefix}{i:05d}", text, intent, customer, NOW[customer])


def _golden_cases(path: Path) -> list[Case]:
    out = []
    for r in _read(path):
        expect = dict(r["expect"])
        customer = r.get("customer_id") or _customer(r["text"])
        now = datetime.fromisoformat(r["now"]) if r.get("now") else NOW[customer]
        # A case may expect only an action ("don't send anything": anything but acting): intent "".
        out.append(Case(r["id"], r["text"], expect.get("intent", ""), customer, now, expect))
    return out


def _read(path: Path) -> Iterable[dict[str, Any]]:
    with path.open(encoding="utf-8") as fh:
        for line in fh:
            if line.strip():
                yield json.loads(line)


def _public_sets(*, heldout: bool) -> list[EvalSet]:
    """NLU++, CLINC150 and Banking77: their held-out parts, or (heldout=False) the development parts."""
    data = ti.SHARED / "data" / "intent_train"
    part = "heldout" if heldout else "dev"
    sets: list[EvalSet] = []
    nlupp_rows = [
        r
        for r in _read(data / "nlupp_banking_train.jsonl")
        if (r["fold"] in ti.HELDOUT_NLUPP_FOLDS) == heldout
    ]
    for suffix, reviewed in (("", True), ("_shared", False)):
        labelled = [(r["text"], ti.nlupp_intent(r, reviewed=reviewed)) for r in nlupp_rows]
        cases = [_intent_case(i, "n", t, lab) for i, (t, lab) in enumerate(labelled) if lab is not None]
        sets.append(EvalSet(f"nlupp_{part}{suffix}", cases, heldout))
    clinc = [
        (r["text"], ti.clinc_intent(r["orig_label"], r["domain"], r["text"]))
        for r in _read(data / "clinc150_train.jsonl")
        if ti.public_heldout(r["text"]) == heldout
    ]
    sets.append(EvalSet(f"clinc_{part}", [_intent_case(i, "c", *x) for i, x in enumerate(clinc)], heldout))
    b77 = [
        (r["text"], ti.banking77_intent(r["orig_label"]))
        for r in _read(data / "banking77_train.jsonl")
        if ti.public_heldout(r["text"]) == heldout
    ]
    sets.append(EvalSet(f"banking77_{part}", [_intent_case(i, "b", *x) for i, x in enumerate(b77)], heldout))
    return sets


def load_sets(*, dev: bool = False) -> list[EvalSet]:
    """Every evaluation set that exists on this checkout: the held-out ones first, or (`dev`) the
    development parts of the public data instead; then the team's own sets."""
    sets = _public_sets(heldout=not dev)
    if not dev:
        for path in sorted(ti.OWN_DIR.glob("heldout_*.jsonl")):
            rows = [(r["text"], r["intent"]) for r in _read(path)]
            cases = [_intent_case(i, path.stem, *x) for i, x in enumerate(rows)]
            sets.append(EvalSet(f"own_{path.stem}", cases, heldout=True))
        for path in sorted(HELDOUT_DIR.glob("*.jsonl")) if HELDOUT_DIR.exists() else []:
            sets.append(EvalSet(f"heldout/{path.stem}", _golden_cases(path), heldout=True))
    # The team's own sets: rows of these may be shown.
    if ti.GOLDEN.exists():
        sets.append(EvalSet("golden", _golden_cases(ti.GOLDEN), heldout=False))
    for path in sorted(GOLDEN_DIR.glob("*.jsonl")):
        sets.append(EvalSet(path.stem, _golden_cases(path), heldout=False))
    own = ti.OWN_DIR / "heldout.jsonl"
    if own.exists():
        rows = [(r["text"], r["intent"]) for r in _read(own)]
        sets.append(EvalSet("own_heldout", [_intent_case(i, "h", *x) for i, x in enumerate(rows)], False))
    return sets
