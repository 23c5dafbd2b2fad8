"""Slot finders for the fast path: which account, card, count, amount and recipient phrase.

Pure functions over the normalized turn and one customer's snapshot.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from teller.domain.bank import Account, Card, CustomerSnapshot, Payee
from teller.domain.trace import Extraction
from teller.normalize.amounts import AmountValue
from teller.normalize.numbers_ja import parse_small_number
from teller.normalize.script import KANJI_CLASS, KATAKANA_CLASS
from teller.normalize.text import JA_HONORIFICS
from teller.normalize.turn import NormalizedTurn
from teller.understand.clauses import clause_at
from teller.understand.topics import without_other_cards

Span = tuple[int, int]

_CURRENCY_WORDS: tuple[tuple[str, re.Pattern[str]], ...] = (
    # ASCII word edges: "usd口座" is the dollar account (\b finds no edge between d and 口)
    ("USD", re.compile(r"(?<![a-z])(?:usd|dollars?|us\$)(?![a-z])|ドル|米ドル")),
    ("JPY", re.compile(r"(?<![a-z])(?:jpy|yen)(?![a-z])|円")),
    ("EUR", re.compile(r"(?<![a-z])(?:eur|euros?)(?![a-z])|ユーロ")),
    ("foreign", re.compile(r"\bforeign[- ]currency\b|外貨")),  # any but the main account's currency
)
_ACCOUNT_TYPES: tuple[tuple[str, re.Pattern[str]], ...] = (
    ("checking", re.compile(r"\b(?:checking|chequing|current|everyday)\b|当座")),
    ("savings", re.compile(r"\b(?:savings?|high[- ]?yield|hysa)\b|貯蓄")),
    ("ordinary", re.compile(r"\bordinary\b|普通")),
)
_CARD_TYPES: tuple[tuple[str, re.Pattern[str]], ...] = (
    # the card that draws on the account: an ATM card, a check card, a bank card, キャッシュカード
    (
        "debit",
        re.compile(
            r"\bdebit\b|\bdebt card|\b(?:atm|check|cheque|cash|bank) cards?\b|デビット|キャッシュ・?カード"
        ),
    ),
    ("credit", re.compile(r"\bcredit\b|\bcc\b|クレジット|クレカ")),
)
# Card brands by everyday name, English and Japanese; a card "is" a brand when its label names it.
_BRANDS: tuple[tuple[str, re.Pattern[str]], ...] = (
    ("visa", re.compile(r"(?<![a-z])visa(?![a-z])|ビザ")),
    ("mastercard", re.compile(r"(?<![a-z])master ?card(?![a-z])|\bmc\b|マスター")),
    ("amex", re.compile(r"(?<![a-z])amex(?![a-z])|american express|アメックス|アメリカン・?エキスプレス")),
    ("jcb", re.compile(r"(?<![a-z])jcb(?![a-z])|ジェーシービー")),
    ("discover", re.compile(r"\bdiscover card\b")),
    ("diners", re.compile(r"(?<![a-z])diners(?![a-z])|ダイナース")),
)
# A word that describes which card ("platinum card", "ANAカード", イオンのカード) right before the card word.
_DESCRIPTOR = re.compile(rf"([a-z]+|[ァ-ヺー]+|[{KANJI_CLASS}]+|[a-z0-9]+)(?:\s?|の)(?:card|カード)")
_NOT_DESCRIPTORS = frozenset(
    {"my", "the", "a", "your", "this", "that", "credit", "debit", "debt", "bank", "atm", "new", "old", "lost",
     "stolen", "other", "second", "teller", "one", "which", "any", "his", "her", "our", "their", "same",
     "クレジット", "デビット", "ending", "in", "of", "cards", "自分", "私", "僕", "俺", "今", "両方", "全部",
     "銀行", "キャッシュ", "check", "cheque", "cash"}
)  # fmt: skip
_GENERIC_CARD_WORDS = frozenset({"card", "teller", "debit", "credit", "my", "the", "カード"})
_WORD = re.compile(r"[a-z]+")
# A count is "last 5" (the word right before the number) or "5 transactions" (the word right after it);
# a sentence that merely ends in "last" ("send 50 to whoever I paid last") counts nothing.
_COUNT_BEFORE = re.compile(r"(?:last|latest|recent|past|previous|top)\s*$")
_COUNT_AFTER = re.compile(
    r"^\s*(?:(?:most )?(?:recent|latest|last|previous|past) )?"
    r"(?:transactions?|purchases|payments|charges|items|件)"
)
# "my latest transaction", "the last purchase I made": one, in the singular ("last transactions" is not)
_ONE_TRANSACTION = re.compile(
    r"\b(?:most recent|latest|last|newest|final)\s+(?:transaction|purchase|charge|debit|deposit)\b(?!s)"
)
# "show my last for payments": a transcript's "for" between "last" and what is counted is four
# "last for transactions", "last to purchases": a recognizer's four and two
_LAST_HEARD = re.compile(
    r"\b(?:last|latest|past|previous) (?P<n>for|fore|to|too) "
    r"(?=(?:transactions|purchases|payments|charges)\b)"
)
_HEARD_COUNTS = {"for": 4, "fore": 4, "to": 2, "too": 2}
# A count said in kana or kanji beside what is listed: さいきん の とりひき さん けん, さいごの ごけん,
# 直近 五件
_SAID_COUNT_JA = re.compile(
    r"(?:^|(?<=[\s、のをはでもが]))(?P<n>[一二三四五六七八九十]+|いっ|いち|に|さん|よん|ご|ろっ|ろく|なな|はっ|はち|"
    r"きゅう|じゅっ) ?(?:けん|件)"
)
_LISTED_JA = re.compile(
    r"取引|明細|入出金|履歴|とりひき|めいさい|りれき|直近|最近|最後|さいきん|ちょっきん|さいご"
)
# "the last four are 8830", "last 4 digits": the digits of a number, not a count of transactions
_DIGITS_TOLD = re.compile(r"\s*(?:digits?|numbers?|nos?\b|are\b|is\b|of (?:the|my)\b|[:=])")
_COUNTER_JA = re.compile(r"\s*(?:つ|個|こ)")
_LIST_JA = re.compile(r"取引|明細|入出金|履歴|支払|買い物|利用")
_ENDING = re.compile(r"(?:ending|ends|last)\b[\w ]*$")
# "no 25" is a number only as "no." or after what has one ("account no 25"); "twenty dollars no 25"
# corrects the amount
_ACCOUNT_NUMBER_CONTEXT = re.compile(
    r"(?:account|acct|a/c|routing|number|no\.|(?:account|acct|a/c|card|routing|ref|reference) no|#|"
    r"口座番号)\s*$"
)


def _last4_matches(digits: Sequence[Extraction[str]], last4: str) -> bool:
    return any(d.value.endswith(last4) or (len(d.value) >= 3 and last4.endswith(d.value)) for d in digits)


def find_account(
    turn: NormalizedTurn, snapshot: CustomerSnapshot, *, text: str | None = None
) -> tuple[Account | None, str | None]:
    """The account the customer named by last digits, type or currency; (None, None) when unnamed
    or when the words fit several accounts."""
    text = turn.keywords if text is None else text
    for account in snapshot.accounts:
        if _last4_matches(turn.digits, account.number_last4):
            return account, "account_last4"
    pool, rule = _of_kind(text, list(snapshot.accounts))
    for code, pattern in _CURRENCY_WORDS:
        if pattern.search(text):
            main = snapshot.default_account
            coded = [
                a
                for a in pool
                if a.currency == code
                or (code == "foreign" and main is not None and a.currency != main.currency)
            ]
            if coded:
                pool, rule = coded, (rule + "+currency" if rule else "account_currency")
                break
    if rule is not None and len(pool) == 1:
        return pool[0], rule
    if rule is None and (paid_into := _account_paid_into(text, snapshot)) is not None:
        return paid_into, "account_paid_into"
    return None, None  # unnamed, or several fit: never a silent pick


# An account named by what is paid into it: "the account my salary goes into", 給料が入る口座, 給与の振込先,
# "the account that earns interest". The kind of money said, and what each account's credits say.
_PAID_INTO: tuple[tuple[re.Pattern[str], re.Pattern[str]], ...] = (
    (
        re.compile(
            r"\b(?:salary|pay ?checks?|wages?|payroll|direct deposits?|my pay)\b|給料|給与|月給|賞与|ボーナス"
        ),
        re.compile(r"payroll|salary|wages|給与|給料|賞与", re.IGNORECASE),
    ),
    (
        re.compile(r"\binterest\b|利息|利子"),
        re.compile(r"interest|利息|利子", re.IGNORECASE),
    ),
)
_ACCOUNT_WORD = re.compile(r"\b(?:accounts?|acct)\b|口座")


def _account_paid_into(text: str, snapshot: CustomerSnapshot) -> Account | None:
    """The one account whose latest credits are of the kind of money the words name beside "account"."""
    if not _ACCOUNT_WORD.search(text):
        return None
    for said, described in _PAID_INTO:
        if said.search(text):
            fits = [a for a in snapshot.accounts if any(described.search(d) for d in a.paid_in)]
            return fits[0] if len(fits) == 1 else None
    return None


def _of_kind(text: str, accounts: list[Account]) -> tuple[list[Account], str | None]:
    """The accounts of the kinds the words name, by type or by the word in the label: "savings" is the savings
    account and one labelled "ordinary savings" alike (so it is asked which), "ordinary savings" only the one
    both fit."""
    pool, rule = accounts, None
    for kind, pattern in _ACCOUNT_TYPES:
        if (said := pattern.search(text)) is not None:
            # (by the word said: 貯蓄 is the savings account alone, its labels being English)
            typed = [a for a in pool if a.type == kind or said.group() in a.label.casefold()]
            if typed:
                pool, rule = typed, "account_type"
    return pool, rule


# "my other account", もう一つの口座: another than one said before, and none was
_OTHER_ACCOUNT = re.compile(
    r"\b(?:my|the|your) other (?:account|one)\b|"
    r"(?:もう|あと)(?:一つ|1つ|ひとつ|一個|1個)の口座|別の口座|(?:他|ほか)の口座"
)


def account_unclear(turn: NormalizedTurn, snapshot: CustomerSnapshot) -> bool:
    """Whether the words name an account that more than one of the customer's accounts could be: a kind two
    accounts answer to ("savings" beside "USD savings" and "ordinary savings"), or "the other one"."""
    if len(snapshot.accounts) < 2 or find_account(turn, snapshot)[0] is not None:
        return False
    if several_accounts_named(turn, snapshot):
        return False
    pool, rule = _of_kind(turn.keywords, list(snapshot.accounts))
    return (rule is not None and len(pool) > 1) or _OTHER_ACCOUNT.search(turn.folded) is not None


def several_accounts_named(turn: NormalizedTurn, snapshot: CustomerSnapshot) -> bool:
    """Whether the words name two or more of the customer's accounts each on its own ("savings and
    checking", 普通預金とドルの口座): a read of both, not of the first named."""
    named: set[str] = set()
    for kind, pattern in _ACCOUNT_TYPES:
        if pattern.search(turn.keywords):
            typed = [a.id for a in snapshot.accounts if a.type == kind]
            named |= set(typed) if len(typed) == 1 else set()
    main = snapshot.default_account
    for code, pattern in _CURRENCY_WORDS:
        if pattern.search(turn.keywords):
            if code == "foreign":  # 外貨預金: the one account not in the main account's currency
                coded = [a.id for a in snapshot.accounts if main is not None and a.currency != main.currency]
            else:
                coded = [a.id for a in snapshot.accounts if a.currency == code]
            named |= set(coded) if len(coded) == 1 else set()
    return len(named) >= 2


