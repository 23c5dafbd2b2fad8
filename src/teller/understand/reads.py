"""What a read of the history asks for, and what only sounds like one.

- One transaction talked about is not the list asked for: "I see a $5 charge in one of my
  transactions", "I have a pending transaction", "where's the transaction I made this morning",
  "what was that $30 charge for", この500円の取引は何ですか, 3000円の取引があるんですが. "Show me my
  last transaction" and "what was my last transaction" still read it.
- How far back the history goes is a question about the service: "can I look at transactions from
  more than two years ago", 2年以上前の明細も見られますか. "Can I see my transactions from last week"
  still reads them.
- Money that came in, asked about, is read, refunds included: "has the money from my tax refund landed
  yet", 保険の払い戻しはありましたか. Asking for a refund ("refund the $40 charge") or why one has not come
  ("why hasn't my refund arrived") is not.

All patterns run on folded text (`teller.normalize.text.fold`). Pure functions, no state.
"""

from __future__ import annotations

import re
import unicodedata
from datetime import date

from teller.normalize.calendar_words import MONTH_NAMES


def _rx(pattern: str) -> re.Pattern[str]:
    return re.compile(pattern, re.IGNORECASE)


_ONE = r"(?:transaction|charge|payment|debit|purchase|withdrawal|deposit|transfer)(?!s)"
_ONE_TRANSACTION = _rx(
    # "I see a $5 charge…", "I have a pending transaction", "there's an outgoing transaction"
    rf"\b(?:i (?:can )?(?:see|have|got|noticed?|found|spotted)|there(?:'s| is)) (?:a|an|one|this|that)\b"
    rf"(?: [\w$.,'-]+){{0,3}}? {_ONE}\b|"
    # "where's the transaction I made this morning", "where is my last money transaction"
    rf"\bwhere(?:'s| is| did| has)(?: [\w']+){{0,4}}? {_ONE}\b|"
    # "what was that $30 charge for" (what it was for; "what was that charge from yesterday" reads it)
    rf"\bwhat(?:'s| is| was) (?:that|this|the|a)(?: [\w$.,'-]+){{0,3}}? {_ONE}\b(?: [\w']+){{0,5}}? for\b|"
    r"(?:この|その|あの)[^。、]{0,12}?(?:取引|支払い?|引き落とし|請求)(?:は|って)(?:何|なに|なん)|"
    r"[0-9,万千]+円の(?:取引|支払い?|引き落とし|請求)(?:が|は)(?:ある|あり|何|なに|なん)"
)


def talks_about_one_transaction(folded: str) -> bool:
    """ "I have a pending transaction", "what was that $30 charge for", この500円の取引は何ですか: one
    transaction is the topic; the list of them is not asked for."""
    return bool(_ONE_TRANSACTION.search(folded))


_HOW_FAR_BACK = _rx(
    r"\bhow (?:far|long) back\b|"
    r"\b(?:older than|more than|over|beyond|further back than) (?:a|an|one|two|three|\d+|\w+) "
    r"(?:years?|months?)(?: ago| old| back)?\b|"
    r"(?:年|か月|ヶ月|カ月)以上前|どこまで(?:遡|さかのぼ)"
)


def asks_how_far_back(folded: str) -> bool:
    """ "can I look at transactions from more than two years ago", 2年以上前の明細も見られますか."""
    return bool(_HOW_FAR_BACK.search(folded))


