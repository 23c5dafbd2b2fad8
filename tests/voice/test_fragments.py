"""Voice never acts on a fragment: a file the endpointer splits acts once, on the joined request."""

from __future__ import annotations

from datetime import datetime
from pathlib import Path
from typing import Any

import numpy as np
from sqlalchemy import func, select
from tests.voice.conftest import silence

from teller.store.schema import PendingActionRow
from teller.voice.engine import VoiceEngine
from teller.voice.files import ask_audio

NOW = datetime.fromisoformat("2026-11-21T09:00:00-05:00")


def test_a_file_split_in_two_writes_only_the_final_turns_action(
    say: Any, engine: VoiceEngine, runner: Any, tmp_path: Path
) -> None:
    """Two fragments 2 s apart: no fragment writes a pending action; the joined turn may write one."""
    import soundfile

    path = tmp_path / "split.wav"
    samples = np.concatenate(
        [say("send five thousand"), silence(2.0), say("two hundred dollars to david lee")]
    )
    soundfile.write(path, samples, 16_000)
    result = ask_audio(runner, path, "c_002", NOW)
    with runner.db.read() as session:
        rows = list(session.scalars(select(PendingActionRow.id)))
        count = session.scalar(select(func.count()).select_from(PendingActionRow))
    expected = [result.pending.action_id] if result.pending else []
    assert (rows, count) == (expected, len(expected)), (rows, result.transcript, result.action)


def test_only_the_joined_request_acts(say: Any, engine: VoiceEngine, tmp_path: Path) -> None:
    """Each fragment is run with act=False; the joined transcript is the one run that acts."""
    import soundfile
    from tests.voice.conftest import RecordingRunner

    path = tmp_path / "split.wav"
    samples = np.concatenate([say("freeze my debit card"), silence(2.0), say("what's my balance")])
    soundfile.write(path, samples, 16_000)
    runner = RecordingRunner()
    result = ask_audio(runner, path, "c_002", NOW)
    assert len(runner.texts) == 3 and runner.acted == [result.transcript]
    assert runner.acted[0] == " ".join(runner.texts[:2])
