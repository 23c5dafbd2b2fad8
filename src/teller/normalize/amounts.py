"""Amounts: every number in folded text, with the currency when the text names one.

Two scanners run over the same text and their finds are merged, longest first:

- the English scanner walks word and digit tokens ("$1,250.50", "two hundred and fifty dollars and
  fifty cents", "1.5 million yen", "12000円");
- the Japanese scanner reads runs of kanji numerals and digits with kanji magnitudes (一万二千四百円,
  1万2千円, 150万). Kanji numerals are ordinary characters inside names and words (鈴木一郎, 一番,
  十分), so a run of kanji alone counts only when 円 or a counter follows it, or when it has
  magnitude structure and stands apart from other kanji.

An amount said as a guess ("two hundred or so", "a hundred-something", "a couple hundred", 五千円くらい,
七、八千円, 一万円ちょっと) keeps its number and gets "+vague" on its rule: nobody may pay it as said.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from decimal import Decimal
from itertools import pairwise

from teller.domain.trace import Extraction
from teller.normalize.numbers_en import (
    LITERAL,
    MAGNITUDE_WORDS,
    NUMBER_WORDS,
    TEENS,
    TENS,
    UNITS,
    NumberMachine,
    parse_literal,
    parse_number_words_en,
)
from teller.normalize.numbers_ja import KANA_NUMERALS, LARGE, NUMERAL_CHARS, SMALL, parse_number_ja
from teller.normalize.script import is_hiragana, is_kanji, is_katakana
from teller.normalize.text import JA_HONORIFICS


@dataclass(frozen=True, slots=True)
class AmountValue:
    """A spoken number in major units, and the ISO currency code when the text said one."""

    major: Decimal
    currency: str | None


CURRENCY_WORDS: dict[str, str] = {
    "$": "USD", "dollar": "USD", "dollars": "USD", "buck": "USD", "bucks": "USD", "usd": "USD",
    "¥": "JPY", "円": "JPY", "yen": "JPY", "jpy": "JPY",
    "€": "EUR", "euro": "EUR", "euros": "EUR", "eur": "EUR",
    "£": "GBP", "pound": "GBP", "pounds": "GBP", "quid": "GBP", "gbp": "GBP",
    "ドル": "USD", "ユーロ": "EUR", "ポンド": "GBP",
    # currencies no account here holds, read so that they are never taken for the account's own
    "won": "KRW", "yuan": "CNY", "rmb": "CNY", "peso": "MXN", "pesos": "MXN", "rupee": "INR", "rupees": "INR",
    "ウォン": "KRW", "人民元": "CNY", "ペソ": "MXN", "ルピー": "INR",
}  # fmt: skip
# written right after a Japanese amount
_JA_SUFFIXES = ("円", "ドル", "ユーロ", "ポンド", "ウォン", "人民元", "ペソ", "ルピー")
_PREFIXES = frozenset({"$", "¥", "€", "£", "usd", "jpy", "eur", "gbp"})
_CENTS = frozenset({"cent", "cents", "pence"})
_TWO_DIGITS = re.compile(r"[0-9]{2}")
_CENTS_END = frozenset(
    {"to", "for", "please", "pls", "now", "from", "on", "tomorrow", "today", "via", "with", "by"}
)
_JA_MONEY_VERBS = ("振り込", "振込", "送", "払", "支払", "入金")
_HAS_MINOR_UNIT = frozenset({"USD", "EUR", "GBP"})
# Words that may open a number; "a" only when "hundred"/"thousand"/"grand" follows, which the machine checks.
_STARTERS = NUMBER_WORDS | {"a"}
# Letters glued to digits that still leave the digits an amount: "5k", "20000jpy".
_GLUED_OK = frozenset({"k"} | {w for w in CURRENCY_WORDS if w.isascii() and w.isalpha()})

# One token and the gap before it. Only a space, hyphen or comma may join the words of one number.
_NEXT = re.compile(
    r"(?P<gap>, ?| |-)?(?P<tok>" + LITERAL + r"|[a-z]+|[$¥€£円]|ドル|ユーロ|ポンド|ウォン|人民元|ペソ|ルピー)"
)
_JOIN_GAPS = frozenset({" ", "-", ",", ", "})
_CURRENCY_GAPS = frozenset({"", " ", "-"})  # "5円", "5 yen", "a 5-dollar bill"
_PREFIX_GAPS = frozenset({"", " "})
# Where an amount can begin; everything else in the text is skipped by one regex search.
_START = re.compile(
    r"[$¥€£]|(?<![0-9])[0-9]|(?<![a-z])(?:"
    + "|".join(sorted((_STARTERS | _PREFIXES) - set("$¥€£"), key=len, reverse=True))
    + r")(?![a-z])"
)
_ALNUM_BEFORE = re.compile(r"[a-z0-9._]")
# counters of things (件, 回, 人) stay numbers: counts; 営 is 3営業日, a count of business days
_JA_UNITS = frozenset("月日年時分秒週歳号番階台倍営")
_GLUED_AFTER = re.compile(r"[a-z_]+")

_JA_RUN = re.compile(r"¥?(?:" + LITERAL + "|[" + NUMERAL_CHARS + "])+")
_JA_KANJI = re.compile("[" + NUMERAL_CHARS + "]")
_JA_MAGNITUDE = re.compile("[" + "".join(SMALL) + "".join(LARGE) + "]")
_JA_COUNTERS = frozenset("件回個枚人名本つ")
# 数千円 is "several thousand yen", not ¥1,000.
_JA_VAGUE = frozenset("数何幾")


def _is_ideograph(ch: str) -> bool:
    return is_kanji(ch) or is_katakana(ch)


@dataclass(slots=True)
class _Tok:
    text: str
    start: int
    end: int
    gap: str  # what separates it from the token before: "", " ", "-", "," or ", "


# A dot before exactly three digits, with no comma: a decimal, or thousands grouped with a dot.
_DOT_GROUPED = re.compile(r"[1-9][0-9]{0,2}\.[0-9]{3}")


def _tok_at(text: str, pos: int) -> _Tok | None:
    m = _NEXT.match(text, pos)
    return None if m is None else _Tok(m["tok"], m.start("tok"), m.end(), m["gap"] or "")


def _literal_ok(text: str, start: int, end: int) -> bool:
    """Digits glued to letters ("28th", "5pm", "p_201") are not amounts; "5k" and "20000jpy" are; nor are
    digits glued to a unit of time or order (12月分, 3日, 2時)."""
    if start and _ALNUM_BEFORE.match(text, start - 1):
        return False
    if text[end : end + 1] in _JA_UNITS:
        return False
    glued = _GLUED_AFTER.match(text, end)
    return glued is None or glued.group() in _GLUED_OK


def _read_number(text: str, first: _Tok) -> tuple[Decimal, int, str] | None:
    """The longest number starting with token `first`: (value, end offset, rule)."""
    machine = NumberMachine()
    if first.text[0].isdigit():
        if not _literal_ok(text, first.start, first.end):
            return None
        machine.feed_literal(parse_literal(first.text))
        rule = "digits_grouped" if "," in first.text else "digits"
        if _DOT_GROUPED.fullmatch(first.text):
            rule = "digits_dot_ambiguous"  # "1.250": 1.25, or 1,250 written as much of Europe writes it
    elif first.text in _STARTERS and machine.feed(first.text):
        rule = "en_words"
    else:
        return None
    best = (machine.value, first.end, rule) if machine.accepting else None
    tok = _tok_at(text, first.end)
    while tok is not None:
        # "5k" is the only word allowed to touch what comes before it.
        glued_k = tok.gap == "" and tok.text == "k" and tok.start == first.end
        if not (tok.gap in _JOIN_GAPS or glued_k) or not machine.feed(tok.text):
            break
        if rule != "en_words" and tok.text in MAGNITUDE_WORDS:
            rule = "digits_magnitude"
        if machine.accepting:
            best = (machine.value, tok.end, rule)
        tok = _tok_at(text, tok.end)
    return best


def _currency_at(text: str, pos: int) -> tuple[str, int] | None:
    """A currency named right after `pos` ("dollars", "us dollars", "円"): (code, end offset)."""
    tok = _tok_at(text, pos)
    if tok is None or tok.gap not in _CURRENCY_GAPS:
        return None
    if tok.text == "us":
        dollars = _tok_at(text, tok.end)
        if dollars and dollars.gap == " " and dollars.text in ("dollar", "dollars"):
            return "USD", dollars.end
    code = CURRENCY_WORDS.get(tok.text)
    return (code, tok.end) if code else None


def _cents_at(text: str, pos: int, *, after_word: bool = False) -> tuple[Decimal, int] | None:
    """ "and fifty cents" / "5 cents" after a currency word: (cents, end offset); after a currency said
    as a word, two digits alone are cents too ("5 dollars 50")."""
    tok = _tok_at(text, pos)
    if tok is not None and tok.text == "and" and tok.gap == " ":
        tok = _tok_at(text, tok.end)
    if tok is None or tok.gap != " ":
        return None
    read = _read_number(text, tok)
    if read is None:
        return None
    cents, end, _ = read
    if cents != cents.to_integral_value() or not 0 <= cents < 100:
        return None
    unit = _tok_at(text, end)
    if unit is not None and unit.text in _CENTS and unit.gap == " ":
        return cents, unit.end
    if (
        after_word
        and _TWO_DIGITS.fullmatch(tok.text)
        and end == tok.end
        and (unit is None or unit.text in _CENTS_END)
    ):
        return cents, end  # "5 dollars 50 to catherine" (not "20 dollars 30 minutes from now")
    return None


def _tidy(value: Decimal) -> Decimal:
    """Integral values lose the exponent that scaling left behind (1.5 million → 1500000, not 1500000.0)."""
    return Decimal(int(value)) if value == value.to_integral_value() else value


def _small_words(text: str, first: _Tok) -> tuple[Decimal, int] | None:
    """A number from 10 to 99 said in words ("fifty", "forty-five"): (value, end offset)."""
    if first.text not in NUMBER_WORDS:
        return None
    read = _read_number(text, first)
    if read is None or read[2] != "en_words" or not 10 <= read[0] < 100:
        return None
    return read[0], read[1]


def _spoken_price(text: str, value: Decimal, end: int, rule: str) -> tuple[Decimal, int, str] | None:
    """ "two fifty", "twelve fifty", "three forty-five": a price said in two parts, 2.50 or 250.

    Read as hundreds; the rule says the reading is ambiguous unless a currency word follows
    ("two fifty dollars" is $250). Dollars then cents said after hundreds ("a hundred forty two thirty
    seven", "one forty two thirty seven", "two hundred ten twenty") are one reading: 142.37, 210.20.
    """
    if rule != "en_words" or value != value.to_integral_value() or not 1 <= value < 1000:
        return None
    nxt = _tok_at(text, end)
    if nxt is None or nxt.gap not in (" ", "-"):
        return None
    part = _small_words(text, nxt)
    if part is None or (20 <= value < 100 and value % 10 == 0 and part[0] % 10 == 0):
        return None  # "thirty forty bucks", "forty fifty": a range or a price in parts, read as two numbers
    if value >= 100:
        return value + part[0].scaleb(-2), part[1], SPOKEN_DOLLARS_CENTS
    after = _tok_at(text, part[1])
    cents = (
        _small_words(text, after) if after is not None and after.gap in (" ", "-") and value < 10 else None
    )
    if cents is not None:
        return value * 100 + part[0] + cents[0].scaleb(-2), cents[1], SPOKEN_DOLLARS_CENTS
    return value * 100 + part[0], part[1], "spoken_price"


SPOKEN_DOLLARS_CENTS = "spoken_dollars_cents"


def _amount_at(text: str, start: int) -> Extraction[AmountValue] | None:
    first = _tok_at(text, start)
    if first is None:
        return None
    currency = None
    sign = 1
    if first.text in _PREFIXES:
        after = _tok_at(text, first.end)
        if after is not None and after.gap == "-" and after.text[0].isdigit():
            sign = -1  # "$-20"
        elif after is None or after.gap not in _PREFIX_GAPS:
            return None
        currency, number = CURRENCY_WORDS[first.text], after
    else:
        number = first
    read = _read_number(text, number)
    if read is None:
        return None
    value, end, rule = read
    price = _spoken_price(text, value, end, rule) if currency is None else None
    if price is not None:
        value, end, rule = price
    suffix = _currency_at(text, end)
    if suffix and currency in (None, suffix[0]):
        currency, end = suffix
    elif price is not None and rule != SPOKEN_DOLLARS_CENTS:
        rule += "_ambiguous"
    said_as_word = bool(suffix) and text[end - 1 : end].isalpha() and value == value.to_integral_value()
    cents = (
        _cents_at(text, end, after_word=said_as_word)
        if currency in _HAS_MINOR_UNIT and price is None
        else None
    )
    if cents:
        value, end = value + cents[0].scaleb(-2), cents[1]
        rule += "+cents"
    elif currency in _HAS_MINOR_UNIT and suffix and (spoken := _spoken_cents(text, end)):
        value, end = value + spoken[0].scaleb(-2), spoken[1]  # "two dollars fifty"
        rule += "+cents"
    elif currency is None:
        unit = _tok_at(text, end)
        if unit is not None and unit.text in _CENTS and unit.gap == " ":
            value, end, rule = value.scaleb(-2), unit.end, "cents"
    if currency is None and text[first.start : end] == "one" and _ONE_AS_PRONOUN.search(text[: first.start]):
        return None  # "…no wait, the water one", "that one", "which one": a thing, not a number
    value = _tidy(value) if sign > 0 else _tidy(value).copy_negate()
    return Extraction(first.start, end, text[first.start : end], AmountValue(value, currency), rule)


_ONE_AS_PRONOUN = re.compile(r"\b(?:the|this|that|which|other|another|same|each|every)(?: [a-z'.-]+){0,3} $")


def _spoken_cents(text: str, pos: int) -> tuple[Decimal, int] | None:
    """ "fifty" right after "two dollars": the cents, when no other unit follows them."""
    tok = _tok_at(text, pos)
    if tok is None or tok.gap != " ":
        return None
    part = _small_words(text, tok)
    if part is None:
        return None
    unit = _tok_at(text, part[1])
    if (
        unit is not None
        and unit.gap in (" ", "-", "")
        and (unit.text in CURRENCY_WORDS or unit.text in _CENTS)
    ):
        return None
    return part


_FRACTIONS = {"half": Decimal("0.5"), "quarter": Decimal("0.25"), "quarters": Decimal("0.25"),
              "third": Decimal(1) / 3, "thirds": Decimal(1) / 3}  # fmt: skip
_COUNTS = {"a": 1, "an": 1, "one": 1, "two": 2, "three": 3}
_UNITS = {"hundred": 100, "thousand": 1000, "grand": 1000, "million": 10**6, "billion": 10**9}
_FRACTION = re.compile(
    r"(?<![a-z0-9])(?:(?P<count>a|an|one|two|three) )?(?P<frac>half|quarters?|thirds?) "
    r"(?:of )?(?:(?:a|an|one) )?"
    r"(?P<unit>hundred|thousand|grand|million|billion)(?![a-z0-9])"
)


# "one and a half k", "two and a half grand", "a grand and a half": a whole count and half of its unit
_AND_A_HALF = re.compile(
    r"(?<![a-z0-9])(?:(?P<count>a|an|one|two|three|four|five|six|seven|eight|nine|ten|\d{1,2}) and a half "
    r"(?P<unit>k|grand|thousand|hundred|million)|"
    r"(?P<one>a|one) (?P<unit2>grand|thousand|hundred|million) and a half)"
    r"(?![a-z0-9])"
)
_WHOLE = {"a": 1, "an": 1, **UNITS, **{k: v for k, v in TEENS.items() if v == 10}}
_HALF_UNITS = {**_UNITS, "k": 1000}
# "a buck seventy-five", "a dollar twenty five", "three dollars fifty": dollars, then cents said bare
_DOLLARS_CENTS = re.compile(
    r"(?<![a-z0-9.$])(?P<whole>a|one|two|three|four|five|six|seven|eight|nine|ten|\d{1,3}) "
    r"(?:bucks?|dollars?) (?:and )?"
    r"(?P<cents>(?:twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety)"
    r"(?:[- ](?:one|two|three|four|five|six|seven|eight|nine))?|"
    r"eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen|ten)(?![a-z0-9]|\s*(?:cents?|dollars?|bucks?|percent|times?|%)|[.,]\d)"
)


def _scan_halves_and_cents(text: str) -> list[Extraction[AmountValue]]:
    found = []
    for m in _AND_A_HALF.finditer(text):
        count = m["count"] or m["one"]
        whole = int(count) if count.isdigit() else _WHOLE[count]
        value = (Decimal(whole) + Decimal("0.5")) * _HALF_UNITS[m["unit"] or m["unit2"]]
        currency, end = None, m.end()
        if suffix := _currency_at(text, end):
            currency, end = suffix
        amount = AmountValue(_tidy(value), currency)
        found.append(Extraction(m.start(), end, text[m.start() : end], amount, "and_a_half"))
    for m in _DOLLARS_CENTS.finditer(text):
        whole = int(m["whole"]) if m["whole"].isdigit() else _WHOLE[m["whole"]]
        cents = parse_number_words_en(m["cents"])
        if cents is None or not 0 < cents < 100:
            continue
        value = Decimal(whole) + cents / 100
        found.append(Extraction(m.start(), m.end(), m.group(), AmountValue(value, "USD"), "dollars_cents"))
    return found


# A decimal before a magnitude word: "2.5 hundred" ($250), "one point five k" ($1,500), "three point two
# five thousand"; the number reader takes no magnitude after a decimal point.
_DIGIT_WORDS = {"zero": 0, "oh": 0, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6,
                "seven": 7, "eight": 8, "nine": 9}  # fmt: skip
_DIGIT_WORD = "(?:" + "|".join(_DIGIT_WORDS) + ")"
_DECIMAL_UNIT = re.compile(
    r"(?<![a-z0-9.$])(?P<dollar>\$ ?)?(?:(?P<num>\d+\.\d+)|(?P<int>(?:"
    + "|".join(sorted({*UNITS, *TEENS, *TENS}, key=len, reverse=True))
    + r")(?:[- ][a-z]+)?) point "
    rf"(?P<frac>{_DIGIT_WORD}(?: {_DIGIT_WORD})*)) ?(?P<unit>k|grand|thousand|hundred|million)(?![a-z0-9])"
)


def _scan_decimal_units(text: str) -> list[Extraction[AmountValue]]:
    found = []
    for m in _DECIMAL_UNIT.finditer(text):
        if m["num"]:
            number = Decimal(m["num"])
        else:
            whole = parse_number_words_en(m["int"])
            if whole is None:
                continue
            number = Decimal(f"{whole}.{''.join(str(_DIGIT_WORDS[w]) for w in m['frac'].split())}")
        value = number * _HALF_UNITS[m["unit"]]
        currency, end = ("USD" if m["dollar"] else None), m.end()
        if currency is None and (suffix := _currency_at(text, end)):
            currency, end = suffix
        amount = AmountValue(_tidy(value), currency)
        found.append(Extraction(m.start(), end, text[m.start() : end], amount, "decimal_magnitude"))
    return found


# A banknote by its nickname: "a fiver", "a tenner", "a c-note", "two tenners". In the customer's own
# currency, as a bare number is ("send dave a fiver": five dollars to a customer in dollars).
# Notes counted by their denomination in the plural are that many notes: "3 twenties" ($60, never $3),
# "two fifties"; a count is needed ("twenties" alone says no sum).
_NOTE_VALUES = {"fiver": 5, "tenner": 10, "c-note": 100, "c note": 100,
                "fives": 5, "tens": 10, "twenties": 20, "fifties": 50, "hundreds": 100}  # fmt: skip
_NOTE = re.compile(
    r"(?<![a-z0-9-])(?:(?P<count>a|an|one|two|three|four|five|\d{1,2}) )?"
    r"(?P<note>fiver|tenner|c-note|c note)s?(?![a-z0-9])|"
    r"(?<![a-z0-9-])(?P<many>one|two|three|four|five|six|seven|eight|nine|ten|\d{1,2}) "
    r"(?P<plural>fives|tens|twenties|fifties|hundreds)(?! of\b)(?![a-z0-9])"
)


def _scan_notes(text: str) -> list[Extraction[AmountValue]]:
    found = []
    for m in _NOTE.finditer(text):
        count = m["count"] or m["many"] or "a"
        whole = int(count) if count.isdigit() else _WHOLE[count]
        value = AmountValue(Decimal(whole * _NOTE_VALUES[m["note"] or m["plural"]]), None)
        found.append(Extraction(m.start(), m.end(), m.group(), value, "note_word"))
    return found


def _scan_fractions(text: str) -> list[Extraction[AmountValue]]:
    """ "half a grand", "a quarter million yen", "three quarters of a million dollars"."""
    found = []
    for m in _FRACTION.finditer(text):
        count = _COUNTS[m["count"]] if m["count"] else 1
        if m["frac"].endswith("s") and count < 2:
            continue
        value = count * _FRACTIONS[m["frac"]] * _UNITS[m["unit"]]
        if value != value.to_integral_value():
            continue  # a third of a thousand is no amount anyone pays
        currency, end = None, m.end()
        suffix = _currency_at(text, end)
        if suffix:
            currency, end = suffix
        found.append(
            Extraction(m.start(), end, text[m.start() : end], AmountValue(_tidy(value), currency), "fraction")
        )
    return found


_SIGN = re.compile(r"(?:(?<![a-z0-9])(?:minus|negative) ?|マイナス ?|(?<![a-z0-9.,])-)$")


def _signed(text: str, found: Extraction[AmountValue]) -> Extraction[AmountValue]:
    """A minus sign or the word minus/negative/マイナス before an amount is kept, never dropped."""
    m = _SIGN.search(text, 0, found.start)
    if m is None or found.value.major < 0:
        return found
    value = AmountValue(found.value.major.copy_negate(), found.value.currency)
    return Extraction(m.start(), found.end, text[m.start() : found.end], value, found.rule + "+negative")


def _scan_en(text: str) -> list[Extraction[AmountValue]]:
    found: list[Extraction[AmountValue]] = []
    pos = 0
    while (start := _START.search(text, pos)) is not None:
        amount = _amount_at(text, start.start())
        if amount is None:
            pos = start.end()
        else:
            found.append(amount)
            pos = amount.end
    return found


def _scan_ja(text: str) -> list[Extraction[AmountValue]]:
    found: list[Extraction[AmountValue]] = []
    for match in _JA_RUN.finditer(text):
        run = match.group()
        if not _JA_KANJI.search(run):
            continue  # plain digits are the English scanner's
        yen_prefix = run.startswith("¥")
        body = run[1:] if yen_prefix else run
        value = parse_number_ja(body)
        if value is None:
            continue
        start, end = match.span()
        before = text[:start].rstrip(" ")[-1:]  # (たかはし みさき さんに: the name, a space before さん)
        after_pos = end + 1 if text[end : end + 1] == " " and text[end + 1 : end + 2] in "円ドユポ" else end
        after = text[after_pos] if after_pos < len(text) else ""
        suffix = next((x for x in _JA_SUFFIXES if text.startswith(x, after_pos)), "")
        if before in _JA_VAGUE:
            continue
        currency: str | None = "JPY" if yen_prefix else CURRENCY_WORDS.get(suffix)
        has_digits = any(ch.isdigit() for ch in body)
        rule = "ja_man_digits" if has_digits else "ja_kanji_numeral"
        if not has_digits and currency is None and after not in _JA_COUNTERS:
            # A lone kanji numeral run is a number only with magnitude structure and away from other kanji.
            # (十万振り込んで, 三千送って: the money verb right after it says it is an amount)
            to_verb = text.startswith(_JA_MONEY_VERBS, after_pos)
            standalone = not _is_ideograph(before) and (not _is_ideograph(after) or to_verb)
            if len(body) < 2 or not _JA_MAGNITUDE.search(body) or not standalone:
                continue
        if suffix:
            end = after_pos + len(suffix)
        found.append(Extraction(start, end, text[start:end], AmountValue(_tidy(value), currency), rule))
    return found


# Banknotes counted: 万札2枚分 (¥20,000), 千円札で5枚, 五千円札を2枚 — the note's value times the count.
_JA_NOTE_VALUES = {"万": 10000, "一万": 10000, "1万": 10000, "10000": 10000,
                   "五千": 5000, "5千": 5000, "5000": 5000, "二千": 2000, "2千": 2000, "2000": 2000,
                   "千": 1000, "1000": 1000}  # fmt: skip
_JA_NOTE = re.compile(
    r"(?P<note>" + "|".join(sorted(_JA_NOTE_VALUES, key=len, reverse=True)) + r")(?:円)?札"
    r"(?:を|で|が|だと)?(?P<count>[0-9]+|[一二三四五六七八九十])枚(?:分)?"
)


def _scan_ja_notes(text: str) -> list[Extraction[AmountValue]]:
    found = []
    for m in _JA_NOTE.finditer(text):
        count = int(m["count"]) if m["count"].isdigit() else parse_number_ja(m["count"])
        if not count:
            continue
        value = AmountValue(Decimal(_JA_NOTE_VALUES[m["note"]] * int(count)), "JPY")
        found.append(Extraction(m.start(), m.end(), m.group(), value, "ja_note_count"))
    return found


# Numbers said in kana ("さんまんえん", "ごせんえん"): each token with the kanji it stands for.
_KANA_DIGIT_VALUES = frozenset("一二三四五六七八九")
_KANA_TOKEN = "|".join(sorted(KANA_NUMERALS, key=len, reverse=True))
# Digits before a kana magnitude are part of it: 2まんえん is ¥20,000 (as 2万円 is), never ¥2.
_KANA_DIGITS = "[0-9]+(?:[.][0-9]+)?(?=まん|せん|ぜん|ひゃく|びゃく|ぴゃく|おく)"
# (a recognizer writes the words apart: にまん さんぜん えん is one amount)
_KANA_AMOUNT = re.compile(
    f"(?:{_KANA_DIGITS}|{_KANA_TOKEN})(?: ?(?:{_KANA_DIGITS}|{_KANA_TOKEN}))*(?= ?(?:えん|円|どる|ドル))"
)
# The unit after a kana amount, as it is usually written, and its currency (ひゃく どる: 百ドル, $100)
_KANA_UNITS = {"えん": ("円", "JPY"), "円": ("円", "JPY"), "どる": ("ドル", "USD"), "ドル": ("ドル", "USD")}
_KANA_UNIT = re.compile(" ?(?P<unit>えん|円|どる|ドル)")
_KANA_SPLIT = re.compile(f"{_KANA_DIGITS}|{_KANA_TOKEN}")


_HONORIFIC_BEFORE = re.compile("(?:" + "|".join(JA_HONORIFICS) + ")$")


def _particles_before(text: str, start: int, run: str) -> int:
    """How many tokens at the start of a kana run are a name's honorific and its particle, not digits:
    高橋さんにせんえん is ¥1,000 to 高橋さん (さん and に are no 3 and 2), 伊藤くんにごせんえん ¥5,000;
    all of them (no amount) where the run is a verb's polite ending (すみません円)."""
    if run.startswith("せん") and text.endswith("ま", 0, start):
        return len(run)  # すみません円口座: the polite ending ません, no せん (1,000)
    skip = 0
    before = text[:start].rstrip(" ")[-1:]  # (たかはし みさき さんに: the name, a space before さん)
    after_name = bool(before) and (is_kanji(before) or is_katakana(before) or ("a" <= before <= "z"))
    # a name in hiragana only with に after さん (まりあ がるしあ さんに ひゃく どる; ぜんぶでさんぜんえん
    # is ¥3,000)
    after_name |= bool(before) and is_hiragana(before) and re.match("さん ?に", run) is not None
    spaced = False  # (高橋さん にせんえん: に opens the number said after a pause, ¥2,000)
    if after_name and run.startswith("さん"):
        skip, start, run = 1, start + 2, run[2:]
        spaced = run.startswith(" ")
        start, run = start + len(run) - len(run.lstrip(" ")), run.lstrip(" ")
    # に alone before the unit (マリアにドルで) or said apart from what follows (かとう けん に せん…) is the
    # particle, never 2 (a recognizer writes にせん, にまん as one word)
    alone = run == "に" or run.startswith("に ")
    attached = (skip and not spaced) or _HONORIFIC_BEFORE.search(text[:start])
    if run.startswith("に") and (attached or alone):
        skip += 1
    return skip


def _scan_kana(text: str) -> list[Extraction[AmountValue]]:
    """Yen amounts spelled in kana. Spoken Japanese never puts two digits side by side (にさん is no
    number), so a run is read from the first token after which that holds: さんにごせんえん → ごせん."""
    found = []
    for m in _KANA_AMOUNT.finditer(text):
        split = _KANA_SPLIT.finditer(m.group())
        tokens = [(t.start(), KANA_NUMERALS.get(t.group(), t.group())) for t in split]
        for i in range(_particles_before(text, m.start(), m.group()), len(tokens)):
            kanji = [k for _, k in tokens[i:]]
            if any(a in _KANA_DIGIT_VALUES and b in _KANA_DIGIT_VALUES for a, b in pairwise(kanji)):
                continue
            value = parse_number_ja("".join(kanji))
            if value is not None:
                start = m.start() + tokens[i][0]
                unit = _KANA_UNIT.match(text, m.end())
                if unit is None:  # (never: the amount's lookahead saw it)
                    break
                end, currency = unit.end(), _KANA_UNITS[unit["unit"]][1]
                found.append(
                    Extraction(start, end, text[start:end], AmountValue(_tidy(value), currency), "ja_kana")
                )
                break
    return found


def kana_amounts_as_kanji(text: str) -> str:
    """`text` with yen amounts spelled in kana written in kanji numerals (高橋さんに ごせんえん → 高橋さんに
    五千円), so that every reader after this one sees the amount as it is usually written."""
    found = _scan_kana(text)
    for e in reversed(found):
        kanji = "".join(KANA_NUMERALS.get(t.group(), t.group()) for t in _KANA_SPLIT.finditer(e.surface))
        unit = next(written for said, (written, _) in _KANA_UNITS.items() if e.surface.endswith(said))
        text = f"{text[: e.start]}{kanji}{unit}{text[e.end :]}"
    return text


# Words that make the number next to them a guess. Before it: "about 50", "a couple hundred", "between
# 40 and 60", 約5万円, and the first number of a range ("40-60", 七、八千, 2〜3万). After it: "50-ish",
# "200 or so", "a hundred-something", "300 and change", 5千円くらい, 一万円ちょっと, 三千円弱.
_VAGUE_BEFORE = re.compile(
    r"(?:(?<![a-z'])(?:about|around|roughly|approximately|approx\.?|some|nearly|almost|close to|up to|"
    r"at least|at most|no more than|more than|less than|maybe|perhaps|a few|a couple(?: of)?|several|"
    r"between(?: \S+ and)?|somewhere (?:around|between|near))|"
    r"約|およそ|大体|だいたい|ざっと|おおよそ|ほぼ|最大|最低|多くて|少なくとも|"
    r"[一二三四五六七八九0-9] ?[、~〜-])\s*$"
)
_VAGUE_AFTER = re.compile(
    r"^(?: ?-? ?(?:ish|or so|or thereabouts|give or take|and change|(?:and )?something|odd|or more|"
    r"or less|at most|tops|max(?:imum)?|or (?:a bit|a little) (?:more|less))(?![a-z])|"
    r" ?(?:くらい|ぐらい|位|程度|前後|ほど|程|とちょっと|ちょっと|ちょい|強|弱|余り|あまり|以上|以下|未満|"
    r"以内|まで(?!に)|"
    r"そこそこ|ばかり)| ?[~〜-] ?[0-9一二三四五六七八九])"
)


def _vague(text: str, found: Extraction[AmountValue]) -> Extraction[AmountValue]:
    """The amount with "+vague" on its rule when the words around it make it a guess."""
    if not (_VAGUE_BEFORE.search(text, 0, found.start) or _VAGUE_AFTER.match(text[found.end :])):
        return found
    return Extraction(found.start, found.end, found.surface, found.value, found.rule + "+vague")


def is_vague(amount: Extraction[AmountValue]) -> bool:
    """Said as a guess: "about 50", 七、八千円 (see `_vague`)."""
    return amount.rule.endswith("+vague")


def find_amounts(text: str) -> list[Extraction[AmountValue]]:
    """Every number in folded `text`, left to right, non-overlapping, with its currency when named.

    >>> [(e.surface, e.value.major, e.value.currency) for e in find_amounts("send $1,250.50 to ken")]
    [('$1,250.50', Decimal('1250.50'), 'USD')]
    """
    found = _scan_en(text)
    if "half" in text or "quarter" in text or "third" in text:
        found.extend(_scan_fractions(text))
    if "half" in text or "buck" in text or "dollar" in text:
        found.extend(_scan_halves_and_cents(text))
    if "point" in text or "." in text:
        found.extend(_scan_decimal_units(text))
    if any(word in text for word in ("fiver", "tenner", "note", "ives", "tens", "ties", "hundreds")):
        found.extend(_scan_notes(text))
    if not text.isascii():
        found.extend(_scan_ja(text))
        if "札" in text:
            found.extend(_scan_ja_notes(text))
        if "えん" in text or "円" in text:
            found.extend(_scan_kana(text))
    # Where both scanners read the same characters, the longer reading holds more of what was said.
    chosen: list[Extraction[AmountValue]] = []
    for ext in sorted(found, key=lambda e: (e.start - e.end, e.start)):
        if all(ext.end <= c.start or ext.start >= c.end for c in chosen):
            chosen.append(ext)
    chosen.sort(key=lambda e: e.start)
    kept = [e for i, e in enumerate(chosen) if not _counts_times(text, e, chosen[i - 1] if i else None)]
    return [_vague(text, _signed(text, e)) for e in kept]


# "I forgot one time", "three times this year", 3回: how often, never money. Right after an amount
# ("send 5 dollars 3 times", "30 2 times") it says how often that amount goes: it stays a number of
# the turn, so the turn asks rather than sending once.
_TIMES_AFTER = re.compile(r"\s*(?:times?\b|回)")
_JUST_AFTER = re.compile(r"[\s,]*")


def _counts_times(text: str, ext: Extraction[AmountValue], before: Extraction[AmountValue] | None) -> bool:
    if ext.value.currency is not None or _TIMES_AFTER.match(text, ext.end) is None:
        return False
    return before is None or _JUST_AFTER.fullmatch(text, before.end, ext.start) is None
