"""Pressure and scams: words around an order that must not change what Teller does with it (round 32).

- A request to skip the confirmation ("no need to confirm", "skip the confirmation step", 確認はいらない,
  確認画面とか飛ばして) is no part of the order: the order is still proposed and waits for a yes. Its
  words are accounted for (they are no unexplained negation or correction), and the reply says the
  confirmation stays.
- A payment that a known scam asks for — someone calling as the bank, the police or the tax office and
  telling the customer to move money to a person; a relative on the phone in sudden trouble (bail, an
  accident's settlement, company money lost); an online partner who needs money — is not proposed: a
  bank stops and hands it to a person, with a warning. Family money told without such signs ("my son
  needs $200 for his textbooks") is an ordinary order.

All patterns run on folded text (`teller.normalize.text.fold`). Pure functions, no state.
"""

from __future__ import annotations

import re

Span = tuple[int, int]

_CHECK_WORD = (
    r"(?:confirm\w*|double[- ]?check\w*|verif\w*|approv\w*|questions?|asking|checks?|checking|"
    r"confirmation (?:screens?|steps?|pages?|prompts?|messages?))"
)
_SKIP_EN = re.compile(
    r"\b(?:(?:there'?s |there is )?no (?:need|time) (?:to|for)|"
    r"(?:i )?(?:don'?t|do not|dont) have (?:the )?time (?:to|for)|"
    r"(?:you )?(?:don'?t|do not|dont) (?:need to |have to )?(?:ask|bother)(?: me)?"
    r"(?: (?:to|for|about|with))?|"
    r"(?:you )?(?:don'?t|do not|dont) need (?:to|a|my|any|the)|"
    r"skip(?:ping)?|without(?: (?:any|a|the|my|your))?|no|bypass|forget (?:the|about)|"
    r"(?:don'?t|do not) wait for)\s+"
    rf"(?:(?:me to|my|a|the|any|your|to)\s+)?{_CHECK_WORD}"
    r"(?:\s+(?:step|screen|page|prompt|needed|necessary|required|please|anything|it|this time))*\b"
)
_SKIP_JA = re.compile(
    r"確認(?:画面|ステップ|手続き|作業)?(?:は|とか|なんて|も|を)?\s*"
    r"(?:いらない|いらん|要らない|いりません|要りません|不要|なし|無し|しなくて(?:いい|大丈夫|結構)|いいから|いいので|"
    r"いいです|飛ばし|とばし|スキップ|抜き|省略|省い)(?:で|です|だ|て|から|ので)?"
)


def skip_confirmation(folded: str) -> list[Span]:
    """Spans asking Teller to skip its confirmation ("no need to confirm", 確認はいらない)."""
    return [m.span() for m in (*_SKIP_EN.finditer(folded), *_SKIP_JA.finditer(folded))]


# Someone who claims authority, calling or writing, and telling the customer to pay or move money.
_AUTHORITY_EN = (
    r"(?:irs|tax (?:office|department|man)|social security|police|officer|detective|fbi|ftc|government|"
    r"court|immigration|customs|lawyer|attorney|the bank|my bank|"
    r"bank'?s (?:fraud|security) (?:team|department)|"
    r"fraud (?:team|department)|security (?:team|department)|(?:tech |teller |customer )?support|microsoft|"
    r"amazon)"
)
_SCAM_EN = re.compile(
    # "a man from the IRS called and said…", "the bank's fraud team told me to move…"
    rf"\b(?:(?:someone|(?:a|the|some) (?:man|woman|guy|lady|person)|somebody|they|he|she) (?:from|at) "
    rf"(?:the )?{_AUTHORITY_EN}|"
    rf"(?:the )?{_AUTHORITY_EN})\b[^.!?]{{0,60}}?\b(?:called|call|phoned|rang|texted|emailed|messaged|"
    r"told me|says|said|asked|wants|needs me)\b|"
    r"\bsafe(?:ty)? account\b|\bbail\b|\bgift ?cards?\b[^.!?]{0,40}\b(?:pay|send|buy)\b|"
    r"\b(?:don'?t|do not|not to) tell (?:his|her|their|my|your|the) "
    r"(?:parents|family|mom|dad|wife|husband)\b|"
    r"\b(?:online|internet|long[- ]distance) (?:boyfriend|girlfriend|partner|lover|fianc[eé]e?)\b|"
    r"\b(?:met|know) (?:him|her|them) "
    r"(?:online|on (?:a dating|tinder|bumble|hinge|instagram|facebook|whatsapp))\b|"
    r"\b(?:release|unlock|withdrawal|clearance) fee\b|\bguaranteed (?:returns?|profits?)\b"
)
_SCAM_JA = re.compile(
    r"(?:税務署|年金事務所|区役所|市役所|役所|警察|刑事|検察|裁判所|金融庁|銀行(?:の人|員|協会)|"
    r"カード会社|消費者センター|弁護士)(?:の人|の方|を名乗る人)?(?:から|が)[^。!?！？]{0,12}?"
    r"(?:電話|連絡|メール|メッセージ|sms|ショートメール)|"
    r"還付金|示談金|安全な口座|保全(?:口座|のため)|"
    r"(?:息子|むすこ|娘|孫|まご|甥|姪)(?:から|が)[^。!?！？]{0,12}?(?:電話|連絡)[^。]{0,40}?"
    r"(?:事故|示談|落とし|なくし|使い込|トラブル|逮捕|警察|会社のお金|小切手|至急|今日中|すぐ)|"
    r"(?:ネット|アプリ|sns|マッチングアプリ)で(?:知り合った|出会った)|"
    r"(?:誰にも|家族に|親に)(?:言わないで|内緒)"
)


def scam_signs(folded: str) -> re.Match[str] | None:
    """A known scam's sign in the story around a payment: who told the customer to pay and how."""
    return _SCAM_EN.search(folded) or _SCAM_JA.search(folded)
