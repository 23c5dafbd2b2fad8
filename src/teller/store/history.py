"""The customer's history as the pure stages may see it: what each account was paid with, and which
payee each sent transfer went to.

A transfer Teller made names its payee (`counterparty_id`); an imported one only by its description
("振込 佐藤 健", "Transfer to Maria Garcia"), read here by a payee's whole name (佐藤 健 is not read in
"振込 佐藤 健太").
"""

from __future__ import annotations

from collections.abc import Sequence
from zoneinfo import ZoneInfo

from sqlalchemy import select
from sqlalchemy.orm import Session

from teller.domain.bank import Payee, SentTransfer
from teller.store.schema import TransactionRow

__all__ = ["credits_by_account", "payee_named_in", "sent_transfers"]

_LOOKED_AT = 50  # the latest debits looked at


def _whole(name: str, text: str) -> bool:
    """`name` is in `text` as a whole name: no letter, kana or kanji runs on before or after it."""
    at = text.find(name)
    while at >= 0:
        before = text[at - 1] if at > 0 else " "
        after = text[at + len(name)] if at + len(name) < len(text) else " "
        if not before.isalnum() and not after.isalnum():
            return True
        at = text.find(name, at + 1)
    return False


def payee_named_in(description: str, payees: Sequence[Payee]) -> str | None:
    """The payee a transaction's description names by a whole name (the longest such name wins)."""
    text = description.casefold()
    found = [
        (len(name), p.id)
        for p in payees
        for name in {p.display_name, p.latin or ""}
        if name and _whole(name.casefold(), text)
    ]
    return max(found)[1] if found else None


def sent_transfers(
    session: Session, customer_id: str, payees: Sequence[Payee], zone: ZoneInfo
) -> tuple[SentTransfer, ...]:
    """The customer's latest posted transfers to their payees, newest first."""
    txn = TransactionRow
    query = (
        select(txn.description, txn.amount_minor, txn.currency, txn.posted_at, txn.kind, txn.counterparty_id)
        .where(txn.customer_id == customer_id, txn.status == "posted", txn.amount_minor < 0)
        .order_by(txn.posted_at.desc(), txn.id.desc())
        .limit(_LOOKED_AT)
    )
    ids = {p.id for p in payees}
    sent: list[SentTransfer] = []
    for description, amount, currency, posted_at, kind, counterparty in session.execute(query):
        payee = counterparty if kind == "transfer" and counterparty in ids else None
        payee = payee or payee_named_in(description, payees)
        if payee is not None:
            sent.append(SentTransfer(payee, -amount, currency, posted_at.astimezone(zone).date()))
    return tuple(sent)


_PAID_IN_ROWS = 50  # the latest credits looked at, over all the customer's accounts


def credits_by_account(session: Session, customer_id: str) -> dict[str, tuple[str, ...]]:
    """Per account, the distinct descriptions of its latest posted credits, newest first."""
    txn = TransactionRow
    query = (
        select(txn.account_id, txn.description)
        .where(txn.customer_id == customer_id, txn.status == "posted", txn.amount_minor > 0)
        .order_by(txn.posted_at.desc(), txn.id.desc())
        .limit(_PAID_IN_ROWS)
    )
    found: dict[str, list[str]] = {}
    for account_id, description in session.execute(query):
        seen = found.setdefault(account_id, [])
        if description not in seen:
            seen.append(description)
    return {account_id: tuple(said) for account_id, said in found.items()}
