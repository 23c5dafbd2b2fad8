"""Amounts the customer works out in words: "$30 each for the 3 of us", "$45 plus a $10 tip", "half of $120",
"$500 minus $150", "4 months of $75", "2 tickets at $40 each", 1人2500円ずつ4人分, 3万円の半分,
1万円から3千円引いた額, 5000円×3, 2万円を2か月分.

The amounts of the turn are masked into tokens (⟨a⟩, ⟨b⟩, …) and the working is read from the words around
them. What is worked out is proposed only when it is exact to the currency's minor unit and more than zero;
working said that cannot be done exactly ("$15 for each of the kids", a third of ¥20,000) is returned as such,
so that the turn asks rather than proposing one of the numbers as said.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from decimal import Decimal

from teller.domain.money import exponent
from teller.domain.trace import Extraction
from teller.normalize.amounts import AmountValue
from teller.normalize.numbers_ja import parse_small_number

Span = tuple[int, int]
RULE = "amount_worked_out"

_OPEN, _CLOSE = "\ue000", "\ue001"  # private-use characters: never in a customer's text
_A = _OPEN + "(?P<a>[a-z])" + _CLOSE
_B = _OPEN + "(?P<b>[a-z])" + _CLOSE
_COUNT_WORD = r"two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|[二三四五六七八九十]|[0-9]{1,2}"
_N = rf"(?:{_OPEN}(?P<n>[a-z]){_CLOSE}|(?P<nw>{_COUNT_WORD})(?![0-9]))"
_PEOPLE = r"(?:of (?:us|them)|people|persons|kids|children|friends|guys|adults|tickets|nights|months)"
# (never "a month", "per week": so much a month is a payment that recurs, not one to work out)
_EACH = r"(?:each|apiece|a piece|per (?:person|head|ticket|night)|a (?:head|ticket|night))"
_ONE_JA = rf"(?:{_OPEN}(?P<one>[a-z]){_CLOSE}人|一人|ひとり)(?:あたり|当たり)?"


# The words for a share of something, and how many such shares make it whole (a bill's, in `money_slots`).
SHARES = {"half": 2, "a third": 3, "one third": 3, "a quarter": 4, "one quarter": 4, "半分": 2, "半額": 2,
          "3分の1": 3, "三分の一": 3, "4分の1": 4, "四分の一": 4}  # fmt: skip


@dataclass(frozen=True, slots=True)
class _Working:
    pattern: re.Pattern[str]
    work: Callable[[Decimal, Decimal], Decimal]  # (the amount ⟨a⟩, the other: ⟨b⟩ or the count)


def _times(a: Decimal, n: Decimal) -> Decimal:
    return a * n


def _over(a: Decimal, n: Decimal) -> Decimal:
    return a / n


def _plus(a: Decimal, b: Decimal) -> Decimal:
    return a + b


def _minus(a: Decimal, b: Decimal) -> Decimal:
    return a - abs(b)


def _to(a: Decimal, b: Decimal) -> Decimal:
    return b


_WORKINGS = (
    # so much each for so many
    _Working(re.compile(rf"{_A} {_EACH} (?:for|to|of) (?:the |all |both |my )?{_N}"), _times),
    _Working(re.compile(rf"{_A} (?:for|to) each of (?:the |my |all )?{_N}"), _times),
    _Working(re.compile(rf"{_N} (?:[a-z'-]+ ){{0,2}}(?:at|for|of) {_A} {_EACH}"), _times),
    _Working(re.compile(rf"{_A} {_EACH} for (?:the |all |both |my )?{_N} {_PEOPLE}"), _times),
    _Working(re.compile(rf"{_N} (?:months?|weeks?|nights?)(?:'s?)? (?:of|worth of|at) {_A}"), _times),
    _Working(re.compile(rf"{_ONE_JA}{_A} ?[x×*] ?{_N}(?![0-9])"), _times),
    _Working(re.compile(rf"{_A} ?[x×*] ?{_N}(?![0-9])"), _times),
    _Working(re.compile(rf"{_N} ?[x×*] ?{_A}"), _times),
    _Working(re.compile(rf"{_ONE_JA}{_A}(?:ずつ)?(?:を|で|、)?{_N}人分"), _times),
    _Working(re.compile(rf"{_A}ずつ(?:を|で|、)?{_N}人分"), _times),
    _Working(re.compile(rf"{_N}人分(?:で|を|、)?{_ONE_JA}?{_A}(?:ずつ)?"), _times),
    _Working(re.compile(rf"{_A}(?:を|の)?{_N}(?:か|ヶ|カ|ケ|箇)月分"), _times),
    _Working(re.compile(rf"{_A}(?:を|の)?{_N}回分"), _times),
    # a share of an amount said
    _Working(re.compile(rf"\b(?P<share>half) (?:of )?(?:the |that |this )?{_A}"), _over),
    _Working(re.compile(rf"\b(?P<share>(?:a|one) (?:third|quarter)) of (?:the |that |this )?{_A}"), _over),
    _Working(re.compile(rf"{_A}の(?P<share>半分)"), _over),
    _Working(re.compile(rf"{_A}の{_N}分の(?:1|一)"), _over),
    _Working(re.compile(rf"\b(?:double|twice) (?:the |that |this )?{_A}"), lambda a, _: a * 2),
    _Working(re.compile(rf"{_A}の{_N}倍"), _times),
    _Working(re.compile(rf"{_A}の倍"), lambda a, _: a * 2),
    # a sum, a difference, an amount rounded
    # (what the first part is for may stand between: "$20 for lunch plus a $5 tip"; never "and another $40",
    # a second payment)
    _Working(re.compile(rf"{_A}(?: for(?: [a-z'-]+){{1,2}})? (?:plus|\+) (?:a |an )?{_B}"), _plus),
    _Working(re.compile(rf"{_A} ?(?:\+|足す|たす) ?{_B}"), _plus),
    _Working(re.compile(rf"{_A} (?:less|minus) (?:the )?{_B}"), _minus),
    _Working(re.compile(rf"{_A} ?(?:引く|ひく) ?{_B}"), _minus),
    _Working(re.compile(rf"{_A}から{_B}(?:を)?(?:差し)?引(?:いた|いて|き)"), _minus),
    _Working(re.compile(rf"{_A}[^.?!。？！]{{0,40}}\bround (?:it |that )?(?:up |down )?to {_B}"), _to),
)
# The tokens of "$500 minus $150": the amount said with its sign (the sign is the working here)
_MINUS_SAID = re.compile(rf"{_A} {_B}")
_SIGNED = re.compile(r"(?:minus|マイナス)")  # (a dash is no sign here: "10,000 yen — ten thousand yen")

# Working said where none was done: "…15 dollars for each of the kids", 4人で割った分, 5千円ずつ (in the
# amount's own clause; "$32 for her half of the groceries" says what the money is, not how to work it out)
WORKING_WORDS = re.compile(
    r"\b(?<!my )(?<!her )(?<!his )(?<!our )(?<!their )(?<!your )"
    r"(?:each|apiece|per (?:person|head)|plus|minus|times|half|double(?![- ]check)|twice|a third|"
    r"a quarter)\b|ずつ|半分|倍|引いた|引いて|差し引|足して|割った|割って"
)


@dataclass(frozen=True, slots=True)
class WorkedOut:
    amount: Extraction[AmountValue] | None  # None: working said that cannot be done exactly
    used: tuple[Span, ...]  # the numbers it was worked out from


def _masked(folded: str, said: Sequence[Extraction[AmountValue]]) -> tuple[str, list[int]]:
    """`folded` with each amount a token, and each masked position's place in `folded` (one past the end
    included)."""
    out: list[str] = []
    where: list[int] = []
    at = 0
    for i, a in enumerate(said):
        out.append(folded[at : a.start])
        where.extend(range(at, a.start))
        token = _OPEN + chr(ord("a") + i) + _CLOSE
        out.append(token)
        where.extend([a.start] * (len(token) - 1) + [a.end - 1])
        at = a.end
    out.append(folded[at:])
    where.extend(range(at, len(folded) + 1))
    return "".join(out), where


def _token(said: Sequence[Extraction[AmountValue]], letter: str) -> Extraction[AmountValue]:
    return said[ord(letter) - ord("a")]


def _count(m: re.Match[str], said: Sequence[Extraction[AmountValue]]) -> Decimal | None:
    """The count the working said (2 to 99; a share's parts, `SHARES`; Decimal(0) where the working has
    none)."""
    if "share" in m.re.groupindex:
        return Decimal(SHARES[m["share"]])
    if "n" not in m.re.groupindex:
        return Decimal(0)
    if m["n"] is not None:
        token = _token(said, m["n"]).value
        whole = token.currency is None and token.major == token.major.to_integral_value()
        return token.major if whole and 2 <= token.major <= 99 else None
    n = parse_small_number(m["nw"])
    return Decimal(n) if n is not None and 2 <= n <= 99 else None


def _exact(value: Decimal, currency: str) -> Decimal | None:
    unit = Decimal(1).scaleb(-exponent(currency))
    return value.quantize(unit) if value > 0 and value == value.quantize(unit) else None


def worked_out(folded: str, said: Sequence[Extraction[AmountValue]]) -> WorkedOut | None:
    """The amount worked out of the amounts `said` (every amount of the turn, in order), if the words say
    how; None when they say no working."""
    if not said or len(said) > 4:
        return None
    said = sorted(said, key=lambda a: a.start)
    masked, where = _masked(folded, said)
    for working in _WORKINGS:
        m = working.pattern.search(masked)
        if m is not None:
            return _work(working, m, folded, said, where)
    m = _MINUS_SAID.search(masked)
    b = _token(said, m["b"]) if m is not None else None
    if m is not None and b is not None and b.value.major < 0 and _SIGNED.match(b.surface):
        return _work(_Working(_MINUS_SAID, _minus), m, folded, said, where)
    return None


def _work(
    working: _Working,
    m: re.Match[str],
    folded: str,
    said: Sequence[Extraction[AmountValue]],
    where: list[int],
) -> WorkedOut:
    letters = {g: m[g] for g in ("a", "b", "n", "one") if g in m.re.groupindex and m[g] is not None}
    a = _token(said, letters["a"])
    b = _token(said, letters["b"]) if "b" in letters else None
    operands = [x for x in (a, b) if x is not None]
    currencies = {x.value.currency for x in operands if x.value.currency is not None}
    other = b.value.major if b is not None else _count(m, said)
    used = tuple((x.start, x.end) for x in operands)
    one = _token(said, letters["one"]).value.major if "one" in letters else 1
    if len(currencies) != 1 or other is None or one != 1 or len(said) > len(letters):
        return WorkedOut(None, used)  # another amount beside the working, or no count to work with
    currency = currencies.pop()
    value = _exact(working.work(a.value.major, other), currency)
    if value is None:
        return WorkedOut(None, used)
    start, end = where[m.start()], where[m.end()]
    return WorkedOut(Extraction(start, end, folded[start:end], AmountValue(value, currency), RULE), used)


# A sum asked about, not an order: "what's 20 percent of 45 dollars", "how much is half of 3000 yen",
# 8500円の2割っていくら
_NUMBER = r"[$¥]?\s?\d[\d,.]*\s?(?:dollars?|bucks|yen|円|万円|ドル)?"
_SUM_ASKED = re.compile(
    rf"\b(?:what's|what is|whats|how much is|calculate|work out)\s+"
    rf"(?:\d+\s?(?:%|percent)|half|a third|a quarter|double|twice)\s+(?:of\s+)?{_NUMBER}|"
    rf"{_NUMBER}の(?:[0-9一二三四五六七八九]割|\d+\s?(?:%|％|パーセント)|半分|[0-9一二三四五六七八九]分の[0-9一]|"
    rf"[0-9一二三四五六七八九]?倍)(?:って|は|が)?(?:いくら|なんぼ|何円|どのくらい)"
)


def asks_a_sum(folded: str) -> bool:
    """Whether the turn asks what a share or a multiple of a number comes to (arithmetic, not banking)."""
    return _SUM_ASKED.search(folded) is not None
