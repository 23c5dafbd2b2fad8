"""The command grammar's own words, heard as sound-alikes, put back where only the grammar's word fits.
Pure text, English only, each change traced (`hear:word`).

tiny.en hears a few short banking words as words that sound alike and mean nothing in a command:

- "on" before a day as "one": "Send $40 to David Lee one Friday" — "one Friday" is no amount of the
  grammar and no date, "on Friday" is. Left alone after a number word or digit ("forty one Friday" may
  be forty-one: the amount is not the ear's call), and before anything but a weekday, a month or
  "the 15th".
- "from" before the customer's own account as "for": "Send $40 to David Lee for my savings". Money that
  goes to a payee or biller (one the customer registered is named, or "to …" is said) can only come
  *from* their own account; "for my savings" was read as nothing and the default account paid —
  silently the wrong source. Only before one of the customer's own account words (kinds and label
  words: checking, savings, everyday…), only on a turn that moves money and names where it goes.
  "What's the balance for my savings", "… for my rent", "Transfer $100 for my savings" (which may mean
  *to* it) stay as heard.
- "payees" as "pays" after a possessive ("my pays", "saved pays") and "saved" as "safe" before them
  ("safe pays"): neither is English; "my saved payees" is the grammar's. "pay"/"pays" as a verb ("Maria
  pays me back", "does my card pay") and "safe" before anything else are left alone.
- "grand" as "grant" right after a bare number ("Send 3 grant to David Lee", round 9): "3 grant" is no
  amount and no English, "3 grand" is the grammar's thousands. Not after a sum with its currency ("$3
  grant"), not "a grant", "grants" or a name ("to Grant Lee").

Round 17, `verb_apart`: a money verb the recognizer glued to the next word, which is a word of one of the
customer's names ("PayCon Ed …" for "pay Con Ed …": Whisper writes a capital inside a word only where it
glued two), gets its space back, in every hypothesis, before names are looked for. "PayPal" stays whole.

No name and no number is ever changed here: those are `hearing`'s and `hearing_numbers`'s, with their
own evidence.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable

_DAYS = (
    r"monday|tuesday|wednesday|thursday|friday|saturday|sunday|january|february|march|april|may|june|"
    r"july|august|september|october|november|december|the \d{1,2}(?:st|nd|rd|th)"
)
_ONE_DAY = re.compile(rf"\b(one) (?=(?:{_DAYS})\b)", re.I)
# what before "one" makes it part of a number ("forty one", "$40 and one", "a hundred one")
_NUMBER_BEFORE = re.compile(
    r"(?:\d|\b(?:twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety|hundred|thousand|and|a|plus))\W*$",
    re.I,
)
_MONEY = re.compile(r"\b(?:send|transfer|pay|wire|give|move)\b", re.I)
_SAFE = re.compile(r"\b(safe)(?=\s+(?:pays|payees)\b)", re.I)
_PAYS = re.compile(r"\b((?:my|our|your|saved|registered)\s+)(pays)\b", re.I)
# a bare number (digits with no currency sign, or a number word) right before "grant"
_GRANT = re.compile(
    r"(?<![$¥€£\d,.])(?:\b\d[\d,]*|\b(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|"
    r"fifteen|twenty|thirty|forty|fifty|hundred))\s+(grant)\b(?!s)",
    re.I,
)

Change = tuple[str, str]  # (heard words, the grammar's words)

_GLUED_VERB = re.compile(r"\b(Pay|Send|Wire|Transfer)([A-Z][a-z']*)")


def verb_apart(text: str, registered: Iterable[str]) -> tuple[str, list[Change]]:
    """`text` with a money verb glued to a word of `registered` (the customer's names' words, lower case)
    written apart ("PayCon Ed" → "Pay Con Ed"), and the changes made (round 17)."""
    words = {w.lower() for w in registered}
    changes: list[Change] = []

    def apart(m: re.Match[str]) -> str:
        if m.group(2).lower() not in words:
            return m.group(0)
        changes.append((m.group(0), f"{m.group(1)} {m.group(2)}"))
        return f"{m.group(1)} {m.group(2)}"

    return _GLUED_VERB.sub(apart, text), changes


def grammar_words(
    text: str, accounts: Iterable[str], names_someone: Callable[[str], bool]
) -> tuple[str, list[Change]]:
    """`text` with the grammar's words put back (module docstring), and the changes made.

    `accounts`: the customer's own account words (kinds and label words, lower case);
    `names_someone(text)`: whether `text` names one of the customer's payees or billers."""
    if not text.isascii():
        return text, []
    changes: list[Change] = []
    text = _on_day(text, changes)
    text = _from_account(text, {a.lower() for a in accounts}, names_someone, changes)
    return _grand(_payees(text, changes), changes), changes


def plain(text: str, accounts: Iterable[str], names_someone: Callable[[str], bool]) -> str:
    """`grammar_words`' text alone: another hypothesis heard the same way, to compare like with like."""
    return grammar_words(text, accounts, names_someone)[0]


def _on_day(text: str, changes: list[Change]) -> str:
    out, last = [], 0
    for m in _ONE_DAY.finditer(text):
        before = text[: m.start()]
        if not before.strip() or _NUMBER_BEFORE.search(before):
            continue
        word = m.group(1)
        out.append(text[last : m.start()] + ("On" if word[0].isupper() else "on"))
        last = m.end(1)
        changes.append((word, "on"))
    return "".join(out) + text[last:] if out else text


def _from_account(
    text: str, accounts: set[str], names_someone: Callable[[str], bool], changes: list[Change]
) -> str:
    if not accounts or not _MONEY.search(text):
        return text
    words = "|".join(re.escape(a) for a in sorted(accounts, key=len, reverse=True))
    m = re.search(rf"\b(for my) (?=(?:{words})\b)", text, re.I)
    if m is None:
        return text
    rest = text[: m.start()] + text[m.end() :]
    if not (re.search(r"\bto\b", rest, re.I) or names_someone(rest)):
        return text  # nowhere else for the money to go: "for my savings" may mean "to" it
    fixed = "From my" if m.group(1)[0].isupper() else "from my"
    changes.append((m.group(1), "from my"))
    return text[: m.start()] + fixed + text[m.end(1) :]


def _payees(text: str, changes: list[Change]) -> str:
    def saved(m: re.Match[str]) -> str:
        changes.append((m.group(1), "saved"))
        return "Saved" if m.group(1)[0].isupper() else "saved"

    def payees(m: re.Match[str]) -> str:
        changes.append((m.group(2), "payees"))
        return m.group(1) + ("Payees" if m.group(2)[0].isupper() else "payees")

    return _PAYS.sub(payees, _SAFE.sub(saved, text))


def _grand(text: str, changes: list[Change]) -> str:
    def grand(m: re.Match[str]) -> str:
        word = m.group(1)
        changes.append((word, "grand"))
        return m.group(0)[: m.start(1) - m.start()] + ("Grand" if word[0].isupper() else "grand")

    return _GRANT.sub(grand, text)
