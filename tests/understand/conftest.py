"""A turn at a fixed moment in each customer's own timezone."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from teller.domain.turn import TurnRequest
from teller.pipeline.session import SessionRunner, SessionStore

NOW = {
    "c_001": datetime.fromisoformat("2026-11-21T09:00:00+09:00"),
    "c_002": datetime.fromisoformat("2026-11-21T09:00:00-05:00"),
    "c_003": datetime.fromisoformat("2026-11-21T09:00:00-05:00"),
}


def run(runner: Any, text: str, customer: str = "c_002", now: datetime | None = None) -> Any:
    return runner.run(TurnRequest(id="u", customer_id=customer, text=text, now=now or NOW[customer]))


def acts(result: Any) -> bool:
    """Whether the turn would do something (execute a command or propose one for confirmation)."""
    return result.action.value in ("execute", "confirm") and result.intent.value not in (
        "qna",
        "out_of_scope",
    )


def session_runner(runner: Any) -> SessionRunner:
    """`runner` inside sessions (a turn after a question answers it), on the runner's clock."""
    return SessionRunner(runner, runner.pending, SessionStore(ttl_s=600, max_sessions=8), clock=runner.clock)


def say(sessions: SessionRunner, text: str, customer: str, now: datetime | None = None) -> Any:
    """One turn of session "s1" at the customer's fixed moment (or `now`)."""
    request = TurnRequest(id="s", customer_id=customer, text=text, now=now or NOW[customer], session_id="s1")
    return sessions.run(request)
