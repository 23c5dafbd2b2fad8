"""Citation checking on a token stream: only ids of retrieved articles reach the customer.

The model is asked to cite `[kb-…]` ids, but a small model can invent one or cite an article it
was not shown. `CitationFilter` sits between the model and the customer, holds back text from an
opening bracket until the bracket closes, and rewrites the citation to keep only allowed ids (or
drops it). Text that cannot be a citation is released at once, so holding costs no latency
outside of citations themselves.
"""

from __future__ import annotations

import re
from collections.abc import Collection

from teller.qna.kb import ARTICLE_ID

_OPEN = "[【［"
_CLOSE = "]】］"
_MAX_HOLD = 120  # a citation of several ids fits; anything longer is ordinary bracketed text
_SEPARATORS = re.compile(r"[,、，\s]+")
_CITATION = re.compile(r"\s?[\[【［]\s*kb-[a-z0-9-]+(?:\s*[,、，]\s*kb-[a-z0-9-]+)*\s*[\]】］]")


def _could_be_citation(inner: str) -> bool:
    """True while `inner` (text after an opening bracket) may still become `kb-…, kb-…`."""
    head = inner.lstrip()
    if not "kb-".startswith(head[:3]):
        return False
    return all((ch.isascii() and (ch.isalnum() or ch in "-, ")) or ch in "、，" for ch in inner)


class CitationFilter:
    """Feed model text in pieces; get back text safe to show, with unknown citations removed.

    `cited` lists allowed ids in first-cited order; `dropped` lists ids the model cited but was
    not given (kept for the trace, never shown).
    """

    def __init__(self, allowed: Collection[str]) -> None:
        self._allowed = frozenset(allowed)
        self._held = ""
        self.cited: list[str] = []
        self.dropped: list[str] = []

    def feed(self, piece: str) -> str:
        out: list[str] = []
        for ch in piece:
            if not self._held:
                if ch in _OPEN:
                    self._held = ch
                else:
                    out.append(ch)
                continue
            self._held += ch
            if ch in _CLOSE:
                out.append(self._resolve(self._held))
                self._held = ""
            elif len(self._held) > _MAX_HOLD or not _could_be_citation(self._held[1:]):
                out.append(self._held)
                self._held = ""
        return "".join(out)

    def flush(self) -> str:
        """Release whatever is held at the end of the stream (an unclosed bracket is just text)."""
        held, self._held = self._held, ""
        return held

    def _resolve(self, text: str) -> str:
        ids = [part for part in _SEPARATORS.split(text[1:-1]) if part]
        if not ids or not all(ARTICLE_ID.match(i) for i in ids):
            return text
        keep: list[str] = []
        for article_id in ids:
            if article_id in self._allowed:
                if article_id not in keep:
                    keep.append(article_id)
                if article_id not in self.cited:
                    self.cited.append(article_id)
            elif article_id not in self.dropped:
                self.dropped.append(article_id)
        return f"[{', '.join(keep)}]" if keep else ""


def strip_citations(text: str) -> str:
    """The answer without `[kb-…]` citations, for text-to-speech."""
    return _CITATION.sub("", text)
