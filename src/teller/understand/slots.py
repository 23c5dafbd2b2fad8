"""Slot finders for the fast path: which account, card, count, amount and recipient phrase.

Pure functions over the normalized turn and one customer's snapshot.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from teller.domain.bank import Account, Card, CustomerSnapshot
from teller.domain.trace import Extraction
from teller.normalize.amounts import AmountValue
from teller.normalize.turn import NormalizedTurn

_CURRENCY_WORDS: tuple[tuple[str, re.Pattern[str]], ...] = (
    ("USD", re.compile(r"\b(?:usd|dollars?|us\$)\b|ドル|米ドル")),
    ("JPY", re.compile(r"\b(?:jpy|yen)\b|円")),
    ("EUR", re.compile(r"\b(?:eur|euros?)\b|ユーロ")),
)
_ACCOUNT_TYPES: tuple[tuple[str, re.Pattern[str]], ...] = (
    ("checking", re.compile(r"\b(?:checking|current|everyday)\b|当座")),
    ("savings", re.compile(r"\b(?:savings?|high-yield)\b|貯蓄|定期")),
    ("ordinary", re.compile(r"\bordinary\b|普通")),
)
_CARD_TYPES: tuple[tuple[str, re.Pattern[str]], ...] = (
    ("debit", re.compile(r"\bdebit\b|デビット")),
    ("credit", re.compile(r"\bcredit\b|クレジット")),
)
_GENERIC_CARD_WORDS = frozenset({"card", "teller", "debit", "credit", "my", "the", "カード"})
_WORD = re.compile(r"[a-z]+")
_COUNT = re.compile(
    r"(?:last|latest|recent|past|previous|top)\s*$|"
    r"^\s*(?:(?:most )?(?:recent|latest|last|previous|past) )?"
    r"(?:transactions?|purchases|payments|charges|items|件)"
)
_ENDING = re.compile(r"(?:ending|ends|last)\b[\w ]*$")
_ACCOUNT_NUMBER_CONTEXT = re.compile(r"(?:account|acct|a/c|routing|number|no\.?|#|口座番号)\s*$")


def _last4_matches(digits: Sequence[Extraction[str]], last4: str) -> bool:
    return any(d.value.endswith(last4) or (len(d.value) >= 3 and last4.endswith(d.value)) for d in digits)


def find_account(
    turn: NormalizedTurn, snapshot: CustomerSnapshot, *, text: str | None = None
) -> tuple[Account | None, str | None]:
    """The account the customer named by last digits, type or currency; (None, None) when unnamed
    or when the words fit several accounts."""
    text = turn.keywords if text is None else text
    for account in snapshot.accounts:
        if _last4_matches(turn.digits, account.number_last4):
            return account, "account_last4"
    pool = list(snapshot.accounts)
    rule = None
    for kind, pattern in _ACCOUNT_TYPES:
        if pattern.search(text):
            # The account's type first; its label ("ordinary savings") only when no type fits.
            typed = [a for a in pool if a.type == kind] or [a for a in pool if kind in a.label.casefold()]
            if typed:
                pool, rule = typed, "account_type"
                break
    for code, pattern in _CURRENCY_WORDS:
        if pattern.search(text):
            coded = [a for a in pool if a.currency == code]
            if coded:
                pool, rule = coded, (rule + "+currency" if rule else "account_currency")
                break
    if rule is not None and len(pool) == 1:
        return pool[0], rule
    return None, None  # unnamed, or several fit: never a silent pick


def find_card(turn: NormalizedTurn, snapshot: CustomerSnapshot) -> tuple[list[Card], str | None]:
    """Cards that fit the turn (last four, type, label words); all cards when none is named."""
    for card in snapshot.cards:
        if _last4_matches(turn.digits, card.last4) or card.last4 in turn.folded:
            return [card], "card_last4"
    for kind, pattern in _CARD_TYPES:
        if pattern.search(turn.keywords):
            typed = [c for c in snapshot.cards if c.type == kind]
            if typed:
                return typed, "card_type"
    words = set(_WORD.findall(turn.keywords))
    for card in snapshot.cards:
        label_words = set(_WORD.findall(card.label.casefold())) - _GENERIC_CARD_WORDS
        if label_words & words:
            return [card], "card_label"
    return list(snapshot.cards), None


def find_count(turn: NormalizedTurn) -> int | None:
    """How many transactions the customer asked for ("last five", "3 transactions", "5件")."""
    for amount in turn.amounts:
        if amount.value.currency is not None:
            continue
        before, after = turn.folded[: amount.start], turn.folded[amount.end :]
        if _COUNT.search(before) or _COUNT.search(after):
            value = amount.value.major
            if value == value.to_integral_value() and 0 < value <= 100:
                return int(value)
    return None


def find_amount(turn: NormalizedTurn) -> Extraction[AmountValue] | None:
    """The money amount: one with a currency first, else a bare number that is not an account number."""
    # A number inside a date ("december 1", "the 28th") is the date's, never an amount.
    amounts = [a for a in turn.amounts if not any(d.start <= a.start < d.end for d in turn.dates)]
    with_currency = [a for a in amounts if a.value.currency is not None]
    if with_currency:
        return with_currency[0]
    for amount in amounts:
        if _ACCOUNT_NUMBER_CONTEXT.search(turn.folded[: amount.start]):
            continue
        in_digits = any(d.start <= amount.start < d.end and len(d.value) >= 4 for d in turn.digits)
        if in_digits and _ENDING.search(turn.folded[: amount.start]):
            continue
        return amount
    return None


def currency_named(text: str) -> str | None:
    for code, pattern in _CURRENCY_WORDS:
        if pattern.search(text):
            return code
    return None


# "send ... to X", stopping at the words that start another slot ("want to make" is not a recipient).
_TO_PHRASE = re.compile(
    r"\b(?:send|transfer|wire|pay|give|move|remit|zelle|venmo|sent|transferred)\b.*?"
    r"\b(?:to|for)\s+(?P<who>(?!make\b|send\b|pay\b|transfer\b|do\b|get\b|see\b|check\b).+?)(?=\s+(?:from|on|by|at|via|using|tomorrow|today|tonight|next|this|in|with|"
    r"please|now|morning|afternoon|evening|the day after|right away|asap|immediately)\b|[,.!?]|$)"
)
_VERB_PHRASE = re.compile(
    r"^(?:please |can you |could you |i want to |i'd like to |i need to )?"
    r"(?:pay|send|give|wire|transfer|zelle|venmo)\s+"
    r"(?P<who>(?!money\b|funds\b|cash\b|it\b|some\b)[a-z][\w' .-]*?)"
    r"(?=\s+(?:from|on|by|tomorrow|today|next|this|now|please)\b|$)"
)
_JA_PHRASE = re.compile(
    r"(?P<who>[^\s、。,!?にへをはがのと]{1,20}?)(?:さん|様|さま|くん|ちゃん|氏)?(?:に|へ|宛て?に?)(?:\s|$|振|送|払)"
)
_NOT_A_NAME = frozenset(
    {
        "money",
        "funds",
        "cash",
        "it",
        "some",
        "my",
        "me",
        "the",
        "account",
        "bill",
        "the bill",
        "yen",
        "dollars",
        "euros",
    }
)


def recipient_phrase(turn: NormalizedTurn, residual: str) -> str | None:
    """The words the customer used for the recipient, if any, with amounts and dates removed."""
    if turn.japanese:
        m = _JA_PHRASE.search(residual)
        if m:
            return m.group("who")
        return None
    for pattern in (_TO_PHRASE, _VERB_PHRASE):
        m = pattern.search(residual)
        if m:
            who = m.group("who").strip(" .,!?")
            who = re.sub(r"^(?:my|the|a|an)\s+", "", who)
            if who and who not in _NOT_A_NAME:
                return who
    return None
