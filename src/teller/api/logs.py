"""Structured JSON logs, one object per line, with PII kept out and masked where text remains.

What a customer said or was told is never logged (request lines carry ids, enums and numbers; see
`teller.api.edge`), because no redactor can recognise every name, PIN or address in free text.
What free text remains — messages, exception traces, error details (`PII_FIELDS`) — goes through
`Redactor`: known person names (every customer's and payee's, in each script, whole and by part)
and every run of three or more digits are masked.

API keys never reach a record: they are refused in query strings (`teller.api.admission`), request
lines name the route template rather than the path, and `QueryScrubber` strips query strings and
drops the per-connection WebSocket lines from uvicorn's own logger (uvicorn's access log is off).
"""

from __future__ import annotations

import logging
import re
import sys
import time
from collections.abc import Iterable, Mapping
from typing import Any

import orjson

# Three or more digits, maybe grouped by spaces or dashes, not inside an alphanumeric id (hex, ULID).
_DIGITS = re.compile(r"(?<![A-Za-z0-9])\d(?:[\s-]?\d){2,}(?![A-Za-z0-9])")
_NAME_MASK = "‹name›"
PII_FIELDS = frozenset({"text", "transcript", "reply", "detail", "error", "message"})
_QUERY = re.compile(r"\?[^\s\"']*")
# uvicorn's per-connection lines (the request line replaces them). "…without completing handshake" is
# what uvicorn's websockets-sansio server says after every handshake refused with an HTTP answer.
_PER_CONNECTION = (
    "connection open",
    "connection closed",
    "connection rejected",
    "ASGI callable returned without completing handshake",
)


class Redactor:
    """Masks known names and long digit runs; thread-safe (names are only ever added, by replacement).

    Latin names match whole words, case-insensitively, longest phrase first ("Sato Kenta" before
    "Sato"); names in other scripts match as substrings, since Japanese has no spaces to anchor on.
    Matching is a scan over word n-grams against a set, plus `in` checks, not one huge regex
    alternation: a log line costs microseconds, not a tenth of a millisecond.
    """

    def __init__(self, names: Iterable[str] = ()) -> None:
        self._latin: frozenset[str] = frozenset()
        self._other: tuple[str, ...] = ()
        self._longest = 1
        self.add_names(names)

    def add_names(self, names: Iterable[str]) -> None:
        words = {" ".join(n.split()) for n in names if n and n.strip()}
        words |= {part for n in words for part in n.split() if len(part) >= 2}
        words |= {n.replace(" ", "") for n in words if not n.isascii()}  # 佐藤 健 is often written 佐藤健
        latin = self._latin | {w.casefold() for w in words if w.isascii()}
        other = set(self._other) | {w for w in words if not w.isascii()}
        self._longest = max([self._longest, *(len(w.split()) for w in latin)])
        self._other = tuple(sorted(other, key=len, reverse=True))
        self._latin = frozenset(latin)

    def __call__(self, text: str) -> str:
        text = _DIGITS.sub(_mask_digits, text)
        for name in self._other:
            if name in text:
                text = text.replace(name, _NAME_MASK)
        return self._mask_latin(text) if self._latin else text

    def _mask_latin(self, text: str) -> str:
        latin, longest = self._latin, self._longest
        spans = [m.span() for m in _LATIN_WORD.finditer(text)]
        folded = [text[a:b].casefold() for a, b in spans]
        out: list[str] = []
        at = i = 0
        while i < len(spans):
            for n in range(min(longest, len(spans) - i), 0, -1):
                if " ".join(folded[i : i + n]) in latin:
                    out += [text[at : spans[i][0]], _NAME_MASK]
                    at, i = spans[i + n - 1][1], i + n
                    break
            else:
                i += 1
        return "".join([*out, text[at:]])


_LATIN_WORD = re.compile(r"[A-Za-z]+")


def _mask_digits(match: re.Match[str]) -> str:
    return "•" * sum(c.isdigit() for c in match.group(0))


def _scrub(value: Any, redact: Redactor) -> Any:
    if isinstance(value, str):
        return redact(value)
    if isinstance(value, Mapping):
        return {k: _scrub(v, redact) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_scrub(v, redact) for v in value]
    return value


class JsonFormatter(logging.Formatter):
    def __init__(self, redactor: Redactor) -> None:
        super().__init__()
        self.redactor = redactor

    def format(self, record: logging.LogRecord) -> str:
        entry: dict[str, Any] = {
            "ts": time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime(record.created))
            + f".{int(record.msecs):03d}Z",
            "level": record.levelname.lower(),
            "logger": record.name,
            "msg": self.redactor(record.getMessage()),
        }
        fields = getattr(record, "fields", None)
        if isinstance(fields, Mapping):
            entry.update({k: _scrub(v, self.redactor) if k in PII_FIELDS else v for k, v in fields.items()})
        if record.exc_info:
            entry["exc"] = self.redactor(self.formatException(record.exc_info))
        return orjson.dumps(entry, default=str).decode()


class QueryScrubber(logging.Filter):
    """For uvicorn's loggers: drop per-connection WebSocket lines (they quote the URL with its query
    string; our request line replaces them) and cut query strings out of anything else."""

    def filter(self, record: logging.LogRecord) -> bool:
        message = str(record.msg)
        if message.startswith(_PER_CONNECTION) or '"WebSocket %s"' in message:
            return False
        if record.args:
            record.msg = _QUERY.sub("?…", record.getMessage())
            record.args = None
        return True


def configure(level: str, redactor: Redactor) -> None:
    """Send `teller.*` and uvicorn's loggers through one JSON handler on stderr."""
    handler = logging.StreamHandler(sys.stderr)
    handler.setFormatter(JsonFormatter(redactor))
    scrubber = QueryScrubber()
    # uvicorn's access log stays off (it quotes paths with their query strings); should anyone attach
    # a handler to it anyway, the scrubber still cuts the query strings out.
    access = logging.getLogger("uvicorn.access")
    access.handlers[:] = []
    access.propagate = False
    if not any(isinstance(f, QueryScrubber) for f in access.filters):
        access.addFilter(scrubber)
    for name in ("teller", "uvicorn", "uvicorn.error"):
        logger = logging.getLogger(name)
        logger.handlers[:] = [handler]
        logger.setLevel(level.upper())
        logger.propagate = False
        if name.startswith("uvicorn") and not any(isinstance(f, QueryScrubber) for f in logger.filters):
            logger.addFilter(scrubber)
