"""Sessions: a follow-up ("yes", "はい", "no", "no, to Saito Ken", "make it 6000") acts on what is pending."""

from __future__ import annotations

from typing import Any

import httpx
import pytest
from tests.api.conftest import Served, served_on_both
from tests.conftest import BACKENDS

from teller.pipeline.session import Affirm, Correction, Deny, SessionStore, classify


@pytest.fixture(scope="module", params=BACKENDS)
def served(request: pytest.FixtureRequest) -> Served:
    """This module's tests run on SQLite and on PostgreSQL."""
    return served_on_both(request)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("yes", Affirm()),
        ("Yes, please!", Affirm()),
        ("はい", Affirm()),
        ("お願いします", Affirm()),
        ("no", Deny()),
        ("いいえ", Deny()),
        ("cancel it", Deny()),
        ("no, to Saito Ken", Correction("to saito ken")),
        ("make it 6000", Correction("6000")),
        ("6000円にして", Correction("6000円")),
        ("actually 7000 yen", Correction("7000 yen")),
        ("send 5000 yen to Sato Ken", None),
        ("what's my balance", None),
    ],
)
def test_classify_follow_ups(text: str, expected: object) -> None:
    """Yes, no and corrections are told apart in both languages; new requests are not follow-ups."""
    assert classify(text) == expected


def test_session_store_is_bounded_and_scoped() -> None:
    """Sessions are keyed by customer as well as id, expire after the TTL, and the oldest is evicted first."""
    clock = [0.0]
    store = SessionStore(ttl_s=10, max_sessions=2, clock=lambda: clock[0])
    a = store.get("c_001", "s1")
    assert store.get("c_002", "s1") is not a
    assert store.get("c_001", "s1") is a
    store.get("c_001", "s2")
    store.get("c_001", "s3")
    assert len(store) == 2
    clock[0] = 11.0
    assert store.get("c_001", "s3").last_result is None


def _turn(served: Served, text: str, session_id: str | None = None) -> dict[str, Any]:
    body: dict[str, Any] = {"text": text}  # server clock: pending actions must outlive the test
    if session_id:
        body["session_id"] = session_id
    r = httpx.post(f"{served.url}/v1/turns", json=body, headers=served.auth())
    assert r.status_code == 200, r.text
    out: dict[str, Any] = r.json()
    return out


def _listed(served: Served) -> set[str]:
    return {a["action_id"] for a in httpx.get(f"{served.url}/v1/actions", headers=served.auth()).json()}


@pytest.mark.parametrize("yes", ["yes", "はい"])
def test_yes_confirms_the_pending_action_once(served: Served, yes: str) -> None:
    """ "yes" executes the session's pending action; a second "yes" finds nothing waiting."""
    first = _turn(served, "send 2000 yen to Sato Ken")
    rows = served.counts()["transactions"]
    done = _turn(served, yes, first["session_id"])
    assert (done["intent"], done["action"]) == ("affirm", "execute")
    assert done["data"]["action_id"] == first["pending"]["action_id"]
    assert served.counts()["transactions"] == rows + 1
    again = _turn(served, yes, first["session_id"])
    assert again["action"] == "unsupported" and again["reason"] == "nothing_pending"
    assert served.counts()["transactions"] == rows + 1


def test_no_cancels_the_pending_action(served: Served) -> None:
    """ "no" cancels it: nothing moves and it leaves the pending list."""
    first = _turn(served, "send 2000 yen to Sato Ken")
    rows = served.counts()["transactions"]
    out = _turn(served, "no", first["session_id"])
    assert (out["intent"], out["action"]) == ("deny", "execute")
    assert first["pending"]["action_id"] not in _listed(served)
    assert served.counts()["transactions"] == rows


def test_correction_of_recipient_makes_a_new_pending_action(served: Served) -> None:
    """ "no, to Saito Ken" cancels the old action and proposes the same transfer to Saito Ken."""
    first = _turn(served, "send 3000 yen to Sato Ken")
    out = _turn(served, "no, to Saito Ken", first["session_id"])
    assert (out["intent"], out["action"]) == ("transfer_money", "confirm"), out
    assert out["entities"]["recipient_id"] == "p_002"
    assert out["entities"]["amount_minor"] == 3000
    assert out["pending"]["action_id"] != first["pending"]["action_id"]
    listed = _listed(served)
    assert first["pending"]["action_id"] not in listed and out["pending"]["action_id"] in listed


def test_correction_of_amount_then_yes(served: Served) -> None:
    """ "make it 6000" re-proposes ¥6,000 to the same payee, and "yes" then executes that one."""
    first = _turn(served, "send 5000 yen to Sato Ken")
    out = _turn(served, "make it 6000", first["session_id"])
    assert out["action"] == "confirm", out
    assert (out["entities"]["amount_minor"], out["entities"]["recipient_id"]) == (6000, "p_001")
    done = _turn(served, "yes", first["session_id"])
    assert done["data"]["action_id"] == out["pending"]["action_id"]
    assert "6,000" in done["reply"]
