"""Numbers in what the recognizer heard, checked against the number grammar and across its n-best.

Pure text. Three checks, used by `hearing.hear`:

- `malformed(text)`: how many numbers in a transcript no one says that way: digits after a comma
  that are no thousands group ("1,0000", "12,34"; a comma no digit follows is punctuation, "over
  500, send 100", and a group may end at 円, round 16), or two amounts side by side where one was
  said ("100 and $20" for "one hundred and twenty", "$10 $50"). The n-best prefers a hypothesis
  with fewer.
- `disputed(chosen, others)`: the n-best's hypotheses name different amounts ("$16" / "$60",
  "3000円" / "300円"; a malformed one disputes too, unless its pieces add up to the amount: "100
  and $20" is a reading of 120, or each is a piece of it as said: "$250 and $50 and 50 cents" is a
  reading of $250.50). Nothing is picked: the other readings are written into the transcript
  ("Send $16 (or $60) to …", "3000円（または300円）"), so the text pipeline sees a second amount it
  cannot explain and asks instead of proposing one. The same amount written differently ("$50" /
  "50 dollars", 三千円 / 3000円 / さんぜんえん) is no dispute; a hypothesis with no amount at all
  neither disputes nor confirms one.
- `glued_two(text)`: Japanese "さん26000円": the particle に sounds like 2 and さん like 3, so
  "さんに6000円" can come out as "さん26000円" (or "鈴木一郎325万円" for 鈴木一郎さんに5万円). When
  the rest after the 2 (32) is a whole amount on its own, both readings go to the turn, as for a
  dispute. For the same reason a hypothesis that differs from another only there ("さん27000円" /
  "さんに7000円") does not dispute its amount.

Card and account references ("ending in 1002", 末尾1234) are not amounts here: the n-best is checked
against the customer's own digits for those (`hearing._fit`), and their digits however the recognizer
grouped them ("ending in 8-830", "1 0 0 2") are never amounts. Round 6 adds `joined` (an amount said in
pieces, "100 and $20", is the one amount it adds up to) and `split_forty` ("Pay for the $5": forty heard
as "for the", asked both ways). No number is ever replaced by another value. Round 17 adds `kana_two`:
"に万円" is 2万円 — 二 and the particle に are both "ni", and 万 is never said without a numeral of its own.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass
from decimal import Decimal
from itertools import pairwise

from teller.normalize.amounts import find_amounts

OPEN = "…"  # ends a second-look reading cut off by its length limit (its last number may go on)
_DASHES = str.maketrans({"‐": "-", "‑": "-", "‒": "-", "–": "-", "—": "-", "―": "-", "−": "-"})
_QUOTES = str.maketrans({"’": "'", "‘": "'", "`": "'", "“": '"', "”": '"'})
# "1,0000", "12,34": digits after a comma that are no thousands group (a group ends at any non-digit:
# "12,300円"; a comma no digit follows is punctuation: "over 500, send 100", round 16)
_BAD_COMMA = re.compile(r"\d,(?=\d)(?!\d{3}(?!\d))\d*|\b\d{1,3}(?:,\d{3})*,\d{1,2}(?!\d)")
# what may stand between two amounts said as one ("100 and $20", "$10 $50")
_BETWEEN = re.compile(r"[\s,]*(?:and\s*)?[\s,]*")
_REFERENCE = re.compile(r"(?:ending|last|digits|末尾|下4桁|下四桁|番号)\D{0,12}?$", re.I)
# ...and the rest of its digit string, however the recognizer grouped it ("ending in 8-830", "1 0 0 2")
_REFERENCE_RUN = re.compile(r"(?:ending|last|digits|末尾|下4桁|下四桁|番号)\D{0,12}?\d[\d\s,.-]*$", re.I)
# what joins the pieces of one amount said as "N hundred and M" ("100 and $20")
_AND = re.compile(r"\s*,?\s*and\s+", re.I)
# "forty" heard as "for (the)" between the money verb and a units amount ("Pay for the $5 to …")
_FOR_UNITS = re.compile(
    r"^\W*(?:(?:please|can you|could you)\s+)?(?:pay|send|transfer|wire|give)\s+for(?:\s+the)?\s+"
    r"(?P<amount>\$[1-9](?![\d,.]*\d)|[1-9]\s+dollars?\b)",
    re.I,
)
# a number heard glued to the letters before it (round 16): digits before a currency word ("IDY80 bucks"),
# a tens word ending a word that is no English word ("Latwenty Five")
_GLUED_DIGITS = re.compile(r"\b([A-Za-z]+)(\d[\d,]*(?:\.\d+)?)(?=\s*(?:bucks|dollars?|yen)\b)", re.I)
_GLUED_TENS = re.compile(r"\b([A-Za-z]{2,}?)(twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety)\b", re.I)
GLUED = "hear:glued"
# に right before 万 with no numeral before it: the numeral 2 written in kana ("さんへに万円", round 17);
# 千 and 百 are numbers alone (に千円: the particle and 1000円), 万が一 no amount
_KANA_TWO = re.compile(
    r"(?<![0-9０-９〇一二三四五六七八九十百千])に(?=万(?:円|[0-9０-９一二三四五六七八九千百]))"
)
KANA_TWO = "hear:kana_two"
_CURRENCY = re.compile(r"[$¥€£円]|\b(?:yen|dollars?|euros?|pounds?|bucks)\b", re.I)
_SIGN_AND_WORD = re.compile(r"[$¥€£](?=[\d,.]+ ?(?:(?:yen|dollars?|euros?|pounds?)\b|円))")
_HONORIFIC_TWO = re.compile(r"(?:さん|さま|様|くん|ちゃん)(2)(?=[1-9])")
# さん sounds like 3 and に like 2: digits glued to a name (kana or kanji that is no numeral) may be them
_NAME_CHAR = r"[\u3041-\u3096\u30a1-\u30fa\u4e00-\u9fff々](?<![〇一二三四五六七八九十百千万億兆])"
_NAME_32 = re.compile(_NAME_CHAR + r"(32)(?=[1-9])")
_JAPANESE = re.compile(r"[\u3041-\u3096\u30a1-\u30fa\u4e00-\u9fff円]")
_HOMOPHONE = re.compile(_NAME_CHAR + r"(?<!に)(32|3|2)(?=[1-9])")  # after に the particle was heard


@dataclass(frozen=True, slots=True)
class Amount:
    """One amount in a transcript: where it stands (in `text`), as heard, and its value."""

    start: int
    end: int
    surface: str
    major: Decimal
    currency: str | None


@dataclass(frozen=True, slots=True)
class Doubt:
    """Readings of one amount the turn must ask about: the text with them written in, and all of them."""

    text: str
    readings: tuple[str, ...]
    at: int | None = None  # where the doubted amount (or name) starts in the text read


def amounts(text: str) -> list[Amount]:
    """Money amounts in `text` (positions index `text` itself), card and account digits left out."""
    norm = _norm(text)
    if len(norm) != len(text):  # a character NFKC expands: positions would not index `text`
        return [Amount(len(text), len(text), a.surface, a.major, a.currency) for a in _found(norm)]
    return [Amount(a.start, a.end, text[a.start : a.end], a.major, a.currency) for a in _found(norm)]


def amount_spans(text: str) -> list[tuple[int, int]]:
    """(start, end) of each money amount in `text`, as characters of `text` (card digits left out)."""
    return [(a.start, a.end) for a in amounts(text) if a.end > a.start]


def malformed(text: str) -> int:
    """How many numbers in `text` break the number grammar (see the module docstring)."""
    norm = _norm(text)
    bad = len(_BAD_COMMA.findall(norm))
    found = amounts(text)
    for a, b in pairwise(found):
        if a.end < len(norm) and _BETWEEN.fullmatch(norm[a.end : b.start]):
            bad += 1
    return bad


def disputed(chosen: str, others: Sequence[str]) -> Doubt | None:
    """The other amounts the n-best heard where `chosen` heard its own, written into `chosen` (else None):
    each beside the amount it disputes when the two transcripts name as many amounts ("another 15 (or 50)
    now", round 14), else beside the first."""
    mine = amounts(chosen)
    if not mine:
        return None  # no amount to propose: the turn asks for one itself
    readings: dict[int, list[str]] = {}  # index of the amount of `chosen` disputed → the other readings
    for other in others:
        theirs = amounts(other)
        if not theirs or any(_agree(mine, amounts(r)) for r in _readings(other)):
            continue
        if malformed(other) and _in_pieces(mine, theirs):
            continue  # "100 and $20" for "one hundred and twenty": one number heard in pieces
        for i, a in enumerate(theirs):
            seen = [r for group in readings.values() for r in group]
            if not any(_same(a, m) for m in mine) and a.surface.strip() not in seen:
                readings.setdefault(_paired(i, theirs, mine), []).append(a.surface.strip())
    if not readings:
        return None
    text = chosen
    for i in sorted(readings, reverse=True):  # from the last, so the earlier positions still hold
        text = written_in(text, mine[i], readings[i])
    first = min(readings)
    heard = [r for i in sorted(readings) for r in readings[i]]
    return Doubt(text, (mine[first].surface, *heard), mine[first].start)


def _paired(i: int, theirs: Sequence[Amount], mine: Sequence[Amount]) -> int:
    """The amount of `mine` that the `i`-th of `theirs` stands for: the same one when both name as many
    amounts (round 14: "another 15 (or 50)", not "200 (or 50) … another 15"), else the first (as before)."""
    return i if len(theirs) == len(mine) else 0


def second_look(text: str, rechecks: Sequence[tuple[str, float]], *, share: float) -> list[str]:
    """The readings of a wider beam (`rechecks`: transcript up to an amount + what it heard from there,
    probability) that name another amount where `text` names one, heard with at least `share` of the
    probability of the amount `text` has; all of them when the wider beam never heard that one. The -teen /
    -ty twin of an amount in English disputes at any share (`twins`).

    A reading cut off inside its number (ending in `OPEN`) neither disputes nor confirms; nor does one
    with no amount there.
    """
    mine = amounts(text)
    if not mine or len(_norm(text)) != len(text):
        return []
    heard: dict[int, dict[tuple[Decimal, str | None], list[tuple[str, float]]]] = {}
    for reading, prob in rechecks:
        whole = reading.removesuffix(OPEN)
        at = next((m for m in reversed(mine) if whole.startswith(text[: m.start])), None)
        found = next((a for a in amounts(whole) if at is not None and a.start == at.start), None)
        if at is None or found is None or (reading.endswith(OPEN) and found.end >= len(whole.rstrip())):
            continue
        key = (found.major, found.currency or at.currency)
        heard.setdefault(at.start, {}).setdefault(key, []).append((whole, prob))
    out: list[str] = []
    for m in mine:
        values = heard.get(m.start, {})
        own = sum(p for key, group in values.items() if key[0] == m.major for _, p in group)
        for key, group in values.items():
            if key[0] == m.major:
                continue
            english = not _JAPANESE.search(text)  # the twins are English number words (round 15)
            if sum(p for _, p in group) >= share * own or (english and twins(key[0], m.major)):
                out.append(max(group, key=lambda r: r[1])[0])
    return out


def twins(a: Decimal, b: Decimal) -> bool:
    """Whether `a` and `b` are a -teen and its -ty ("15" / "50", "14,000" / "40,000"): they differ only in the
    unstressed end of one English word, which the telephone band blurs, so a twin the wider beam heard at all
    (any share) disputes an English amount (round 15: "another 15" for 50 with the 50 at 0.04, and
    proposed). Japanese says them apart (十五 / 五十)."""
    for scale in (1, 1000):
        x, y = sorted((a / scale, b / scale))
        if x == int(x) and y == int(y) and 13 <= x <= 19 and y == (x - 10) * 10:
            return True
    return False


def joined(text: str) -> tuple[str, str, str, int] | None:
    """(heard pieces, the one amount, `text` with it, where the pieces start) for an amount said as
    "N hundred/thousand and M" and written in two pieces: a round number with no currency, "and", and a
    smaller one with its currency ("100 and $20" → "$120", "1000 and 500 yen" → "1500 yen"); None when
    there is none."""
    found = amounts(text)
    for a, b in pairwise(found):
        if a.end >= len(text) or not _AND.fullmatch(text[a.end : b.start]):
            continue
        if a.currency is not None or _CURRENCY.search(a.surface) or b.currency is None:
            continue
        if a.major != a.major.to_integral_value() or b.major != b.major.to_integral_value() or b.major <= 0:
            continue
        whole = int(a.major)
        zeros = len(str(whole)) - len(str(whole).rstrip("0"))
        if zeros < 2 or b.major >= 10**zeros:
            continue  # "2 and $20", "100 and $200": no number of the grammar
        total = whole + int(b.major)
        digits = re.search(r"\d[\d,]*", b.surface)
        if digits is None:
            continue  # the smaller piece said in words: leave it to the text pipeline
        surface = b.surface[: digits.start()] + str(total) + b.surface[digits.end() :]
        return text[a.start : b.end], surface, text[: a.start] + surface + text[b.end :], a.start
    return None


def split_forty(text: str) -> Doubt | None:
    """ "Pay for the $5 to Verizon": "forty" heard as "for (the)" right after the money verb, before a
    units amount ($1-$9, "3 dollars"), which is how "pay forty-five dollars" comes out. Both readings go
    to the turn ("$5 (or $45)"), so it asks; nothing is picked. "for the" after the amount ("$5 for the
    parking") or before any other amount is left alone."""
    m = _FOR_UNITS.search(text)
    if m is None:
        return None
    units = next((a for a in amounts(text) if a.start == m.start("amount")), None)
    if units is None or units.major != units.major.to_integral_value() or not 1 <= units.major <= 9:
        return None
    if units.currency not in (None, "USD"):
        return None
    forty = f"${40 + int(units.major)}"
    return Doubt(written_in(text, units, [forty]), (units.surface, forty), units.start)


def unglued(text: str) -> tuple[str, list[tuple[str, str]]]:
    """`text` with a number the recognizer glued to the letters before it written apart, and each (heard,
    written) pair: "Pay Xfion IDY80 bucks" → "… IDY 80 bucks" (the amount was read as none, and the bill
    proposed in full), "Pay Chris Mack, Latwenty Five" → "… La twenty Five" (read as $5). The digits and
    words are the recognizer's own; only the space between them is put back. An English word that ends
    in a tens word ("plenty" is none, but any word Whisper writes in lower case) is left alone (round 16)."""
    from teller.voice.hearing_place import common_words

    changes: list[tuple[str, str]] = []

    def apart(m: re.Match[str]) -> str:
        if m.group(0).lower() in common_words():
            return m.group(0)
        put = f"{m.group(1)} {m.group(2)}"
        changes.append((m.group(0), put))
        return put

    return _GLUED_TENS.sub(apart, _GLUED_DIGITS.sub(apart, text)), changes


def kana_two(text: str) -> tuple[str, list[int]]:
    """`text` with the numeral 2 that the recognizer wrote as the kana に before 万 written as 2
    ("斉藤健さんへに万円" → "… へ2万円"), and where each stood (round 17)."""
    at = [m.start() for m in _KANA_TWO.finditer(text)]
    return _KANA_TWO.sub("2", text), at


def glued_two(text: str, others: Sequence[str] = ()) -> Doubt | None:
    """ "さん26000円" (or "鈴木一郎325万円") read both ways: as heard, and with the leading 2 (32) as the
    particle に (さんに) and the rest as the amount; unless another hypothesis heard the particle too."""
    found = amounts(text)
    for m in (*_HONORIFIC_TWO.finditer(text), *_NAME_32.finditer(text)):
        at = m.start(1)
        whole = next((a for a in found if a.start == at), None)
        if whole is None:
            continue
        rest = text[m.end(1) : whole.end]
        alone = amounts(rest)
        if len(alone) != 1 or alone[0].start != 0 or alone[0].end != len(rest):
            continue
        if any("に" + whole.surface in other for other in others):
            continue  # another hypothesis heard the particle and the whole number: it was said
        return Doubt(written_in(text, whole, [rest]), (whole.surface, rest), whole.start)
    return None


def _readings(text: str) -> list[str]:
    """`text`, and its readings with digits glued to a name as さん/に ("さん27000円": "さんに7000円")."""
    out = [text]
    for m in _HOMOPHONE.finditer(text):
        spoken = {"32": "さんに", "3": "さん", "2": "に"}[m.group(1)]
        out.append(text[: m.start(1)] + spoken + text[m.end(1) :])
    return out


def _found(norm: str) -> list[Amount]:
    out = []
    for e in find_amounts(norm):
        before = norm[max(0, e.start - 32) : e.start]
        if _REFERENCE.search(before[-24:]):
            continue
        if e.value.currency is None and not _CURRENCY.search(e.surface) and _REFERENCE_RUN.search(before):
            continue  # the rest of a card number's digits ("8-830", "1 0 0 2"), no amount
        out.append(Amount(e.start, e.end, e.surface, e.value.major, e.value.currency))
    return out


def _norm(text: str) -> str:
    """NFKC, dashes, quotes and case as `fold` has them, but no change of length where avoidable; a
    currency sign the recognizer wrote before a number whose currency word was said is dropped
    ("$10,000 yen" is ten thousand yen)."""
    norm = unicodedata.normalize("NFKC", text).translate(_DASHES).translate(_QUOTES).casefold()
    return _SIGN_AND_WORD.sub(" ", norm)


def _same(a: Amount, b: Amount) -> bool:
    return a.major == b.major and (a.currency is None or b.currency is None or a.currency == b.currency)


def _in_pieces(mine: list[Amount], theirs: list[Amount]) -> bool:
    """Whether a malformed reading is the one amount heard, written in pieces: its pieces add up to it
    ("100 and $20": 120), or each is a piece of it as said (round 9: "$250 and $50 and 50 cents" for
    "two hundred and fifty dollars and fifty cents", $250.50; see `_pieces`)."""
    currencies = {a.currency for a in (*mine, *theirs)} - {None}
    if len(mine) != 1 or len(currencies) > 1:
        return False
    whole = mine[0].major
    if sum(a.major for a in theirs) == whole:
        return True
    return len(theirs) > 1 and all(a.major in _pieces(whole) for a in theirs)


def _pieces(whole: Decimal) -> set[Decimal]:
    """The numbers one says in saying `whole`, and what a stutter or a split makes of them: $250.50 is
    250.50, 250, 200, 50, 50.50 and the cents (50, 0.50); $16 is 16, 10 and 6 (never 60)."""
    units = int(whole)
    cents = whole - units
    out = {whole, Decimal(units)}
    if cents:
        out |= {cents, cents * 100}
    for k in range(1, len(str(units)) + 1):
        tail = units % 10**k
        out |= {Decimal(tail), Decimal(units - tail), tail + cents}
    return out - {Decimal(0)}


def _agree(mine: list[Amount], theirs: list[Amount]) -> bool:
    return len(mine) == len(theirs) and all(_same(a, b) for a, b in zip(mine, theirs, strict=True))


def written_in(text: str, amount: Amount, readings: Sequence[str]) -> str:
    """`text` with the other readings right after `amount`: "$16 (or $60)", "3000円（または300円）"."""
    japanese = not text.isascii()
    form = "（または{}）" if japanese else " (or {})"
    extra = "".join(form.format(r) for r in readings)
    at = amount.end
    return text[:at] + extra + text[at:]
