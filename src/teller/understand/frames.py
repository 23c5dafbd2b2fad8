"""Frames around a command's words that change what they ask for (issue 9, round 4).

A command verb and its object can sit inside a frame that makes the utterance something else:

- a reminder or a note about the command ("set a reminder to pay my verizon bill", "remind me to send
  maria $40", 電気代を払うのをリマインドして): the customer wants to be reminded, not to pay now;
- a recurring payment ("…every month", "a standing order", 毎月, 毎週): not a one-off transfer, which is
  all Teller can make (confirming a single payment would silently drop "every month");
- a cancel that already happened ("my transfer got cancelled", 振込がキャンセルされていました): a report,
  not a request to cancel;
- shopping ("order two pizzas and put it on my debit card", ピザを注文してカードで払って): not banking.

Reaching a person (asked for, asked about, or not meant) is `teller.understand.person`.

All patterns run on folded text (`teller.normalize.text.fold`). Pure functions, no state.
"""

from __future__ import annotations

import re


def _rx(pattern: str) -> re.Pattern[str]:
    return re.compile(pattern, re.IGNORECASE)


_REMINDER = _rx(
    r"\b(?:set|create|add|make|schedule|put|give me|i need|i want) (?:up )?(?:a |an |me a |myself a )?"
    r"(?:reminder|alarm|note|calendar (?:entry|event|reminder))\b|"
    # (a time said between: "remind me on friday to pay…", "remind me tomorrow morning about verizon")
    r"\bremind (?:me|us|him|her|them) (?:[\w',.-]+ ){0,4}?(?:to|about|that)\b|"
    r"\breminders? (?:to|for|about|that)\b|"
    r"\b(?:to-?do|todo|task|shopping) list\b|\bnote to self\b|"
    r"リマインド|リマインダー|アラーム|(?:忘れないように|あとで)(?:通知|知らせ|教え|メモ)|メモして|カレンダーに"
)


def asks_for_a_reminder(folded: str) -> bool:
    """ "set a reminder to pay my verizon bill", "remind me to send maria $40", 払うのをリマインドして."""
    return bool(_REMINDER.search(folded))


_PERIOD = r"(?:day|week|month|year|quarter|fortnight|weekday|weekend|morning|evening|night|\w+day)"
_RECURRING = _rx(
    # (not a habit said beside this one's order: "like every month, pay…", "same as every month")
    rf"(?<!like )(?<!as )\b(?:every|each) "
    rf"(?:other |single |second |two |three |\d+(?:st|nd|rd|th)? )?{_PERIOD}s?\b|"
    rf"\b(?:once|twice|\d+ times|three times) (?:a|per|every|each) {_PERIOD}\b|"
    # ("$20 a week tomorrow", "75 a week from today": a day, not a repeat)
    rf"\bper {_PERIOD}\b|(?:\d|dollars?|bucks|yen|euros?|pounds?) a (?:week|month|year|fortnight)\b"
    r"(?! (?:from|today|tomorrow|on|after|before|later|ago|time|or so)\b)|"
    r"\b(?:monthly|weekly|daily|yearly|annually|biweekly|bi-weekly|fortnightly|quarterly)\s*"
    r"(?:$|[,.!?]|\b(?:from|starting|until|till|for|on|to|basis)\b)|"
    # "set up a monthly transfer", "a weekly payment of $20" (not "my monthly bill": one bill)
    r"\b(?:a|an) (?:monthly|weekly|daily|yearly|annual|biweekly|bi-weekly|fortnightly|quarterly) "
    r"(?:transfers?|payments?|deposits?)\b|"
    r"\b(?:standing orders?|recurring|repeating|repeat (?:payments?|transfers?)|automatic payments?|"
    r"autopay|auto-?pay)\b|"
    r"毎(?:月|週|日|年|朝|晩)(?!の|恒例|通り|どおり|みたい|と同じ|同様)|毎(?:月|週|日|年)の(?:送金|振込|振り込み)|隔週|定期的に|定期(?:送金|振込|支払)|自動(?:で|的に)?(?:送金|振込|振り込)|積立"
)


def recurring(folded: str) -> bool:
    """ "send $50 to david every month", "a standing order of $100", 毎月5000円を振り込んで: a payment
    repeated (not "my monthly bill", 毎月の電気代, which name one bill)."""
    return bool(_RECURRING.search(folded))


_CANCELLED = _rx(
    r"\b(?:was|were|been|being|got|gets|get|is|are|has|have|had)(?: \w+)? "
    r"(?:cancel+ed|revoked|called off|reversed|voided)\b|"
    r"\b(?:i|we|they|you|someone|it) (?:already |just )?(?:cancel+ed|revoked|called off)\b|"
    r"\b(?:\w+'s|payment's|transfer's) (?:cancel+ed|revoked)\b|"
    r"(?:キャンセル|取り消|取消|中止)(?:さ|に)れ|(?:キャンセル|取り消し|取消|中止)に(?:なっ|なり)|"
    r"(?:キャンセル|取り消|取消)(?:し|され)てい"
)


