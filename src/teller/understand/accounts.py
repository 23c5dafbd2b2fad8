"""Which account the words name: one of the customer's own, one kept elsewhere, or a past balance.

- An account by a name that is none of the customer's (another bank's, a wallet's, a company's:
  "the balance on my netflix account", "my paypal balance", "transfer $100 from my chase account",
  楽天銀行の口座の残高, PayPayの残高, ゆうちょの口座から振り込んで) is not read, nor paid from, as if
  it were one of theirs: the turn holds with `unknown_account` and lists their accounts. Their own
  accounts answer to their type, label, currency and last digits ("my everyday checking", ドル建ての
  口座, "the account ending in 0042") and to the words that name no account in particular ("my bank
  account", "my main account", 自分の口座). Money sent *to* an account ("…to maria's chase account",
  佐藤さんの楽天銀行の口座に) is the payee's, not this.
- A balance at a past time ("what was my balance last month", "how much did I have in savings on
  november 1st", 先月末の残高はいくらでしたか, 半年前の残高) is not today's balance: Teller can read
  only today's, so the turn holds with `past_balance` and asks, keeping the intent.

All patterns run on folded text (`teller.normalize.text.fold`).
"""

from __future__ import annotations

import re
from dataclasses import replace

from teller.domain.bank import CustomerSnapshot
from teller.domain.intents import Intent
from teller.domain.reasons import Reason
from teller.domain.trace import TraceItem
from teller.names.banks import bank_forms, mentions
from teller.normalize.turn import NormalizedTurn
from teller.understand.model import Candidate, Understanding
from teller.understand.slots import card_not_held

_READS = frozenset({Intent.BALANCE_INQUIRY, Intent.RECENT_TRANSACTIONS})
_MONEY = frozenset({Intent.TRANSFER_MONEY, Intent.BILL_PAYMENT})

# Words that name no account in particular, or one of any customer's by its kind or currency.
_KNOWN_EN = frozenset(
    """
    my our the your this that these those a an all both each every any either one two three which whole
    entire own only main primary default regular usual normal personal individual bank banking teller
    online mobile linked other same first second current deposit account accounts
    card cards credit debit total available remaining overall actual real exact full cleared pending
    present latest today's todays new updated running average daily ledger statement end-of-day
    ending ends ended last digits number numbered no thanks thank you please asap now today tomorrow
    """.split()  # noqa: SIM905
)
_KNOWN_JA = frozenset(
    """
    預金 貯金 自分 私 僕 俺 わたし ぼく おれ じぶん 全 全部 全て すべて ぜんぶ 全体 各 両方 りょうほう メイン
    口座 今 現在
    本日 今日 最新 銀行 当行 カード デビット クレジット クレカ 残り 合計 総 利用可能 引き出し可能 手元
    最近 直近 今月 先月 今週 先週 昨日 いつも いつもの 普段 ふだん
    とりあえず 一応 いちおう ちょっと ちょっとだけ ひとまず まず とにかく ついでに 念のため ねんのため
    改めて あらためて もう一度 もう一回 再度 すぐ 今すぐ いますぐ
    """.split()  # noqa: SIM905
)
_FUNCTION = r"(?:my|our|the|your|a|an|of|on|in|at|for|from|to|into|with|and|or|is|are|was|what|how)"
_MOD = rf"(?:(?!{_FUNCTION}\b)[a-z0-9][\w'&.+-]*\s+)"
# "my netflix account", "the chase checking account", "our joint accounts"
_ACCOUNT_EN = re.compile(rf"\b(?:my|our|the|your)\s+(?P<mods>{_MOD}{{1,3}}?)(?:bank\s+)?(?:accounts?|acct)\b")
# "my account with chase", "an account at wells fargo"
_AT_EN = re.compile(r"\baccounts?\s+(?:at|with|in)\s+(?P<mods>[a-z][\w'&.+-]*(?:\s+[a-z][\w'&.+-]*)?)")
_AT_KNOWN = re.compile(r"^(?:you|your|us|this|teller|the bank|our bank|my bank|the same)\b")
# "my paypal balance"
_BALANCE_EN = re.compile(rf"\b(?:my|our)\s+(?P<mods>{_MOD}{{1,2}}?)balances?\b")
# "…from my venmo", "from my capital one to maria"
_FROM_EN = re.compile(
    rf"\bfrom\s+(?:my|our|the)\s+(?P<mods>{_MOD}{{0,2}}[a-z0-9][\w'&.+-]*)"
    r"(?=\s+(?:to|on|for|tomorrow|today|tonight|now|please|and|at|by|in)\b|[,.!?]|$)"
)
# "pay the verizon bill with my credit card", 携帯代をクレジットカードで払って: a card to pay with.
_PAID_BY_CREDIT = re.compile(
    r"\b(?:with|on|using|by|from|via) (?:my |the |a |our )?(?:credit ?card|credit|visa|amex|american express|"
    r"master ?card|discover)\b|(?:クレジットカード|クレカ|(?<!デビット)(?<!キャッシュ)カード)(?:で|払い)"
)
_TO_BEFORE = re.compile(r"\b(?:to|into|towards?)\s+$")
# "…i still owe her 30 from the concert, can you send that": where a debt came from, in a clause that
# moves no money (its own clause has no money verb), is no account paid from.
_MOVES_MONEY = re.compile(r"\b(?:pay|send|transfer|wire|move|take|use|zelle|venmo)\b")
_CLAUSE_BREAK = re.compile(r"[,;.!?]|\b(?:and|so|but|because)\b")


