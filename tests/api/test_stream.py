"""WS /v1/turns/stream through a real server: typed turns and follow-ups in one session per connection."""

from __future__ import annotations

import importlib.util
import json

import pytest
from tests.api.conftest import Served
from websockets.exceptions import InvalidStatus
from websockets.sync.client import connect

VOICE = all(importlib.util.find_spec(m) for m in ("faster_whisper", "pocketsphinx", "onnxruntime"))


def test_text_frames_share_one_session(served: Served) -> None:
    """A typed transfer then "yes" on one connection: a pending action, then its execution."""
    with connect(f"{served.ws_url}/v1/turns/stream", additional_headers=served.auth()) as ws:
        ws.send(json.dumps({"type": "text", "text": "send 1500 yen to Sato Ken"}))
        first = json.loads(ws.recv(timeout=10))
        assert first["type"] == "result" and first["action"] == "confirm", first
        ws.send(json.dumps({"type": "text", "text": "yes"}))
        done = json.loads(ws.recv(timeout=10))
        assert (done["type"], done["intent"], done["action"]) == ("result", "affirm", "execute"), done
        assert done["session_id"] == first["session_id"]


def test_bad_frames_get_error_events_and_the_stream_stays_open(served: Served) -> None:
    """Non-JSON, unknown and invalid frames each get an `error` event; the next good frame still works."""
    with connect(f"{served.ws_url}/v1/turns/stream", additional_headers=served.auth()) as ws:
        for frame in ("not json", json.dumps({"type": "dance"}), json.dumps({"type": "text", "text": ""})):
            ws.send(frame)
            event = json.loads(ws.recv(timeout=10))
            assert event["type"] == "error" and event["message"], event
        ws.send(json.dumps({"type": "text", "text": "what's my balance"}))
        assert json.loads(ws.recv(timeout=10))["type"] == "result"


def test_bad_key_is_refused_at_the_handshake(served: Served) -> None:
    """A wrong key never gets a connection: HTTP 401 at the handshake, with the usual error body."""
    with pytest.raises(InvalidStatus) as info:
        connect(f"{served.ws_url}/v1/turns/stream", additional_headers={"Authorization": "Bearer nope"})
    assert info.value.response.status_code == 401
    assert json.loads(info.value.response.body)["error"]["code"] == "unauthenticated"


@pytest.mark.skipif(VOICE, reason="the voice path is installed: streamed audio is tested in test_voice.py")
def test_audio_frames_without_voice_path_get_an_error_event(served: Served) -> None:
    """Binary PCM frames are answered with an `error` event naming the missing voice path."""
    with connect(f"{served.ws_url}/v1/turns/stream", additional_headers=served.auth()) as ws:
        ws.send(b"\x00\x00" * 320)
        event = json.loads(ws.recv(timeout=10))
        assert (event["type"], event["code"]) == ("error", "missing_extra")
