"""What the server shows and logs, through a real uvicorn: headers, metrics, docs, demo keys, log lines."""

from __future__ import annotations

import json
import logging
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from tests.api.conftest import METRICS_KEY, SECRET, Served, api_for_tests, serve
from websockets.exceptions import InvalidStatus
from websockets.sync.client import connect

from teller.api.auth import KeyRing, demo_key
from teller.api.logs import JsonFormatter, Redactor
from teller.api.settings import ApiSettings
from teller.config import Settings, StoreSettings
from teller.errors import ConfigError
from teller.pipeline.turn import TurnRunner

SECURITY = {
    "cache-control": "no-store",
    "x-content-type-options": "nosniff",
    "referrer-policy": "no-referrer",
    "x-frame-options": "DENY",
}


def test_account_data_carries_security_headers(served: Served) -> None:
    """Account responses, errors and refusals all say no-store, nosniff and the rest."""
    responses = [
        httpx.get(f"{served.url}/v1/accounts", headers=served.auth()),
        httpx.get(f"{served.url}/v1/accounts"),
        httpx.post(f"{served.url}/v1/turns", json={"text": "what's my balance"}, headers=served.auth()),
    ]
    for r in responses:
        for name, value in SECURITY.items():
            assert r.headers.get(name) == value, (r.request.url, name)
        csp = r.headers["content-security-policy"]
        assert "script-src 'self'" in csp and "connect-src 'self'" in csp
        assert "microphone=(self)" in r.headers["permissions-policy"]


def test_metrics_need_the_metrics_key(served: Served) -> None:
    """/metrics: 401 without the metrics key or with a customer key, 200 with it."""
    assert httpx.get(f"{served.url}/metrics").status_code == 401
    assert httpx.get(f"{served.url}/metrics", headers=served.auth()).status_code == 401
    ok = httpx.get(f"{served.url}/metrics", headers={"Authorization": f"Bearer {METRICS_KEY}"})
    assert ok.status_code == 200 and "teller_turn_seconds" in ok.text


def test_production_mode_serves_no_metrics_docs_or_demo_keys(tmp_path: Path) -> None:
    """Without --demo or a metrics key: /metrics, /docs, /redoc and /openapi.json are 404, and the
    demo keys derived from the old source constant (or any secret) open nothing."""
    with serve(f"sqlite:///{tmp_path / 'prod.sqlite3'}", ApiSettings()) as s:
        for path in ("/metrics", "/docs", "/redoc", "/openapi.json"):
            assert httpx.get(f"{s.url}{path}").status_code == 404, path
        for secret in ("teller-demo", SECRET):
            key = demo_key("c_001", secret)
            r = httpx.get(f"{s.url}/v1/accounts", headers={"Authorization": f"Bearer {key}"})
            assert r.status_code == 401


def test_schema_without_a_cdn_docs_page(served: Served) -> None:
    """With docs on, the schema is served but no page that loads scripts from a CDN."""
    assert httpx.get(f"{served.url}/openapi.json").status_code == 200
    for path in ("/docs", "/redoc"):
        r = httpx.get(f"{served.url}{path}")
        assert r.status_code == 404 and b"cdn" not in r.content


def test_demo_keys_need_a_secret() -> None:
    """Demo keys without a configured secret are a configuration error, not a constant fallback."""
    with pytest.raises(ConfigError):
        KeyRing.from_settings(ApiSettings(demo_keys=True))


class _Lines(logging.Handler):
    """Collects formatted log lines of the app (as the JSON handler on stderr writes them)."""

    def __init__(self) -> None:
        super().__init__()
        self.lines: list[str] = []
        self.formatter_ = JsonFormatter(Redactor())
        self.names = ("teller", "uvicorn", "uvicorn.error", "uvicorn.access")

    def emit(self, record: logging.LogRecord) -> None:
        self.lines.append(self.formatter_.format(record))

    def attach(self) -> None:
        """Listen to the app's loggers (after the server started: `create_app` resets handlers)."""
        for name in self.names:
            logging.getLogger(name).addHandler(self)

    def requests(self) -> list[dict[str, object]]:
        entries = [json.loads(line) for line in self.lines]
        return [e for e in entries if e.get("logger") == "teller.api.requests"]


@pytest.fixture
def lines() -> Iterator[_Lines]:
    handler = _Lines()
    yield handler
    for name in handler.names:
        logging.getLogger(name).removeHandler(handler)


def test_logs_hold_no_secrets_or_free_text(served: Served, lines: _Lines) -> None:
    """A turn id, names not in the bank, a PIN, an address, an amount and a query-string key never
    reach the logs; the turn's line names it by a hash."""
    lines.attach()
    turn_id = "sato-ken-card-4000123412341234"
    text = "send 73219 yen to Hiroshi Tanakamura, my PIN is 4932, I live at 3-14-15 Shibuya"
    r = httpx.post(f"{served.url}/v1/turns", json={"text": text, "id": turn_id}, headers=served.auth())
    assert r.status_code == 200
    key = served.key("c_002")
    with pytest.raises(InvalidStatus):
        connect(f"{served.ws_url}/v1/turns/stream?key={key}")
    httpx.get(f"{served.url}/v1/accounts?token={key}")
    logged = "\n".join(lines.lines)
    for secret in (turn_id, "4000123412341234", "Tanakamura", "Hiroshi", "4932", "Shibuya", "73219", key):
        assert secret not in logged, secret
    turn_lines = [e for e in lines.requests() if e.get("route") == "/v1/turns"]
    assert len(turn_lines) == 1 and turn_lines[0]["turn"] and turn_lines[0]["intent"]


def _failing_runner(settings: Settings) -> TurnRunner:
    runner = TurnRunner.from_settings(settings)
    run = runner.steps

    def steps(request):  # type: ignore[no-untyped-def]
        if request.text == "boom":
            raise RuntimeError("a bug with secret 987654 inside")
        if request.text == "slow":
            import time

            time.sleep(1.0)
        return (yield from run(request))

    runner.steps = steps  # type: ignore[method-assign]
    return runner


def test_every_request_leaves_exactly_one_line_even_504_and_500(tmp_path: Path, lines: _Lines) -> None:
    """200, 401, 429, 504 and 500 each leave one request line with their status; the 500's line
    carries the redacted exception and nothing else logs it."""
    settings = Settings(store=StoreSettings(url=f"sqlite:///{tmp_path / 'lines.sqlite3'}"))
    settings.llm.enabled = False
    api = api_for_tests(deadline_s=0.2, rate_per_key_s=0.01, burst_per_key=4)
    with serve(settings.store.url, api, runner_factory=_failing_runner, settings=settings) as s:
        lines.attach()
        statuses = []
        for text, headers in (
            ("what's my balance", s.auth()),
            ("what's my balance", {}),
            ("slow", s.auth()),
            ("boom", s.auth()),
            ("what's my balance", s.auth()),
            ("what's my balance", s.auth()),
        ):
            statuses.append(httpx.post(f"{s.url}/v1/turns", json={"text": text}, headers=headers).status_code)
    assert statuses == [200, 401, 504, 500, 200, 429]
    logged = [e["status"] for e in lines.requests()]  # a refused request has no route: all lines
    assert logged == statuses
    errors = [e for e in lines.requests() if e["status"] == 500]
    assert "RuntimeError" in str(errors[0]["exc"]) and "987654" not in str(errors[0]["exc"])
    others = [json.loads(x) for x in lines.lines if json.loads(x).get("logger") != "teller.api.requests"]
    assert not [e for e in others if e["level"] in ("error", "critical")], others
