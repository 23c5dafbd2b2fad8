"""Dates said relative to `today` (which the caller computes in the customer's timezone).

English: today, tonight, tomorrow (morning), the day after tomorrow, in 3 days, monday / this friday /
next friday / last friday, next week, the 28th, december 1st / 1 december / 12/1, 2026-12-01.
Japanese: 今日, 明日 (あした, あす), 明後日 (あさって), 来週の月曜日, 今週の金曜日, 月曜日, 25日,
12月1日, 2026年12月1日, 3日後.

Conventions, chosen so that a date always lands on the day the customer most likely meant:

- a bare weekday ("monday", "on monday", "this friday", 月曜日) is the next one strictly after today;
- "next friday" is the Friday of next calendar week (weeks start on Monday), 来週の金曜日 likewise;
  今週の金曜日 is the Friday of this calendar week, even when that has passed;
- a day of the month without a month is this month's if it exists and has not passed, else next month's;
- a month and day without a year is the next such date that is not in the past, unless it passed in the
  last 120 days (then it is that past day, which a payment refuses);
- a date that cannot exist (february 30, 13/1) yields no extraction.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from datetime import date, timedelta
from functools import lru_cache

from teller.domain.trace import Extraction
from teller.normalize.calendar import DateRule, calendar_rules, date_like_spans, is_business_day
from teller.normalize.calendar_words import JA_WEEKDAYS, MONTH_NAMES, WEEKDAY_NAMES
from teller.normalize.numbers_en import TEENS, TENS, UNITS, parse_number_words_en
from teller.normalize.numbers_ja import NUMERAL_CHARS, parse_number_ja
from teller.normalize.texting import date_shorthands

_WEEKDAYS = WEEKDAY_NAMES
# Typed short forms. The three-letter ones are everyday words too (sat, sun, wed), so they count
# only after a word that introduces a day ("on sat", "next wed", "by fri").
_WEEKDAY_SHORT: dict[str, int] = {
    "tues": 1, "weds": 2, "thur": 3, "thurs": 3,
    **{name[:3]: i for i, name in enumerate(_WEEKDAYS)},
}  # fmt: skip
_WEEKDAY_SHORT_CUE = r"(?:on|by|until|till|before|next|this|coming|last)"
_JA_WEEKDAYS = JA_WEEKDAYS
_MONTHS: dict[str, int] = {}
for _i, _name in enumerate(MONTH_NAMES, start=1):
    _MONTHS[_name] = _i
    _MONTHS[_name[:3]] = _i
_MONTHS["sept"] = 9

_ORDINALS: dict[str, int] = {
    "first": 1, "second": 2, "third": 3, "fourth": 4, "fifth": 5, "sixth": 6, "seventh": 7, "eighth": 8,
    "ninth": 9, "tenth": 10, "eleventh": 11, "twelfth": 12, "thirteenth": 13, "fourteenth": 14,
    "fifteenth": 15, "sixteenth": 16, "seventeenth": 17, "eighteenth": 18, "nineteenth": 19,
    "twentieth": 20, "thirtieth": 30,
}  # fmt: skip
for _tens, _base in (("twenty", 20), ("thirty", 30)):
    for _unit, _n in list(_ORDINALS.items())[:9]:
        _ORDINALS[f"{_tens} {_unit}"] = _ORDINALS[f"{_tens}-{_unit}"] = _base + _n


def _alt(words: Iterable[str]) -> str:
    """Regex alternation, longest first so "september" wins over "sep"."""
    return "(?:" + "|".join(re.escape(w) for w in sorted(words, key=len, reverse=True)) + ")"


_MONTH = _alt(_MONTHS) + r"\.?"
_ORDINAL_WORD = _alt(_ORDINALS)
_DAY_NUM = r"(?:\d{1,2}(?:st|nd|rd|th)?|" + _ORDINAL_WORD + ")"
_COUNT = r"(?:\d+|a|an|" + _alt(TENS) + r"(?:[ -]" + _alt(UNITS) + ")?|" + _alt({**UNITS, **TEENS}) + ")"
# Not inside a longer numeral: 12345日後 is no date, rather than 2345 days on.
_JA_NUM = rf"(?<![0-9{NUMERAL_CHARS}])(?:\d{{1,4}}|[{NUMERAL_CHARS}]{{1,6}})"
_B = r"(?<![a-z0-9])"  # ASCII word edges; \b would treat kana and kanji as word characters
_E = r"(?![a-z0-9])"


def _upcoming(today: date, weekday: int) -> date:
    return today + timedelta(days=(weekday - today.weekday() - 1) % 7 + 1)


def _week_day(today: date, weeks_ahead: int, weekday: int) -> date:
    return today + timedelta(days=7 * weeks_ahead - today.weekday() + weekday)


def _make(year: int, month: int, day: int) -> date | None:
    try:
        return date(year, month, day)
    except ValueError:
        return None


# A month and day that passed this year no longer ago than this is that past day ("pay con ed on november
# 2" said on the 21st, 11月10日付けで): the customer means it, and a payment on it is refused, never moved to
# next year. Longer ago, next year's is meant ("march 3" said in November).
_RECENTLY_PASSED = timedelta(days=120)


def _next_month_day(today: date, month: int, day: int) -> date | None:
    """The next month/day on or after today, or this year's when it passed recently; Feb 29 waits for a
    leap year, Feb 30 never comes."""
    this_year = _make(today.year, month, day)
    if this_year is not None and today - _RECENTLY_PASSED <= this_year < today:
        return this_year
    for year in range(today.year, today.year + 9):
        found = _make(year, month, day)
        if found is not None and found >= today:
            return found
    return None


def _in_month(today: date, months_ahead: int, day: int) -> date | None:
    """Day `day` of the month `months_ahead` after today's, even if that has passed (it was named)."""
    index = today.year * 12 + today.month - 1 + months_ahead
    return _make(index // 12, index % 12 + 1, day)


def _day_of_month(today: date, day: int) -> date | None:
    """The next day `day` of a month: this month's, or next month's once it has passed. A day this
    month does not have ("the 31st" in November) is not resolved: the end of this month or a later
    month's 31st may be meant, so it is asked about."""
    this_month = _make(today.year, today.month, day)
    if this_month is None:
        return None
    if this_month >= today:
        return this_month
    return _in_month(today, 1, day)


def _day(text: str) -> int:
    text = text.replace("the ", "").strip()
    if text in _ORDINALS:
        return _ORDINALS[text]
    return int(text.rstrip("stndrh"))


def _year(text: str | None) -> int | None:
    if text is None:
        return None
    return int(text) + 2000 if len(text) == 2 else int(text)


def _count(text: str) -> int | None:
    if text in ("a", "an"):
        return 1
    value = parse_number_words_en(text)
    return int(value) if value is not None and value == int(value) else None


def _ja_int(text: str) -> int | None:
    value = parse_number_ja(text)
    return int(value) if value is not None and value == int(value) else None


def _month_day(today: date, month: int | None, day: int | None, year: int | None) -> date | None:
    if month is None or day is None:
        return None
    if year is not None:
        return _make(year, month, day)
    return _next_month_day(today, month, day)


# --- handlers: each reads one pattern's groups -------------------------------------------------

_RELATIVE = {
    "today": 0, "tonight": 0, "this morning": 0, "this afternoon": 0, "this evening": 0, "tomorrow": 1,
    "day after tomorrow": 2, "yesterday": -1, "day before yesterday": -2,
    "今日": 0, "本日": 0, "今夜": 0, "今晩": 0, "明日": 1, "あした": 1, "あす": 1, "明後日": 2,
    "あさって": 2, "明々後日": 3, "明明後日": 3, "しあさって": 3, "昨日": -1, "きのう": -1,
    "一昨日": -2, "おととい": -2,
}  # fmt: skip


def _relative(m: re.Match[str], today: date) -> date | None:
    return today + timedelta(days=_RELATIVE[m["word"]])


_UNIT_DAYS = {"day": 1, "week": 7, "fortnight": 14}


def _in_count(m: re.Match[str], today: date) -> date | None:
    count = _count(m["n"])
    if count is None:
        return None
    return today + timedelta(days=count * _UNIT_DAYS[m["unit"].rstrip("s")])


def _from_day(m: re.Match[str], today: date) -> date | None:
    """ "a week tomorrow" (British: a week from tomorrow, 8 days), "two weeks today", "3 days from
    tomorrow"."""
    count = _count(m["n"])
    if count is None:
        return None
    return today + timedelta(days=_RELATIVE[m["base"]] + count * _UNIT_DAYS[m["unit"].rstrip("s")])


def _from_weekday(m: re.Match[str], today: date) -> date | None:
    count = _count(m["n"])
    if count is None:
        return None
    days = count * _UNIT_DAYS[m["unit"].rstrip("s")]
    return _upcoming(today, _WEEKDAYS.index(m["wd"])) + timedelta(days=days)


def _weekday(m: re.Match[str], today: date) -> date | None:
    wd = m["wd"]
    weekday = _WEEKDAYS.index(wd) if wd in _WEEKDAYS else _WEEKDAY_SHORT[wd]
    which = (m["which"] or "").strip()
    if which == "next" or m["nextweek"]:
        return _week_day(today, 1, weekday)
    if which == "last":
        return today - timedelta(days=(today.weekday() - weekday - 1) % 7 + 1)
    return _upcoming(today, weekday)


def _no_day(m: re.Match[str], today: date) -> date | None:
    """A span of days said as one ("the end of next week"): no day, so it is asked about."""
    return None


def _next_week(m: re.Match[str], today: date) -> date | None:
    return _week_day(today, 1, 0)


def _en_day_of_month(m: re.Match[str], today: date) -> date | None:
    return _day_of_month(today, _day(m["d"] or m["d2"]))


def _en_day_of_named_month(m: re.Match[str], today: date) -> date | None:
    return _in_month(today, 1 if m["rel"] == "next" else 0, _day(m["d"]))


def _en_month_day(m: re.Match[str], today: date) -> date | None:
    month = _MONTHS[m["m"].rstrip(".")]
    year = today.year + _RELATIVE_YEARS[m["ry"]] if m["ry"] else _year(m["y"])
    return _month_day(today, month, _day(m["d"]), year)


def _slash(m: re.Match[str], today: date) -> date | None:
    return _month_day(today, int(m["m"]), int(m["d"]), _year(m["y"]))


def _iso(m: re.Match[str], today: date) -> date | None:
    return _make(int(m["y"]), int(m["m"]), int(m["d"]))


_JA_WEEKS = {"先週": -1, "今週": 0, "来週": 1, "再来週": 2}


def _ja_weekday(m: re.Match[str], today: date) -> date | None:
    weekday = _JA_WEEKDAYS.index(m["wd"])
    if m["week"]:
        return _week_day(today, _JA_WEEKS[m["week"]], weekday)
    return _upcoming(today, weekday)


def _ja_week(m: re.Match[str], today: date) -> date | None:
    return _week_day(today, _JA_WEEKS[m["week"]], 0)


def _ja_offset(m: re.Match[str], today: date) -> date | None:
    count = _ja_int(m["n"])
    if count is None:
        return None
    days = count * (7 if m["unit"] == "週間" else 1)
    return today + timedelta(days=-days if m["dir"] == "前" else days)


# 12月2日(水), 12月2日（水曜）: the weekday written after the date must be the date's, or it is asked about
_JA_BRACKET_WEEKDAY = rf"(?:\s*[(（](?P<bwd>[{_JA_WEEKDAYS}])(?:曜日?)?[)）])?"


_REIWA_YEAR_ZERO = 2018


def _ja_month_day(m: re.Match[str], today: date) -> date | None:
    year = (1 if m["y"] == "元" else _ja_int(m["y"])) if m["y"] else None
    if year is not None and m["era"]:  # 令和8年 is 2026 (令和元年, its first, 2019)
        year += _REIWA_YEAR_ZERO
    elif year is not None and year < 100 and m["y"] != "元":
        return None  # a two-digit year with no era: not a year Teller can place
    if m["ry"]:
        year = today.year + _RELATIVE_YEARS[m["ry"]]
    if m["y"] and year is None:
        return None
    day = _month_day(today, _ja_int(m["m"]), _ja_int(m["d"]), year)
    if day is not None and m["bwd"] and day.weekday() != _JA_WEEKDAYS.index(m["bwd"]):
        return None
    return day


def _ja_day(m: re.Match[str], today: date) -> date | None:
    day = int(m["d"]) if m["d"] else _ja_int(m["dk"])
    return None if day is None else _day_of_month(today, day)


def _ja_day_of_named_month(m: re.Match[str], today: date) -> date | None:
    day = _ja_int(m["d"])
    return None if day is None else _in_month(today, {"今月": 0, "来月": 1, "再来月": 2}[m["rel"]], day)


_TIME_OF_DAY = r"(?: (?:morning|afternoon|evening|night))?"
# (a year by number, or said relatively: "march 3 next year", 来年の3月3日)
_YEAR = r"(?:,? (?P<y>\d{4})|,? (?P<ry>next|this) year)?"
_RELATIVE_YEARS = {"this": 0, "next": 1, "今年": 0, "来年": 1, "再来年": 2}
_MONTH_NEEDS = tuple(name for name in _MONTHS if len(name) == 3)
_EN_RULES = (
    DateRule(
        re.compile(
            rf"{_B}(?:the )?(?P<word>day after tomorrow|day before yesterday|tomorrow|yesterday|today|tonight"
            rf"|this (?:morning|afternoon|evening)){_TIME_OF_DAY}{_E}"
        ),
        _relative, "relative_day", ("to", "yesterday", "this "),
    ),
    DateRule(
        re.compile(rf"{_B}in (?P<n>{_COUNT}) (?P<unit>days?|weeks?|fortnights?){_E}"),
        _in_count, "in_days", ("in ",),
    ),
    DateRule(
        re.compile(rf"{_B}(?P<n>{_COUNT}) (?P<unit>days?|weeks?|fortnights?) from (?:now|today){_E}"),
        _in_count, "in_days", ("from ",),
    ),
    DateRule(
        re.compile(
            rf"{_B}(?P<n>{_COUNT}) (?P<unit>weeks?|fortnights?|days?(?= from )) "
            rf"(?:from )?(?P<base>tomorrow|today){_E}"
        ),
        _from_day, "from_day", ("tomorrow", "today"),
    ),
    # "two weeks from friday", "a week from thursday": counted from that weekday's next date
    DateRule(
        re.compile(
            rf"{_B}(?P<n>{_COUNT}) (?P<unit>days?|weeks?|fortnights?) from (?:(?:this|next|this coming) )?"
            rf"(?P<wd>{_alt(_WEEKDAYS)}){_E}"
        ),
        _from_weekday, "from_weekday", ("from ",),
    ),
    DateRule(
        re.compile(
            rf"{_B}(?:on )?(?P<which>next |this coming |coming |this |last )?(?P<wd>{_alt(_WEEKDAYS)})"
            rf"(?P<nextweek> next week)?{_E}"
        ),
        _weekday, "weekday", ("day",),
    ),
    DateRule(
        re.compile(
            rf"{_B}(?:(?:on )?(?P<which>next |this coming |coming |this |last )"
            rf"|(?=(?:{_WEEKDAY_SHORT_CUE}) ){_WEEKDAY_SHORT_CUE} |(?=(?:tues|weds|thurs?){_E}))"
            rf"(?P<wd>{_alt(_WEEKDAY_SHORT)})\.?(?P<nextweek> next week)?{_E}"
        ),
        _weekday, "weekday", tuple(_WEEKDAY_SHORT),
    ),
    DateRule(re.compile(rf"{_B}next week{_E}"), _next_week, "next_week", ("next week",)),
    # a part of a week ("toward the end of next week", "early this week"): which day is asked
    DateRule(
        re.compile(
            rf"{_B}(?:(?:the )?(?:start|beginning|middle|end) of |(?:early|mid|late)[- ]?)"
            rf"(?:next|this|the) week{_E}"
        ),
        _no_day, "part_of_week", ("week",),
    ),
    DateRule(
        re.compile(rf"{_B}(?:on )?(?P<m>{_MONTH}) (?P<d>(?:the )?{_DAY_NUM}){_YEAR}{_E}"),
        _en_month_day, "month_day", _MONTH_NEEDS,
    ),
    DateRule(
        re.compile(rf"{_B}(?:on )?(?:the )?(?P<d>{_DAY_NUM}) (?:of )?(?P<m>{_MONTH}){_YEAR}{_E}"),
        _en_month_day, "day_month", _MONTH_NEEDS,
    ),
    DateRule(
        re.compile(rf"{_B}(?:on )?(?:the )?(?P<d>{_DAY_NUM}) of (?P<rel>this|next) month{_E}"),
        _en_day_of_named_month, "day_of_month", ("month",),
    ),
    DateRule(
        re.compile(
            rf"{_B}(?:on )?(?:the )?(?P<d>\d{{1,2}}(?:st|nd|rd|th)){_E}"
            rf"|{_B}on the (?P<d2>{_ORDINAL_WORD}){_E}"
        ),
        _en_day_of_month, "day_of_month", ("st", "nd", "rd", "th"),
    ),
    DateRule(
        re.compile(r"(?<![0-9/])(?P<m>\d{1,2})/(?P<d>\d{1,2})(?:/(?P<y>\d{4}|\d{2}))?(?![0-9/])"),
        _slash, "month_slash_day", ("/",),
    ),
    DateRule(
        re.compile(r"(?<![0-9/-])(?P<y>\d{4})[-/](?P<m>\d{1,2})[-/](?P<d>\d{1,2})(?![0-9/-])"),
        _iso, "iso_date", ("-", "/"),
    ),
)  # fmt: skip

_JA_RELATIVE = [w for w in _RELATIVE if not w.isascii()]
_JA_RULES = (
    DateRule(
        re.compile(rf"(?P<word>{_alt(_JA_RELATIVE)})(?:の?(?:朝|午前|午後|昼|夕方|夜))?"),
        _relative, "relative_day", tuple({w[0] for w in _JA_RELATIVE}),
    ),
    DateRule(
        re.compile(rf"(?:(?P<week>再来週|来週|今週|先週)の?|(?:今度|こんど|次|つぎ|この)の?)?(?P<wd>[{_JA_WEEKDAYS}])曜日?"),
        _ja_weekday, "weekday", ("曜",),
    ),
    DateRule(re.compile(r"(?P<week>再来週|来週)"), _ja_week, "next_week", ("週",)),
    # 週明け: the start of next week, its Monday
    DateRule(re.compile(r"(?:来)?週明け"), _next_week, "next_week", ("週明",)),
    DateRule(
        # (not counted back from a due date: 期限の3日前 is `calendar.days_before_due`'s)
        re.compile(rf"(?<!期日の)(?<!期限の)(?<!期限日の)(?P<n>{_JA_NUM})(?P<unit>日|週間)(?P<dir>後|前)"),
        _ja_offset, "day_offset", ("後", "前"),
    ),
    DateRule(
        re.compile(
            rf"(?:(?P<ry>再来年|来年|今年)の?|(?P<era>令和)?\s*(?P<y>元|{_JA_NUM})年)?(?P<m>{_JA_NUM})月(?P<d>{_JA_NUM})日"
            rf"{_JA_BRACKET_WEEKDAY}"
        ),
        _ja_month_day, "month_day", ("月",),
    ),
    DateRule(
        re.compile(rf"(?P<rel>今月|来月|再来月)の?(?P<d>{_JA_NUM})日"),
        _ja_day_of_named_month, "day_of_month", ("月",),
    ),
    # Kanji days only in the unambiguous 十 forms and before に/まで: 三日に could be "in three days".
    DateRule(
        re.compile(
            r"(?<![0-9])(?P<d>\d{1,2})日(?![後前間])"
            r"|(?<![〇一二三四五六七八九十])(?P<dk>[二三]?十[一二三四五六七八九]?)日(?=に|まで)"
        ),
        _ja_day, "day_of_month", ("日",),
    ),
)  # fmt: skip


def _rename(rule: str, m: re.Match[str]) -> str:
    """Weekday finds say which convention placed them, for the audit trail."""
    if rule != "weekday":
        return rule
    which = (m.groupdict().get("which") or "").strip()
    week = m.groupdict().get("week")
    if which == "next" or m.groupdict().get("nextweek") or week in ("来週", "再来週"):
        return "weekday_next"
    if which == "last" or week == "先週":
        return "weekday_last"
    return "weekday_this_week" if week == "今週" else "weekday"


@lru_cache(maxsize=256)
def _gate(needs: tuple[str, ...]) -> re.Pattern[str] | None:
    """One regex for a rule's cheap pre-test: any of its needles in the text."""
    return re.compile("|".join(re.escape(n) for n in needs)) if needs else None


# "the day after thanksgiving", "the friday before christmas", "the first business day after christmas",
# "two days after christmas"
_DAY_AROUND_EN = re.compile(
    rf"(?<![a-z0-9])(?:on )?(?:the )?(?:(?:very )?(?:first|next) |(?P<count>{_COUNT}) )?"
    rf"(?P<unit>days?|(?:business|working|banking) days?|{'|'.join(_WEEKDAYS)}) (?P<dir>after|before) $"
)
# クリスマスの前日, 元日の前の日, 勤労感謝の日の次の日, 建国記念の日の翌営業日, 成人の日の2日後
_DAY_AROUND_JA = re.compile(
    r"の?(?:(?P<dir>翌日|前日|次の日|前の日|あくる日)|(?P<bdir>翌営業日|前営業日|次の営業日|前の営業日)"
    rf"|(?P<count>[0-9{NUMERAL_CHARS}]+)(?P<bunit>営業)?日(?P<ndir>後|前))"
)
_JA_BEFORE = ("前日", "前の日", "前営業日", "前の営業日", "前")


# A day said with "after" or "before" and no count ("after christmas", "before the 25th"): after it is
# some day unsaid; before it is a deadline.
_AROUND_A_DAY = re.compile(r"(?<![a-z])(?P<dir>after|before) (?:the )?(?:on )?$")


def _step(value: date, days: int, step: int, business: bool, country: str | None) -> date:
    """`days` days (business days if `business`) from `value`, forward if `step` is 1, back if -1."""
    day = value
    for _ in range(days):
        day += timedelta(days=step)
        while business and not is_business_day(day, country):
            day += timedelta(days=step)
    return day


def _day_around(text: str, start: int, end: int, value: date, country: str | None) -> tuple[int, int, date]:
    """A day counted from the date found: "the day after thanksgiving", "the friday before christmas"
    (the nearest such weekday strictly after or before it), "the first business day after christmas",
    "two days after christmas", クリスマスの前日, 建国記念の日の翌営業日, 成人の日の2日後."""
    m = _DAY_AROUND_EN.search(text, 0, start)
    if m is not None and value:
        step = 1 if m["dir"] == "after" else -1
        unit = m["unit"]
        count = 1 if m["count"] is None else _count(m["count"])
        if count is None or (count > 1) != unit.endswith("days"):
            return start, end, value
        if unit.rstrip("s") in _WEEKDAYS:
            day = value + timedelta(days=step)
            while day.weekday() != _WEEKDAYS.index(unit):
                day += timedelta(days=step)
            return m.start(), end, day
        return m.start(), end, _step(value, count, step, not unit.startswith("day"), country)
    m = _DAY_AROUND_JA.match(text, end)
    if m is not None:
        which = m["dir"] or m["bdir"] or m["ndir"]
        count = 1 if m["count"] is None else _ja_int(m["count"])
        if count is None:
            return start, end, value
        step = -1 if which in _JA_BEFORE else 1
        return (
            start,
            m.end(),
            _step(value, count, step, m["bdir"] is not None or m["bunit"] is not None, country),
        )
    return start, end, value


_GREETING_BEFORE = re.compile(r"\b(?:happy|merry|have a (?:good|great|nice|happy|merry)) $")


def scan_dates(
    text: str, *, today: date, country: str | None = None
) -> tuple[list[Extraction[date]], list[Extraction[str]]]:
    """Dates in folded `text` resolved against `today` (left to right, non-overlapping), and the
    date-like phrases that resolve to no date (payday, 11月31日), which a turn must ask about.

    `country` (ISO 3166, e.g. "JP") gives public holidays by name and the business-day calendar.
    """
    base: tuple[DateRule, ...] = _EN_RULES if text.isascii() else _EN_RULES + _JA_RULES
    rules = base + calendar_rules(country, today.year)
    found: list[tuple[int, int, re.Match[str], DateRule]] = []
    for rule in rules:
        gate = _gate(rule.needs)
        if gate is None or gate.search(text):
            found.extend((m.start(), m.end(), m, rule) for m in rule.pattern.finditer(text))
    # Longest first: "next friday" beats "friday", "12月1日" beats "1日".
    found.sort(key=lambda f: (f[0] - f[1], f[0]))
    taken: list[Extraction[date]] = []
    unresolved: list[Extraction[str]] = []
    # An impossible date ("feb 30th") still claims its words, so "30th" alone cannot be read from them.
    claimed: list[tuple[int, int]] = []
    for start, end, m, rule in found:
        if any(start < c_end and c_start < end for c_start, c_end in claimed):
            continue
        claimed.append((start, end))
        if _GREETING_BEFORE.search(text, 0, start):
            continue  # "happy thanksgiving", "merry christmas": a greeting, no day
        try:
            value = rule.handler(m, today)
        except OverflowError:
            value = None  # beyond the calendar's ends (date.max + 1 day, "in 10**20 days")
        around = _AROUND_A_DAY.search(text, 0, start)
        if value is not None:
            said_at = start
            start, end, value = _day_around(text, start, end, value, country)
            if around is not None and start == said_at:
                claimed.append((around.start(), end))
                said = text[around.start() : end]
                if around["dir"] == "after" or value <= today:
                    # "after christmas", "after the 1st": some day after it, not the day itself
                    unresolved.append(Extraction(around.start(), end, said, said, "unparsed_date"))
                else:
                    # "before the 25th", "before christmas": a deadline that paying today meets
                    taken.append(Extraction(around.start(), end, said, today, "before_deadline"))
                continue
            # "wednesday" in "the wednesday before xmas" is no date of its own, found first or after
            claimed.append((start, end))
            taken = [t for t in taken if not (start <= t.start and t.end <= end)]
            taken.append(Extraction(start, end, text[start:end], value, _rename(rule.name, m)))
        else:
            unresolved.append(Extraction(start, end, text[start:end], text[start:end], "unparsed_date"))
    for start, end, surface in [*date_like_spans(text), *date_shorthands(text)]:
        if not any(start < c_end and c_start < end for c_start, c_end in claimed):
            claimed.append((start, end))
            unresolved.append(Extraction(start, end, surface, surface, "unparsed_date"))
    taken.sort(key=lambda e: e.start)
    unresolved.sort(key=lambda e: e.start)
    return taken, unresolved


def find_dates(text: str, *, today: date, country: str | None = None) -> list[Extraction[date]]:
    """Dates in folded `text`, resolved against `today`, left to right and non-overlapping.

    >>> [e.value.isoformat() for e in find_dates("pay him next friday", today=date(2026, 11, 21))]
    ['2026-11-27']
    """
    return scan_dates(text, today=today, country=country)[0]


def find_date_like(text: str, *, today: date, country: str | None = None) -> list[Extraction[str]]:
    """Phrases in folded `text` that sound like a date but resolve to none."""
    return scan_dates(text, today=today, country=country)[1]
