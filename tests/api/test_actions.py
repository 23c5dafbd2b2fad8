"""Confirm and cancel through a real server: exactly once under concurrency, Idempotency-Key replays."""

from __future__ import annotations

import asyncio
from typing import Any

import httpx
import pytest
from tests.api.conftest import Served, served_on_both
from tests.conftest import BACKENDS


@pytest.fixture(scope="module", params=BACKENDS)
def served(request: pytest.FixtureRequest) -> Served:
    """This module's tests run on SQLite and on PostgreSQL."""
    return served_on_both(request)


def _pending(
    served: Served, text: str = "send 1000 yen to Sato Ken", customer: str = "c_001"
) -> dict[str, Any]:
    r = httpx.post(f"{served.url}/v1/turns", json={"text": text}, headers=served.auth(customer))
    assert r.status_code == 200, r.text
    pending: dict[str, Any] = r.json()["pending"]
    assert pending is not None, r.text
    return pending


def _balance(served: Served, customer: str = "c_001", account: str = "a_001") -> int:
    r = httpx.get(f"{served.url}/v1/accounts", headers=served.auth(customer))
    return int(next(a["balance_minor"] for a in r.json() if a["id"] == account))


async def _confirm_many(
    served: Served, action_id: str, token: str, keys: list[str | None]
) -> list[httpx.Response]:
    url = f"{served.url}/v1/actions/{action_id}/confirm"
    async with httpx.AsyncClient(limits=httpx.Limits(max_connections=len(keys))) as client:

        async def one(key: str | None) -> httpx.Response:
            headers = served.auth() | ({"Idempotency-Key": key} if key else {})
            return await client.post(url, json={"token": token}, headers=headers)

        return list(await asyncio.gather(*(one(k) for k in keys)))


def test_twenty_concurrent_confirms_execute_exactly_once(served: Served) -> None:
    """20 simultaneous confirms of one action: one 200, nineteen 409 token_used, money moved once."""
    pending = _pending(served)
    before, rows = _balance(served), served.counts()["transactions"]
    responses = asyncio.run(_confirm_many(served, pending["action_id"], pending["token"], [None] * 20))
    statuses = sorted(r.status_code for r in responses)
    assert statuses == [200] + [409] * 19, [r.text for r in responses]
    assert {r.json()["error"]["code"] for r in responses if r.status_code == 409} == {"token_used"}
    assert _balance(served) == before - 1000
    assert served.counts()["transactions"] == rows + 1


def test_same_idempotency_key_replays_the_first_answer(served: Served) -> None:
    """20 concurrent confirms sharing one Idempotency-Key all get the same 200 body; money moves once."""
    pending = _pending(served)
    before = _balance(served)
    responses = asyncio.run(
        _confirm_many(served, pending["action_id"], pending["token"], ["k-replay-1"] * 20)
    )
    assert {r.status_code for r in responses} == {200}, [r.text for r in responses]
    assert len({r.content for r in responses}) == 1
    assert sum(r.headers.get("Idempotent-Replayed") == "true" for r in responses) == 19
    assert _balance(served) == before - 1000


def test_idempotency_key_reused_for_another_action_is_refused(served: Served) -> None:
    """A key that confirmed one action cannot be spent on a different one (422, nothing executed)."""
    first, second = _pending(served), _pending(served)
    headers = served.auth() | {"Idempotency-Key": "k-reuse-1"}
    ok = httpx.post(
        f"{served.url}/v1/actions/{first['action_id']}/confirm",
        json={"token": first["token"]},
        headers=headers,
    )
    assert ok.status_code == 200
    url = f"{served.url}/v1/actions/{second['action_id']}/confirm"
    again = httpx.post(url, json={"token": second["token"]}, headers=headers)
    assert again.status_code == 422, again.text
    assert again.json()["error"]["code"] == "idempotency_key_reused"
    listed = httpx.get(f"{served.url}/v1/actions", headers=served.auth()).json()
    assert second["action_id"] in {a["action_id"] for a in listed}


def test_cancel_then_confirm_is_refused(served: Served) -> None:
    """A cancelled action's token cannot confirm it afterwards, and it leaves the pending list."""
    pending = _pending(served)
    url = f"{served.url}/v1/actions/{pending['action_id']}"
    r = httpx.post(f"{url}/cancel", json={"token": pending["token"]}, headers=served.auth())
    assert r.status_code == 200 and r.json()["status"] == "cancelled", r.text
    r = httpx.post(f"{url}/confirm", json={"token": pending["token"]}, headers=served.auth())
    assert r.status_code == 409 and r.json()["error"]["code"] == "token_used"
    listed = httpx.get(f"{served.url}/v1/actions", headers=served.auth()).json()
    assert pending["action_id"] not in {a["action_id"] for a in listed}


def test_wrong_token_is_refused_and_changes_nothing(served: Served) -> None:
    """A made-up token for a real action id is a 409 token_unknown; the action stays pending."""
    pending = _pending(served)
    before = _balance(served)
    url = f"{served.url}/v1/actions/{pending['action_id']}/confirm"
    r = httpx.post(url, json={"token": "not-the-token"}, headers=served.auth())
    assert r.status_code == 409 and r.json()["error"]["code"] == "token_unknown", r.text
    assert _balance(served) == before
    listed = httpx.get(f"{served.url}/v1/actions", headers=served.auth()).json()
    assert pending["action_id"] in {a["action_id"] for a in listed}
