"""The audit log: one append-only row per decision a customer could dispute.

`record` writes inside the caller's session, so an audit entry commits or rolls back together with
the change it describes.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy import insert, select
from sqlalchemy.orm import Session

from teller.store.schema import AuditRow


@dataclass(frozen=True, slots=True)
class AuditEntry:
    id: int
    customer_id: str | None
    at: datetime
    event: str
    detail: Mapping[str, Any]


def record(
    session: Session, customer_id: str | None, event: str, detail: Mapping[str, Any], *, at: datetime
) -> None:
    """Append one audit row in `session`'s transaction (`detail` must be JSON-serializable)."""
    session.execute(insert(AuditRow).values(customer_id=customer_id, at=at, event=event, detail=dict(detail)))


def entries(
    session: Session, customer_id: str | None = None, *, event: str | None = None
) -> list[AuditEntry]:
    """Audit rows in the order they were written, optionally for one customer and/or one event."""
    query = select(AuditRow).order_by(AuditRow.id)
    if customer_id is not None:
        query = query.where(AuditRow.customer_id == customer_id)
    if event is not None:
        query = query.where(AuditRow.event == event)
    return [
        AuditEntry(row.id, row.customer_id, row.at, row.event, row.detail) for row in session.scalars(query)
    ]
