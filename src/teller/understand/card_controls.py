"""Card controls narrower than the card: what Teller cannot do by locking or unlocking the whole card.

Teller locks and unlocks a whole card, for as long as the customer leaves it so. A customer who asks to
turn off only one kind of use ("disable contactless on my debit card", "block international
transactions on my visa", ネット決済だけ止めて), one merchant ("block payments to amazon on my card") or
for a while ("freeze my card until friday", 一週間だけロックして) asks for something else: locking the
whole card, or unlocking it for good, would do more than was asked. Such a turn is answered, not acted
on (`narrower_than_the_card`).

The same words told as the reason for a lock ("lock my card, someone used it online", 海外で使われた
形跡があるので止めて) are no narrower control: they say why, and the whole card is locked.

All patterns run on folded text (`teller.normalize.text.fold`).
"""

from __future__ import annotations

import re


def _rx(pattern: str) -> re.Pattern[str]:
    return re.compile(pattern, re.IGNORECASE)


_CARD = r"(?:card|visa|master ?card|amex|debit|credit|cc)"
_SWITCH = (
    r"(?:lock|freeze|block|disable|suspend|deactivate|stop|pause|turn (?:off|on)|switch (?:off|on)|shut off|"
    r"unlock|unfreeze|unblock|enable|reactivate|allow|restrict|limit|prevent)"
)
# One kind of use of a card ("an ATM card" is the card itself).
_USE = (
    r"(?:contactless|tap[- ]?(?:to[- ]?)?pay(?:ments?)?|tap payments?|online|internet|web|e-?commerce|"
    r"international|overseas|foreign|abroad|out[- ]of[- ](?:the[- ])?country|atms?|"
    r"cash (?:withdrawals?|advances?)|"
    r"withdrawals?|in[- ]store|recurring|subscriptions?|gambling|apple pay|google pay|mobile wallet|"
    r"card[- ]not[- ]present)"
)
_UNITS = r"(?:minutes?|hours?|days?|nights?|weeks?|months?|weekend)"
_COUNT = r"(?:a|an|one|two|three|four|five|six|seven|a few|a couple(?: of)?|\d+)"
_WEEKDAY = r"(?:mon|tues|wednes|thurs|fri|satur|sun)day"

_NARROWER_EN = _rx(
    # the switch's object is one kind of use: "disable contactless on my card", "turn online purchases
    # back on for my credit card", "stop ATM withdrawals on my debit card"
    rf"\b{_SWITCH}\b(?: (?:only|just|the|all|my))* {_USE}\b(?!\s+(?:and|,|cards?\b))|"
    rf"\b(?:turn|switch|shut) (?:only |just |the |all |my )*{_USE}\b"
    r"(?: [a-z]+){0,2} (?:back )?(?:on|off)\b|"
    # the card switched for one kind of use: "turn off my credit card for online purchases", "block my card
    # from being used abroad", "unlock my credit card for overseas use"
    rf"\b{_SWITCH}\b.{{0,30}}?\b{_CARD}\w*\b(?: (?:only|just))? "
    r"(?:(?:for|from|to|at|on)(?: being used| use| using)?|(?:from )?(?:working|being used))"
    rf"(?: (?:at|in|on|for|by))?(?: (?:only|just|the|any|all))? {_USE}\b|"
    # one merchant: "block payments to amazon on my card", "stop netflix from charging my card"
    rf"\b{_SWITCH}\b (?:(?:all |any )?(?:payments?|purchases?|charges?|transactions?) (?:to|at|from|by) )?"
    rf"[a-z0-9&'.-]+ (?:from )?(?:charging|billing|taking money from|using) (?:my |the )?{_CARD}|"
    rf"\b{_SWITCH}\b (?:all |any )?(?:payments?|purchases?|charges?|transactions?) (?:to|at|from|by|with) "
    rf"(?!(?:my|the|this|that|it|them)\b)[a-z0-9&'.-]+(?: [a-z0-9&'.-]+)? (?:on|with|for) "
    rf"(?:my |the )?(?:[\w']+ )?{_CARD}|"
    # "…only online / …online only", "not the whole thing": part of the card said in so many words
    rf"\b{_USE} (?:use |purchases |payments |transactions )?only\b|"
    rf"\b(?:only|just|except(?: for)?|but not|apart from) (?:for |on |at |in |with )?(?:the |my )?{_USE}\b|"
    r"\bnot the (?:whole|entire) (?:thing|card)\b"
)
# For a while on the calendar: "until friday", "for a week", "just for today", "for the next 3 days" (not
# "until I find it", "until I'm back", "until further notice": a lock for as long as the customer leaves it
# so, ended by the customer)
_A_WHILE_EN = _rx(
    rf"\b{_CARD}\w*\b[^,.;!?]{{0,40}}?\b(?:(?:until|till|til|through|thru) (?:this |next )?"
    rf"(?:{_WEEKDAY}|tomorrow|tonight|"
    r"next week|the weekend|the end of (?:the )?(?:week|month)|the \d{1,2}(?:st|nd|rd|th)?)|"
    rf"(?:just |only )?for (?:the next |the )?(?:{_COUNT} {_UNITS}|today|tonight|the day|the weekend)\b|"
    r"over the (?:weekend|holidays?)\b)"
)

