"""Calendar dates: month ends, public holidays and named days, business days, in the customer's country.

English: end of the month, end of next (or last) month, the end of december, the last day of the month
or of february, thanksgiving, christmas (eve), new year's day/eve, the first business day of next
month, next business day.
Japanese: 月末, 今月末, 来月末, 先月末, 12月末, 2月の末日, 勤労感謝の日 (any public holiday by name), 元日,
大晦日, クリスマス, 来月の最初の営業日, 来月の第1営業日, 翌営業日, 連休明け (the first business day after
three or more days off).

Public holidays come from the `holidays` library (maintained, per country, names in English and
Japanese); days that are named but not public holidays (christmas eve, 大晦日) are a short table
here. A named day is the next one on or after today. A business day is a weekday that is not a
public holiday of the country; in Japan banks also close from 31 December to 3 January.

`find_date_like` reports what looks like a date but resolves to none (payday, 給料日, 11月31日),
so that a turn can ask instead of dropping it.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from datetime import date, timedelta
from functools import lru_cache

from teller.normalize.calendar_words import MONTH_NAMES
from teller.normalize.numbers_ja import parse_small_number

Handler = Callable[[re.Match[str], date], date | None]


@dataclass(frozen=True, slots=True)
class DateRule:
    pattern: re.Pattern[str]
    handler: Handler
    name: str
    needs: tuple[str, ...]  # the pattern cannot match unless one of these is in the text: a cheap pre-test


_B = r"(?<![a-z0-9])"
_E = r"(?![a-z0-9])"

# Named days that are not public holidays everywhere: (month, day).
_NAMED_DAYS: dict[str, tuple[int, int]] = {
    "christmas eve": (12, 24), "christmas": (12, 25), "xmas": (12, 25), "new year's eve": (12, 31),
    "new years eve": (12, 31), "new year's day": (1, 1), "new years day": (1, 1), "new year's": (1, 1),
    "valentine's day": (2, 14), "valentines day": (2, 14), "halloween": (10, 31),
    "クリスマスイブ": (12, 24), "クリスマスイヴ": (12, 24), "クリスマス": (12, 25), "大晦日": (12, 31),
    "おおみそか": (12, 31), "元旦": (1, 1), "元日": (1, 1), "バレンタインデー": (2, 14),
    "バレンタイン": (2, 14),
}  # fmt: skip
# Everyday names of public holidays whose official name the customer rarely says in full.
_HOLIDAY_ALIASES: dict[str, str] = {
    "mlk day": "martin luther king jr day", "mlk": "martin luther king jr day",
    "martin luther king day": "martin luther king jr day", "presidents day": "washington's birthday",
    "presidents' day": "washington's birthday", "president's day": "washington's birthday",
    "fourth of july": "independence day", "july fourth": "independence day",
}  # fmt: skip


def _month_index(today: date, months_ahead: int) -> tuple[int, int]:
    index = today.year * 12 + today.month - 1 + months_ahead
    return index // 12, index % 12 + 1


def _month_end(today: date, months_ahead: int) -> date:
    year, month = _month_index(today, months_ahead + 1)
    return date(year, month, 1) - timedelta(days=1)


@lru_cache(maxsize=64)
def _holidays(country: str, year: int) -> dict[date, tuple[str, ...]]:
    """Public holidays of one country and year: date → names (English and, for Japan, Japanese).

    The library is imported on the first turn that needs a calendar, not when Teller starts.
    """
    import holidays

    try:
        base = holidays.country_holidays(country, years=year)
    except NotImplementedError:
        return {}
    names: dict[date, list[str]] = {d: [n] for d, n in base.items()}
    for language in ("en_US", "ja"):
        if language in getattr(base, "supported_languages", ()):
            for d, n in holidays.country_holidays(country, years=year, language=language).items():
                names.setdefault(d, []).append(n)
    return {d: tuple(n) for d, n in names.items()}


def is_business_day(day: date, country: str | None) -> bool:
    """A weekday that is not a public holiday (nor, in Japan, a bank closing day around the new year)."""
    if day.weekday() >= 5:
        return False
    if country is None:
        return True
    if country == "JP" and ((day.month, day.day) in ((12, 31), (1, 1), (1, 2), (1, 3))):
        return False
    return day not in _holidays(country, day.year)


def _next_business_day(start: date, country: str | None) -> date:
    day = start
    while not is_business_day(day, country):
        day += timedelta(days=1)
    return day


def _holiday_names(name: str) -> list[str]:
    """The ways a customer says a holiday's name: 'Thanksgiving Day' → thanksgiving day, thanksgiving."""
    folded = re.sub(r"\s*\(.*?\)", "", name.casefold()).replace(".", "").strip()
    out = {folded, folded.replace("'", "")}
    for form in list(out):
        if form.endswith(" day") and len(form) > 8:
            out.add(form[: -len(" day")])
    return [f for f in out if len(f) >= 2]