_ENDING_WORDS = re.compile(
    r"\b(?:ending|ends|last (?:four|4)|last digits)\b|末尾|下[4四]桁|(?:最後|ラスト|らすと)の?[4四]桁"
)
# Digits said as an account's ("the account ending 1234", 末尾1234の口座) are no card's last four.
_ACCOUNT_BEFORE = re.compile(
    r"\b(?:account|acct)\s+(?:number\s+)?(?:ending|ends|that ends)(?:\s+(?:in|with))?\s*$"
)
_ACCOUNT_AFTER = re.compile(r"^\s*(?:の|が|は)?\s*(?:口座|普通口座|当座|アカウント)")


def _said_of_an_account(text: str, digits: Extraction[str]) -> bool:
    at = text.find(digits.surface)
    return at >= 0 and bool(
        _ACCOUNT_BEFORE.search(text[:at]) or _ACCOUNT_AFTER.match(text[at + len(digits.surface) :])
    )


def find_card(
    turn: NormalizedTurn, snapshot: CustomerSnapshot, *, text: str | None = None
) -> tuple[list[Card], str | None]:
    """Cards that fit the turn (last four, brand, type, label words); all cards when none is named.

    A brand, type or descriptor that fits none of the customer's cards gives all their cards with
    the rule `unknown_card`: the turn must ask which one, never lock another.
    """
    # "my student card and debit card were stolen": a card of something else names none of theirs
    text = without_other_cards(turn.keywords if text is None else text)
    if not snapshot.cards:
        return [], None
    for number in turn.story_numbers:  # 電話番号が090-1234-5678に…: no card's last four
        text = text.replace(number, " " * len(number))
    digits = [d for d in turn.digits if text is turn.keywords or d.surface in text]
    for d in [d for d in digits if _said_of_an_account(text, d)]:  # 末尾1234の口座: an account's
        text = text.replace(d.surface, " " * len(d.surface))
        digits.remove(d)
    # "ending in twelve thirty four": the last four said as a number
    said = {str(a.value.major) for a in turn.amounts if a.value.currency is None and a.surface in text}
    for card in snapshot.cards:
        if _last4_matches(digits, card.last4) or card.last4 in text:
            return [card], "card_last4"
        if card.last4 in said and _ENDING_WORDS.search(text):
            return [card], "card_last4_said"
    if any(len(d.value) == 4 for d in turn.digits) and re.search(r"ending|ends|last|末尾|[4四]桁", text):
        return list(snapshot.cards), "unknown_card"
    pool, rule = list(snapshot.cards), None
    for brand, pattern in _BRANDS:
        if pattern.search(text):
            pool = [c for c in pool if brand in _label_brands(c)]
            rule = "card_brand"
            break
    for kind, pattern in _CARD_TYPES:
        if pattern.search(text):
            pool = [c for c in pool if c.type == kind]
            rule = rule or "card_type"
            break
    words = set(_WORD.findall(text))
    for card in pool:
        label_words = set(_WORD.findall(card.label.casefold())) - _GENERIC_CARD_WORDS
        if label_words & words:
            return [card], "card_label"
    for m in _DESCRIPTOR.finditer(text):
        word = m.group(1)
        if word == "one":  # "the capital one card": the word before names it
            before = _WORD.findall(text[: m.start()])
            word = before[-1] if before and before[-1] not in _NOT_DESCRIPTORS else word
        known = word in _NOT_DESCRIPTORS or any(word in c.label.casefold() for c in snapshot.cards)
        if not known and not any(p.search(word) for _, p in (*_BRANDS, *_CARD_TYPES)):
            return list(snapshot.cards), "unknown_card"
    if rule is not None and not pool:
        return list(snapshot.cards), "unknown_card"
    return (pool, rule) if rule else (list(snapshot.cards), None)