def _in_a_moving_clause(text: str, at: int) -> bool:
    starts = [0, *(m.end() for m in _CLAUSE_BREAK.finditer(text, 0, at))]
    end = next((m.start() for m in _CLAUSE_BREAK.finditer(text, at)), len(text))
    return bool(_MOVES_MONEY.search(text, starts[-1], end))


# 楽天銀行の口座, ゆうちょの口座, PayPayの残高, 全口座の残高
_JA_NAME = r"(?P<mod>[a-z0-9\u30a0-\u30ff\u3400-\u9fff\uf900-\ufaffー]+|[ぁ-ゖー]{3,}?)"
_ACCOUNT_JA = re.compile(rf"{_JA_NAME}の?(?:口座|アカウント)")
_BALANCE_JA = re.compile(rf"{_JA_NAME}の?(?:カードの?)?残高")
# 当座預金の入出金, 定期口座の明細: the history of a kind of account
_HISTORY_JA = re.compile(
    r"(?P<mod>[a-z0-9\u30a0-\u30ff\u3400-\u9fff\uf900-\ufaffー]+?(?:預金|口座))の?(?:入出金|取引|明細|履歴)"
)
# A gift card or a store's prepaid card is another company's money, whoever's name is on it.
_GIFT_CARD = re.compile(r"\bgift ?cards?\b|ギフトカード|商品券|プリペイドカード|ギフト券")
# "the balance on my target card", "how much is left on my amazon card", "my costco card balance": a card
# with a balance of its own, by a name that is none of the customer's cards
_CARD_BALANCE_EN = re.compile(
    rf"\b(?:balance|left|remaining|credit)\b[^.?!]{{0,12}}?\b(?:on|of|in)\s+(?:my|our|the)\s+"
    rf"(?P<mods>{_MOD}{{1,2}}?)card\b|\b(?:my|our|the)\s+(?P<mods2>{_MOD}{{1,2}}?)card(?:'s)?\s+balance\b"
)
_SOURCE_JA = re.compile(rf"{_JA_NAME}の?(?:口座|アカウント|預金)から")
# "my account ending in 7777", "the acct that ends with 123", "account 9999", "account #9999": an account by
# digits that may be none of theirs
_ENDING_EN = re.compile(
    r"\b(?:accounts?|acct)\s+(?:(?:that\s+)?(?:ending|ends|ended)\s+(?:in\s+|with\s+)?|"
    r"(?:number\s+|no\.?\s*|num\s+|#\s*)?)(?P<digits>[0-9]{3,4})\b"
)
# Several accounts at once (全部の口座, 両方の口座): a payment comes from one, which is asked.
_SEVERAL_JA = re.compile(r"全|両|各|すべて|ぜんぶ|りょうほう|複数")
_JA_TRIM = re.compile(
    # (普通の方, 円のほう: "the one"; 両方 stays "方", both accounts are asked about)
    r"(?:口座|預金|アカウント|カード)+$|^(?:全|各|両)(?!部|方|体|て)|^の?(?:方|ほう)$|^の|末尾|下[4四]桁|(?:口座)?番号"
)