@lru_cache(maxsize=16)
def _named_day_table(country: str | None, year: int) -> dict[str, tuple[int, int] | date]:
    """Name → (month, day) for fixed named days, or → a date for this and next year's public holidays."""
    table: dict[str, tuple[int, int] | date] = dict(_NAMED_DAYS)
    if country is None:
        return table
    for y in (year + 1, year):  # this year's date wins where both years name the same day
        for day, names in _holidays(country, y).items():
            for name in names:
                for form in _holiday_names(name):
                    table.setdefault(f"{form}@{y}", day)
        for alias, official in _HOLIDAY_ALIASES.items():
            if f"{official}@{y}" in table:
                table.setdefault(f"{alias}@{y}", table[f"{official}@{y}"])
    return table


def _named_day(name: str, today: date, country: str | None) -> date | None:
    table = _named_day_table(country, today.year)
    fixed = table.get(name)
    if isinstance(fixed, tuple):
        for year in (today.year, today.year + 1):
            found = date(year, *fixed)
            if found >= today:
                return found
        return None
    for year in (today.year, today.year + 1):
        day = table.get(f"{name}@{year}")
        if isinstance(day, date) and day >= today:
            return day
    return None


@lru_cache(maxsize=16)
def _named_day_pattern(country: str | None, year: int) -> re.Pattern[str]:
    names = {key.split("@")[0] for key in _named_day_table(country, year)}
    alternation = "|".join(re.escape(n) for n in sorted(names, key=len, reverse=True))
    return re.compile(rf"{_B}(?:on )?(?:the )?(?P<name>{alternation}){_E}")


def warm(country: str | None, today: date) -> None:
    """Build this year's holiday and named-day tables of `country` now (the library loads slowly)."""
    _named_day_pattern(country, today.year)
    is_business_day(today, country)


# --- handlers ------------------------------------------------------------------------------------

_REL_MONTH = {"this": 0, "the": 0, "next": 1, "last": -1, "previous": -1, "": 0}
_REL_MONTH |= {"今月": 0, "来月": 1, "再来月": 2, "先月": -1, "前月": -1}
_MONTH_NAMES = MONTH_NAMES
_MONTH_NUMBER = {name: i for i, name in enumerate(_MONTH_NAMES, start=1)}
_MONTH_NUMBER |= {name[:3]: i for name, i in list(_MONTH_NUMBER.items())} | {"sept": 9}


def _end_of_month(m: re.Match[str], today: date) -> date | None:
    return _month_end(today, _REL_MONTH[(m["rel"] or "").strip()])


_BUSINESS_ORDINAL = {"first": 1, "1st": 1, "second": 2, "2nd": 2, "third": 3, "3rd": 3, "fourth": 4, "4th": 4,
                     "fifth": 5, "5th": 5, "last": -1, "final": -1, "最初の": 1, "最後の": -1, "最終": -1,
                     "最終の": -1}  # fmt: skip
_BUSINESS_ORDINAL |= {f"第{k}": v for k, v in (("1", 1), ("2", 2), ("3", 3), ("4", 4), ("5", 5), ("一", 1),
                                               ("二", 2), ("三", 3), ("四", 4), ("五", 5))}  # fmt: skip


def _business_day_of_month(year: int, month: int, n: int, country: str | None) -> date | None:
    """The n-th business day of a month (n = -1: the last one); None when the month has fewer."""
    day, days = date(year, month, 1), []
    while day.month == month:
        if is_business_day(day, country):
            days.append(day)
        day += timedelta(days=1)
    return days[n - 1 if n > 0 else n] if len(days) >= abs(n) else None


def _nth_business_day(m: re.Match[str], today: date, country: str | None) -> date | None:
    """ "the last business day of this month", "the 2nd working day of december", 12月の第1営業日,
    来月の最終営業日: of a month said by name, the next such day that has not passed."""
    n = _BUSINESS_ORDINAL[m["n"]]
    return _in_month(m, today, lambda year, month: _business_day_of_month(year, month, n, country))