_ANY_CARD = re.compile(r"\bcards?\b|カード")


def card_not_held(turn: NormalizedTurn, snapshot: CustomerSnapshot) -> bool:
    """Whether the turn names a card, by brand, type or descriptor, that none of the customer's cards is
    ("my amex" to a customer without one; any card to a customer who holds none)."""
    text = turn.keywords
    brand_or_type = any(p.search(text) for _, p in (*_BRANDS, *_CARD_TYPES))
    if not brand_or_type and not _ANY_CARD.search(text):
        return False
    return not snapshot.cards or find_card(turn, snapshot)[1] == "unknown_card"


def _label_brands(card: Card) -> set[str]:
    label = card.label.casefold()
    return {brand for brand, pattern in _BRANDS if pattern.search(label)}


def find_count(turn: NormalizedTurn) -> int | None:
    """How many transactions the customer asked for ("last five", "3 transactions", "5件")."""
    for amount in turn.amounts:
        if _counts(turn, amount):
            return int(amount.value.major)
    if heard := _LAST_HEARD.search(turn.folded):
        return _HEARD_COUNTS[heard["n"]]
    if turn.japanese and _LISTED_JA.search(turn.folded) and (said := _SAID_COUNT_JA.search(turn.folded)):
        n = parse_small_number(said["n"])
        if n is not None and 0 < n <= 100:
            return int(n)
    return 1 if _ONE_TRANSACTION.search(turn.folded) else None