_CAME_IN = _rx(
    r"\b(?:has|have|did)\b(?! (?:not|never)\b)(?: [\w']+){0,5}? (?:refund|reimbursement|money|payment|"
    r"deposit|transfer|pay|paycheck|salary)s?\b(?: [\w']+){0,4}? (?:landed|arrived?|c[oa]me (?:in|through)|"
    r"cleared|gone through|been (?:credited|deposited|paid in|received|processed))\b|"
    r"(?:返金|払い戻し)(?:は|が)(?:もう)?(?:入り|入って|届き|届いて|戻って|あり|あっ)(?!次第|たら|から)|"
    # a bill that went out, asked about: ガス代ってもう引き落とされた？ (勝手に引き落とされた is a problem)
    r"(?:代|費|料金|家賃|請求|ローン|引き落とし)(?:って|は|が|も)?(?:もう|ちゃんと|すでに|無事)?"
    r"(?:引き落とされ|落ち)(?:た|て(?:い)?る|ました|ています|てます)(?:か|かな|の|\?|？)|"
    # a payment that went out, asked about: "did my rent go out", "did the mortgage get taken"
    r"\b(?:did|has|have|is|was)\s+(?:my|the|our)\s+(?:[\w'-]+\s+){0,3}?(?:rent|payments?|bills?|mortgage|"
    r"subscriptions?|direct debits?|autopay)\s+(?:already\s+)?(?:go|gone|went|come out|came out|"
    r"(?:get|got|been) (?:paid|taken|debited|withdrawn|charged|deducted|processed))\b"
)
# Not whether it went out but that it went wrong: twice, without asking, by mistake
_WENT_WRONG = _rx(r"\b(?:twice|double|again|wrong|without)\b|勝手|二重|二回|2回|間違|不正")
_WHY = _rx(r"\b(?:why|how come)\b|なぜ|どうして|なんで")


def asks_whether_money_came(folded: str) -> bool:
    """ "has the refund from the hotel landed", 保険の払い戻しはありましたか: money that came in, asked
    about (not why it has not come)."""
    return bool(_CAME_IN.search(folded)) and not _WHY.search(folded) and not _WENT_WRONG.search(folded)


# A read the customer already did, told as the background of something else: "after looking at this
# month's spending I just want to cry", "ever since checking my balance…", 今月の明細見たら泣きたくなった.
_READ_DONE = _rx(
    r"\b(?:after|since|from|when|while)\s+(?:looking (?:at|over|through)|checking|seeing|"
    r"going (?:through|over)|reviewing|reading)\b[^,.;!?]{0,40}?"
    r"\b(?:spending|balances?|statements?|transactions?|activity|history|charges|purchases)\b|"
    r"(?:明細|履歴|残高|取引|通帳)[^。、]{0,6}?(?:見|確認し|チェックし)(?:たら|た時|たとき|てから|たところ)"
)
# Something asked for beside it: "after checking my balance, show me the transactions"
_ASKED = _rx(
    r"\b(?:show|tell|give|list|check|see|what|how much|pull up|can i|could you|can you|please)\b|"
    r"見せ|教え|確認して|表示|いくら|出して|ですか|[?？]"
)


def read_already_done(folded: str) -> bool:
    """The read words belong to what the customer already did, and nothing else is asked."""
    m = _READ_DONE.search(folded)
    return m is not None and not _ASKED.search(folded[: m.start()] + " " + folded[m.end() :])


# A period named by an event of the customer's life, which the bank cannot date: "what I spent on my trip",
# "the charges from that weekend", "while I was on vacation", あの時の支払い, 引っ越しの時に使ったお金.
_EVENT_PERIOD = _rx(
    r"\b(?:during|on|from|over|for|in|while (?:i was|we were) (?:on|away on|at)?|throughout)\s+"
    r"(?:my|our|the|that|this|last)\s+(?:\w+\s+)?(?:trip|vacation|holiday|honeymoon|getaway|travels|visit|stay|"
    r"move|road trip|staycation)\b|"
    r"\bthat (?:weekend|day|time|night|week|morning|evening|afternoon)\b|"
    r"\bwhile i was (?:away|abroad|traveling|travelling|sick|in the hospital|"
    r"on (?:vacation|holiday|a trip))\b|"
    r"\bwhen (?:i|we) (?:moved|was away|were away|was abroad|"
    r"went (?:abroad|away|on (?:vacation|holiday|a trip))|traveled|travelled)\b|\bback (?:then|when)\b|"
    r"あの(?:時|とき|日|週末|頃|ころ)|その(?:時|とき)の|"
    r"(?:旅行|出張|帰省|引っ越し|引越し|入院|留学|新婚旅行|ハネムーン)(?:中|の(?:時|とき|間|あいだ|前後)|に行った(?:時|とき)|で)"
)


