"""Read access to one customer's bank data, plus the one direct write (card status).

`snapshot` runs on every turn, so it is cached per customer. A cached snapshot is reused while
(a) no write in this process has touched the customer since it was built (`Database.generation`,
a dict lookup) and (b) the customer's `revision` counter in the database is unchanged; (b) is
queried at most once per `recheck_s` seconds, which bounds how stale a snapshot can be after a
write made by *another* process. Writes through this process's `Database` are seen at once. By
default `recheck_s` is 1 s on SQLite (one process, in practice) and 0 on PostgreSQL, where several
workers share the database: a transfer confirmed on one worker shows in the balance the next
request reads on any other (one primary-key query per snapshot).
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date, datetime
from typing import Any
from zoneinfo import ZoneInfo

from sqlalchemy import or_, select
from sqlalchemy.orm import Session

from teller.domain.bank import Account, Biller, Card, Customer, CustomerSnapshot, Payee, Transaction
from teller.errors import Forbidden, InputError, NotFound
from teller.policy.rules import Committed
from teller.store.audit import record
from teller.store.commitments import committed_on, limits_of, outgoing_on
from teller.store.db import Database
from teller.store.history import credits_by_account, sent_transfers
from teller.store.ledger import touch_customer
from teller.store.schema import (
    CARD_STATUSES,
    AccountRow,
    BillerRow,
    CardRow,
    CustomerMetaRow,
    CustomerRow,
    PayeeRow,
    TransactionRow,
)


@dataclass(slots=True)
class _Cached:
    snapshot: CustomerSnapshot
    generation: tuple[int, int]
    revision: int
    checked_at: float


class BankRepository:
    """Customer-scoped queries over a `Database`; every method takes the customer id first."""

    def __init__(self, db: Database, *, recheck_s: float | None = None) -> None:
        self._db = db
        self._recheck_s = recheck_s if recheck_s is not None else (1.0 if db.is_sqlite else 0.0)
        self._cache: dict[str, _Cached] = {}
        self._committed: dict[tuple[str, str, date], tuple[tuple[int, int], float, Committed | None]] = {}

    def snapshot(self, customer_id: str) -> CustomerSnapshot:
        """Everything the pure stages may know about the customer (NotFound if unknown)."""
        generation = self._db.generation(customer_id)
        cached = self._cache.get(customer_id)
        if cached is not None and cached.generation == generation:
            now = time.monotonic()
            if now - cached.checked_at < self._recheck_s:
                return cached.snapshot
            if self._revision(customer_id) == cached.revision:
                cached.checked_at = now
                return cached.snapshot
        # The generation is read before the data: a local write that commits while we build makes
        # this entry stale at once instead of hiding behind a generation taken afterwards.
        snapshot, revision = self._build(customer_id)
        self._cache[customer_id] = _Cached(snapshot, generation, revision, time.monotonic())
        return snapshot

    def invalidate(self, customer_id: str | None = None) -> None:
        """Drop cached snapshots (all of them when `customer_id` is None)."""
        if customer_id is None:
            self._cache.clear()
        else:
            self._cache.pop(customer_id, None)

    def customer_ids(self) -> list[str]:
        with self._db.read() as session:
            return list(session.scalars(select(CustomerRow.id).order_by(CustomerRow.id)))

    def locales(self) -> set[str]:
        """The customers' locales (one query, however many customers)."""
        with self._db.read() as session:
            return set(session.scalars(select(CustomerRow.locale).distinct()))

    def recent_transactions(
        self,
        customer_id: str,
        *,
        account_id: str | None = None,
        count: int = 5,
        mentioning: Sequence[str] = (),
    ) -> list[Transaction]:
        """Posted transactions, newest first, in the customer's time zone; with `mentioning`, only those
        whose description names one of those words (a payee's name: "Transfer to Maria Garcia").

        An `account_id` that is not the customer's raises Forbidden (another customer's) or
        NotFound (nobody's); the query itself is always scoped to the customer as well.
        """
        if count < 1:
            raise InputError(f"count must be at least 1, got {count}")
        zone = ZoneInfo(self.snapshot(customer_id).customer.timezone)
        txn = TransactionRow
        query = (
            select(txn.id, txn.account_id, txn.posted_at, txn.description, txn.amount_minor, txn.currency)
            .where(txn.customer_id == customer_id, txn.status == "posted")
            .order_by(txn.posted_at.desc(), txn.id.desc())
            .limit(count)
        )
        if mentioning:
            said = (txn.description.icontains(word, autoescape=True) for word in mentioning)
            query = query.where(or_(*said))
        with self._db.read() as session:
            if account_id is not None:
                _require_owned(session, AccountRow, account_id, customer_id, "account")
                query = query.where(txn.account_id == account_id)
            rows = session.execute(query).all()
        return [
            Transaction(
                r.id, r.account_id, r.posted_at.astimezone(zone), r.description, r.amount_minor, r.currency
            )
            for r in rows
        ]

    def outgoing_today(self, customer_id: str, currency: str, day: date, tz: str) -> int:
        """Minor units sent by transfers and bill payments on `day` (in `tz`), paid or scheduled."""
        with self._db.read() as session:
            return outgoing_on(session, customer_id, currency, day, tz)

    def committed(self, customer_id: str, account_id: str, day: date) -> Committed | None:
        """What weighs on one of the customer's accounts and on `day` (None: not the customer's).

        Cached like snapshots: until this process writes for the customer, or `recheck_s` passes (a
        write by another process). The turn only previews with it; the confirming transaction reads
        it again, in that transaction, before any money moves.
        """
        snapshot = self.snapshot(customer_id)
        account = snapshot.account(account_id)
        if account is None:
            return None
        key = (customer_id, account_id, day)
        generation = self._db.generation(customer_id)
        hit = self._committed.get(key)
        now = time.monotonic()
        if hit is not None and hit[0] == generation and now - hit[1] < self._recheck_s:
            return hit[2]
        with self._db.read() as session:
            committed = committed_on(
                session,
                customer_id=customer_id,
                account_id=account_id,
                currency=account.currency,
                day=day,
                tz=snapshot.customer.timezone,
            )
        if len(self._committed) > 10_000:  # bounded: a long-running server sees many days
            self._committed.clear()
        self._committed[key] = (generation, now, committed)
        return committed

    def set_card_status(self, customer_id: str, card_id: str, status: str, *, now: datetime) -> Card:
        """Lock or unlock one of the customer's cards, with an audit record."""
        if status not in CARD_STATUSES:
            raise InputError(f"card status must be one of {', '.join(CARD_STATUSES)}, got {status!r}")
        with self._db.write() as session:
            row = _require_owned(session, CardRow, card_id, customer_id, "card")
            previous = row.status
            row.status = status
            touch_customer(session, customer_id)
            record(
                session,
                customer_id,
                "card_status_changed",
                {"card_id": card_id, "from": previous, "to": status},
                at=now,
            )
            card = Card(row.id, row.type, row.label, row.last4, row.status)
        self._db.changed(customer_id)
        return card

    def _revision(self, customer_id: str) -> int | None:
        with self._db.connect() as connection:
            return connection.execute(
                select(CustomerMetaRow.revision).where(CustomerMetaRow.customer_id == customer_id)
            ).scalar()

    def _build(self, customer_id: str) -> tuple[CustomerSnapshot, int]:
        with self._db.read() as session:
            meta = session.get(CustomerMetaRow, customer_id)
            customer = session.get(CustomerRow, customer_id)
            if meta is None or customer is None:
                raise NotFound(f"no customer {customer_id!r}")

            def rows(table: Any) -> list[Any]:
                return list(
                    session.scalars(
                        select(table).where(table.customer_id == customer_id).order_by(table.position)
                    )
                )

            paid_in = credits_by_account(session, customer_id)
            payees = tuple(
                Payee(p.id, p.display_name, p.latin, p.reading_kana, p.relationship, p.bank, p.account_last4)
                for p in rows(PayeeRow)
            )
            zone = ZoneInfo(customer.timezone)
            snapshot = CustomerSnapshot(
                customer=Customer(
                    customer.id, customer.name, customer.name_latin, customer.locale, customer.timezone
                ),
                limits=limits_of(customer.limits),
                accounts=tuple(
                    Account(
                        a.id,
                        a.type,
                        a.label,
                        a.currency,
                        a.number_last4,
                        a.balance_minor,
                        paid_in.get(a.id, ()),
                    )
                    for a in rows(AccountRow)
                ),
                cards=tuple(Card(c.id, c.type, c.label, c.last4, c.status) for c in rows(CardRow)),
                payees=payees,
                billers=tuple(_biller(b) for b in rows(BillerRow)),
                version=meta.version,
                sent=sent_transfers(session, customer_id, payees, zone),
            )
            return snapshot, meta.revision


def _biller(b: BillerRow) -> Biller:
    return Biller(
        b.id,
        b.display_name,
        b.currency,
        b.outstanding_minor,
        b.latin,
        b.reading_kana,
        tuple(b.aliases),
        b.due,
    )


def _require_owned(session: Session, table: Any, object_id: str, customer_id: str, what: str) -> Any:
    row = session.get(table, object_id)
    if row is None:
        raise NotFound(f"no {what} {object_id!r}")
    if row.customer_id != customer_id:
        raise Forbidden(f"{what} {object_id!r} does not belong to this customer")
    return row
