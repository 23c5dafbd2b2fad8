"""Audio is bounded before it is decoded: header length first, then a capped, streamed decode."""

from __future__ import annotations

import io
from pathlib import Path
from typing import Any

import httpx
import numpy as np
import pytest
from tests.api.conftest import Served, api_for_tests, serve

soundfile = pytest.importorskip("soundfile")

from teller.errors import AudioTooLong  # noqa: E402
from teller.voice.audio import _decode_capped, load_audio  # noqa: E402


def _ogg_of_silence(seconds: int, rate: int = 16000) -> bytes:
    buf = io.BytesIO()
    with soundfile.SoundFile(buf, "w", rate, 1, format="OGG", subtype="VORBIS") as f:
        for _ in range(seconds):
            f.write(np.zeros(rate, dtype=np.float32))
    return buf.getvalue()


def test_a_long_file_is_refused_from_its_header() -> None:
    """Ten minutes of silence is refused as too long, naming the limit."""
    with pytest.raises(AudioTooLong, match="30 s limit"):
        load_audio(_ogg_of_silence(600), max_seconds=30)


class _LyingFile:
    """A decoder whose header says one second but whose blocks never end; counts what it decoded."""

    samplerate = 16000
    channels = 2
    frames = 16000

    def __init__(self) -> None:
        self.decoded = 0

    def blocks(self, *, blocksize: int, dtype: str, always_2d: bool) -> Any:
        while True:
            self.decoded += blocksize
            yield np.zeros((blocksize, self.channels), dtype=np.float32)


def test_a_header_that_lies_costs_at_most_the_cap() -> None:
    """When decoding passes the cap the decode stops there: no more than one block past it is read."""
    f = _LyingFile()
    with pytest.raises(AudioTooLong):
        _decode_capped(f, "lying.ogg", cap=5 * 16000, max_seconds=5)
    assert f.decoded <= 6 * 16000


def _upload(s: Served, data: bytes) -> httpx.Response:
    files = {"audio": ("bomb.ogg", data, "audio/ogg")}
    return httpx.post(f"{s.url}/v1/turns", files=files, headers=s.auth(), timeout=60)


def test_an_audio_bomb_upload_is_413_with_the_limit(served: Served) -> None:
    """An upload of hours-in-a-few-kilobytes is answered 413 `audio_too_long`, naming the limit."""
    r = _upload(served, _ogg_of_silence(120))
    if r.status_code == 415:
        pytest.skip("this server has no voice path")
    assert r.status_code == 413, r.text
    assert r.json()["error"]["code"] == "audio_too_long" and "30 s" in r.json()["error"]["message"]


def test_audio_in_flight_is_bounded_server_wide(tmp_path: Path) -> None:
    """An upload that does not fit the server's audio budget is refused at once with 429."""
    api = api_for_tests(max_audio_s=10, max_audio_in_flight_s=5)
    with serve(f"sqlite:///{tmp_path / 'budget.sqlite3'}", api) as s:
        r = _upload(s, _ogg_of_silence(2))
    if r.status_code == 415:
        pytest.skip("this server has no voice path")
    assert r.status_code == 429 and r.json()["error"]["code"] == "overloaded"
    assert "retry-after" in r.headers