def _counts(turn: NormalizedTurn, amount: Extraction[AmountValue]) -> bool:
    """Whether a bare number counts transactions ("last 5", "3 purchases", 直近5件, 取引３つ): never money."""
    if amount.value.currency is not None:
        return False
    before, after = turn.folded[: amount.start], turn.folded[amount.end :]
    counted_ja = _COUNTER_JA.match(after) and _LIST_JA.search(before)  # 最後の取引３つ, 入出金を1つ
    if not (_COUNT_BEFORE.search(before) or _COUNT_AFTER.match(after) or counted_ja) or _DIGITS_TOLD.match(
        after
    ):
        return False
    if _PERIOD_AFTER.match(after):
        return False
    value = amount.value.major
    return value == value.to_integral_value() and 0 < value <= 100


def amounts_outside_dates(turn: NormalizedTurn) -> list[Extraction[AmountValue]]:
    """The turn's amounts; a number inside a date ("december 1", "the 28th") is the date's, never one."""
    return [a for a in turn.amounts if not any(d.start <= a.start < d.end for d in turn.dates)]


# "the past 30 days", 過去10日間: a period the list covers, not how many transactions
_PERIOD_AFTER = re.compile(r"\s*(?:(?:days?|weeks?|months?|years?)\b|日間|週間|(?:か|ヶ|カ|ケ)月)")
# "3人で割った分", "for the 4 of us", "split 3 ways": how many share the money, never the amount (it is
# left unexplained, so the turn asks)
_PEOPLE_AFTER = re.compile(
    r"\s*(?:人(?:で|分|に|の|とも|まで)|of (?:us|them|you)\b|(?:people|persons|kids|children|friends|ways)\b)"
)
_SHARE_AFTER = re.compile(r"\s*(?:%|％|percent\b|per cent\b|pct\b|パーセント|割(?!引|増|り))")