# Words that name a kind of account by its type or currency: known only to a customer who holds one
# ("my euro account" is none of the accounts of a customer with dollars and yen; 定期預金 none of one
# without a time deposit).
_KIND_WORDS: dict[str, tuple[str, ...]] = {
    "type:checking": ("checking", "chequing", "当座", "当座預金"),
    "type:savings": ("savings", "saving", "high-yield", "high", "yield", "hysa", "貯蓄", "貯蓄預金"),
    "type:ordinary": ("ordinary", "普通", "普通預金"),
    "type:time": ("定期", "定期預金"),
    "currency:USD": ("usd", "dollar", "dollars", "us", "ドル", "米ドル", "ドル建て", "外貨", "外貨預金"),
    "currency:JPY": ("yen", "jpy", "円", "円建て"),
    "currency:EUR": ("euro", "euros", "eur", "ユーロ", "外貨", "外貨預金"),
}


def _label_words(snapshot: CustomerSnapshot) -> set[str]:
    """Words that name one of the customer's accounts: its label's, its last digits, its kind's."""
    held = {f"type:{a.type}" for a in snapshot.accounts} | {
        f"currency:{a.currency}" for a in snapshot.accounts
    }
    words: set[str] = {w for kind in held for w in _KIND_WORDS.get(kind, ())}
    for a in snapshot.accounts:
        label = a.label.casefold()
        words.update(re.findall(r"[\w'-]+", label))
        words.update(re.findall(r"[\u30a0-\u30ff\u3400-\u9fff]+", label))
        words.add(a.number_last4)
    return words


def _unknown_en(mods: str, known: set[str]) -> bool:
    # a sentence's full stop is no part of a name ("from my savings." ends a spoken transcript), nor a
    # recognizer's apostrophe ("my saving's account")
    words = (w.rstrip(".").removesuffix("'s") for w in mods.split())
    return any(w and w not in _KNOWN_EN and w not in known for w in words)


def _unknown_ja(mod: str, known: set[str]) -> bool:
    core = _JA_TRIM.sub("", mod)
    digits = re.findall(r"[0-9]+", core)
    if digits and all(d in known for d in digits):  # 末尾7781の口座: one of theirs by its last digits
        core = re.sub(r"[0-9]+", "", core)
    return bool(core) and not _made_of(core, known | _KNOWN_JA)


def _made_of(core: str, words: set[str] | frozenset[str]) -> bool:
    """Whether `core` is known words said one after another (usドル: us + ドル; 米ドル建て)."""
    ends = {0}
    for i in range(1, len(core) + 1):
        if any(core[j:i] in words for j in ends if j < i):
            ends.add(i)
    return len(core) in ends


# Banks other than this one: "all my banks", 全部の銀行, 他の銀行 (a payee's bank named in a balance read
# is another bank too: ゆうちょと楽天、両方の残高)
_OTHER_BANKS = re.compile(
    r"(?:全部|全て|すべて|両方|他|ほか|別|各|複数)の?銀行|"
    r"\b(?:all|both|other|another|every|each) (?:of )?(?:my |the )?banks?\b"
)


# Balances that are no account's: a loan's, a mortgage's, a wallet's (what was sent through one is a read
# of the account's history, not of the wallet)
_NOT_AN_ACCOUNT = re.compile(
    r"\b(?:loans?|mortgage|debt|line of credit|heloc|venmo|paypal|cash ?app|apple cash|google pay|"
    r"e-?wallet)\b|ローン|借入|借金|奨学金|paypay|ペイペイ|メルペイ|楽天ペイ|d払い|au ?pay|line ?pay"
)


def _other_banks(text: str, snapshot: CustomerSnapshot) -> str | None:
    if m := _OTHER_BANKS.search(text):
        return m.group(0)
    forms = {f for p in snapshot.payees for f in bank_forms(p.bank)}
    said = mentions(text, sorted(forms))
    return text[slice(*said[0])] if said else None


def _kind_not_held(text: str, snapshot: CustomerSnapshot, known: set[str]) -> str | None:
    """A word for a kind of account the customer holds none of, said anywhere in a read (定期, ユーロ;
    "my euro balance", "the time deposit account")."""
    held = {f"type:{a.type}" for a in snapshot.accounts} | {
        f"currency:{a.currency}" for a in snapshot.accounts
    }
    for kind, words in _KIND_WORDS.items():
        if kind in held:
            continue
        for word in words:
            if word in known:
                continue
            if not word.isascii() and word in text:
                return word
            if word.isascii() and re.search(
                rf"\b{re.escape(word)}\b(?: \w+)? (?:account|balance|deposit)", text
            ):
                return word
    return None