def _in_month(m: re.Match[str], today: date, pick: Callable[[int, int], date | None]) -> date | None:
    """`pick(year, month)` of the month the match names: by name (`month`), the next one whose pick has
    not passed; else this / next / last month (`rel`)."""
    named = m.groupdict().get("month")
    if named:
        month = _MONTH_NUMBER.get(named) or parse_small_number(named) or 0
        for year in (today.year, today.year + 1):
            found = pick(year, month)
            if found is not None and found >= today:
                return found
        return None
    year, month = _month_index(today, _REL_MONTH[(m["rel"] or "").strip()])
    return pick(year, month)


def _new_year_business_day(m: re.Match[str], today: date, country: str | None) -> date | None:
    return _next_business_day(date(today.year + 1, 1, 1), country)


def _weekday_of_month(year: int, month: int, weekday: int, n: int) -> date | None:
    """The n-th `weekday` of the month (n = -1: the last one); None when the month has no n-th."""
    if n < 0:
        last = _month_end(date(year, month, 1), 0)
        return last - timedelta(days=(last.weekday() - weekday) % 7)
    first = date(year, month, 1)
    day = first + timedelta(days=(weekday - first.weekday()) % 7 + 7 * (n - 1))
    return day if day.month == month else None


def _nth_weekday(m: re.Match[str], today: date) -> date | None:
    """The n-th given weekday of a month; None when the month has no such day (第5金曜日 in a short month).
    Of a month said by name ("the second friday of december", 12月の第2金曜日): the next one not passed."""
    wd = m["wd"]
    weekday = _WEEKDAY_NAMES.index(wd) if wd in _WEEKDAY_NAMES else "月火水木金土日".index(wd)
    n = -1 if m.groupdict().get("last") else _NTH[m["n"]]
    return _in_month(m, today, lambda year, month: _weekday_of_month(year, month, weekday, n))


def _after_days_off(today: date, country: str | None, horizon: int = 120) -> date | None:
    """連休明け: the first business day after the next run of three or more days off (the one today is in,
    if it is); none within `horizon` days is no date."""
    start = today
    while not is_business_day(start - timedelta(days=1), country) and not is_business_day(start, country):
        start -= timedelta(days=1)  # today is off: the run began before it
    day, run = start, 0
    while day <= today + timedelta(days=horizon):
        if is_business_day(day, country):
            if run >= 3 and day > today:
                return day
            run = 0
        else:
            run += 1
        day += timedelta(days=1)
    return None


def _following_business_day(m: re.Match[str], today: date, country: str | None) -> date | None:
    return _next_business_day(today + timedelta(days=1), country)


def _business_days_ahead(m: re.Match[str], today: date, country: str | None) -> date | None:
    """The n-th business day after today ("in 3 business days", 3営業日後)."""
    said = m["n"] or m.groupdict().get("n2") or ""
    n = parse_small_number(said) or 0
    if not 0 < n <= 60:
        return None
    day = today
    for _ in range(n):
        day = _next_business_day(day + timedelta(days=1), country)
    return day


