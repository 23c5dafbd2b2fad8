"""Structured JSON logs, one object per line, with PII masked before anything is written.

`Redactor` masks known person names (every customer's and payee's name, in each script, whole and by
part) and long digit runs (account, card and phone numbers keep only their last two digits). The
formatter applies it to the message and to every string in the record's `fields`; API keys and
Authorization headers are never put in a record in the first place.
"""

from __future__ import annotations

import logging
import re
import sys
import time
from collections.abc import Iterable, Mapping
from typing import Any

import orjson

# Six or more digits, maybe grouped by spaces or dashes, not inside an alphanumeric id (hex, ULID).
_DIGITS = re.compile(r"(?<![A-Za-z0-9])\d(?:[\s-]?\d){5,}(?![A-Za-z0-9])")
_NAME_MASK = "‹name›"


class Redactor:
    def __init__(self, names: Iterable[str] = ()) -> None:
        self._known: set[str] = set()
        self._names: re.Pattern[str] | None = None
        self.add_names(names)

    def add_names(self, names: Iterable[str]) -> None:
        words = {n.strip() for n in names if n and n.strip()}
        words |= {part for n in words for part in n.split() if len(part) >= 2}
        words |= {n.replace(" ", "") for n in words if not n.isascii()}  # 佐藤 健 is often written 佐藤健
        if not words - self._known:
            return
        self._known |= words
        # Longest first, so "Sato Kenta" is masked whole rather than as "‹name› Kenta".
        alternation = "|".join(_word(w) for w in sorted(self._known, key=len, reverse=True))
        self._names = re.compile(f"(?i:{alternation})")

    def __call__(self, text: str) -> str:
        text = _DIGITS.sub(_mask_digits, text)
        return self._names.sub(_NAME_MASK, text) if self._names is not None else text


def _word(word: str) -> str:
    # Latin names only match whole words ("Ken" must not mask "token"); CJK text has no spaces to use.
    if word.isascii():
        return rf"(?<![a-z]){re.escape(word)}(?![a-z])"
    return re.escape(word)


def _mask_digits(match: re.Match[str]) -> str:
    digits = re.sub(r"\D", "", match.group(0))
    return "•" * (len(digits) - 2) + digits[-2:]


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
            entry.update(_scrub(fields, self.redactor))
        if record.exc_info:
            entry["exc"] = self.redactor(self.formatException(record.exc_info))
        return orjson.dumps(entry, default=str).decode()


def configure(level: str, redactor: Redactor) -> None:
    """Send `teller.*` and uvicorn's loggers through one JSON handler on stderr."""
    handler = logging.StreamHandler(sys.stderr)
    handler.setFormatter(JsonFormatter(redactor))
    for name in ("teller", "uvicorn", "uvicorn.error"):
        logger = logging.getLogger(name)
        logger.handlers[:] = [handler]
        logger.setLevel(level.upper())
        logger.propagate = False
