"""Pending actions: money movements and card unlocks that wait for the customer's explicit yes.

`create` stores the action with the SHA-256 of a fresh random token and hands the token to the
caller once. `confirm` executes the action exactly once: its first statement is a conditional
``UPDATE ... SET status='executed' WHERE status='pending' AND expires_at > :now``, and only the
caller whose UPDATE changed a row goes on to move money, in the same transaction. Concurrent
confirms (threads or processes) find the row already flipped and get TokenUsed.

Errors: an unknown token, or another customer's, is TokenUnknown (never revealing that it exists);
an executed or cancelled one is TokenUsed; an overdue one is TokenExpired (and is marked expired).
"""

from __future__ import annotations

import hashlib
import json
import secrets
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from sqlalchemy import insert, select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from teller.domain.reasons import Reason
from teller.errors import ConfirmationError, InputError, NotFound, TokenExpired, TokenUnknown, TokenUsed
from teller.store.audit import record
from teller.store.db import Database
from teller.store.ledger import ExecutedAction, execute_action, parse_payload
from teller.store.schema import CustomerRow, PendingActionRow

__all__ = ["ExecutedAction", "PendingAction", "PendingActions", "StoredToken", "token_hash"]


@dataclass(frozen=True, slots=True)
class PendingAction:
    id: str
    customer_id: str
    kind: str
    payload: Mapping[str, Any]
    status: str
    created_at: datetime
    expires_at: datetime
    resolved_at: datetime | None
    idempotency_key: str | None


class StoredToken(str):
    """A confirmation token in its stored form, its SHA-256: what a session row keeps instead of the
    token (store/sessions.py). Only the store's own code makes one; a token that arrives over the
    API is a plain str and is hashed, so a hash read out of the database confirms nothing there."""

    __slots__ = ()


def token_hash(token: str) -> str:
    """The stored form of a confirmation token (a `StoredToken` already is its stored form)."""
    if isinstance(token, StoredToken):
        return str.__str__(token)
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


def _aware(now: datetime) -> datetime:
    if now.tzinfo is None or now.utcoffset() is None:
        raise InputError("now must be an aware datetime")
    return now


def _as_json(payload: Mapping[str, Any]) -> dict[str, Any]:
    try:
        decoded: dict[str, Any] = json.loads(json.dumps(dict(payload)))
    except (TypeError, ValueError) as exc:
        raise InputError(f"payload is not JSON-serializable: {exc}", code="bad_pending_payload") from None
    return decoded


def _view(row: PendingActionRow) -> PendingAction:
    return PendingAction(
        row.id, row.customer_id, row.kind, row.payload, row.status, row.created_at, row.expires_at,
        row.resolved_at, row.idempotency_key,
    )  # fmt: skip


def new_token() -> str:
    """A confirmation token: 256 random bits, URL-safe, never starting with "-" (a command line would
    take it for an option: `teller confirm TOKEN`)."""
    while (token := secrets.token_urlsafe(32)).startswith("-"):
        pass
    return token