_MONTH_REL = r"(?P<rel>this|the|next|last|previous)"
_EN_MONTH_END = re.compile(
    rf"{_B}(?:at |by |on )?(?:the )?(?:(?:very )?end of {_MONTH_REL} month|"
    rf"last day of (?P<rel2>this|the|next|last|previous) month|month[- ]end|eom){_E}"
)
# The end (or last day) of a named month: the next such month that has not ended.
_EN_NAMED_MONTH_END = re.compile(
    rf"{_B}(?:at |by |on )?(?:the )?(?:(?:very )?end of|last day of) "
    rf"(?P<month>{'|'.join(sorted(_MONTH_NUMBER, key=len, reverse=True))}){_E}"
)
_JA_NAMED_MONTH_END = re.compile(
    r"(?<![0-9])(?P<month>1[0-2]|0?[1-9]|十[一二]?|[一二三四五六七八九])月の?(?:月末|末日?|最終日)"
)
_EN_WEEKEND = re.compile(rf"{_B}(?:on |over |at )?(?:this|the) weekend{_E}")
_JA_WEEKEND = re.compile(r"(?:今週の?)?週末")
_JA_MONTH_END = re.compile(r"(?P<rel>今月|来月|再来月|先月|前月)の?(?:月末|末|最終日)日?|月末日?")
_EN_NTH_BUSINESS = re.compile(
    rf"{_B}(?:on )?(?:the )?(?P<n>first|second|third|fourth|fifth|1st|2nd|3rd|4th|5th|last|final) "
    rf"(?:business|working|banking) day (?:of|in) (?:{_MONTH_REL} month|"
    rf"(?P<month>{'|'.join(sorted(_MONTH_NUMBER, key=len, reverse=True))}))(?: 20\d\d)?{_E}"
)
_JA_NTH_BUSINESS = re.compile(
    r"(?:(?P<rel>今月|来月|再来月)|(?<![0-9])(?P<month>1[0-2]|0?[1-9]|十[一二]?|[一二三四五六七八九])月)"
    r"の?(?P<n>最初の|最後の|最終の?|第[1-5一二三四五])営業日"
)
_EN_NEW_YEAR_BUSINESS = re.compile(
    rf"{_B}(?:on )?(?:the )?first (?:business|working|banking) day (?:of|in) (?:the new year|january){_E}"
)
_JA_NEW_YEAR_BUSINESS = re.compile(r"(?:年明け|新年|年始|来年)の?(?:最初の|第1|第一|初)営業日")
_WEEKDAY_NAMES = ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday")
_NTH = {"first": 1, "1st": 1, "second": 2, "2nd": 2, "third": 3, "3rd": 3, "fourth": 4, "4th": 4,
        "fifth": 5, "5th": 5, "1": 1, "2": 2, "3": 3, "4": 4, "5": 5, "一": 1, "二": 2, "三": 3, "四": 4,
        "五": 5}  # fmt: skip
_EN_NTH_WEEKDAY = re.compile(
    rf"{_B}(?:on )?(?:the )?"
    r"(?:(?P<n>first|second|third|fourth|fifth|1st|2nd|3rd|4th|5th)|(?P<last>last|final)) "
    rf"(?P<wd>{'|'.join(_WEEKDAY_NAMES)}) (?:of|in) (?:(?P<rel>this|the|next) month|"
    rf"(?P<month>{'|'.join(sorted(_MONTH_NUMBER, key=len, reverse=True))})){_E}"
)
_JA_NTH_WEEKDAY = re.compile(
    r"(?:(?P<rel>今月|来月|再来月)|(?<![0-9])(?P<month>1[0-2]|0?[1-9]|十[一二]?|[一二三四五六七八九])月)?"
    r"の?(?:第(?P<n>[1-5一二三四五])|(?P<last>最終の?|最後の|末の|月末の))(?P<wd>[月火水木金土日])曜日?"
)
_EN_NEXT_BUSINESS = re.compile(
    rf"{_B}(?:on )?(?:the )?(?:next|following) (?:business|working|banking) day{_E}"
)
_JA_NEXT_BUSINESS = re.compile(r"(?:翌|次の)営業日")
# A count of business days ahead: "in 3 business days", "4 working days from now", 3営業日後 ("within 5
# business days" names no day)
_COUNT_WORDS = "one|two|three|four|five|six|seven|eight|nine|ten"
_EN_N_BUSINESS = re.compile(
    rf"{_B}(?:(?:in|after) (?P<n>\d{{1,2}}|{_COUNT_WORDS}) "
    r"(?:business|working|banking) days?|"
    rf"(?P<n2>\d{{1,2}}|{_COUNT_WORDS}) (?:business|working|banking) "
    rf"days? (?:from (?:now|today)|later)){_E}"
)
_JA_N_BUSINESS = re.compile(r"(?<![0-9])(?P<n>\d{1,2}|[一二三四五六七八九十])営業日(?:後|先)")


def _weekend(m: re.Match[str], today: date) -> date | None:
    """The weekend is the coming Saturday, or today when today is already a weekend day."""
    return today if today.weekday() >= 5 else today + timedelta(days=5 - today.weekday())


def _en_month_end(m: re.Match[str], today: date) -> date | None:
    rel = (m["rel"] or m["rel2"] or "").strip()
    return _month_end(today, _REL_MONTH[rel])


def _named_month_end(m: re.Match[str], today: date) -> date | None:
    said = m["month"]
    month = _MONTH_NUMBER.get(said) or parse_small_number(said) or 0
    year = today.year if month >= today.month else today.year + 1
    return _month_end(date(year, month, 1), 0)


def _ja_month_end(m: re.Match[str], today: date) -> date | None:
    text = m.group(0)
    if not m["rel"] and not text.startswith("月末"):
        return None  # a bare 末 is too short to be sure of
    return _month_end(today, _REL_MONTH[m["rel"] or ""])


