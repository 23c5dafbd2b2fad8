"""Where a (partial) transcript stops: mid-slot, neutral, or after a complete command.

Pure rules, no I/O. The endpointer waits longer while the customer is in the middle of an amount
("send five thousand…"), a digit string ("ending in four oh…"), a name ("to David…") or a filler
("…um", "ええと"), and less after a command that already has everything it needs.

Two judges of "everything it needs": the text rules alone (`tail_state`, `tail_state_ja`), and
`end_tail`, which also reads what the text pipeline made of the words (`TurnRunner.run(...,
act=False)`, no side effects): a result that needs nothing more (`settled`) completes any tail the
rules do not call open, whatever the phrasing ("could you please send…, thanks").
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from enum import Enum

from teller.domain.intents import Action, Intent
from teller.domain.reasons import Reason
from teller.domain.turn import TurnResult


def _words(text: str) -> frozenset[str]:
    return frozenset(text.split())


class Tail(Enum):
    OPEN = "open"  # mid-amount, mid-digit-string, mid-name, or a dangling connector
    NEUTRAL = "neutral"
    COMPLETE = "complete"  # a whole command: hold the turn open for less time


_NUMBER_WORDS = _words(
    "zero oh o one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen "
    "sixteen seventeen eighteen nineteen twenty thirty forty fifty sixty seventy eighty ninety hundred "
    "thousand million double triple point"
)
_CONNECTORS = _words("to and from for in ending the my a an of on at toward towards into with by")
_FILLERS = _words("um umm uh uhh er erm hmm mm")  # still thinking: the command is still coming
_CURRENCY = _words("yen dollar dollars bucks cents cent grand usd jpy euros")
_CLOSERS = _CURRENCY | _words(
    "bill balance balances transactions transaction payees payee person human agent please savings checking "
    "today tomorrow morning afternoon evening night monday tuesday wednesday thursday friday saturday sunday "
    "recently"
)
_CARD_VERBS = _words("lock unlock freeze unfreeze block lost stolen")
_QUERY_WORDS = _words("balance transactions payees spend spent")
_MONTHS = _words("january february march april may june july august september october november december")
_MONEY_VERBS = _words("send transfer pay wire give")
_TOKEN = re.compile(r"\$?\d[\d,]*(?:\.\d+)?|[a-z']+")


def tokens(text: str) -> list[str]:
    """Lower-case words and numbers (`$1,250.50` stays one token)."""
    return _TOKEN.findall(text.lower())


def name_tokens(names: Sequence[str]) -> list[list[str]]:
    """Each name as its tokens, for `tail_state`."""
    return [t for t in (tokens(n) for n in names) if t]


def tail_state(text: str, names: Sequence[Sequence[str]] = ()) -> Tail:
    """Classify the end of `text`; `names` are the customer's payee/biller names as tokens."""
    toks = tokens(text)
    if not toks:
        return Tail.NEUTRAL
    last = toks[-1]
    if last in _CONNECTORS or last in _FILLERS:
        return Tail.OPEN
    if _is_number(last):
        closed = _complete_digit_string(toks) or last.startswith("$") or _after_month(toks)
        return Tail.NEUTRAL if closed else Tail.OPEN
    if _inside_name(toks, names):
        return Tail.OPEN
    if _complete_command(toks, names):
        return Tail.COMPLETE
    return Tail.NEUTRAL


def _is_number(tok: str) -> bool:
    return tok in _NUMBER_WORDS or tok.lstrip("$")[:1].isdigit()


def _complete_digit_string(toks: list[str]) -> bool:
    """Four or more digits after "ending (in)" or "last": a whole last-four reference."""
    run = 0
    for tok in reversed(toks):
        if not _is_number(tok):
            break
        run += 2 if tok == "double" else 3 if tok == "triple" else len(tok) if tok.isdigit() else 1
    before = toks[len(toks) - _trailing_number_count(toks) - 1 :][:1]
    return run >= 4 and bool(before) and before[0] in {"ending", "in", "last", "digits"}