# An amount to keep, not to send: "everything except $10", "all but a dollar", "leave $5 in checking and
# send the rest", 100円だけ残して全部, 1円以外. What is sent is the rest, which the turn cannot know: asked.
_KEPT_BEFORE = re.compile(
    r"\b(?:(?:all|everything|every (?:cent|penny|dollar)|the (?:whole|entire) (?:balance|thing|amount))\s+"
    r"(?:but|except(?: for)?|minus|apart from|other than|less|save)|leave|leaving|keep|keeping|"
    r"except(?: for)?|apart from|other than)\s+(?:just |only |about |around |like |at least )?$"
)
_KEPT_AFTER_JA = re.compile(
    r"\s*(?:だけ|ほど|くらい|ぐらい|程度)?(?:は|を)?\s*(?:残し|残す|のこし|のこす|手元に残|除い|除く|抜い|以外)"
)


def _kept_back(folded: str, amount: Extraction[AmountValue]) -> bool:
    return bool(_KEPT_BEFORE.search(folded[: amount.start]) or _KEPT_AFTER_JA.match(folded, amount.end))


# An amount told as what a bill or a payment came to in an earlier period: "the water bill was 50 last
# month", "it was 200 last month", 先月のガス代は6120円だった, 前回は3980円でした. It is a story, not the
# amount to pay or send now (a bill is then paid at what is due; a transfer asks).
_EARLIER_PERIOD = re.compile(
    r"\b(?:last|previous|prior|the other) (?:month|time|week|year|bill|cycle|statement|one)\b|"
    r"\b(?:a|one|two|three|\d+) (?:months?|weeks?|years?) ago\b|先月|前月|前回|先週|去年|昨年|この前|前の月"
)
_WAS_BEFORE = re.compile(
    r"\b(?:was|were|came to|come to|cost|ran|ran me|used to be|had been)\s+"
    r"(?:(?:only|just|about|around|like|roughly|maybe|almost|nearly|over|under)\s+)*$"
)
_WAS_AFTER_JA = re.compile(
    r"\s*(?:くらい|ぐらい|ほど|位|程度|ちょっと)?(?:だった|でした|だっけ|かかった|かかりました)"
)


