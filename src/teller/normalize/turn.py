"""One turn's normalization: fold the text once and run every extractor over it."""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import date
from decimal import Decimal
from typing import Any

from teller.domain.trace import Extraction, TraceItem
from teller.normalize.amounts import CURRENCY_WORDS, AmountValue, find_amounts, kana_amounts_as_kanji
from teller.normalize.dates import scan_dates
from teller.normalize.digits import find_digit_strings
from teller.normalize.hesitation import without_hesitations
from teller.normalize.kana_words import kanji_for_kana_words
from teller.normalize.regional import standard_japanese
from teller.normalize.romaji import read_romaji
from teller.normalize.spelling import correct_keywords
from teller.normalize.story_numbers import inside, story_number_spans
from teller.normalize.text import expand_shorthand, fold, is_japanese, plain_japanese
from teller.normalize.texting import expand_texting


@dataclass(frozen=True, slots=True)
class NormalizedTurn:
    """Folded text plus everything the extractors found in it (spans index `folded`).

    `keywords` is `folded` with keyboard typos of command keywords corrected ("blance" → balance),
    for the intent rules and the classifier only; spans never index it.

    `folded` is what the turn was read as: romaji as the kana it spells, regional Japanese in its
    standard forms (`readings` says which, for the trace); `raw` is what was typed.
    """

    raw: str
    folded: str
    japanese: bool
    amounts: tuple[Extraction[AmountValue], ...]
    dates: tuple[Extraction[date], ...]
    digits: tuple[Extraction[str], ...]
    keywords: str
    date_like: tuple[Extraction[str], ...] = ()  # sounds like a date, resolves to none: ask about it
    readings: tuple[TraceItem, ...] = ()  # how the text was read before anything was extracted
    story_numbers: tuple[str, ...] = ()  # "the 4 of us", 090-1234-5678: numbers that are no amount or id
    today: date | None = None  # the customer's day the dates were resolved against

    def blanked(self, *spans: tuple[int, int] | None) -> str:
        """The folded text with the given (start, end) spans replaced by spaces: positions still index it."""
        chars = list(self.folded)
        for span in spans:
            if span is not None:
                chars[span[0] : span[1]] = " " * (span[1] - span[0])
        return "".join(chars)

    def without(self, *spans: Extraction[Any] | None) -> str:
        """The folded text with the given spans blanked out, for finding names in what is left."""
        chars = list(self.folded)
        for span in spans:
            if span is not None:
                chars[span.start : span.end] = " " * (span.end - span.start)
        return " ".join("".join(chars).split())


def country_of(locale: str) -> str | None:
    """The country part of a locale ("ja-JP" → "JP"), whose holidays and business days dates use."""
    _, _, country = locale.replace("_", "-").partition("-")
    return country.upper() or None


def normalize_turn(text: str, *, today: date, country: str | None = None) -> NormalizedTurn:
    """Fold `text` and extract amounts, dates and digit strings (dates relative to `today`, holidays
    and business days of `country`)."""
    folded, readings = read_as(text)
    dates, date_like = scan_dates(folded, today=today, country=country)
    story = story_number_spans(folded)  # "the 4 of us", 090-1234-5678, 注文番号4417: no amount, no digits
    digits = find_digit_strings(folded)
    return NormalizedTurn(
        raw=text,
        folded=folded,
        japanese=is_japanese(folded),
        amounts=tuple(a for a in spoken_digit_amounts(folded, digits) if not inside(a.start, story)),
        dates=tuple(dates),
        digits=tuple(d for d in digits if not inside(d.start, story)),
        keywords=correct_keywords(folded),
        date_like=tuple(date_like),
        readings=readings,
        story_numbers=tuple(folded[a:b] for a, b in story),
        today=today,
    )


# A currency word right after digits said one by one: "one five zero zero yen" is ¥1,500
_CURRENCY_AFTER = re.compile(r" ?(?P<word>dollars?|bucks|usd|yen|円|euros?)\b")


def spoken_digit_amounts(folded: str, digits: list[Extraction[str]]) -> list[Extraction[AmountValue]]:
    """The turn's amounts, where digits said one by one before a currency word are one number ("send one
    two zero zero dollars": $1,200, never "zero dollars"); at least three digits, the first not 0."""
    amounts = find_amounts(folded)
    for d in digits:
        after = _CURRENCY_AFTER.match(folded, d.end)
        if d.rule != "digits_spoken" or len(d.value) < 3 or d.value.startswith("0") or after is None:
            continue
        value = AmountValue(Decimal(d.value), CURRENCY_WORDS[after["word"]])
        amounts = [a for a in amounts if not (d.start <= a.start < after.end())]
        amounts.append(
            Extraction(d.start, after.end(), folded[d.start : after.end()], value, "spoken_digits")
        )
    return sorted(amounts, key=lambda a: a.start)


def read_as(text: str) -> tuple[str, tuple[TraceItem, ...]]:
    """The folded text as the extractors read it, and the readings that made it so: romaji as kana
    ("zandaka oshiete" → ざんだか おしえて), regional Japanese in standard forms (なんぼ → いくら)."""
    folded = expand_texting(fold(text))  # "pls send 50 tmrw" is English as texted, no romaji
    readings: list[TraceItem] = []
    fluent = without_hesitations(folded)  # "pay the uh the water bill" is "pay the water bill"
    if fluent != folded:
        readings.append(TraceItem("normalize", "hesitations", folded, fluent))
        folded = fluent
    kana = read_romaji(folded)
    if kana is not None:
        readings.append(TraceItem("normalize", "romaji_reading", folded, kana))
        folded = kana
    folded = plain_japanese(expand_shorthand(folded))
    kanji_words = kanji_for_kana_words(folded)  # らいしゅう の きんようび: 来週の金曜日, as usually written
    if kanji_words != folded:
        readings.append(TraceItem("normalize", "kana_words", folded, kanji_words))
        folded = kanji_words
    kanji = kana_amounts_as_kanji(folded)  # 高橋さんに ごせんえん: 五千円, as the amount is usually written
    if kanji != folded:
        readings.append(TraceItem("normalize", "kana_amount", folded, kanji))
        folded = kanji
    folded, regional = standard_japanese(folded)
    readings.extend(TraceItem("normalize", "regional_japanese", form, std) for form, std in regional)
    return folded, tuple(readings)
