"""Voice never acts on a fragment: an upload the endpointer splits writes at most the final turn's action."""

from __future__ import annotations

import importlib.util
import io

import httpx
import numpy as np
import pytest
from tests.api.conftest import Served
from tests.speech import fixture_path


def _missing() -> str | None:
    for module in ("faster_whisper", "pocketsphinx", "soundfile"):
        if importlib.util.find_spec(module) is None:
            return f"{module} not installed (voice extra): no voice path to test"
    return None


pytestmark = pytest.mark.skipif(_missing() is not None, reason=_missing() or "")


def _split_utterance() -> bytes:
    """ "send five thousand" … 2 s of silence … "two hundred dollars to david lee", as WAV bytes."""
    import soundfile

    from teller.voice.audio import load_audio

    quiet = np.zeros(32_000, dtype=np.float32)
    samples = np.concatenate(
        [
            load_audio(fixture_path("send five thousand")),
            quiet,
            load_audio(fixture_path("two hundred dollars to david lee")),
        ]
    )
    out = io.BytesIO()
    soundfile.write(out, samples, 16_000, format="WAV")
    return out.getvalue()


def test_an_upload_split_in_two_acts_once_on_the_whole(served: Served) -> None:
    """Fragments are understood without side effects: only the joined turn may leave a pending action."""
    before = served.counts()["pending_actions"]
    files = {"audio": ("turn.wav", _split_utterance(), "audio/wav")}
    r = httpx.post(f"{served.url}/v1/turns", files=files, headers=served.auth("c_002"), timeout=120)
    assert r.status_code == 200, r.text
    out = r.json()
    written = served.counts()["pending_actions"] - before
    assert written == (1 if out["pending"] else 0), (written, out["transcript"], out["action"])
