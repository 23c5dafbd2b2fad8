"""POST /v1/turns through a real server: the turn contract, and bad input refused with nothing written."""

from __future__ import annotations

from datetime import datetime, timedelta
from zoneinfo import ZoneInfo

import httpx
import pytest
from tests.api.conftest import Served, served_on_both
from tests.conftest import BACKENDS


@pytest.fixture(scope="module", params=BACKENDS)
def served(request: pytest.FixtureRequest) -> Served:
    """This module's tests run on SQLite and on PostgreSQL."""
    return served_on_both(request)


def _tomorrow_in_tokyo() -> str:
    return (datetime.now(ZoneInfo("Asia/Tokyo")).date() + timedelta(days=1)).isoformat()


def test_text_turn_returns_the_turn_contract(served: Served) -> None:
    """A typed transfer comes back as a `confirm` with entities, a pending action, timings and a reply."""
    body = {"text": "send 5000 yen to Sato Ken tomorrow"}
    days = {_tomorrow_in_tokyo()}
    r = httpx.post(f"{served.url}/v1/turns", json=body, headers=served.auth())
    days.add(_tomorrow_in_tokyo())  # the server's clock decides "tomorrow" (c_001 lives in Tokyo)
    assert r.status_code == 200, r.text
    out = r.json()
    assert out["intent"] == "transfer_money"
    assert out["action"] == "confirm"
    assert out["entities"]["amount_minor"] == 5000
    assert out["entities"]["recipient_id"] == "p_001"
    assert out["entities"]["execute_on"] in days
    assert out["pending"]["token"] and out["pending"]["action_id"]
    assert out["session_id"], "a pending action opens a session for the follow-up"
    assert out["reply"]
    assert out["timings_ms"]["total"] > 0
    assert out["path"] == "fast"


def test_read_only_turn_executes_without_a_session(served: Served) -> None:
    """A balance question executes at once and leaves nothing pending, so no session is opened."""
    r = httpx.post(f"{served.url}/v1/turns", json={"text": "what's my balance?"}, headers=served.auth())
    assert r.status_code == 200, r.text
    out = r.json()
    assert (out["intent"], out["action"]) == ("balance_inquiry", "execute")
    assert out["pending"] is None and out["session_id"] is None


BAD_BODIES = [
    pytest.param(b'{"text": ', "application/json", 400, "bad_json", id="truncated-json"),
    pytest.param(b"[1, 2]", "application/json", 422, "bad_request", id="not-an-object"),
    pytest.param(b'{"txt": "hello"}', "application/json", 422, "bad_request", id="missing-text"),
    pytest.param(b'{"text": "   "}', "application/json", 422, "bad_request", id="blank-text"),
    pytest.param(
        b'{"text": "hi", "now": "2026-11-21T09:00:00"}',
        "application/json",
        422,
        "bad_request",
        id="naive-now",
    ),
    pytest.param(
        b'{"text": "hi", "session_id": "../etc"}', "application/json", 422, "bad_request", id="bad-session"
    ),
    pytest.param(b"send 5000 yen", "text/plain", 415, "unsupported_media_type", id="text-plain"),
    pytest.param(
        b'{"text": "' + b"a" * 2001 + b'"}', "application/json", 422, "bad_request", id="text-too-long"
    ),
    pytest.param(
        b'{"text": "' + b"a" * 20_000 + b'"}', "application/json", 413, "too_large", id="body-too-large"
    ),
]


@pytest.mark.parametrize(("body", "content_type", "status", "code"), BAD_BODIES)
def test_malformed_input_is_a_clear_4xx_and_writes_nothing(
    served: Served, body: bytes, content_type: str, status: int, code: str
) -> None:
    """Each malformed or oversized body gets its 4xx with a code and a message, and no row is written."""
    before = served.counts()
    headers = {**served.auth(), "content-type": content_type}
    r = httpx.post(f"{served.url}/v1/turns", content=body, headers=headers)
    assert r.status_code == status, r.text
    error = r.json()["error"]
    assert error["code"] == code
    assert len(error["message"]) > 5
    assert served.counts() == before


def test_oversized_body_without_content_length_is_refused(served: Served) -> None:
    """A chunked body that grows past the limit is cut off with 413, whatever it claimed."""

    def chunks() -> object:
        yield b'{"text": "'
        for _ in range(40):
            yield b"a" * 1024
        yield b'"}'

    before = served.counts()
    headers = {**served.auth(), "content-type": "application/json"}
    r = httpx.post(f"{served.url}/v1/turns", content=chunks(), headers=headers)  # type: ignore[arg-type]
    assert r.status_code == 413, r.text
    assert served.counts() == before
