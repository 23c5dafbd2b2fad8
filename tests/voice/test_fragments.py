"""Voice never acts on a fragment: a file the endpointer splits acts once, on the joined request."""

from __future__ import annotations

from datetime import datetime
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from sqlalchemy import func, select
from tests.voice.conftest import silence

from teller.store.schema import PendingActionRow
from teller.voice.engine import VoiceEngine
from teller.voice.files import ask_audio

NOW = datetime.fromisoformat("2026-11-21T09:00:00-05:00")


@pytest.mark.xfail(strict=True, reason="issue 10: fixed in a later step")
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
