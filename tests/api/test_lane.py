"""The JSON turn lane (`routes.turns.TurnLane`) answers as the FastAPI route would, and is measured as it."""

from __future__ import annotations

import httpx
import pytest
from tests.api.conftest import METRICS_KEY, Served


@pytest.mark.parametrize("content_type", [None, "application/json", "Application/JSON; charset=utf-8"])
def test_json_turns_are_served_whatever_the_json_content_type_spelling(
    served: Served, content_type: str | None
) -> None:
    """No content type, plain JSON or JSON with parameters all run the turn (as the route parses them)."""
    headers = served.auth() if content_type is None else {**served.auth(), "content-type": content_type}
    r = httpx.post(f"{served.url}/v1/turns", content=b'{"text": "what\'s my balance?"}', headers=headers)
    assert r.status_code == 200, r.text
    assert r.headers["content-type"] == "application/json"
    assert r.json()["intent"] == "balance_inquiry"


def test_authentication_comes_before_the_body(served: Served) -> None:
    """A bad key with a broken body is a 401, not a 400: the key is checked first, as on every route."""
    headers = {"Authorization": "Bearer nope", "content-type": "application/json"}
    r = httpx.post(f"{served.url}/v1/turns", content=b'{"text": ', headers=headers)
    assert r.status_code == 401
    assert r.json()["error"]["code"] == "unauthenticated"


def test_other_methods_and_media_types_still_reach_the_route(served: Served) -> None:
    """GET is 405 and text/plain is 415 (after authentication), exactly as without the lane."""
    assert httpx.get(f"{served.url}/v1/turns", headers=served.auth()).status_code == 405
    plain = {"content-type": "text/plain"}
    assert httpx.post(f"{served.url}/v1/turns", content=b"hi", headers=plain).status_code == 401
    r = httpx.post(f"{served.url}/v1/turns", content=b"hi", headers={**served.auth(), **plain})
    assert r.status_code == 415


def test_lane_turns_are_labelled_with_the_route_template(served: Served) -> None:
    """HTTP latency metrics for lane-served turns carry route="/v1/turns", not "unmatched"."""
    httpx.post(f"{served.url}/v1/turns", json={"text": "what's my balance?"}, headers=served.auth())
    metrics = httpx.get(f"{served.url}/metrics", headers={"Authorization": f"Bearer {METRICS_KEY}"}).text
    assert 'teller_http_request_seconds_count{method="POST",route="/v1/turns",status="2xx"}' in metrics
