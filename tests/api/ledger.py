"""What the ledger says after a run of confirms: the tests' one reading of it, on either database."""

from __future__ import annotations

from collections.abc import Collection

from sqlalchemy import func, select

from teller.store.db import Database
from teller.store.schema import AccountRow, TransactionRow


def transactions_of(db_url: str, action_id: str) -> int:
    """How many transactions one action wrote."""
    db = Database(db_url)
    try:
        with db.read() as session:
            query = (
                select(func.count()).select_from(TransactionRow).where(TransactionRow.action_id == action_id)
            )
            return int(session.scalar(query) or 0)
    finally:
        db.dispose()


def assert_each_moved_at_most_once(
    db_url: str,
    proposed_ids: Collection[str],
    executed: Collection[str],
    *,
    account_id: str,
    opening_minor: int,
    amount_minor: int,
) -> None:
    """Every proposed action moved money at most once, every one answered as executed exactly once, and
    the account's balance is its opening balance less exactly what moved."""
    moved = {action: transactions_of(db_url, action) for action in proposed_ids}
    assert set(moved.values()) <= {0, 1}
    assert all(moved[action] == 1 for action in executed)
    db = Database(db_url)
    try:
        with db.read() as session:
            total = session.execute(
                select(func.sum(TransactionRow.amount_minor)).where(
                    TransactionRow.action_id.in_(list(proposed_ids))
                )
            ).scalar()
            account = session.get(AccountRow, account_id)
            assert account is not None
            assert account.balance_minor == opening_minor + int(total or 0)
            assert opening_minor - account.balance_minor == amount_minor * sum(moved.values())
    finally:
        db.dispose()
