"""A bill of a company that is none of the customer's billers.

A biller is often found by a word any company of its kind shares ("phone", "electric", 携帯代, 電気代).
When the customer puts another company's name on that word ("my t-mobile phone bill", "the at&t cell
phone bill", ソフトバンクの携帯代, auの携帯料金) the bill is that company's, not the registered biller's:
the turn holds with `unknown_biller` and lists the customer's billers, with nothing filled in that the
registered biller alone supplied (its id, and so its amount due).

A household bill the customer has no biller for, listed beside the bill paid ("pay the water bill and my
rent", ガス代と家賃を払って), is not left behind while the other is paid: the turn holds with
`unknown_biller` too, its own biller kept.

All patterns run on folded text (`teller.normalize.text.fold`).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import replace
from datetime import date, timedelta

from teller.domain.bank import Biller, CustomerSnapshot
from teller.domain.intents import Intent
from teller.domain.reasons import Reason
from teller.domain.trace import Extraction, TraceItem
from teller.names import NameMatch
from teller.normalize.calendar import days_before_due, names_a_due_date
from teller.normalize.text import fold
from teller.normalize.turn import NormalizedTurn
from teller.understand.model import Candidate, Understanding

# Words that may stand before a bill's kind without naming a company: whose, which, when, what kind.
_GENERIC_EN = frozenset(
    """
    my our the your this that a an his her their its pay for of to month's months monthly this month last
    next current latest recent outstanding overdue upcoming due usual regular normal whole full entire total
    remaining new old own family home house apartment office cell mobile wireless landline phone internet
    broadband cable electric electricity power gas water utility utilities energy bill bills and
    """.split()  # noqa: SIM905
)
# The words for a kind of bill that any company of that kind sends: a biller found by one of them was
# not named.
_KIND = re.compile(
    r"(?:cell ?phone|cell|phone|mobile|wireless|electric(?:ity)?|power|water|gas|internet|cable|broadband|"
    r"utility|utilities|電気|電力|ガス|携帯|スマホ|電話|水道|ネット|インターネット)(?:代|料金|料)?"
)
_MOD_EN = re.compile(r"\b(?:my|our|the|your|this|that)\s+(?P<mods>(?:[a-z0-9][\w&'.+-]*\s+){1,2})$")
_MOD_JA = re.compile(r"(?P<mod>[a-z0-9&\u30a0-\u30ff\u3400-\u9fff\uf900-\ufaffー-]+)の?$")
_GENERIC_JA = re.compile(
    r"^(?:今月|先月|来月|今回|前回|毎月|月々|自宅|家|うち|実家|携帯|スマホ|電話|自分|私|僕|俺|全額|全部|"
    r"(?:[0-9]+|[一二三四五六七八九十]+)月|今年|去年|前月|当月|残り|"
    # a day said right before the bill: 明日電気代を払って, 月末ガス代, 来週の月曜日水道代
    r"今日|本日|明日|明後日|あした|あさって|今週|来週|再来週|週末|月末|来月末|月初|来月頭|"
    r"(?:[0-9]+|[一二三四五六七八九十]+)日|[月火水木金土日]曜日?)分?$"
)


def _by_kind(said: str) -> bool:
    """Every word of `said` is a kind of bill (電力の電気代: the kind twice, no company)."""
    return all(_KIND.fullmatch(word) for word in re.split(r"\s+|の", said) if word) and bool(said.strip())


def _own_words(biller: Biller) -> set[str]:
    names = [biller.display_name, biller.latin or "", biller.reading_kana or "", *biller.aliases]
    words = {w for n in names for w in re.findall(r"[\w&'.+-]+", fold(n))}
    return words | {fold(n).replace(" ", "") for n in names if n}


def _unknown_company(before: str, biller: Biller) -> str | None:
    """The company name said right before the biller's word, when it is not the biller's own."""
    own = _own_words(biller)
    if before.isascii():
        m = _MOD_EN.search(before)
        if m is None:
            return None
        words = [w.rstrip(".,") for w in m["mods"].split()]
        unknown = [w for w in words if w and w not in _GENERIC_EN and w not in own]
        return " ".join(words) if unknown else None
    m = _MOD_JA.search(before)
    if m is None or _GENERIC_JA.match(m["mod"]):
        return None
    mod = m["mod"]
    if any(mod in w or w in mod for w in own if len(w) >= 2):
        return None  # ドコモの携帯代, 東京電力の電気代: the biller's own name
    return mod


_WORD_END = re.compile(r"[\w&'.+-]+$")
_WORD_START = re.compile(r"[\w&'.+-]+")


def _company_at(folded: str, start: int, biller: Biller) -> str | None:
    """The other company named at the biller's word: the words before it, or the word it is the end of
    ("t-mobile", where "mobile" is the biller's alias)."""
    glued = _WORD_END.search(folded[:start]) if folded.isascii() else None
    if glued is not None:
        rest = _WORD_START.match(folded, start)
        word = glued.group() + (rest.group() if rest else "")
        return None if word in _own_words(biller) else word
    return _unknown_company(folded[:start], biller)


def hold_biller_elsewhere(
    u: Understanding, folded: str, snapshot: CustomerSnapshot, billers: NameMatch
) -> Understanding:
    """A bill payment whose biller was found by its kind while another company is named on that kind."""
    if u.intent is not Intent.BILL_PAYMENT or u.hold is not None or u.slots.biller_id is None:
        return u
    biller = snapshot.biller(u.slots.biller_id)
    spans = [
        c
        for c in billers.candidates
        if c.id == u.slots.biller_id and c.end > c.start and _by_kind(folded[c.start : c.end])
    ]
    if biller is None or not spans:
        return u
    company = next((w for c in spans if (w := _company_at(folded, c.start, biller))), None)
    if company is None:
        return u
    listed = _listed(snapshot.billers, "unknown_biller")
    slots = replace(u.slots, biller_id=None)  # nor, so, the registered biller's amount due
    trace = (*u.trace, TraceItem("understand", "unknown_biller", company, biller.id))
    return replace(
        u,
        slots=slots,
        trace=trace,
        hold=Reason.UNKNOWN_BILLER,
        candidates=listed,
        ambiguous_slot="biller_id",
    )


# Bills a household pays that any customer may have no biller for, and that are never what a utility's or
# a phone company's own bill is called ("water and sewer" is the water board's, a subscription or a
# membership may be the biller's own service; gas is, below, unless the bill paid is for electricity:
# "gas and electric" is one utility's bill).
_HOUSEHOLD_BILL = (
    r"(?:gas|rent|mortgage|(?:car |auto |home |renters? |health |life )?insurance|tuition|school fees?|"
    r"day ?care|child ?care|(?:property |car |income )?tax(?:es)?|hoa|condo fees?|car payment|"
    r"(?:car |student )loans?|medical bills?|hospital bill|trash|garbage)|"
    r"(?:[ァ-ヶー一-龥a-z]{1,6}の)?(?:家賃|やちん|保険料?|ほけん(?:りょう)?|受信料|nhk|会費|月謝|学費|授業料|"
    r"給食費|保育料|税金|住民税|固定資産税|自動車税|所得税|管理費|共益費|駐車場代|ローン|新聞代)"
)
_AND = r"(?:\s*(?:,|&|\+|\band\b|\bplus\b|\bas well as\b)\s*(?:(?:also|then|my|our|the)\s+)*|\s*[と、や]\s*)"
# A household bill said beside another bill in one list: "…the water bill and my rent", 家賃と電気代
_OTHER_BILL_AFTER = re.compile(_AND + r"(?P<other>" + _HOUSEHOLD_BILL + r")(?![a-z'])")
_OTHER_BILL_BEFORE = re.compile(r"(?<![a-z'])(?P<other>" + _HOUSEHOLD_BILL + r")(?:\s+bills?)?" + _AND + r"$")
_ELECTRIC = re.compile(r"\belectric|\bpower\b|電気")


def _beside(folded: str, start: int, end: int) -> re.Match[str] | None:
    """A household bill listed right after (end) or right before (start) a biller's words."""
    rest = re.sub(r"^\s*(?:bills?|payments?|代|料金|の?請求)", "", folded[end:])
    return _OTHER_BILL_AFTER.match(rest) or _OTHER_BILL_BEFORE.search(folded[:start])


def hold_other_bill(
    u: Understanding, folded: str, snapshot: CustomerSnapshot, billers: NameMatch
) -> Understanding:
    """A bill payment whose turn also names a household bill that none of the billers found explains."""
    if u.intent is not Intent.BILL_PAYMENT or u.hold is not None or u.slots.biller_id is None:
        return u
    biller = snapshot.biller(u.slots.biller_id)
    mine = [c for c in billers.candidates if c.id == u.slots.biller_id and c.end > c.start]
    other = next((m for c in mine if (m := _beside(folded, c.start, c.end)) is not None), None)
    if (
        other is None
        or biller is None
        or (other["other"] == "gas" and _ELECTRIC.search(" ".join(biller.aliases)))
    ):
        return u
    listed = _listed(snapshot.billers, "unknown_biller")
    trace = (*u.trace, TraceItem("understand", "other_bill", other["other"], u.slots.biller_id))
    return replace(u, trace=trace, hold=Reason.UNKNOWN_BILLER, candidates=listed, ambiguous_slot="biller_id")


# "the utility bill", 光熱費, 公共料金: a bill of one of the utilities, not which one.
_UTILITIES = re.compile(r"\butilit(?:y|ies)\b|光熱費|光熱水費|水道光熱費|公共料金")
_UTILITY_KIND = re.compile(r"\belectric|\bpower\b|\bgas\b|\bwater\b|電気|ガス|水道")


def utility_billers(folded: str, snapshot: CustomerSnapshot) -> tuple[Candidate, ...]:
    """The customer's electricity, gas and water billers, when the turn names a utility bill by its kind."""
    if not _UTILITIES.search(folded):
        return ()
    kinds = (
        b
        for b in snapshot.billers
        if _UTILITY_KIND.search(" ".join((b.display_name, b.latin or "", *b.aliases)).casefold())
    )
    return _listed(kinds, "utility_bill")


def _listed(billers: Iterable[Biller], rule: str) -> tuple[Candidate, ...]:
    """Billers offered to choose from when the turn named none of them surely."""
    return tuple(Candidate(b.id, "biller", b.display_name, 50.0, rule) for b in billers)


def due_date(turn: NormalizedTurn, billers: NameMatch, snapshot: CustomerSnapshot) -> Extraction[date] | None:
    """ "pay con ed on the due date", 水道代を期日に払って: the due date of the one biller named, as the day
    to pay; None when no such phrase, or not one biller, or no due date is known (then it is asked)."""
    said = next((d for d in turn.date_like if names_a_due_date(d.surface)), None)
    if said is None or billers.status != "match" or len({c.id for c in billers.candidates}) != 1:
        return None
    biller = snapshot.biller(billers.candidates[0].id)
    back = days_before_due(said.surface)  # "the day before it's due": counted back from it
    if biller is None or biller.due is None or back is None:
        return None
    return Extraction(said.start, said.end, said.surface, biller.due - timedelta(days=back), "due_date")