def told_of_earlier_period(folded: str, amount: Extraction[AmountValue]) -> bool:
    """The amount is what something came to in an earlier period (a past "was" beside the amount in its
    clause, an earlier period named in its sentence)."""
    start, _ = clause_at(folded, amount.start)
    was = _WAS_BEFORE.search(folded[start : amount.start]) or _WAS_AFTER_JA.match(folded, amount.end)
    if not was:
        return False
    sentence_start = max((m.end() for m in _SENTENCE_END.finditer(folded, 0, amount.start)), default=0)
    sentence_end = next((m.start() for m in _SENTENCE_END.finditer(folded, amount.end)), len(folded))
    return bool(_EARLIER_PERIOD.search(folded[sentence_start:sentence_end]))


_SENTENCE_END = re.compile(r"[.!?。！？]\s*")


def find_amount(
    turn: NormalizedTurn, amounts: Sequence[Extraction[AmountValue]] | None = None
) -> Extraction[AmountValue] | None:
    """The money amount: one with a currency first, else a bare number that is not an account number.

    `amounts` narrows the choice (after a self-correction); by default every amount outside a date.
    """
    if amounts is None:
        amounts = amounts_outside_dates(turn)
    # "pay 50% of the con ed bill", 電気代の5割: a share, never the amount (left unexplained, so asked about)
    amounts = [a for a in amounts if not _SHARE_AFTER.match(turn.folded, a.end)]
    # "show my last 3 transactions and pay verizon": 3 counts what is shown, it is not the bill's amount
    amounts = [a for a in amounts if not _counts(turn, a)]
    amounts = [a for a in amounts if not _kept_back(turn.folded, a)]
    amounts = [a for a in amounts if a.value.currency or not _PEOPLE_AFTER.match(turn.folded, a.end)]
    with_currency = [a for a in amounts if a.value.currency is not None]
    if with_currency:
        return with_currency[0]
    for amount in amounts:
        if _ACCOUNT_NUMBER_CONTEXT.search(turn.folded[: amount.start]):
            continue
        in_digits = any(d.start <= amount.start < d.end and len(d.value) >= 4 for d in turn.digits)
        if in_digits and _ENDING.search(turn.folded[: amount.start]):
            continue
        return amount
    return None


def currency_named(text: str) -> str | None:
    for code, pattern in _CURRENCY_WORDS:
        if pattern.search(text):
            return code
    return None


# "send ... to X", stopping at the words that start another slot ("want to make" is not a recipient) or
# say what the money is for ("to only payee for the rent").
_TO_PHRASE = re.compile(
    r"\b(?:send|transfer|wire|pay|give|move|remit|zelle|venmo|sent|transferred)\b.*?"
    r"\b(?:to|for)\s+(?P<who>(?!make\b|send\b|pay\b|transfer\b|do\b|get\b|see\b|check\b).+?)(?=\s+(?:from|on|by|at|via|using|tomorrow|today|tonight|next|this|in|with|for|"
    r"please|now|morning|afternoon|evening|the day after|right away|asap|immediately)\b|[,.!?]|$)"
)
_VERB_PHRASE = re.compile(
    r"^(?:please |can you |could you |i want to |i'd like to |i need to )?"
    r"(?:pay|send|give|wire|transfer|zelle|venmo)\s+"
    r"(?P<who>(?!money\b|funds\b|cash\b|it\b|some\b|that\b|this\b)[a-z][\w' .-]*?)"
    r"(?=\s+(?:from|on|by|tomorrow|today|next|this|now|please)\b|$)"
)
_HONORIFIC = "|".join(JA_HONORIFICS)
_NOT_A_NAME_JA = frozenset(
    {
        "人",
        "方",
        "相手",
        "彼",
        "彼女",
        "彼ら",
        "あの人",
        "その人",
        "あいつ",
        "こいつ",
        "そいつ",
        "あの子",
        "友達",
        "友人",
        "家族",
        "誰か",
        "みんな",
    }
)
_JA_PHRASE = re.compile(
    r"(?P<who>[^\s、。,!?にへをはがのと]{1,20}?)(?:" + _HONORIFIC + r")?(?:に|へ|宛て?に?)(?:\s|$|振|送|払)"
)
_BEFORE_PARTICLE_JA = re.compile(rf"^.+(?:で|も|から|として)(?=[{KANJI_CLASS}{KATAKANA_CLASS}])")
_NOT_A_NAME = frozenset(
    {
        "money",
        "funds",
        "cash",
        "it",
        "some",
        "my",
        "me",
        "the",
        "account",
        "bill",
        "the bill",
        "yen",
        "dollars",
        "euros",
        "him",
        "her",
        "them",
        "he",
        "she",
        "back",
        "her back",
        "him back",
        "them back",
    }
)


