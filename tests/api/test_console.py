"""What the browser console needs from a real server: its static files, demo customers, articles, and a
WebSocket a browser can open (key in a subprotocol, a session it can continue, utterances it can end)."""

from __future__ import annotations

import base64
import json
import re
from pathlib import Path

import httpx
import pytest
from tests.api.conftest import Served, serve, served_on_both
from tests.conftest import BACKENDS, Databases
from websockets.exceptions import InvalidStatus
from websockets.sync.client import connect

from teller.api.settings import ApiSettings

STATIC = Path(__file__).resolve().parents[2] / "src" / "teller" / "api" / "static"


@pytest.fixture(scope="module", params=BACKENDS)
def served(request: pytest.FixtureRequest) -> Served:
    """The console on both databases (its WebSocket turns write sessions)."""
    return served_on_both(request)


@pytest.fixture(params=BACKENDS)
def backend(request: pytest.FixtureRequest) -> str:
    """Tests that start their own server: on both databases too."""
    return str(request.param)


def _bearer_protocol(key: str) -> str:
    return "teller.bearer." + base64.urlsafe_b64encode(key.encode()).decode().rstrip("=")


def test_console_page_is_served_at_the_root(served: Served) -> None:
    """`GET /` is the console's HTML, and the scripts and styles it names are served from this server."""
    r = httpx.get(f"{served.url}/", timeout=10)
    assert r.status_code == 200
    assert r.headers["content-type"].startswith("text/html")
    assets = re.findall(r'(?:src|href)="(/console/[^"]+)"', r.text)
    assert any(a.endswith(".js") for a in assets) and any(a.endswith(".css") for a in assets), assets
    for asset in assets:
        got = httpx.get(f"{served.url}{asset}", timeout=10)
        assert got.status_code == 200, asset
        assert got.headers["x-content-type-options"] == "nosniff"


def test_console_files_load_nothing_from_elsewhere() -> None:
    """No packaged console file names another origin (no CDN, no fonts, nothing fetched at run time)."""
    files = [p for p in STATIC.rglob("*") if p.is_file() and p.suffix in {".html", ".js", ".css"}]
    assert len(files) >= 3
    for path in files:
        text = path.read_text(encoding="utf-8")
        assert not re.search(r"(?:https?:)?//[a-z0-9.-]+\.[a-z]{2,}/", text, re.I), path.name
        assert "@import url(" not in text, path.name


def test_console_page_forbids_inline_script(served: Served) -> None:
    """The page's own CSP allows scripts only from this origin (no inline script, no eval)."""
    r = httpx.get(f"{served.url}/", timeout=10)
    csp = r.headers["content-security-policy"]
    assert "script-src 'self'" in csp and "unsafe-inline" not in csp and "unsafe-eval" not in csp
    assert "<script>" not in r.text and " on" + "click=" not in r.text


def test_demo_customers_come_with_working_keys(served: Served) -> None:
    """In demo mode `GET /v1/demo/customers` lists the demo customers, each with a key that works."""
    r = httpx.get(f"{served.url}/v1/demo/customers", timeout=10)
    assert r.status_code == 200, r.text
    customers = r.json()["customers"]
    assert [c["id"] for c in customers] == ["c_001", "c_002", "c_003"]
    for c in customers:
        assert c["name"] and c["locale"]
        me = httpx.get(f"{served.url}/v1/accounts", headers={"Authorization": f"Bearer {c['key']}"})
        assert me.status_code == 200


def test_no_demo_customers_without_demo_keys(databases: Databases) -> None:
    """With demo keys off, the demo customer list does not exist (404), so no key is handed out."""
    with serve(databases.url(), ApiSettings(demo_keys=False, voice=False)) as s:
        r = httpx.get(f"{s.url}/v1/demo/customers", timeout=10)
        assert r.status_code == 404
        assert "tk_" not in r.text


def test_cited_article_can_be_read(served: Served) -> None:
    """A cited article id opens as its title and body; an unknown id is 404; no key is 401."""
    r = httpx.get(f"{served.url}/v1/qna/articles/kb-atm-fees", headers=served.auth(), timeout=10)
    assert r.status_code == 200, r.text
    article = r.json()
    assert article["id"] == "kb-atm-fees" and article["title"] and "¥110" in article["body"]
    missing = httpx.get(f"{served.url}/v1/qna/articles/kb-no-such-thing", headers=served.auth())
    assert missing.status_code == 404
    assert httpx.get(f"{served.url}/v1/qna/articles/kb-atm-fees").status_code == 401


def test_websocket_key_in_a_subprotocol(served: Served) -> None:
    """A browser cannot set headers on a WebSocket: the key in a `teller.bearer.*` subprotocol works."""
    protocols = ["teller.v1", _bearer_protocol(served.key("c_001"))]
    with connect(f"{served.ws_url}/v1/turns/stream", subprotocols=protocols) as ws:  # type: ignore[arg-type]
        assert ws.subprotocol == "teller.v1"  # the key is never echoed back
        ws.send(json.dumps({"type": "text", "text": "what's my balance"}))
        event = json.loads(ws.recv(timeout=10))
        assert (event["type"], event["intent"]) == ("result", "balance_inquiry"), event


def test_websocket_bad_key_in_a_subprotocol_is_refused(served: Served) -> None:
    """A wrong or undecodable key in the subprotocol is refused at the handshake: 401, like a bad header."""
    for protocol in (_bearer_protocol("tk_demo_nope"), "teller.bearer.%%%"):
        with pytest.raises(InvalidStatus) as info:
            connect(f"{served.ws_url}/v1/turns/stream", subprotocols=["teller.v1", protocol])  # type: ignore[list-item]
        assert info.value.response.status_code == 401


def test_websocket_continues_a_typed_session(served: Served) -> None:
    """A transfer typed over HTTP, then "yes" spoken on a stream opened with its session id, executes it."""
    typed = httpx.post(
        f"{served.url}/v1/turns",
        json={"text": "send 1200 yen to Sato Ken", "session_id": "console-test-1"},
        headers=served.auth(),
        timeout=10,
    ).json()
    assert typed["action"] == "confirm" and typed["session_id"] == "console-test-1"
    url = f"{served.ws_url}/v1/turns/stream?session_id=console-test-1"
    with connect(url, additional_headers=served.auth()) as ws:
        ws.send(json.dumps({"type": "text", "text": "yes"}))
        event = json.loads(ws.recv(timeout=10))
    assert (event["intent"], event["action"], event["session_id"]) == ("affirm", "execute", "console-test-1")
    assert event["data"]["action_id"] == typed["pending"]["action_id"]


def test_websocket_refuses_a_malformed_session_id(served: Served) -> None:
    """A session id that is not 1-64 letters, digits, _ or - is refused at the handshake (400)."""
    with pytest.raises(InvalidStatus) as info:
        connect(f"{served.ws_url}/v1/turns/stream?session_id=a%20b", additional_headers=served.auth())
    assert info.value.response.status_code == 400


def test_end_is_acknowledged_and_the_stream_goes_on(served: Served) -> None:
    """`end` is answered with `ended` (after any result it finished), and the stream takes the next turn."""
    with connect(f"{served.ws_url}/v1/turns/stream", additional_headers=served.auth()) as ws:
        for text in ("what's my balance", "show my recent transactions"):
            ws.send(json.dumps({"type": "end"}))
            assert json.loads(ws.recv(timeout=30))["type"] == "ended"
            ws.send(json.dumps({"type": "text", "text": text}))
            assert json.loads(ws.recv(timeout=10))["type"] == "result"
