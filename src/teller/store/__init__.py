"""The store: database schema, the bank-file loader, repositories, pending actions, audit log.

Database / open_database    engine, sessions, schema, loading a bank file   (db.py)
parse_bank_file / BankFile  the bank JSON format and its validation         (bankfile.py)
BankRepository              customer-scoped reads, cached snapshots         (repo.py)
PendingActions              confirm-once money movements and card unlocks   (pending.py, ledger.py)
ScheduledPayments           future-dated payments, executed once on the day (scheduled.py)
audit.record                the append-only audit trail                     (audit.py)
"""

from teller.domain.bank import ScheduledPayment
from teller.store.bankfile import BankFile, parse_bank_file
from teller.store.db import Database, open_database
from teller.store.ledger import ExecutedAction
from teller.store.pending import PendingAction, PendingActions
from teller.store.repo import BankRepository
from teller.store.scheduled import ScheduledPayments

__all__ = [
    "BankFile",
    "BankRepository",
    "Database",
    "ExecutedAction",
    "PendingAction",
    "PendingActions",
    "ScheduledPayment",
    "ScheduledPayments",
    "open_database",
    "parse_bank_file",
]
