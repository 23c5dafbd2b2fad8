"""Serving discipline in isolation: admission control, body limits, log redaction, demo keys."""

from __future__ import annotations

import asyncio
import json
import logging
from typing import Any

from teller.api.admission import Admission, Gate
from teller.api.auth import KeyRing, demo_key, hash_key
from teller.api.logs import JsonFormatter, Redactor
from teller.api.settings import ApiSettings


def _call(app: Any, path: str = "/v1/turns") -> asyncio.Task[list[dict[str, Any]]]:
    sent: list[dict[str, Any]] = []

    async def receive() -> dict[str, Any]:
        return {"type": "http.request", "body": b"", "more_body": False}

    async def send(message: dict[str, Any]) -> None:
        sent.append(message)

    async def run() -> list[dict[str, Any]]:
        await app({"type": "http", "path": path, "headers": []}, receive, send)
        return sent

    return asyncio.ensure_future(run())


def test_admission_refuses_beyond_the_limit_with_429_and_retry_after() -> None:
    """With the limit reached, the next /v1 request is answered 429 at once; health routes still pass."""

    async def scenario() -> None:
        release = asyncio.Event()

        async def slow(scope: Any, receive: Any, send: Any) -> None:
            await release.wait()
            await send({"type": "http.response.start", "status": 200, "headers": []})
            await send({"type": "http.response.body", "body": b"ok"})

        rejected: list[int] = []
        api = ApiSettings(max_in_flight=2, retry_after_s=3)
        gate = Gate(api, KeyRing({}))
        admission = Admission(slow, gate=gate, on_reject=lambda reason: rejected.append(reason))
        held = [_call(admission), _call(admission)]
        await asyncio.sleep(0)
        refused = await _call(admission)
        assert refused[0]["status"] == 429
        assert (b"retry-after", b"3") in refused[0]["headers"]
        assert json.loads(refused[1]["body"])["error"]["code"] == "overloaded"
        health = _call(admission, "/healthz")
        await asyncio.sleep(0)
        assert admission.in_flight == 2 and not health.done()
        release.set()
        assert [m[0]["status"] for m in await asyncio.gather(*held, health)] == [200, 200, 200]
        assert admission.in_flight == 0 and rejected == ["overloaded"]

    asyncio.run(scenario())


def test_redactor_masks_names_and_digit_runs_but_not_ids() -> None:
    """Names in either script and every run of 3+ digits (PINs, amounts, numbers) are masked; hex ids kept."""
    redact = Redactor(["佐藤 健", "Sato Ken", "さとう けん"])
    text = redact(
        "send 5000 yen to sato ken (佐藤健) acct 1234-5678-9012 pin 4932, turn c8c4a1398049482b, token"
    )
    assert "sato ken" not in text.lower() and "佐藤" not in text
    assert "1234" not in text and "9012" not in text and "4932" not in text and text.count("‹name›") == 2
    assert "5000" not in text and "c8c4a1398049482b" in text and "token" in text


def test_json_log_lines_are_redacted_objects() -> None:
    """Every field of a log record goes through the redactor and comes out as one JSON object."""
    formatter = JsonFormatter(Redactor(["Maria Garcia"]))
    record = logging.LogRecord("teller.api", logging.INFO, __file__, 1, "turn for Maria Garcia", None, None)
    record.fields = {"text": "pay maria garcia from 4000123412341234", "intent": "transfer_money"}
    line = json.loads(formatter.format(record))
    assert line["msg"] == "turn for ‹name›"
    assert line["text"] == "pay ‹name› from ••••••••••••••••"
    assert line["intent"] == "transfer_money" and line["level"] == "info"


def test_demo_keys_map_to_their_customer_and_only_hashes_are_kept() -> None:
    """Each demo customer's derived key resolves to that customer; the ring holds no plaintext key."""
    settings = ApiSettings(demo_keys=True, demo_key_secret="s3cret-for-this-test")
    ring = KeyRing.from_settings(settings)
    for customer in settings.demo_customers:
        key = demo_key(customer, "s3cret-for-this-test")
        assert ring.customer_for(key) == customer
        assert key not in repr(vars(ring)) and hash_key(key) in repr(vars(ring))
    assert ring.customer_for("tk_demo_" + "0" * 32) is None
    assert not list(KeyRing.from_settings(ApiSettings()).customers())  # no demo keys unless asked for
