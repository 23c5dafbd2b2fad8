"""Per-customer name index: build once from a snapshot, then look names up in microseconds."""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Collection, Sequence
from typing import Literal

from teller.config import NamesSettings
from teller.domain.bank import Biller, CustomerSnapshot, Payee
from teller.domain.understood import Candidate
from teller.names.banks import narrow_by_bank
from teller.names.match import lookup_hits
from teller.names.result import Hit, NameMatch, decide
from teller.names.scan import scan_hits
from teller.names.tables import Tables, build_tables

_KINDS: tuple[str, ...] = ("payee", "biller")


class NameIndex:
    """Retrieval of one customer's payees and billers by any form of their name.

    Build it with `NameIndex.build` (or `index_for`, which caches by customer and version); it
    holds only the payees and billers it was built from, so one customer's index cannot return
    another customer's payee.
    """

    __slots__ = ("_allowed", "_describe", "_payees", "_settings", "_tables")

    def __init__(self, tables: Tables, settings: NamesSettings | None = None) -> None:
        self._tables = tables
        self._settings = settings or NamesSettings()
        self._describe: list[tuple[str, Literal["payee", "biller"], str]] = [
            (e.id, e.kind, e.display_name) for e in tables.entries
        ]
        self._allowed: dict[tuple[str, ...], frozenset[int]] = {}
        # every payee as a candidate, for namesakes a match did not list (`by_bank`)
        self._payees = tuple(
            Candidate(id_, kind, display, 0.0, "namesake")
            for id_, kind, display in self._describe
            if kind == "payee"
        )

    @classmethod
    def build(
        cls, payees: Sequence[Payee], billers: Sequence[Biller], settings: NamesSettings | None = None
    ) -> NameIndex:
        """The index of these payees and billers; `settings` gives its cutoff, clarify margin and limit."""
        return cls(build_tables(payees, billers), settings)

    def __len__(self) -> int:
        return len(self._describe)

    def lookup(
        self,
        query: str,
        *,
        kinds: Collection[str] = _KINDS,
        score_cutoff: float | None = None,
        clarify_margin: float | None = None,
        limit: int | None = None,
    ) -> NameMatch:
        """Match a query that is meant to be a name: 佐藤健, さとうけん, satoh ken, dave lee, con ed."""
        allowed = self._allowed_for(kinds)
        hits = [h for h in lookup_hits(self._tables, query) if h.entry in allowed]
        return self._decide(query, hits, score_cutoff, clarify_margin, limit)

    def scan(
        self,
        text: str,
        *,
        kinds: Collection[str] = _KINDS,
        score_cutoff: float | None = None,
        clarify_margin: float | None = None,
        limit: int | None = None,
        prefolded: bool = False,
    ) -> NameMatch:
        """Find a name anywhere in a longer utterance.

        'pay sarah johnson fifty bucks' → Sarah Johnson; '斉藤健に五千円送金して' → 斉藤 健.
        Stop words and command words never produce a match on their own. With `prefolded` (text
        already folded), each candidate's `start`/`end` index `text`.
        """
        hits = scan_hits(self._tables, text, self._allowed_for(kinds), prefolded=prefolded)
        return self._decide(text, hits, score_cutoff, clarify_margin, limit)

    def by_bank(self, match: NameMatch, text: str) -> tuple[NameMatch, tuple[tuple[int, int], ...]]:
        """Namesakes told apart by the bank one of them is with, said in `text` (folded): the match and
        where the bank was said (see `narrow_by_bank`)."""
        return narrow_by_bank(match, text, self._tables.banks, self._payees)

    def _decide(
        self,
        query: str,
        hits: list[Hit],
        score_cutoff: float | None,
        clarify_margin: float | None,
        limit: int | None,
    ) -> NameMatch:
        """The settings' cutoff, margin and limit, unless a caller overrides them for one call."""
        s = self._settings
        return decide(
            query,
            hits,
            self._describe,
            limit=s.limit if limit is None else limit,
            score_cutoff=s.score_cutoff if score_cutoff is None else score_cutoff,
            clarify_margin=s.clarify_margin if clarify_margin is None else clarify_margin,
        )

    def _allowed_for(self, kinds: Collection[str]) -> frozenset[int]:
        key = tuple(sorted(kinds))
        allowed = self._allowed.get(key)
        if allowed is None:
            allowed = frozenset(i for i, d in enumerate(self._describe) if d[1] in key)
            self._allowed[key] = allowed
        return allowed


_CACHE_SIZE = 256
_cache: OrderedDict[tuple[str, int, float, float, int], NameIndex] = OrderedDict()
_lock = threading.Lock()


def index_for(snapshot: CustomerSnapshot, settings: NamesSettings | None = None) -> NameIndex:
    """The index of this customer's payees and billers, cached by (customer id, snapshot version,
    settings); `settings` (TELLER_NAMES__*) sets the score cutoff, clarify margin and limit.

    The store bumps `version` whenever payees or billers change, so a stale index is never served
    as long as that contract holds.
    """
    settings = settings or NamesSettings()
    key = (
        snapshot.customer.id,
        snapshot.version,
        settings.score_cutoff,
        settings.clarify_margin,
        settings.limit,
    )
    with _lock:
        index = _cache.get(key)
        if index is not None:
            _cache.move_to_end(key)
            return index
    index = NameIndex.build(snapshot.payees, snapshot.billers, settings)
    with _lock:
        _cache[key] = index
        _cache.move_to_end(key)
        while len(_cache) > _CACHE_SIZE:
            _cache.popitem(last=False)
    return index