def _trailing_number_count(toks: list[str]) -> int:
    count = 0
    for tok in reversed(toks):
        if not _is_number(tok):
            break
        count += 1
    return count


def _ends_with_name(toks: list[str], names: Sequence[Sequence[str]]) -> bool:
    return any(len(n) <= len(toks) and toks[-len(n) :] == list(n) for n in names)


def _after_month(toks: list[str]) -> bool:
    """A day number after a month name ("on December 1") is a whole date, not an amount."""
    count = _trailing_number_count(toks)
    return len(toks) > count and toks[-count - 1] in _MONTHS


def _inside_name(toks: list[str], names: Sequence[Sequence[str]]) -> bool:
    """The last words start two or more names and end none: the name is still being said.

    A prefix that already picks out one name ("to Maria" with one Maria Garcia) is not held.
    """
    if _ends_with_name(toks, names):
        return False
    for k in (2, 1):
        if len(toks) >= k:
            starts = sum(1 for name in names if len(name) > k and list(name[:k]) == toks[-k:])
            if starts >= 2:
                return True
    return False


def _complete_command(toks: list[str], names: Sequence[Sequence[str]]) -> bool:
    words = set(toks)
    closes = toks[-1] in _CLOSERS or _ends_with_name(toks, names) or toks[-1] in {"card", "cards"}
    if not closes:
        return False
    if words & _MONEY_VERBS:
        has_amount = any(_is_number(t) for t in toks) or bool(words & {"bill"})
        has_target = _mentions_name(toks, names) or bool(words & {"bill", "toward"})
        return has_amount and has_target
    return bool(words & (_CARD_VERBS | _QUERY_WORDS))


def _mentions_name(toks: list[str], names: Sequence[Sequence[str]]) -> bool:
    joined = " " + " ".join(toks) + " "
    return any(" " + " ".join(n) + " " in joined for n in names)


# -- Japanese ------------------------------------------------------------------------------------
# Japanese puts the verb last, so a command is complete when a request form ends it ("振り込んで",
# "教えて", "送金", "お願いします") and open when it ends mid-amount ("5000", "五千") or on a
# particle that needs what follows ("佐藤健さんに", "カードを").
_JA_PUNCT = "。、，,.!！?？ 　"
_JA_NUMERALS = "0123456789０１２３４５６７８９〇一二三四五六七八九十百千万億"
_JA_PARTICLES = ("に", "を", "へ", "から", "の", "は", "が", "と", "まで", "も")
_JA_FILLERS = ("ええと", "えーと", "えっと", "あの", "あのー", "その", "えー", "うーん", "まあ")
# Sentence-final forms: requests (て/ください/お願いします), wishes (たい/ほしい), questions (ですか/
# いくら), plain or past verbs that end a statement (残ってる, なくしました), and the noun-final
# commands of the golden set (送金, 振込).
_JA_REQUEST = (
    "て", "で", "ください", "下さい", "ます", "ました", "ません", "お願い", "送金", "振込", "振り込み",
    "支払い", "たい", "たいです", "ほしい", "ですか", "ますか", "か", "いくら",
    "てる", "でる", "した", "った", "れた",
)  # fmt: skip
_JA_SOFTENERS = ("ね", "よ")  # "送ってね": the form before them decides


def tail_state_ja(text: str, names: Sequence[str] = ()) -> Tail:
    """Classify the end of Japanese `text`; `names` are the customer's names as written."""
    end = text.rstrip(_JA_PUNCT)
    if not end:
        return Tail.NEUTRAL
    if end.endswith(_JA_FILLERS):
        return Tail.OPEN
    while end.endswith(_JA_SOFTENERS) and len(end) > 1:
        end = end[:-1]
    if end[-1] in _JA_NUMERALS or end.endswith(_JA_PARTICLES):
        return Tail.OPEN
    if _inside_name_ja(end, names):
        return Tail.OPEN
    if end.endswith(_JA_REQUEST) and len(end) > 3:
        return Tail.COMPLETE
    return Tail.NEUTRAL


