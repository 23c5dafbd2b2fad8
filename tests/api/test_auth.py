"""Auth isolation: customer A's key can neither read nor act on customer B's resources."""

from __future__ import annotations

import httpx
import pytest
from tests.api.conftest import Served

READ_ROUTES = ["/v1/accounts", "/v1/cards", "/v1/payees", "/v1/transactions", "/v1/actions"]


@pytest.mark.parametrize("path", [*READ_ROUTES, "/v1/turns"])
@pytest.mark.parametrize("auth", [None, "Bearer tk_demo_0000", "Basic dXNlcjpwYXNz", "Bearer"])
def test_missing_or_bad_key_is_401_and_says_nothing(served: Served, path: str, auth: str | None) -> None:
    """No key, an unknown key or another scheme: the same 401 body, whatever the route."""
    headers = {"Authorization": auth} if auth is not None else {}
    method = "POST" if path == "/v1/turns" else "GET"
    r = httpx.request(method, served.url + path, headers=headers, json={"text": "balance"})
    assert r.status_code == 401
    assert r.headers["www-authenticate"] == "Bearer"
    assert r.json() == {"error": {"code": "unauthenticated", "message": "missing or invalid API key"}}


def test_reads_are_scoped_to_the_key_owner(served: Served) -> None:
    """Each customer's read routes list only their own accounts, cards and payees."""
    a = httpx.get(f"{served.url}/v1/accounts", headers=served.auth("c_001")).json()
    b = httpx.get(f"{served.url}/v1/accounts", headers=served.auth("c_002")).json()
    assert a and b and not ({x["id"] for x in a} & {x["id"] for x in b})
    pa = httpx.get(f"{served.url}/v1/payees", headers=served.auth("c_001")).json()
    pb = httpx.get(f"{served.url}/v1/payees", headers=served.auth("c_002")).json()
    assert not ({x["id"] for x in pa} & {x["id"] for x in pb})


def test_other_customers_account_reads_like_a_missing_one(served: Served) -> None:
    """A's key asking for B's account's transactions gets exactly the 404 of a nonexistent account."""
    b_account = httpx.get(f"{served.url}/v1/accounts", headers=served.auth("c_002")).json()[0]["id"]
    theirs = httpx.get(
        f"{served.url}/v1/transactions", params={"account_id": b_account}, headers=served.auth()
    )
    nobody = httpx.get(f"{served.url}/v1/transactions", params={"account_id": "a_999"}, headers=served.auth())
    assert theirs.status_code == nobody.status_code == 404
    assert theirs.content == nobody.content


def _b_pending(served: Served) -> dict[str, str]:
    payee = httpx.get(f"{served.url}/v1/payees", headers=served.auth("c_002")).json()[0]
    name = payee["latin"] or payee["display_name"]
    r = httpx.post(
        f"{served.url}/v1/turns", json={"text": f"send 10 dollars to {name}"}, headers=served.auth("c_002")
    )
    pending = r.json()["pending"]
    assert pending, r.text
    return {
        "action_id": pending["action_id"],
        "token": pending["token"],
        "session_id": r.json()["session_id"],
    }


@pytest.mark.parametrize("op", ["confirm", "cancel"])
def test_a_cannot_confirm_or_cancel_bs_action_even_with_bs_token(served: Served, op: str) -> None:
    """A's key with B's action id and B's own token: the 404 of a nonexistent action; B's stays pending."""
    b = _b_pending(served)
    before = served.counts()
    theirs = httpx.post(
        f"{served.url}/v1/actions/{b['action_id']}/{op}",
        json={"token": b["token"]},
        headers=served.auth("c_001"),
    )
    nobody = httpx.post(
        f"{served.url}/v1/actions/pa_nope/{op}", json={"token": b["token"]}, headers=served.auth("c_001")
    )
    assert theirs.status_code == nobody.status_code == 404
    assert theirs.content == nobody.content
    assert served.counts()["transactions"] == before["transactions"]
    listed = httpx.get(f"{served.url}/v1/actions", headers=served.auth("c_002")).json()
    assert b["action_id"] in {a["action_id"] for a in listed}
    assert b["action_id"] not in {
        a["action_id"] for a in httpx.get(f"{served.url}/v1/actions", headers=served.auth()).json()
    }


def test_a_cannot_use_bs_session(served: Served) -> None:
    """A "yes" sent with B's session id under A's key does not confirm B's pending action."""
    b = _b_pending(served)
    before = served.counts()["transactions"]
    r = httpx.post(
        f"{served.url}/v1/turns",
        json={"text": "yes", "session_id": b["session_id"]},
        headers=served.auth("c_001"),
    )
    assert r.status_code == 200
    assert r.json()["action"] != "execute" or r.json()["data"] is None
    assert served.counts()["transactions"] == before
    listed = httpx.get(f"{served.url}/v1/actions", headers=served.auth("c_002")).json()
    assert b["action_id"] in {a["action_id"] for a in listed}
