"""The voice path through a real server: an uploaded utterance and a streamed one become turns."""

from __future__ import annotations

import importlib.util
import json
import time
from pathlib import Path
from typing import Any

import httpx
import numpy as np
import pytest
from tests.api.conftest import Served, served_on_both
from tests.conftest import BACKENDS
from tests.speech import fixture_path
from websockets.sync.client import connect


@pytest.fixture(scope="module", params=BACKENDS)
def served(request: pytest.FixtureRequest) -> Served:
    """The voice path on both databases (its turns write sessions and pending actions)."""
    return served_on_both(request)


def _missing() -> str | None:
    for module in ("faster_whisper", "pocketsphinx"):
        if importlib.util.find_spec(module) is None:
            return f"{module} not installed (voice extra): no voice path to test"
    return None


pytestmark = pytest.mark.skipif(_missing() is not None, reason=_missing() or "")
# Behaviour, not speed: a first turn loads the recognizer, and a busy CI machine is slow.
WAIT_S = 300


def _spoken(text: str) -> Path:
    return fixture_path(text, "piper")


def _pcm16(path: Path) -> bytes:
    from teller.voice.audio import load_audio

    samples = load_audio(path)
    return (np.clip(samples, -1, 1) * 32767).astype("<i2").tobytes()


def test_audio_upload_is_transcribed_and_run(served: Served) -> None:
    """A WAV upload of "what's my balance" comes back as a balance turn with its transcript."""
    wav = _spoken("what's my balance").read_bytes()
    files = {"audio": ("turn.wav", wav, "audio/wav")}
    r = httpx.post(f"{served.url}/v1/turns", files=files, headers=served.auth(), timeout=WAIT_S)
    assert r.status_code == 200, r.text
    out = r.json()
    assert "balance" in (out["transcript"] or "").lower()
    assert out["intent"] == "balance_inquiry"
    assert out["timings_ms"]["eos_to_action"] > 0


def test_empty_or_garbled_audio_is_a_clear_422(served: Served) -> None:
    """A WAV header with no samples, or odd-length PCM, is refused with bad_audio and nothing written."""
    before = served.counts()
    for payload in (b"RIFF\x24\x00\x00\x00WAVEfmt ", b"\x01\x02\x03"):
        files = {"audio": ("turn.wav", payload, "application/octet-stream")}
        r = httpx.post(f"{served.url}/v1/turns", files=files, headers=served.auth(), timeout=WAIT_S)
        assert r.status_code == 422, r.text
        assert r.json()["error"]["code"] == "bad_audio"
    assert served.counts() == before


def test_streamed_pcm_yields_final_and_result(served: Served) -> None:
    """16 kHz PCM16 frames of a spoken transfer produce a `final` transcript and then a `result`."""
    pcm = _pcm16(_spoken("send five thousand yen to sato ken")) + b"\x00\x00" * 16_000  # 1 s of quiet after
    events: list[dict[str, Any]] = []
    with connect(f"{served.ws_url}/v1/turns/stream", additional_headers=served.auth()) as ws:
        for start in range(0, len(pcm), 3200):  # 100 ms messages
            ws.send(pcm[start : start + 3200])
            time.sleep(0.01)
        ws.send(json.dumps({"type": "end"}))
        deadline = time.monotonic() + WAIT_S
        while time.monotonic() < deadline and not any(e["type"] == "result" for e in events):
            events.append(json.loads(ws.recv(timeout=WAIT_S)))
    kinds = [e["type"] for e in events]
    assert "final" in kinds and "result" in kinds, kinds
    assert kinds.index("final") < kinds.index("result")
    result = next(e for e in events if e["type"] == "result")
    assert result["intent"] == "transfer_money", result
    assert result["transcript"]


def test_stream_takes_another_utterance_after_end(served: Served) -> None:
    """Push-to-talk: speech, `end`, speech again, `end` on one connection gives two results, each `ended`."""
    pcm = _pcm16(_spoken("what's my balance")) + b"\x00\x00" * 8_000
    with connect(f"{served.ws_url}/v1/turns/stream", additional_headers=served.auth()) as ws:
        for _ in range(2):
            for start in range(0, len(pcm), 3200):
                ws.send(pcm[start : start + 3200])
            ws.send(json.dumps({"type": "end"}))
            events: list[dict[str, Any]] = []
            while not events or events[-1]["type"] != "ended":
                events.append(json.loads(ws.recv(timeout=WAIT_S)))
            results = [e for e in events if e["type"] == "result"]
            assert len(results) == 1, [e["type"] for e in events]
            assert results[0]["intent"] == "balance_inquiry", results[0]


def _mulaw_8k(path: Path) -> bytes:
    """A committed recording as a phone line carries it (8 kHz, telephone band, G.711 mu-law)."""
    import sys

    from teller.voice.audio import load_audio

    sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench" / "speech"))
    from channels import telephone

    return bytes(telephone(load_audio(path)))


def test_mulaw_upload_declared_by_content_type(served: Served) -> None:
    """Raw 8 kHz mu-law sent as audio/PCMU is decoded as such and understood."""
    files = {"audio": ("call.ulaw", _mulaw_8k(_spoken("what's my balance")), "audio/PCMU")}
    r = httpx.post(f"{served.url}/v1/turns", files=files, headers=served.auth(), timeout=WAIT_S)
    assert r.status_code == 200, r.text
    assert r.json()["intent"] == "balance_inquiry", r.json()


def test_stream_start_message_declares_8khz_mulaw(served: Served) -> None:
    """`start` with mulaw/8000 is acknowledged; the phone-line audio that follows becomes a result."""
    audio = _mulaw_8k(_spoken("what's my balance")) + b"\xff" * 8_000  # 1 s of mu-law silence after
    events: list[dict[str, Any]] = []
    with connect(f"{served.ws_url}/v1/turns/stream", additional_headers=served.auth()) as ws:
        ws.send(json.dumps({"type": "start", "encoding": "mulaw", "sample_rate": 8000}))
        started = json.loads(ws.recv(timeout=WAIT_S))
        assert started == {"type": "started", "encoding": "mulaw", "sample_rate": 8000}
        for start in range(0, len(audio), 160):  # 20 ms packets, as RTP carries them
            ws.send(audio[start : start + 160])
        ws.send(json.dumps({"type": "end"}))
        while not events or events[-1]["type"] != "ended":
            events.append(json.loads(ws.recv(timeout=WAIT_S)))
    results = [e for e in events if e["type"] == "result"]
    assert len(results) == 1 and results[0]["intent"] == "balance_inquiry", events


def test_stream_start_with_a_bad_format_is_an_error_event(served: Served) -> None:
    """An unknown encoding in `start` gets an error event and the stream stays usable."""
    with connect(f"{served.ws_url}/v1/turns/stream", additional_headers=served.auth()) as ws:
        ws.send(json.dumps({"type": "start", "encoding": "opus", "sample_rate": 48000}))
        event = json.loads(ws.recv(timeout=WAIT_S))
        assert event["type"] == "error" and event["code"] == "bad_audio", event
        ws.send(json.dumps({"type": "text", "text": "what's my balance"}))
        assert json.loads(ws.recv(timeout=WAIT_S))["type"] == "result"