def partial_tail(text: str, names: Sequence[str] = ()) -> Tail:
    """A live partial's tail (Japanese or English rules by script): open or neutral, never complete.

    Partials are too rough to end a turn early; they may only hold it open ("…佐藤健さんに", "…send $50 to").
    `names` are the customer's payee/biller names as written.
    """
    rules = tail_state(text, name_tokens(names)) if text.isascii() else tail_state_ja(text, names)
    return Tail.NEUTRAL if rules is Tail.COMPLETE else rules


def _inside_name_ja(text: str, names: Sequence[str]) -> bool:
    """The text ends on the start of two or more names and on none of them whole ("…佐藤")."""
    if any(text.endswith(n) for n in names):
        return False
    for size in (3, 2):
        tail = text[-size:]
        if len(tail) == size and sum(1 for n in names if len(n) > size and n.startswith(tail)) >= 2:
            return True
    return False


# -- the rules and the understood turn together ---------------------------------------------------
# A reject that decided a whole command (funds, limits, a payee that is not registered, a card that is
# not locked) needs nothing more; one that says the words were unclear may be answered by what follows.
_DECIDED_REJECTS = frozenset(
    {
        Reason.INVALID_AMOUNT, Reason.OVER_LIMIT, Reason.OVER_DAILY_LIMIT, Reason.INSUFFICIENT_FUNDS,
        Reason.CURRENCY_MISMATCH, Reason.CURRENCY_NOT_SUPPORTED, Reason.DATE_IN_PAST, Reason.DATE_TOO_FAR,
        Reason.RECIPIENT_NOT_REGISTERED, Reason.NO_SOURCE_ACCOUNT, Reason.NO_CARD, Reason.CARD_NOT_LOCKED,
        Reason.NOTHING_DUE,
    }
)  # fmt: skip
_SETTLED_ACTIONS = frozenset({Action.EXECUTE, Action.CONFIRM, Action.HANDOFF})
_NOT_COMMANDS = frozenset({Intent.QNA, Intent.OUT_OF_SCOPE, Intent.AFFIRM, Intent.DENY})


def settled(result: TurnResult) -> bool:
    """Whether an understood turn needs nothing more: a banking command with every slot filled.

    Execute, confirm and handoff are settled; a reject is when policy decided it on a whole command
    (`_DECIDED_REJECTS`); clarify, ask_slot, answers, off-topic turns and unclear words are not.
    """
    if result.intent in _NOT_COMMANDS or result.missing:
        return False
    if result.action is Action.REJECT:
        return result.reason in _DECIDED_REJECTS
    return result.action in _SETTLED_ACTIONS


def end_tail(text: str, names: Sequence[str], preview: TurnResult | None) -> Tail:
    """The tail the endpointer waits on: the rules', made complete when `preview` is settled.

    `names` are the customer's payee/biller names as written; `preview` is `text` understood without
    side effects (None: the rules alone). English is verb-first, so a settled turn completes any
    tail that is neither open nor a bare number ("…on December 1" may go on; "$60", its currency
    said, and a four-digit "ending in" reference are whole); an unsettled English turn waits, since
    the missing amount or name may follow the verb. Japanese puts the verb last: the rules decide
    alone. A sentence-final form ("…振り込んで", "…教えてください") ends the sentence, settled or not
    (a question back is the next turn); "佐藤健さんに5000円" has none, so its verb may follow. Measured
    on the GPU (docs/voice.md): waiting 400 ms on every unsettled Japanese turn took Japanese
    end of speech → action p95 from ~260 ms to 418 ms.
    """
    japanese = not text.isascii()
    rules = tail_state_ja(text, names) if japanese else tail_state(text, name_tokens(names))
    if preview is None or rules is Tail.OPEN or japanese:
        return rules
    if not settled(preview):
        return Tail.NEUTRAL
    toks = tokens(text)
    if not toks:
        return Tail.NEUTRAL
    whole_number = toks[-1].startswith("$") or _complete_digit_string(toks)  # currency said: amount done
    if _is_number(toks[-1]) and not whole_number:
        return Tail.NEUTRAL
    return Tail.COMPLETE
