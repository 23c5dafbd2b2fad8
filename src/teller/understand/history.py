"""A payee or an amount named by the customer's own history: "the same person as last time", "whoever I
paid on thursday", 前回振り込んだ人, この前送った相手, "the same amount", 前回と同じ金額.

The person is the payee of the latest of the customer's sent transfers (`CustomerSnapshot.sent`) made on
the day said, if one was said; a day on which they sent nothing names nobody (the turn asks). The same
amount is what the latest transfer to that payee sent. All patterns run on folded text.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import date, timedelta

from teller.domain.bank import SentTransfer
from teller.normalize.calendar_words import JA_WEEKDAYS, WEEKDAY_NAMES

__all__ = ["HistoryRef", "history_span", "same_amount", "sent_to_named", "transfer_referred_to"]

_DAY_EN = rf"(?:{'|'.join(WEEKDAY_NAMES)})"


def _when_en(name: str) -> str:
    return (
        rf"(?P<{name}>last time|the last time|last|before|yesterday|the other day|last week|"
        rf"(?:on |last |this )?{_DAY_EN})"
    )


_SENT_EN = r"(?:last )?(?:sent|paid|transferred|wired|zelled|venmoed)(?: (?:money|cash|funds|it))?(?: to)?"
_PERSON_EN = re.compile(
    rf"\b(?:the )?same (?:person|guy|girl|one|payee|recipient|people)(?: as {_when_en('when1')}| i {_SENT_EN}"
    rf"(?: {_when_en('when2')})?)\b|"
    rf"\b(?:the )?(?:last )?(?:person|guy|girl|one|payee|recipient|people|whoever|whomever)"
    rf"(?: that| who| whom)? i {_SENT_EN}(?: {_when_en('when3')})?\b"
)
_DAY_JA = rf"(?:[{JA_WEEKDAYS}])曜日?"
_PERSON_JA = re.compile(
    rf"(?P<when4>前回|この前|こないだ|このあいだ|昨日|きのう|おととい|一昨日|先週(?:の{_DAY_JA})?|{_DAY_JA})?に?"
    r"(?:振り?込んだ|送った|送金した|払った|支払った)(?:人|相手|方|かた)|"
    r"(?P<when5>前回|この前|こないだ|このあいだ)と同じ(?:人|相手|方|かた)"
)
_SAME_AMOUNT = re.compile(
    r"\b(?:the )?same amount(?: (?:as|like) (?:last time|before|the last time))?\b|"
    r"(?:前回|この前|こないだ)?と?同じ(?:金額|額)"
)
_ANY_DAY = frozenset(
    {"last time", "the last time", "last", "before", "前回", "この前", "こないだ", "このあいだ"}
)
_WEEKDAYS = {**{d: i for i, d in enumerate(WEEKDAY_NAMES)}, **{d: i for i, d in enumerate(JA_WEEKDAYS)}}


@dataclass(frozen=True, slots=True)
class HistoryRef:
    """Where the history was named, and the transfer it points at (None: none was made then)."""

    start: int
    end: int
    transfer: SentTransfer | None


def _days(when: str | None, today: date) -> tuple[date, date] | None:
    """The days (first, last) a said "when" covers; None for "last time" (any day)."""
    if not when or when in _ANY_DAY:
        return None
    if when in ("yesterday", "昨日", "きのう"):
        return today - timedelta(days=1), today - timedelta(days=1)
    if when in ("おととい", "一昨日"):
        return today - timedelta(days=2), today - timedelta(days=2)
    if when == "the other day":
        return today - timedelta(days=7), today - timedelta(days=1)
    monday = today - timedelta(days=today.weekday())
    last_week = (monday - timedelta(days=7), monday - timedelta(days=1))
    day = next((w for w in _WEEKDAYS if w in when), None)
    if day is None:  # "last week", 先週
        return last_week
    if when.startswith(("last ", "先週")):
        d = last_week[0] + timedelta(days=_WEEKDAYS[day])
        return d, d
    back = (today.weekday() - _WEEKDAYS[day]) % 7 or 7  # the latest such day before today
    d = today - timedelta(days=back)
    return d, d


def transfer_referred_to(folded: str, sent: tuple[SentTransfer, ...], today: date) -> HistoryRef | None:
    """The person named by the customer's history, if the words name one that way."""
    m = _person(folded)
    if m is None:
        return None
    when = next((said for said in m.groupdict().values() if said), None)
    days = _days(when, today)
    fits = [t for t in sent if days is None or days[0] <= t.on <= days[1]]
    return HistoryRef(m.start(), m.end(), fits[0] if fits else None)


def history_span(folded: str) -> tuple[int, int] | None:
    """Where a person is named by the customer's history ("whoever I paid on monday"), if one is."""
    m = _person(folded)
    return m.span() if m else None


def _person(folded: str) -> re.Match[str] | None:
    return _PERSON_EN.search(folded) or _PERSON_JA.search(folded)


def same_amount(folded: str) -> tuple[int, int] | None:
    """Where "the same amount" (前回と同じ金額) is said, if it is."""
    m = _SAME_AMOUNT.search(folded)
    return m.span() if m else None


def sent_to_named(payee_id: str, sent: tuple[SentTransfer, ...]) -> SentTransfer | None:
    """The latest transfer to that payee."""
    return next((t for t in sent if t.payee_id == payee_id), None)
