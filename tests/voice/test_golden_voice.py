"""Golden English commands spoken by a neural voice reach the same outcome as the typed text."""

from __future__ import annotations

import re
import sys
from datetime import datetime
from pathlib import Path
from typing import Any

import pytest
from tests.speech import golden_rows

from teller.domain.turn import Entities, TurnRequest, TurnResult
from teller.voice.engine import VoiceEngine
from teller.voice.files import ask_audio

ENTITY_KEYS = tuple(Entities.model_fields)


def _runner(tmp: Path, name: str) -> Any:
    """The real text pipeline on its own fresh demo database, LLM off."""
    from teller.config import Settings, StoreSettings
    from teller.pipeline.turn import TurnRunner

    settings = Settings(store=StoreSettings(url=f"sqlite:///{tmp / name}.sqlite3"))
    settings.llm.enabled = False
    return TurnRunner.from_settings(settings)


def _same(a: TurnResult, b: TurnResult) -> bool:
    ea, eb = a.entities.model_dump(), b.entities.model_dump()
    return a.intent == b.intent and a.action == b.action and all(ea[k] == eb[k] for k in ENTITY_KEYS)


@pytest.fixture(scope="module")
def spoken_set(engine: VoiceEngine, tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    """Every English transfer/balance/card/bill golden line, from its committed recording, run once."""
    tmp = tmp_path_factory.mktemp("golden-voice")
    typed_runner, voice_runner = _runner(tmp, "typed"), _runner(tmp, "voice")
    rows = golden_rows("piper")
    out = []
    for row in rows:
        now = datetime.fromisoformat(row["now"])
        heard = ask_audio(voice_runner, row["audio"], row["customer_id"], now, request_id=row["id"])
        typed = typed_runner.run(
            TurnRequest(id=row["id"], customer_id=row["customer_id"], text=row["text"], now=now)
        )
        out.append((row, heard, typed))
    return {"cases": out}


# The target. Measured 35/40 (88%) with the defaults (beam 2 + voice/repair.py); 32/40 with
# greedy decoding and no repairs. The remaining misses are listed in docs/voice.md.
FLOOR = 0.85


def _asks_sound_alike(heard: TurnResult, typed: TurnResult) -> bool:
    """The spoken turn asks between the typed payee and a registered payee that sounds the same (round 7:
    Steven Phillips / Stephen Philips, Sarah Johnson / Sara Jonson): by design, no recognizer can choose."""
    return (
        heard.action.value == "clarify"
        and typed.entities.recipient_id in {c.id for c in heard.candidates}
        and any(t.rule == "hear:sound_alike" for t in heard.trace)
    )


def test_spoken_commands_match_typed_outcomes(spoken_set: dict[str, Any]) -> None:
    """At least 85% of spoken commands get the typed text's intent, action and entities (a turn that asks
    between the typed payee and its registered sound-alike is asked by design, counted apart)."""
    cases = spoken_set["cases"]
    asked = [(r["text"], h.transcript) for r, h, t in cases if _asks_sound_alike(h, t)]
    misses = [
        (r["text"], h.transcript) for r, h, t in cases if not _same(h, t) and not _asks_sound_alike(h, t)
    ]
    assert len(cases) >= 35 and len(asked) <= 4, asked
    assert 1 - len(misses) / (len(cases) - len(asked)) >= FLOOR, misses


def test_transcripts_are_accurate(spoken_set: dict[str, Any]) -> None:
    """Corpus WER of the final transcripts stays at or below 12%."""
    sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench" / "speech"))
    from wer import wer

    # without the readings hearing writes in for the turn to ask about ("$16 (or $60)", "… (or Saito Ken)")
    pairs = [(r["text"], re.sub(r" \(or [^)]*\)", "", h.transcript or "")) for r, h, _ in spoken_set["cases"]]
    assert wer(pairs) <= 0.12, pairs
