"""A turn at a fixed moment in each customer's own timezone."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from teller.domain.turn import TurnRequest

NOW = {
    "c_001": datetime.fromisoformat("2026-11-21T09:00:00+09:00"),
    "c_002": datetime.fromisoformat("2026-11-21T09:00:00-05:00"),
}


def run(runner: Any, text: str, customer: str = "c_002", now: datetime | None = None) -> Any:
    return runner.run(TurnRequest(id="u", customer_id=customer, text=text, now=now or NOW[customer]))


def acts(result: Any) -> bool:
    """Whether the turn would do something (execute a command or propose one for confirmation)."""
    return result.action.value in ("execute", "confirm") and result.intent.value not in (
        "qna",
        "out_of_scope",
    )