@lru_cache(maxsize=16)
def calendar_rules(country: str | None, year: int) -> tuple[DateRule, ...]:
    """The calendar rules for one country (None: month ends, named days, weekdays as business days)."""

    def nth_business(m: re.Match[str], today: date) -> date | None:
        return _nth_business_day(m, today, country)

    def new_year_business(m: re.Match[str], today: date) -> date | None:
        return _new_year_business_day(m, today, country)

    def next_business(m: re.Match[str], today: date) -> date | None:
        return _following_business_day(m, today, country)

    def business_ahead(m: re.Match[str], today: date) -> date | None:
        return _business_days_ahead(m, today, country)

    def named(m: re.Match[str], today: date) -> date | None:
        return _named_day(m["name"], today, country)

    def after_days_off(m: re.Match[str], today: date) -> date | None:
        return _after_days_off(today, country)

    return (
        DateRule(_EN_MONTH_END, _en_month_end, "month_end", ("end", "last day", "eom")),
        DateRule(_JA_MONTH_END, _ja_month_end, "month_end", ("末", "最終日")),
        DateRule(_EN_NAMED_MONTH_END, _named_month_end, "month_end", ("end of", "last day")),
        DateRule(_JA_NAMED_MONTH_END, _named_month_end, "month_end", ("末", "最終日")),
        DateRule(_EN_NTH_BUSINESS, nth_business, "nth_business_day", ("business", "working", "banking")),
        DateRule(_JA_NTH_BUSINESS, nth_business, "nth_business_day", ("営業日",)),
        DateRule(_EN_NEW_YEAR_BUSINESS, new_year_business, "first_business_day", ("first ",)),
        DateRule(_JA_NEW_YEAR_BUSINESS, new_year_business, "first_business_day", ("営業日",)),
        DateRule(_EN_NTH_WEEKDAY, _nth_weekday, "nth_weekday", ("day of", "day in")),
        DateRule(_JA_NTH_WEEKDAY, _nth_weekday, "nth_weekday", ("第", "最終", "最後", "末の")),
        DateRule(_EN_NEXT_BUSINESS, next_business, "next_business_day", ("business", "working", "banking")),
        DateRule(_JA_NEXT_BUSINESS, next_business, "next_business_day", ("営業日",)),
        DateRule(_EN_N_BUSINESS, business_ahead, "business_days_ahead", ("business", "working", "banking")),
        DateRule(_JA_N_BUSINESS, business_ahead, "business_days_ahead", ("営業日",)),
        DateRule(_EN_WEEKEND, _weekend, "weekend", ("weekend",)),
        DateRule(_JA_WEEKEND, _weekend, "weekend", ("週末",)),
        DateRule(re.compile(r"(?:この|今度の|次の)?連休明け"), after_days_off, "after_days_off", ("連休明",)),
        DateRule(_named_day_pattern(country, year), named, "named_day", ()),
    )


# --- what looks like a date but is none ------------------------------------------------------------

# A bill's due date, said as the day to pay: which day it is depends on the bill (`understand.billers`).
_DUE_EN = r"(?:due date|due day|(?:date|day) (?:it'?s|it is|they'?re|they are) due)"
_DUE_JA = r"(?:期日|期限日?)"
_DUE = re.compile(rf"\b{_DUE_EN}\b|{_DUE_JA}")
# Days counted back from the due date: "the day before it's due", "2 days before the due date", 期日の前日,
# 期限の3日前 (a vague count, "a few days before it's due", is date-like and asked about)
_DAYS_BEFORE_DUE = (
    rf"{_B}(?:the|a|one|\d+|two|three|four|five|six|seven|a few|a couple of|several) (?:days?|weeks?) before "
    rf"(?:(?:it'?s|it is|they'?re|they are|the bill is) due|(?:the |its |their )?{_DUE_EN}){_E}|"
    rf"{_DUE_JA}の(?:前日|(?:\d+|[一二三四五六七])日前)"
)
_COUNT_BACK = re.compile(
    r"(?P<n>the|a|one|\d+|two|three|four|five|six|seven) (?P<unit>days?|weeks?) before|"
    r"の(?:(?P<eve>前日)|(?P<jn>\d+|[一二三四五六七])日前)"
)
_COUNTS = {"the": 1, "a": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7}
_COUNTS_JA = dict(zip("一二三四五六七", range(1, 8), strict=True))


