"""Numbers that belong to the customer's story, not to the command: counts ("the 4 of us", "my 2 kids",
"2 concert tickets", 5歳, 3枚; never "2 times", 2回 or "50%", which say how much), times of day ("at 3am"),
phone numbers (917-555-0143, 090-1234-5678),
and numbers of things that are no account or card (order #5521, 注文番号4417, room 302, 302号室,
"12 main street"), and fractions (4分の1). None of them is an amount, a card's last digits or an account's.

Patterns run on folded text (`teller.normalize.text.fold`); spans index it.
"""

from __future__ import annotations

import re

Span = tuple[int, int]

_FUNCTION = r"(?:for|to|of|and|or|on|in|at|the|my|his|her|our|their|from|with|by|more|each|per|a|an)"
_COUNTED = (
    r"(?:people|persons|kids|children|friends|guys|adults|hours|hrs|minutes|mins|nights|tickets|pizzas|beers|"
    r"drinks|coffees|rounds|items|things|boxes|bags|pieces|miles|blocks|stops|floors|rooms|"
    r"year[- ]olds?|years? old|am|pm|a\.m\.|p\.m\.|o'clock)"
)
_COUNT_EN = re.compile(
    r"(?<![\w$£€¥.,])\d{1,3}\s*(?:of (?:us|them|you)\b|(?:(?!"
    + _FUNCTION
    + r"\b)[a-z]+\s+)?"
    + _COUNTED
    + r"(?![a-z]))"
)
# A count of days, weeks, months or years the money is for: "2 months of rent", "six months' rent", "two weeks
# of groceries" (not "in 3 days", a day)
_PERIOD_OF = re.compile(
    r"(?<![\w$£€¥.,])(?:\d{1,3}|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)"
    r"\s+(?:days?|weeks?|months?|years?)(?:'s?)?(?=\s+(?:of|worth|rent)\b)|"
    # how many days: "3 business days", "3 days late", "within five working days"
    r"(?<![\w$£€¥.,])(?:\d{1,3}|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)"
    r"\s+(?:(?:business|working|banking|calendar) )?days?\b"
)
# A fraction said in Japanese (4分の1, 3分の2): a share of something, no amount of its own.
_FRACTION_JA = re.compile(r"(?<![0-9,.])[0-9]+分の[0-9]+(?![0-9])")
# (never 3人: money is split among people, 3人で割って; never "3時間分", the worth of them)
_COUNT_JA = re.compile(
    r"(?<![0-9,.])\d{1,3}(?:歳|才|時間|分間|個|枚|本|杯|冊|台|匹|泊|階|号室|番地|回目|人分)(?!分)"
)
_PHONE = re.compile(
    r"(?<![\d-])(?:\+?1[-. ]?)?\(?\d{3}\)?[-. ]\d{3}[-. ]\d{4}(?![\d-])|"
    r"(?<![\d-])0\d{1,4}-\d{1,4}-\d{3,4}(?![\d-])"
)
_NUMBER_OF_THING = re.compile(
    r"\b(?:order|confirmation|reference|ref|tracking|case|ticket|claim|invoice|policy|room|apt|apartment|"
    r"suite|unit|gate|flight|seat|bus|route|platform|zip|zip code)"
    r"\s*(?:number|no\.?|#)?\s*(?:is\s+)?[#:]?\s*\d[\d-]*|"
    r"#\s?\d[\d-]*|"
    r"(?<!口座)(?<!暗証)(?<!カード)(?:番号|ナンバー)(?:は|が|:)?\s*\d[\d-]*|"
    r"\b\d{1,5}\s+(?:[a-z]+\s+){1,2}(?:street|st|avenue|ave|road|rd|boulevard|blvd|lane|ln|drive|place|way)\b"
)


# A count the money is worked out from: "15 an hour for 3 hours", "20 each for the 2 of us", 1人3000円ずつ.
_RATE = re.compile(
    r"\b(?:each|per|apiece|a head|a piece|an hour|a night|a ticket|a person|every|times|split\w*|divid\w*|"
    r"shar\w+|between)\b|ずつ|あたり|当たり|につき|毎|ごと|割"
)


# "the last 7 things I bought": how many of a list to show, not a count of the story.
_LIST_LENGTH = re.compile(r"\b(?:last|latest|recent|past|previous|top|first)\s+$")


def story_number_spans(folded: str) -> list[Span]:
    """Where the numbers of the story are in `folded` (no count when the money is worked out per one)."""
    counts = () if _RATE.search(folded) else (_COUNT_EN, _COUNT_JA, _PERIOD_OF)
    spans = [m.span() for p in (_PHONE, _NUMBER_OF_THING, _FRACTION_JA) for m in p.finditer(folded)]
    spans += [
        m.span() for p in counts for m in p.finditer(folded) if not _LIST_LENGTH.search(folded, 0, m.start())
    ]
    return spans


def inside(start: int, spans: list[Span]) -> bool:
    return any(s <= start < e for s, e in spans)
