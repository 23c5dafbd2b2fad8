"""The synthetic bank (store/generate.py, `teller db generate`): deterministic, valid under the bank
file's own validation, English and Japanese customers with 1–500 payees and sound-alike names, loaded
through the same loader as the demo bank (on SQLite and PostgreSQL)."""

from __future__ import annotations

import os
import subprocess
import sys
from itertools import combinations
from pathlib import Path

from rapidfuzz.distance import Levenshtein
from sqlalchemy import func, select
from tests.conftest import Databases

from teller.store import Database
from teller.store.bankfile import parse_bank_file
from teller.store.generate import MAX_PAYEES, generate_chunks, generate_customers
from teller.store.schema import CustomerRow, PayeeRow, TransactionRow

TELLER = Path(sys.executable).with_name("teller")


def test_the_same_seed_gives_the_same_bank_and_another_seed_another() -> None:
    """Generation is a pure function of (count, seed): chunks can be made anywhere, in any order."""
    assert list(generate_customers(20, seed=0)) == list(generate_customers(20, seed=0))
    assert list(generate_customers(20, seed=0)) != list(generate_customers(20, seed=1))
    assert list(generate_customers(5, seed=0, start=15)) == list(generate_customers(20, seed=0))[15:]


def test_generated_customers_pass_the_bank_files_validation_with_realistic_shapes() -> None:
    """400 customers validate as a bank file; both locales appear; payee counts stay in 1..500 with
    most customers having few and some many; each has accounts, a card and a year of transactions."""
    customers = list(generate_customers(400, seed=0))
    bank = parse_bank_file({"customers": customers})
    locales = {c.locale for c in bank.customers}
    assert locales == {"en-US", "ja-JP"}
    counts = sorted(len(c.payees) for c in bank.customers)
    assert counts[0] >= 1 and counts[-1] <= MAX_PAYEES
    assert counts[len(counts) // 2] <= 40 < counts[-1]  # heavy tail: median small, some large
    for c in bank.customers:
        assert c.accounts and c.cards
        days = {t.posted_at.date() for t in c.transactions}
        assert (max(days) - min(days)).days >= 300
    ja = [c for c in bank.customers if c.locale == "ja-JP"]
    assert all(p.reading_kana and p.latin for c in ja for p in c.payees)


def test_a_large_payee_list_holds_sound_alike_names() -> None:
    """Customers with many payees have names one or two edits apart (Sato/Saito, Jon/John), the
    hard case for name lookup."""
    customers = [c for c in generate_customers(400, seed=0) if len(c["payees"]) >= 100]
    assert customers
    for c in customers:
        latin = [p["latin"] for p in c["payees"]]
        close = sum(1 for a, b in combinations(latin, 2) if a != b and Levenshtein.distance(a, b) <= 2)
        assert close >= 3, c["id"]


def test_teller_db_generate_loads_through_the_bank_loader(databases: Databases) -> None:
    """`teller db generate --customers 30 --seed 0` writes 30 customers (in chunks) with their payees
    and transactions; running it again with the same seed is refused (ids exist), nothing doubled."""
    url = databases.url()
    env = {**os.environ, "TELLER_STORE__URL": url, "TELLER_STORE__SEED_DEMO": "false"}
    args = [str(TELLER), "db", "generate", "--customers", "30", "--seed", "0", "--chunk", "7"]
    first = subprocess.run(args, capture_output=True, text=True, env=env, timeout=300)
    assert first.returncode == 0, first.stderr
    expected = list(generate_customers(30, seed=0))
    db = Database(url)
    try:
        with db.read() as session:
            assert session.scalar(select(func.count()).select_from(CustomerRow)) == 30
            assert session.scalar(select(func.count()).select_from(PayeeRow)) == sum(
                len(c["payees"]) for c in expected
            )
            assert session.scalar(select(func.count()).select_from(TransactionRow)) == sum(
                len(c["transactions"]) for c in expected
            )
        again = subprocess.run(args, capture_output=True, text=True, env=env, timeout=300)
        assert again.returncode == 2 and "already exists" in again.stderr
        with db.read() as session:
            assert session.scalar(select(func.count()).select_from(CustomerRow)) == 30
    finally:
        db.dispose()


def test_chunks_generated_ahead_in_a_child_process_are_the_same_bank() -> None:
    """`generate_chunks` yields the customers in order, in lists of `chunk` (the last shorter), the
    same customers whether the chunks are made in child processes or inline."""
    inline = list(generate_chunks(23, seed=3, chunk=5, jobs=0))
    ahead = list(generate_chunks(23, seed=3, chunk=5, jobs=2))
    assert [len(part) for part in inline] == [5, 5, 5, 5, 3]
    assert ahead == inline
    assert [c for part in inline for c in part] == list(generate_customers(23, seed=3))