# A period said in the calendar's words beside it: "my trip last month", 先月の旅行中
_CALENDAR_PERIOD = _rx(
    r"\b(?:last|this|past|previous) (?:week|month|year|weekend)\b|\b(?:january|february|march|april|may|june|"
    r"july|august|september|october|november|december)\b|先月|今月|先週|今週|去年|昨年|今年|[0-9０-９一二三四五六七八九十]+月"
)


def names_an_event_period(folded: str) -> bool:
    """A read's period is named by an event only the customer can date ("my trip", あの時), and by
    nothing on the calendar."""
    return bool(_EVENT_PERIOD.search(folded)) and not _CALENDAR_PERIOD.search(folded)


# A month named for a read: only this month's and last month's history can be shown (the recent
# transactions); a month to come ("next month's statement", 来月の明細, December asked in November) or one
# long past ("my January statement" in November) is a period the read cannot show. A day in it ("before
# december tenth", 12月15日より前) is a date, read as such.
_MONTHS_EN = MONTH_NAMES
# ("since june", 6月から, 6月以降: a period up to now, whose recent part is read)
_MONTH_EN = _rx(
    rf"(?<!since )(?<!after )(?<!from )\b(?P<month>{'|'.join(_MONTHS_EN)})\b"
    r"(?!\s*(?:\d|the \d|first|second|third|[a-z]+th\b|20\d\d))"
)
_MONTH_JA = _rx(
    r"(?<![0-9０-９])(?P<n>[0-9０-９]{1,2})月(?!\s*[0-9０-９一二三四五六七八九十]+日|末|初|(?:から|以降|以来))"
)
_MAY = _rx(r"\b(?:in|of|for|from|since|during|until) may\b|\bmay(?:'s)? (?:statement|transactions|activity)")
# The whole history, which only its recent part can be shown of: "since I opened my account", 口座開設以来
_WHOLE_HISTORY = _rx(
    r"\bsince (?:i|we) (?:first )?opened (?:my|the|this|our) account\b|"
    r"\bfrom the (?:very )?(?:beginning|start)\b|"
    r"\b(?:entire|whole|complete|full|lifetime) (?:transaction |account )?history\b|"
    r"\bevery transaction ever\b|\ball (?:of )?my transactions ever\b|"
    r"(?:口座)?(?:を)?開設(?:して)?(?:から|以来)|作ってから(?:の)?全部|全期間|今までの全部"
)
_TO_COME = _rx(r"\bnext month\b|\bmonth after next\b|来月|再来月")
_YEAR_SAID = _rx(r"\b(?:last|this|next) year\b|\b20\d\d\b|去年|昨年|今年|来年|[0-9０-９]{4}年")


def names_a_month_it_cannot_show(folded: str, today: date) -> bool:
    """A read names a month other than this one and the last (or one to come)."""
    if _TO_COME.search(folded) or _WHOLE_HISTORY.search(folded):
        return True
    if _YEAR_SAID.search(folded):
        return False
    months = [
        _MONTHS_EN.index(m["month"]) + 1
        for m in _MONTH_EN.finditer(folded)
        if m["month"] != "may" or _MAY.search(folded)  # "may" is a month only where one is meant
    ]
    months += [int(unicodedata.normalize("NFKC", m["n"])) for m in _MONTH_JA.finditer(folded)]
    recent = {today.month, (today.month - 2) % 12 + 1}
    return any(1 <= m <= 12 and m not in recent for m in months)