def account_elsewhere(text: str, snapshot: CustomerSnapshot, intent: Intent) -> str | None:
    """The words that name an account none of the customer's (for a read: anywhere; for a payment: the
    account it comes from), or None."""
    known = _label_words(snapshot)
    ja = not text.isascii()
    if intent in _READS or intent in _MONEY:
        for m in _ENDING_EN.finditer(text):
            if not any(a.number_last4.endswith(m["digits"]) for a in snapshot.accounts):
                return m.group(0)
    if intent in _READS:
        if gift := _GIFT_CARD.search(text):
            return gift.group(0)
        if unheld := _kind_not_held(text, snapshot, known):  # 普通預金と定期預金の両方: no time deposit held
            return unheld
        if intent is Intent.BALANCE_INQUIRY and (other := _NOT_AN_ACCOUNT.search(text)):
            return other.group(0)  # a loan's or a wallet's balance: "what's left on my car loan", メルペイ
        if intent is Intent.BALANCE_INQUIRY and (banks := _other_banks(text, snapshot)):
            return banks  # 全部の銀行の残高, ゆうちょと楽天の両方の残高: money kept at other banks
        cards = {w for c in snapshot.cards for w in re.findall(r"[\w'-]+", f"{c.label} {c.type}".casefold())}
        for m in _CARD_BALANCE_EN.finditer(text):
            if _unknown_en(m["mods"] or m["mods2"], known | cards):
                return m.group(0)
        for m in (*_ACCOUNT_EN.finditer(text), *_BALANCE_EN.finditer(text)):
            if _unknown_en(m["mods"], known):
                return m.group(0)
        for m in _AT_EN.finditer(text):
            if not _AT_KNOWN.match(m["mods"]) and _unknown_en(m["mods"], known):
                return m.group(0)
        if ja:
            for m in (*_ACCOUNT_JA.finditer(text), *_BALANCE_JA.finditer(text), *_HISTORY_JA.finditer(text)):
                if _unknown_ja(m["mod"], known) and not text[m.end() :].startswith(("に", "へ")):
                    return m.group(0)
        return None
    if intent not in _MONEY:
        return None
    if paid_by_card := _PAID_BY_CREDIT.search(text):  # money leaves an account, never a credit card
        return paid_by_card.group(0)
    for m in (*_ACCOUNT_EN.finditer(text), *_FROM_EN.finditer(text)):
        if _TO_BEFORE.search(text[: m.start()]):
            continue  # "…to the chase account": the payee's
        if m.re is _FROM_EN and not _in_a_moving_clause(text, m.start()):
            continue  # "…owe her 30 from the concert, can you send that to her"
        if _unknown_en(m["mods"], known):
            return m.group(0)
    if ja:
        for m in _SOURCE_JA.finditer(text):
            if _unknown_ja(m["mod"], known) or _SEVERAL_JA.search(m["mod"]):
                return m.group(0)  # 両方の口座から: money comes from one account; which is asked
    return None


# An account found by what was said of it: the payee's by its digits (or its digits beside their name), the
# customer's by what is paid into it.
_NAMED_OWN = frozenset({"recipient_account_last4", "recipient_own_digits", "account_paid_into"})


def hold_account_elsewhere(
    u: Understanding, turn: NormalizedTurn, snapshot: CustomerSnapshot
) -> Understanding:
    """A read or a payment on an account that is none of the customer's asks which of theirs is meant."""
    if u.hold is not None or (u.intent not in _READS and u.intent not in _MONEY):
        return u
    words = account_elsewhere(turn.keywords, snapshot, u.intent)
    if words is None and u.intent in _READS and card_not_held(turn, snapshot):
        # "show me my amex purchases" to a customer without one: which of theirs is asked, none is read
        trace = (*u.trace, TraceItem("understand", "unknown_card", turn.folded, "read"))
        cards = tuple(Candidate(c.id, "card", c.label, 50.0, "unknown_card") for c in snapshot.cards)
        return replace(u, trace=trace, hold=Reason.UNKNOWN_CARD, candidates=cards, ambiguous_slot="card_id")
    if words is None or any(item.rule in _NAMED_OWN for item in u.trace):
        return u  # "to the account ending in 4545": the payee's account; 給与の振込先の口座: theirs
    trace = (*u.trace, TraceItem("understand", "unknown_account", turn.folded, words))
    if u.ambiguous_slot is not None:  # several payees or billers fit: that question comes first
        return replace(u, trace=trace, hold=Reason.UNKNOWN_ACCOUNT)
    listed = tuple(
        Candidate(a.id, "account", f"{a.label} ···{a.number_last4}", 50.0, "unknown_account")
        for a in snapshot.accounts
    )
    hold = Reason.UNKNOWN_ACCOUNT
    return replace(u, trace=trace, hold=hold, candidates=listed, ambiguous_slot="account_id")