def reports_cancelled(folded: str) -> bool:
    """ "my transfer to maria got cancelled", 振込がキャンセルされていました: a cancel that happened."""
    return bool(_CANCELLED.search(folded))


# Shopping: ordering, buying or booking something (and charging a card) is not banking.
_SHOPPING = _rx(
    r"^(?:(?:hey|hi|ok|okay|so|um|uh|please|can you|could you|would you|i want to|i'd like to|i need to)"
    r"[,.!]? +)*(?:order|buy|purchase|book|reserve|rent)\b (?:me |us )?"
    r"(?:a|an|some|the|two|three|four|\$?\d+|my|tickets?|flights?|food|groceries|dinner|lunch)\b|"
    r"(?:を|も)(?:注文|予約|購入|出前)(?:して|しといて|しておいて|お願い)|"
    r"(?:を|で)[^、。]{0,12}買(?:って|っといて|っておいて)(?!く|もら|あげ)"
)


# What a bank itself orders for a customer: a new card, cheques, a statement, currency.
_BANK_GOODS = _rx(
    r"^(?:[\w$.,]+ ){0,3}?(?:transfers?|payments?|wires?|cards?|debit|credit|cheques?|checks?|check ?books?|"
    r"statements?|currency|cash|"
    r"dollars|yen|euros|pounds)\b(?! (?:of|worth)\b)|"
    r"(?:カード|小切手|通帳|外貨|明細|キャッシュカード|振込|振り込み|送金|支払い?|振替)$"
)


def orders_something(folded: str) -> bool:
    """ "order two pizzas and put it on my card", ピザを注文してカードで払って: shopping, not banking
    ("order a new debit card", 新しいカードを注文して are the bank's own goods)."""
    m = _SHOPPING.search(folded)
    if m is None:
        return False
    if m.group(0).startswith(("を", "も", "で")):
        return not _BANK_GOODS.search(folded[max(0, m.start() - 12) : m.start()])
    return not _BANK_GOODS.search(folded[m.end() - len(m.group(0).split()[-1]) :])


_CHARGE_A_CARD = _rx(
    r"\b(?:charge|put|bill) (?:it|that|this|them|the \w+) (?:to|on)\b|"
    r"\bpay (?:for it |for them )?(?:with|using|by|on) (?:my |the |a )?(?:\w+ )?"
    r"(?:card|visa|amex|debit|credit)\b|"
    r"(?:カード|クレカ|デビット)で|決済"
)


def charges_a_card(folded: str) -> bool:
    """ "…and charge it to my card", "pay with my credit card", カードで払って: a purchase paid by card."""
    return bool(_CHARGE_A_CARD.search(folded))


# A transaction to be done ("complete a transaction of $40 to maria", "process a transaction from my
# savings"): not the list of transactions read.
_DOES_TRANSACTION = re.compile(
    r"\b(?:complete|process|make|do|perform|initiate|execute|carry out|conduct|submit|put through|run)\b "
    r"(?:a|an|the|one|this|that|my|new|another)? ?(?:new |quick |single )?transactions?\b"
)


def does_a_transaction(folded: str) -> bool:
    """ "i need to complete a transaction of 40 dollars to maria garcia": a transaction to do, not to read."""
    return bool(_DOES_TRANSACTION.search(folded))


# Words that say the command is not meant: a test, make-believe, "ignore this" (issue 9: never act on words
# not meant). Not a test passed ("i passed my driving test"), nor "ignore that, send…" (a correction).
# (a test payment is a real one: "just a test payment of $1 to maria")
_REAL_TEST = (
    "payments?|transfers?|deposits?|charges?|transactions?|amounts?|of|run|send|sending|to|drive|score|"
    "results?|fee|kit|cent(?:re|er)"
)
_NOT_MEANT = _rx(
    rf"\b(?:just|only) (?:a )?test(?:ing)?\b(?! (?:{_REAL_TEST})\b)|"
    r"^(?:test(?:ing)?[,.!:]? )+|"
    r"\btesting (?:the|this|you|your|it|my) (?:app|voice|thing|system|bot|assistant)\b|"
    r"\bignore this(?: message| one| request)?\b|\bhypothetically\b|"
    r"\b(?:let'?s|lets|let us|just) pretend\b|\bpretend (?:that |you'?re |you are |to )\b|\bnot for real\b|"
    r"\bdon'?t (?:actually|really) (?:do|send|pay|lock|move|transfer)\b|"
    r"テスト(?:です|中|なので|だから|として|送信|メッセージ)|(?:これは|ただの|単なる)(?:テスト|練習)|"
    r"練習(?:です|なので|だから)|(?:これは|このメッセージは|今のは)無視して|実際には(?:送ら|払わ|しな)|もしもの話"
)


def not_meant(folded: str) -> bool:
    """ "this is only a test, pay verizon", "hypothetically, send maria 100", テストなので無視して: the
    command's words are said without meaning them."""
    return bool(_NOT_MEANT.search(folded))
