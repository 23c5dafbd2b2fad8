"""Whose data a request is about: the customer's own, or someone else's.

Teller reads and changes only the caller's own accounts and cards. A read or a card action whose
object belongs to another person — "my wife's balance", "david lee's card", "every customer's
balances", "how much does maria have", 妻の口座の残高, 佐藤さんの残高, 他のお客さんの残高 — must not
run on the caller's own data as if they had asked for it: the turn holds with `others_data` and
asks. Money sent *to* someone is not this ("send $50 to david lee's account", 佐藤さんの口座に
振り込んで): the other person receives, they are not whose data is read or changed; nor are time
possessives ("last month's transactions", "today's balance").
"""

from __future__ import annotations

import re
from dataclasses import replace

from teller.domain.intents import Intent
from teller.domain.reasons import Reason
from teller.domain.trace import TraceItem
from teller.normalize.turn import NormalizedTurn
from teller.understand.model import Understanding

# Intents that read or change the customer's own objects (not those that send money to someone).
OWN_DATA_INTENTS = frozenset(
    {Intent.BALANCE_INQUIRY, Intent.RECENT_TRANSACTIONS, Intent.CARD_LOCK, Intent.CARD_UNLOCK}
)

_OBJECT_EN = (
    r"(?:balances?|accounts?|transactions?|statements?|spending|cards?|money|savings|checking|funds|"
    r"history|purchases|payments|activity)"
)
# Possessors that are the customer's own or a time, not a person: "today's balance", "checking's".
_NOT_A_PERSON_WORDS = """
    my our your it its this that one something nothing everything anything saving what who where when why
    how there here he she let today yesterday tonight tomorrow day week weekend month year quarter morning
    afternoon evening night monday tuesday wednesday thursday friday saturday sunday january february
    march april may june july august september october november december account card checking savings
    bank teller visa mastercard amex debit credit everyday
"""
_NOT_A_PERSON = frozenset(_NOT_A_PERSON_WORDS.split())
# "david lee's balance", "my wife's card", "all customers' balances": a possessive before the object,
# up to two words between ("my mom's checking account"), none of them the customer's own ("someone's
# hacked my account" is "someone has").
_POSSESSIVE_EN = re.compile(
    rf"\b([a-z][a-z-]*)(?:'s|s')\s+(?:(?!(?:my|our|your|i|me|we)\b)[a-z-]+\s+){{0,2}}?{_OBJECT_EN}\b"
)
# ...unless the person receives: "my payments to david lee's account", "money from my mom's".
_RECIPIENT_BEFORE = re.compile(r"\b(?:to|into|from|with|towards?)\s+(?:[a-z-]+\s+){0,2}$")
_PEOPLE_EN = re.compile(
    r"\b(?:every(?:one|body)(?: else)?(?:'s| (?:has|have|got)\b)|(?:some|any)(?:one|body) else's|"
    r"(?:all|other|every) (?:the )?(?:other )?(?:customers?|clients?|users?|people|account holders?)|"
    # "his debit card", "her savings account": one word may say which
    r"(?:his|her|their) (?:own )?(?:(?!(?:my|our)\b)[a-z-]+ )?" + _OBJECT_EN + r")\b"
)
# "the balance for my daughter", "the account of my brother": the object, then a person it is for.
_KIN_EN = (
    r"(?:wife|husband|partner|spouse|son|daughter|kids?|child|children|mom|mum|mother|dad|father|parents?|"
    r"brother|sister|siblings?|grand(?:ma|pa|mother|father|son|daughter)|aunt|uncle|cousin|nephew|niece|"
    r"friend|boss|colleague|co-?worker|neighbou?r|roommate|flatmate|girlfriend|boyfriend|fianc[eé]e?|family)"
)
_FOR_PERSON_EN = re.compile(rf"\b{_OBJECT_EN} (?:for|of|belonging to) (?:my|our) (?:[a-z-]+ )?{_KIN_EN}\b")
# Another person joined with the customer: "for me and my wife", "my husband's and my accounts", "my son
# and I both have accounts"
_JOINED_EN = re.compile(
    rf"\b(?:me|mine|myself|my own) and (?:my|our) {_KIN_EN}\b|"
    rf"\bmy {_KIN_EN}(?:'s)? and (?:i|me|my|mine)\b"
)
# "how much (money) does maria garcia have": a third person who has or spent the money.
_HOW_MUCH_EN = re.compile(
    r"\bhow much (?:money |cash )?(?:does|did|has) (?!i\b|we\b|it\b|this\b|that\b|the\b)"
    rf"(?!(?:my|our) (?:[a-z-]+ )?{_OBJECT_EN}\b)([a-z][a-z' -]{{0,40}}?) (?:have|got|spend|spent|left)\b"
)