class PendingActions:
    """Create, confirm and cancel one customer's pending actions."""

    def __init__(self, db: Database, *, horizon_days: int = 365) -> None:
        self._db = db
        self._horizon_days = horizon_days  # how far ahead a confirmed payment may be dated

    def create(
        self,
        customer_id: str,
        kind: str,
        payload: Mapping[str, Any],
        *,
        now: datetime,
        ttl_s: float,
        idempotency_key: str | None = None,
    ) -> tuple[str, str]:
        """Store a pending action; return (action_id, token).

        With an `idempotency_key` already used by this customer, the existing action's id comes
        back instead of a new action. Its token cannot be returned (only its hash is stored), so:
        while that action is still pending a *new* token is issued and the previous one stops
        working (the caller that retried has lost it anyway), keeping the original expiry; once it
        is executed, cancelled or expired the token is "" and `get` tells what became of it.
        Reusing a key for a different kind or payload raises ConfirmationError("idempotency_conflict").
        """
        _aware(now)
        if ttl_s <= 0:
            raise InputError(f"ttl_s must be positive, got {ttl_s}")
        parse_payload(kind, payload)
        stored = _as_json(payload)
        token = new_token()
        for attempt in (1, 2):
            try:
                with self._db.write() as session:
                    if idempotency_key is not None:
                        existing = session.scalars(
                            select(PendingActionRow).where(
                                PendingActionRow.customer_id == customer_id,
                                PendingActionRow.idempotency_key == idempotency_key,
                            )
                        ).first()
                        if existing is not None:
                            return self._reissue(session, existing, kind, stored, token, now)
                    action_id = f"pa_{secrets.token_hex(12)}"
                    # Core insert, not ORM add+flush: this runs on every confirm-bound turn. An
                    # unknown customer fails the foreign key (see the IntegrityError branch below).
                    session.execute(
                        insert(PendingActionRow).values(
                            id=action_id, customer_id=customer_id, kind=kind, payload=stored,
                            token_hash=token_hash(token), status="pending", created_at=now,
                            expires_at=now + timedelta(seconds=ttl_s), resolved_at=None,
                            idempotency_key=idempotency_key,
                        )
                    )  # fmt: skip
                    detail = {"action_id": action_id, "kind": kind, "payload": stored, "ttl_s": ttl_s}
                    record(session, customer_id, "action_created", detail, at=now)
                    return action_id, token
            except IntegrityError as exc:
                if not self._customer_exists(customer_id):
                    raise NotFound(f"no customer {customer_id!r}") from exc
                # A concurrent create with the same idempotency key won the insert (possible on
                # PostgreSQL; SQLite writers are serialized); the second pass finds and reuses it.
                if attempt == 2 or idempotency_key is None:
                    raise
        raise AssertionError("unreachable")

    def _customer_exists(self, customer_id: str) -> bool:
        with self._db.read() as session:
            return session.get(CustomerRow, customer_id) is not None

    def confirm(
        self, customer_id: str, token: str, *, now: datetime, action_id: str | None = None
    ) -> ExecutedAction:
        """Execute the action behind `token` exactly once (and only if it is `action_id`, when given).

        If a re-check fails at this moment (insufficient funds, over the daily limit, a payee
        removed) ConfirmationError carries its code, nothing is changed and the action stays
        pending until it expires or is cancelled; the refusal itself is audited.
        """
        _aware(now)
        digest = token_hash(token)
        failure: ConfirmationError | None = None
        expected_id, action_id = action_id, None
        try:
            with self._db.write() as session:
                if self._flip(session, customer_id, digest, "executed", now, expected_id):
                    row = session.execute(
                        select(PendingActionRow.id, PendingActionRow.kind, PendingActionRow.payload).where(
                            PendingActionRow.token_hash == digest
                        )
                    ).one()
                    action_id = row.id
                    done = execute_action(
                        session,
                        action_id=row.id,
                        customer_id=customer_id,
                        kind=row.kind,
                        payload=row.payload,
                        now=now,
                        horizon_days=self._horizon_days,
                    )
                else:
                    # Returned, not raised, so that marking an overdue action expired commits.
                    failure = self._diagnose(session, customer_id, digest, now, expected_id)
        except ConfirmationError as exc:
            if action_id is not None:
                self._audit_refusal(customer_id, action_id, exc, now)
            raise
        if failure is not None:
            raise failure
        self._db.changed(customer_id)
        return done

    def cancel(
        self, customer_id: str, token: str, *, now: datetime, action_id: str | None = None
    ) -> PendingAction:
        """Cancel the pending action behind `token` (only if it is `action_id`, when given)."""
        _aware(now)
        digest = token_hash(token)
        failure: ConfirmationError | None = None
        with self._db.write() as session:
            if self._flip(session, customer_id, digest, "cancelled", now, action_id):
                row = session.scalars(
                    select(PendingActionRow).where(PendingActionRow.token_hash == digest)
                ).one()
                record(
                    session, customer_id, "action_cancelled", {"action_id": row.id, "kind": row.kind}, at=now
                )
                cancelled = _view(row)
            else:
                failure = self._diagnose(session, customer_id, digest, now, action_id)
        if failure is not None:
            raise failure
        return cancelled

    def get(self, customer_id: str, action_id: str) -> PendingAction:
        """One of the customer's actions, whatever its status (NotFound for anyone else's)."""
        with self._db.read() as session:
            row = session.get(PendingActionRow, action_id)
            if row is None or row.customer_id != customer_id:
                raise NotFound(f"no pending action {action_id!r}")
            return _view(row)

    def list_pending(self, customer_id: str, *, now: datetime) -> list[PendingAction]:
        """The customer's actions still waiting for a yes at `now`, oldest first."""
        _aware(now)
        with self._db.read() as session:
            rows = session.scalars(
                select(PendingActionRow)
                .where(
                    PendingActionRow.customer_id == customer_id,
                    PendingActionRow.status == "pending",
                    PendingActionRow.expires_at > now,
                )
                .order_by(PendingActionRow.created_at, PendingActionRow.id)
            )
            return [_view(row) for row in rows]

    def expire_overdue(self, *, now: datetime) -> int:
        """Mark every overdue pending action expired; return how many (a housekeeping sweep)."""
        _aware(now)
        with self._db.write() as session:
            overdue = session.execute(
                select(PendingActionRow.id, PendingActionRow.customer_id).where(
                    PendingActionRow.status == "pending", PendingActionRow.expires_at <= now
                )
            ).all()
            for action_id, customer_id in overdue:
                self._expire(session, action_id, customer_id, now)
        return len(overdue)

    @staticmethod
    def _flip(
        session: Session, customer_id: str, digest: str, status: str, now: datetime, action_id: str | None
    ) -> bool:
        conditions = [
            PendingActionRow.token_hash == digest,
            PendingActionRow.customer_id == customer_id,
            PendingActionRow.status == "pending",
            PendingActionRow.expires_at > now,
        ]
        if action_id is not None:
            conditions.append(PendingActionRow.id == action_id)
        result = session.connection().execute(
            update(PendingActionRow).where(*conditions).values(status=status, resolved_at=now)
        )
        return result.rowcount == 1

    def _diagnose(
        self, session: Session, customer_id: str, digest: str, now: datetime, action_id: str | None = None
    ) -> ConfirmationError:
        row = session.execute(
            select(
                PendingActionRow.id,
                PendingActionRow.customer_id,
                PendingActionRow.status,
                PendingActionRow.expires_at,
            ).where(PendingActionRow.token_hash == digest)
        ).first()
        if row is None or row.customer_id != customer_id or action_id not in (None, row.id):
            return TokenUnknown("unknown confirmation token")
        if row.status in ("executed", "cancelled"):
            return TokenUsed(f"this action was already {row.status}")
        if row.status == "pending" and row.expires_at <= now:
            self._expire(session, row.id, customer_id, now)
        if row.status == "expired" or row.expires_at <= now:
            return TokenExpired(f"this action expired at {row.expires_at.isoformat()}")
        return ConfirmationError("the action changed while confirming; try again", code=Reason.CONFLICT)

    @staticmethod
    def _expire(session: Session, action_id: str, customer_id: str, now: datetime) -> None:
        result = session.connection().execute(
            update(PendingActionRow)
            .where(PendingActionRow.id == action_id, PendingActionRow.status == "pending")
            .values(status="expired", resolved_at=now)
        )
        if result.rowcount == 1:
            record(session, customer_id, "action_expired", {"action_id": action_id}, at=now)

    def _reissue(
        self,
        session: Session,
        existing: PendingActionRow,
        kind: str,
        stored: dict[str, Any],
        token: str,
        now: datetime,
    ) -> tuple[str, str]:
        if existing.kind != kind or existing.payload != stored:
            raise ConfirmationError(
                "this idempotency key was already used for a different action",
                code=Reason.IDEMPOTENCY_CONFLICT,
            )
        if existing.status == "pending" and existing.expires_at > now:
            existing.token_hash = token_hash(token)
            record(session, existing.customer_id, "action_token_reissued", {"action_id": existing.id}, at=now)
            return existing.id, token
        if existing.status == "pending":
            self._expire(session, existing.id, existing.customer_id, now)
        return existing.id, ""

    def _audit_refusal(self, customer_id: str, action_id: str, exc: ConfirmationError, now: datetime) -> None:
        with self._db.write() as session:
            detail = {"action_id": action_id, "code": exc.code, "message": exc.message}
            record(session, customer_id, "action_confirm_refused", detail, at=now)