# Whose account details are asked: 健さんの口座番号, "steve's account number".
_OWNER_JA = re.compile(
    r"(?P<who>[^\s、。,!?にへをはがのと]{1,20}?)(?:" + _HONORIFIC + r")の(?:口座|銀行|振込先)"
)
_OWNER_EN = re.compile(r"(?P<who>[a-z][\w.-]*(?: [a-z][\w.-]*)?)'s (?:bank |account|acct|routing)")


# A payee named by their account's last digits: "to the account ending in 4545", 末尾6671の口座に,
# 下4桁が2208の人に
_PAYEE_DIGITS = re.compile(
    r"\bto (?:the |their |his |her )?(?:account|acct|a/c)(?: number)? "
    r"(?:ending|that ends|ends)(?: in| with)? (?P<en>\d{4})\b|"
    r"(?:末尾|下4桁|下四桁)(?:が|は)?(?P<ja>\d{4})(?:の|で終わる)(?:口座|人|方|相手)?(?:に|へ)"
)


def payee_by_digits(turn: NormalizedTurn, snapshot: CustomerSnapshot) -> tuple[Payee | None, Span] | None:
    """The payee whose account ends in the digits the customer named as the recipient's, and where they
    were said; (None, span) when no payee's account ends so; None when no recipient is named by digits (or
    the digits are one of the customer's own accounts)."""
    m = _PAYEE_DIGITS.search(turn.folded)
    if m is None:
        return None
    digits = m["en"] or m["ja"]
    if any(a.number_last4 == digits for a in snapshot.accounts):
        return None
    payee = next((p for p in snapshot.payees if p.account_last4 == digits), None)
    return payee, m.span()


def owner_phrase(turn: NormalizedTurn) -> str | None:
    """The words for the person whose account details are asked about, if any."""
    m = (_OWNER_JA if turn.japanese else _OWNER_EN).search(turn.folded)
    who = m.group("who") if m else None
    return who if who and who not in _NOT_A_NAME_JA and who not in _NOT_A_NAME else None


# A person the money is sent to, said first with に, the verb later in the sentence: 健に割り勘した携帯代
# 4400円送って (the bill is what the money is for, the person who gets it)
_ADDRESSEE_JA = re.compile(
    rf"(?:^|[、,。\s])(?P<who>[^\s、。,!?にへをはがのとで0-9]{{1,8}}?)(?:{_HONORIFIC})?に"
    r"(?=[^。？?]*?(?:送っ|送る|送金|振り?込|返し|返す|渡し))"
)


def addressee_ja(turn: NormalizedTurn) -> str | None:
    """The person a Japanese turn sends money to, said with に before what it is for (or None)."""
    if not turn.japanese:
        return None
    m = _ADDRESSEE_JA.search(turn.folded)
    who = m.group("who") if m else None
    return who if who and who not in _NOT_A_NAME_JA else None


def recipient_phrase(turn: NormalizedTurn, residual: str) -> str | None:
    """The words the customer used for the recipient, if any, with amounts and dates removed."""
    if turn.japanese:
        m = _JA_PHRASE.search(residual)
        # "お年玉で翔くんに": what went before a particle between kanji is no part of the name
        who = _BEFORE_PARTICLE_JA.sub("", m.group("who")) if m else None
        if who and who not in _NOT_A_NAME_JA:
            return who
        return None
    for pattern in (_TO_PHRASE, _VERB_PHRASE):
        m = pattern.search(residual)
        if m:
            who = m.group("who").strip(" .,!?")
            who = re.sub(r"^(?:my|the|a|an)\s+", "", who)
            if re.match(r"(?:him|her|them)\s+(?:the|it|that|some|back)\b", who):
                return None  # "send her the money": a pronoun, not a name
            if who and who not in _NOT_A_NAME and not set(who.split()) <= _FUNCTION_WORDS:
                return who
    return None


# A recipient said only in these ("send twenty dollars to uh to the", a recognizer's cut-off turn) names no
# one: the recipient is asked for, never looked up
_FUNCTION_WORDS = frozenset(
    {"to", "the", "my", "a", "an", "his", "her", "our", "their", "your", "this", "that", "of", "for", "and"}
)