_PERSON_JA = (
    r"(?:妻|夫|嫁|旦那|主人|家内|母|父|お母さん|お父さん|母親|父親|息子|娘|兄|弟|姉|妹|家族|親|子供|子ども|"
    r"祖母|祖父|おばあちゃん|おじいちゃん|友達|友人|上司|同僚|部下|彼女|彼氏|他人|他の人|ほかの人|"
    r"他のお客(?:さん|様)|ほかのお客(?:さん|様)|全員|みんな|皆|全部のお客(?:さん|様)|"
    r"[^\s、。!?の]{1,8}(?:さん|様|くん|ちゃん))"
)
_OBJECT_JA = r"(?:口座|残高|取引|明細|履歴|カード|クレジットカード|デビットカード|クレカ|預金|お金|貯金)"
# 妻の口座の残高, 佐藤健さんの残高, 他のお客さんの残高も; not 佐藤さんの口座に振り込んで (a recipient).
_POSSESSIVE_JA = re.compile(rf"{_PERSON_JA}\s*の\s*{_OBJECT_JA}(?!\s*(?:に|へ|宛)\S{{0,6}}?(?:振|送|払))")
# 夫と私の両方の口座, 母と自分の口座, 妻の分も: another person's joined with the customer's
_JOINED_JA = re.compile(
    rf"{_PERSON_JA}と(?:私|自分|僕|俺|わたし|あたし)|(?:私|自分|僕|俺|わたし)と{_PERSON_JA}の|"
    rf"{_PERSON_JA}の(?:分|ぶん)(?:も|まで|も含めて|を含めて)"
)


# 妻がデビットカードをなくした, 母がカードを盗まれたみたい: the card another person lost is theirs
_SUBJECT_LOST_JA = re.compile(
    rf"{_PERSON_JA}(?:が|は|も)[^。、!?]{{0,12}}?{_OBJECT_JA}[^。!?]{{0,4}}?"
    r"(?:なくし|無くし|失くし|亡くし|紛失|落とし|盗まれ|盗られ|とられ|取られ|すられ|スられ)"
)


def someone_else(text: str) -> str | None:
    """The words that make `text` about another person's account, card or money, or None."""
    for m in _POSSESSIVE_EN.finditer(text):
        if m.group(1) not in _NOT_A_PERSON and not _RECIPIENT_BEFORE.search(text[: m.start()]):
            return m.group(0)
    for pattern in (
        _PEOPLE_EN,
        _FOR_PERSON_EN,
        _JOINED_EN,
        _HOW_MUCH_EN,
        _POSSESSIVE_JA,
        _JOINED_JA,
        _SUBJECT_LOST_JA,
    ):
        found = pattern.search(text)
        if found is not None:
            return found.group(0)
    return None


def hold_others_data(u: Understanding, turn: NormalizedTurn) -> Understanding:
    """A read or card action about someone else's data asks instead of acting on the caller's own."""
    if u.intent not in OWN_DATA_INTENTS or u.hold is not None:
        return u
    words = someone_else(turn.keywords)
    if words is None:
        return u
    trace = (*u.trace, TraceItem("understand", "others_data", turn.folded, words))
    return replace(u, trace=trace, hold=Reason.OTHERS_DATA)