def names_a_due_date(surface: str) -> bool:
    """Whether a date-like phrase is a bill's due date ("on the due date", 期日に) or counts back from it
    ("the day before it's due")."""
    return _DUE.search(surface) is not None or re.search(_DAYS_BEFORE_DUE, surface) is not None


def days_before_due(surface: str) -> int | None:
    """How many days before the due date a date-like phrase names: 0 for the due date itself, 1 for "the
    day before it's due" / 期日の前日, 3 for 期限の3日前; None for a vague count ("a few days before")."""
    if re.search(_DAYS_BEFORE_DUE, surface) is None:
        return 0
    m = _COUNT_BACK.search(surface)
    if m is None:
        return None
    if m["eve"]:
        return 1
    if m["jn"]:
        return int(m["jn"]) if m["jn"].isdigit() else _COUNTS_JA[m["jn"]]
    n = int(m["n"]) if m["n"].isdigit() else _COUNTS[m["n"]]
    return n * 7 if m["unit"].startswith("week") else n


_DATE_LIKE = re.compile(
    rf"{_B}(?:pay ?day|birthday|anniversary|bonus day|the weekend after|end of the (?:week|year|quarter)|"
    rf"beginning of (?:the |next )?(?:month|week|year)|(?:early|mid|late)[- ](?:next )?(?:month|week)|"
    rf"next (?:month|year|quarter)|this (?:month|year)|holidays|someday|sometime|later|(?:in )?the new year|"
    # a part of a month: "at the start of december", "mid december", "early january"
    rf"(?:(?:the )?(?:start|beginning|middle|first half|second half) of |(?:early|mid|late)[- ]?)"
    rf"(?:the month of )?"
    rf"(?:january|february|march|april|may|june|july|august|september|october|november|december){_E}|"
    rf"the \d+(?:st|nd|rd|th)|"
    rf"the (?:twenty|thirty|forty|fifty)[- ]?(?:first|second|third|fourth|fifth|sixth|seventh|eighth|ninth)|"
    rf"(?:the )?day (?:after|before) (?:my|his|her|the|our) \w+|"
    # a day of the customer's own life: "my sister's wedding day", "her graduation day", "the day he moves
    # out", "the day of his move"
    rf"(?:my|his|her|our|their|(?!(?:it|that|what|he|she|there|here|who|let)'s)[a-z]+'s)(?: [a-z]+'s)?"
    rf"(?: [a-z]+)? day(?! off)|"
    rf"the day (?:of (?:my|his|her|our|their|the) \w+|(?:that |when )?(?:i|he|she|we|they|my \w+|his \w+|"
    rf"her \w+) \w+(?: out| in| back)?)|"
    # an event instead of a date: "when I get paid", "once my check clears", "as soon as it arrives"
    rf"(?:when|once|as soon as|after|before) (?:i|we|he|she|they|it|my \w+|the \w+) "
    rf"(?:get|gets|got|receive|receives|have|has|am|is|are|come|comes|arrive|arrives|clear|clears)"
    rf"\w*(?: \w+)?){_E}|"
    r"(?:結婚式|卒業式|入学式|成人式|引っ越し|引越し|退院|出発|帰国|入籍|出産)(?:の日|当日)?(?=に)|"
    # a bill's due date: the day of the bill paid (`understand.billers.due_date`), asked about elsewhere
    rf"{_DAYS_BEFORE_DUE}|"
    rf"{_B}(?:on|by|for) (?:the |its |it's |their )?{_DUE_EN}{_E}|"
    rf"(?:支払い?|お?支払|引き?落とし|払い込み|振込)?{_DUE_JA}(?:の日)?(?=に)|"
    r"給料日|給料|誕生日|記念日|ボーナス|月初め?|年末|年明け|来月(?!末|の)|来年|連休|今度|そのうち|後で|"
    # a season or an event ended: お盆明け, GW明け, 正月明け, 出張明け (連休明け and 週明け are days, above)
    r"[^\s、。,!?！？にでをはがの]{1,10}?明け(?=に|で|から|ごろ|頃|まで|[、。,\s]|$)|"
    # a span of days, not a day: 今週中に, 今月中, 年内
    r"(?:今週|来週|今月|来月|今年)中|年内|月内|週内"
)


def date_like_spans(text: str) -> list[tuple[int, int, str]]:
    """Spans of phrases that sound like a date but name none (payday, 誕生日, next month)."""
    return [(m.start(), m.end(), m.group(0)) for m in _DATE_LIKE.finditer(text)]