# A balance asked of a past time: a past verb, or a time that is over.
_PAST_ASK_EN = re.compile(
    r"\b(?:what|how much) (?:was|were|did)\b|\bhow much (?:money |cash )?(?:did|had) (?:i|we)\b|"
    r"\b(?:i|we) had\b|\bused to (?:have|be)\b"
)
_PAST_TIME_EN = re.compile(
    r"\b(?:ago|yesterday|last (?:week|month|year|night|quarter|\w+day)|previous (?:week|month|year)|"
    r"(?:at|by) the end of (?!(?:this|the|next) (?:week|month|year)\b)\w+|"
    r"(?:on|at|in) (?:january|february|march|april|may|june|july|august|september|october|november|"
    r"december)\b)"
)
_PRESENT_EN = re.compile(r"\b(?:now|right now|today|currently|current|at the moment|after|since|left)\b")
_PAST_JA = re.compile(
    r"(?:[0-9０-９一二三四五六七八九十半数]+(?:日|週間|ヶ月|か月|カ月|ヵ月|年)|半年)前|"
    r"昨日|先週|先月|去年|昨年|前月|前年|でしたか|だった"
)
_PRESENT_JA = re.compile(r"今|現在|本日|今日|最新|後の|以降")


# Clauses, so that a time told in another one ("昨日家賃を払ったので、普通預金の残高を教えて") is its own.
_CLAUSE_BREAK = re.compile(r"[,;、。]|ので|から(?=[、,\s])|けど|\s(?:but|and|so|because)\s")
_BALANCE_WORD = re.compile(r"\b(?:balance|have|had|was|were)\b|残高|いくら")


def _balance_clauses(text: str) -> str:
    parts = [p for p in _CLAUSE_BREAK.split(text) if _BALANCE_WORD.search(p)]
    return " , ".join(parts) if parts else text


# A balance on a day to come: "what will my checking balance be on the 1st", "how much will I have"
_TO_COME_EN = re.compile(
    r"\bwhat(?:'s| is)? (?:will|would) (?:my|the) (?:[\w-]+ ){0,2}balance be\b|"
    r"\bhow much (?:money )?(?:will|would|am) (?:i|we) (?:going to )?have\b|"
    r"\bbalance (?:will|is going to) be\b"
)


def asks_past_balance(text: str) -> bool:
    """ "what was my balance last month", 先月末の残高はいくらでしたか: a balance that is not today's."""
    text = _balance_clauses(text)
    if not text.isascii():
        return bool(_PAST_JA.search(text)) and not _PRESENT_JA.search(text)
    past = bool(_PAST_ASK_EN.search(text)) or bool(_PAST_TIME_EN.search(text))
    return (past and not _PRESENT_EN.search(text)) or bool(_TO_COME_EN.search(text))


# What was had, not what moved: "how much did I have in savings on november 1st" is a balance.
_HAD = re.compile(
    r"\bhow much (?:money |cash )?(?:did (?:i|we) have|had (?:i|we)|was (?:there )?in)\b|"
    r"\bwhat was (?:my|the) (?:\w+ )?balance\b|残高"
)


def hold_past_balance(u: Understanding, turn: NormalizedTurn) -> Understanding:
    """A balance asked of a past time asks instead of reading today's (or the history instead)."""
    if u.intent not in _READS or u.hold is not None:
        return u
    text = turn.keywords
    if u.intent is Intent.RECENT_TRANSACTIONS and not _HAD.search(text):
        return u
    if not asks_past_balance(text):
        return u
    trace = (*u.trace, TraceItem("understand", "past_balance", turn.folded, "balance_inquiry"))
    return replace(u, intent=Intent.BALANCE_INQUIRY, trace=trace, hold=Reason.PAST_BALANCE)