_CARD_JA = r"(?:カード|デビット|クレジット|クレカ|visa|ビザ|アメックス|jcb)"
_USE_JA = (
    r"(?:非接触|タッチ決済|コンタクトレス|ネット|オンライン|インターネット|海外|atm|キャッシング|引き出し|引出|通販|"
    r"サブスク|定期購入|apple ?pay|google ?pay)"
)
_SWITCH_JA = r"(?:止め|停止|ストップ|ロック|凍結|無効|オフ|使えなく|解除|再開|有効|オン|使えるように|制限)"
_NARROWER_JA = _rx(
    # the switch's object is one kind of use: ネット決済だけ止めて, 海外利用を停止して, タッチ決済を無効に
    rf"{_USE_JA}[^、。,!?？！]{{0,10}}?(?:だけ|のみ|を|は)?\s*{_SWITCH_JA}|"
    rf"{_CARD_JA}[^、。,]{{0,6}}?(?:での|の){_USE_JA}"
    rf"[^、。,!?？！]{{0,10}}?(?:だけ|のみ|を|は)\s*{_SWITCH_JA}"
)
_A_WHILE_JA = _rx(
    r"(?:[月火水木金土日]曜(?:日)?|明日|あした|あす|明後日|あさって|来週|週末|月末|\d{1,2}日)まで|"
    r"(?:\d+|[一二三四五六七八九十]+|数)(?:日|週|時間|か月|ヶ月|カ月)(?:間)?(?:だけ|のみ)|"
    r"(?:一週間|1週間|一日|1日|今日|今夜|週末)(?:だけ|のみ|の間)"
)
# The same words told as why, inside what a pattern matched: ネットで不正利用されたので止めて
_WHY = _rx(
    r"(?<!being )(?<!be )\b(?:used|charged|made|spent|stolen|lost|hacked|compromised|fraud\w*|"
    r"unauthori[sz]ed|saw|see|seen|noticed|had|missing|"
    r"didn'?t make|never made|don'?t recogni[sz]e|because|since|cause)\b|"
    r"不正|使われ|勝手|身に覚え|ので|から|盗|なくし|紛失|落とし"
)


def narrower_than_the_card(folded: str, *, for_a_while: bool = True) -> bool:
    """ "disable contactless on my debit card", "freeze my card until friday", ネット決済だけ止めて: a control
    of one kind of use, one merchant or (`for_a_while`) a time, which locking or unlocking the whole card
    is not."""
    patterns = (_NARROWER_EN, _NARROWER_JA, *((_A_WHILE_EN, _A_WHILE_JA) if for_a_while else ()))
    return any(not _WHY.search(m.group()) for pattern in patterns for m in pattern.finditer(folded))


_ENDED_BY_THE_CUSTOMER = _rx(r"(?<![a-z'])(?:until|till|til) (?:i|we)(?![a-z'])|(?:見つかる|戻る|帰る)まで")
# The unlock the customer says they will do themselves, to the end of its clause: "…, I'll turn it back on
# myself later", "I'll unlock it when I'm back from Osaka", 解除は後で自分でやります, 自分で解除します (not
# "I can't unlock it myself", 自分で解除できないので: those ask Teller to)
_OWN_UNLOCK = _rx(
    r"\b(?:i'?ll|i will|i can|i'?m going to|i'?m gonna|we'?ll|we will|we can)\s+(?:just\s+|then\s+)?"
    r"(?:(?:unlock|unfreeze|unblock|reactivate|re-?enable)\s+(?:it|them|the card|that)|"
    r"(?:turn|switch|put)\s+(?:it|them|the card|that)\s+(?:back\s+on|on\s+again))\b[^,.;!?]*|"
    r"(?:ロック)?(?:解除|再開)(?:は|するのは|の方は)?[^、。,!！]{0,12}?(?:自分で|こちらで)[^、。,!！]{0,6}?"
    r"(?:やり|し|行い)(?:ます|ますので|ますから)?(?=[、。,!！]|$)|"
    r"(?:自分で|こちらで)[^、。,!！]{0,8}?(?:ロック)?(?:解除|再開|元に戻|戻)(?:し|す)(?:ます|る)?(?:ので|から)?"
    r"(?=[、。,!！]|$)"
)


def unlocked_by_the_customer(folded: str) -> list[tuple[int, int]]:
    """ "freeze my debit card, I'll turn it back on myself later", デビットをロックして、解除は後で自分で
    やります: the unlock the customer will do themselves is no order; the lock is what is asked."""
    return [m.span() for m in _OWN_UNLOCK.finditer(folded)]


def without_own_unlock(folded: str) -> str:
    """`folded` with the customer's own later unlock blanked (same length, so spans still index it)."""
    return _OWN_UNLOCK.sub(lambda m: " " * len(m.group(0)), folded)


def ended_by_the_customer(folded: str) -> list[tuple[int, int]]:
    """ "lock my card until I find it", 見つかるまで止めて, "…, I'll unlock it myself later": a lock that
    lasts until the customer ends it is a lock like any other; the words say how long, not on what
    condition."""
    return [m.span() for m in _ENDED_BY_THE_CUSTOMER.finditer(folded)] + unlocked_by_the_customer(folded)
