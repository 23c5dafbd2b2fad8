"""When the money should go, said only roughly: asked about, never sent on a guess.

- A day said roughly: "around the 15th", "on the 3rd or so", 15日ごろ, 月末あたり, 来月の頭くらい — the
  day is resolved, but the customer did not name it as the day to pay.
- No day at all, only a stretch of time: "in a few days", "one of these days", "mid-month", 数日後,
  近いうちに, 来月の頭, 上旬.
- A time of day with no day ("pay the water bill in the morning", 夜に, "at 9am", 15時に): which morning
  depends on when it is said; it is asked, not sent now.

Pure functions of the normalized turn (spans index its folded text).
"""

from __future__ import annotations

import re

from teller.normalize.turn import NormalizedTurn

Span = tuple[int, int]

_ROUGH_BEFORE = re.compile(
    r"(?<![a-z'])(?:around|about|approximately|roughly|circa|sometime|some time|somewhere|close to|towards?)"
    r"(?: around| about)?\s+(?:the\s+)?$|(?:だいたい|大体|おおよそ)$"
)
_ROUGH_AFTER = re.compile(
    r"^(?:\s*(?:or so|or thereabouts|give or take|more or less|-?ish)(?![a-z'])|"
    r"の?(?:ごろ|頃|ころ|くらい|ぐらい|位|あたり|辺り|前後|近く))"
)
_STRETCH = re.compile(
    r"(?<![a-z'])(?:in (?:a )?(?:few|couple(?: of)?|several) (?:more )?(?:days|weeks)|"
    r"(?:a )?(?:few|couple(?: of)?|several) (?:days|weeks) (?:from now|later)|"
    r"one of these days|sooner or later|at some point|in the near future|some ?time soon|soon-?ish|"
    r"(?:early|mid|late)[- ](?:next |this )?(?:month|week)|mid-?month)(?![a-z'])|"
    r"数日(?:後|以内|中|のうち)?|近いうちに|近々|そのうち|"
    r"(?:今月|来月|再来月)?の?(?:頭|初め|はじめ|始め|上旬|中旬|下旬|半ば|なかば)(?=に|ごろ|頃|くらい|ぐらい|あたり|まで|[、,]|$)|"
    r"月初め?"
)
_TIME_OF_DAY = re.compile(
    r"(?<![a-z'])(?:(?:in|during) the (?:morning|afternoon|evening)|at night|overnight|"
    # a clock time: "at 9am", "at 5:30 pm", "at noon", "by 6 o'clock"
    r"(?:at|by|around) (?:\d{1,2}(?::\d{2})? ?(?:am|pm|a\.m\.|p\.m\.|o'?clock)|noon|midnight))(?![a-z'])|"
    r"(?:午前|午後)?\d{1,2}時(?:\d{1,2}分|半)?(?:に|まで|ごろ|頃)|"
    r"(?:^|(?<=[、,\s]))(?:朝|夜|夕方|午前中?|午後|昼)(?:に|中に|のうちに|イチで|一番で|いちで)"
)


def rough_spans(turn: NormalizedTurn) -> list[Span]:
    """Where a day is said only roughly, or only a stretch or a time of day is said for it."""
    folded = turn.folded
    spans = [m.span() for m in _STRETCH.finditer(folded)]
    for d in turn.dates:
        before = _ROUGH_BEFORE.search(folded[: d.start])
        after = _ROUGH_AFTER.match(folded[d.end :])
        if before or after:
            spans.append((before.start() if before else d.start, d.end + (after.end() if after else 0)))
    if not turn.dates:
        spans += [m.span() for m in _TIME_OF_DAY.finditer(folded)]
    return spans
