"""POST /v1/qna through a real server: a grounded answer streamed as Server-Sent Events."""

from __future__ import annotations

import json

import httpx
from tests.api.conftest import Served


def _events(text: str) -> list[tuple[str, dict[str, object]]]:
    events = []
    for block in text.strip().split("\n\n"):
        lines = dict(line.split(": ", 1) for line in block.splitlines())
        events.append((lines["event"], json.loads(lines["data"])))
    return events


def test_question_streams_retrieved_tokens_and_done(served: Served) -> None:
    """A fee question yields `retrieved`, answer `token`s citing an article, then a grounded `done`."""
    body = {"question": "what is the fee for an international transfer?"}
    with httpx.stream("POST", f"{served.url}/v1/qna", json=body, headers=served.auth(), timeout=60) as r:
        assert r.status_code == 200
        assert r.headers["content-type"].startswith("text/event-stream")
        events = _events(r.read().decode())
    kinds = [k for k, _ in events]
    assert kinds[0] == "retrieved" and kinds[-1] == "done" and "token" in kinds, kinds
    done = events[-1][1]
    assert done["grounded"] is True and done["citations"]
    answer = "".join(str(p["text"]) for k, p in events if k == "token")
    assert f"[{done['citations'][0]}]" in answer  # type: ignore[index]


def test_qna_needs_a_key_and_a_question(served: Served) -> None:
    """No key is 401; an empty question is a 422 with a message; neither streams anything."""
    assert httpx.post(f"{served.url}/v1/qna", json={"question": "fees?"}).status_code == 401
    r = httpx.post(f"{served.url}/v1/qna", json={"question": ""}, headers=served.auth())
    assert r.status_code == 422 and "question" in r.json()["error"]["message"]
