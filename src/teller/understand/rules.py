"""Keyword rules for the command intents, English and Japanese.

Rules are precise but narrow: each fires on a verb-plus-object shape that customers use for a
command. Anything they miss falls to the classifier, and a question about a product or a fee is
routed to `qna` even when it mentions a command word ("how much is the fee for a transfer").
All patterns run on folded text (`teller.normalize.text.fold`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from teller.domain.intents import Intent


@dataclass(frozen=True, slots=True)
class RuleHit:
    intent: Intent
    rule: str
    surface: str
    start: int = 0
    end: int = 0


def _rx(pattern: str) -> re.Pattern[str]:
    return re.compile(pattern, re.IGNORECASE)


_CARD = r"(?:card|visa|master ?card|amex|debit|credit|cc)"
_CARD_JA = r"(?:カード|デビット|クレジット|クレカ|visa|ビザ|アメックス|jcb)"

# Order matters: the first hit wins, so the more specific shapes come first.
_RULES: tuple[tuple[Intent, str, re.Pattern[str]], ...] = (
    (
        Intent.HUMAN_HANDOFF,
        "en_handoff",
        _rx(
            r"\b(?:real person|real human|a human|human being|live (?:agent|person)|(?:an |the )?agent\b|"
            r"representative|operator|customer (?:service|support)|someone (?:real|from the bank)|"
            r"talk to (?:a |an |some)?(?:person|human|someone|somebody|people)|speak (?:to|with) (?:a |an )?(?:person|human|someone|somebody|agent)|"
            r"call me back|get me a person)"
        ),
    ),
    (
        Intent.HUMAN_HANDOFF,
        "ja_handoff",
        _rx(
            r"(?:オペレーター|オペレータ|担当者|係の人|係員|窓口の人|人と話|人間と話|有人|スタッフと話|電話で相談|"
            r"(?:窓口|担当|係|詳しい|お店|銀行)の(?:方|人|かた)|(?:人|方|かた|担当)に(?:つない|繋い|代わ|かわ))"
        ),
    ),
    (
        Intent.CARD_UNLOCK,
        "en_card_unlock",
        _rx(
            rf"\b(?:unlock|unfreeze|unblock|reactivate|re-?enable|turn\b.*\b{_CARD}\w*\b.*\bback on|"
            rf"(?:enable|activate) (?:my |the )?(?:[\w']+ )?{_CARD})"
        ),
    ),
    (
        Intent.CARD_UNLOCK,
        "ja_card_unlock",
        _rx(rf"{_CARD_JA}.*(?:ロック解除|ロックを解除|解除|再開|有効に|使えるように|凍結解除)"),
    ),
    (
        Intent.CARD_LOCK,
        "en_card_lock",
        _rx(
            rf"\b(?:lock|freeze|block|disable|suspend|deactivate|stop|cancel|turn off)\b.*\b{_CARD}|"
            rf"\b{_CARD}\w*\b.*\b(?:lost|stolen|missing|compromised)\b|"
            rf"\b(?:lost|misplaced|can't find|cannot find|someone stole|stole|stolen)\b.*\b{_CARD}"
        ),
    ),
    (
        Intent.CARD_LOCK,
        "ja_card_lock",
        _rx(
            rf"{_CARD_JA}.*(?:止め|停止|ロック|凍結|無効|使えなく|紛失|なくし|無くし|失くし|落とし|盗ま)|"
            rf"(?:紛失|なくし|無くし|失くし|落とし|盗ま).*{_CARD_JA}"
        ),
    ),
    (
        Intent.RECIPIENT_LOOKUP,
        "en_recipient_lookup",
        _rx(
            r"\b(?:who are|list|show|see|tell me|what are|which)\b.*\b(?:payees|recipients|contacts|beneficiaries)\b|"
            r"\b(?:is|have i|do i have|did i)\b.*\b(?:saved|registered|set up|added)\b.*\b(?:payee|recipient|contact|beneficiary)\b|"
            r"\b(?:saved|registered)\s+(?:payees|recipients|contacts)\b|"
            # "who can I send money to", "everyone I can pay": the recipient is the question itself
            r"\b(?:who|whom)\b (?:can|could|may) i (?:send|pay|transfer|wire)\b(?: (?:money|funds|cash))?(?: to)?\s*\??$|"
            r"\bwhat bank (?:is|does) .+ (?:with|use|bank with)\b|\bwhich bank (?:is|does) .+\b|"
            r"\b(?:everyone|everybody|anyone|anybody|people|the people)\b i (?:can|could|may) "
            r"(?:send|pay|transfer|wire)\b(?: (?:money|funds|cash))?(?: to)?\s*\??$"
        ),
    ),
    (
        Intent.RECIPIENT_LOOKUP,
        "ja_recipient_lookup",
        _rx(
            r"(?:振込先|登録先|受取人|送金先).*(?:一覧|教えて|見せて|登録され|確認|ある|いる)|"
            r"(?:誰|だれ)に(?:送金|振り?込|送)(?:でき|め|れ)|(?:送金|振り?込み?|送)(?:でき|め|れ)る(?:相手|人)|"
            r"(?:どこの|どの)銀行"
        ),
    ),
    # Asking about money that already moved is a look at the history, not a new payment.
    (
        Intent.RECENT_TRANSACTIONS,
        "en_past_payment",
        _rx(
            r"\b(?:did|have|has)\s+(?:i|we)\s+(?:already\s+|ever\s+)?(?:send|sent|transfer(?:red)?|pay|paid|wire[d]?)\b|"
            r"\b(?:who|what|when|how much|how many)\b.*\b(?:did i|have i)\b.*\b(?:send|sent|pay|paid|transfer(?:red)?|wire[d]?)\b"
        ),
    ),
    (
        Intent.RECENT_TRANSACTIONS,
        "ja_past_payment",
        _rx(
            r"(?:送金|振り?込|払|支払)(?:し|っ|ん|み|い)?(?:まし)?(?:た|だ)(?:か|の|っけ|\?|$)|"
            r"(?:誰|だれ|いくら|いつ|何).{0,8}(?:送金|振り?込|払|支払)(?:し|っ|ん|み|い)?(?:まし)?(?:た|だ)"
        ),
    ),
    (
        Intent.BALANCE_INQUIRY,
        "en_balance",
        _rx(
            r"\bbalances?\b|"
            r"\bhow (?:much|many) (?:(?:money|cash|funds|dollars|yen|euros|bucks) )?"
            r"(?:do i have|have i got|is (?:there )?in|are (?:there )?in|is left|are left|remains|is on)\b(?! to\b)|"
            r"\bwhat(?:'s|s| is) (?:left )?in my\b|\bhow much (?:money )?(?:i have|is available)\b|\bavailable funds\b|"
            r"\bwhat(?:'s|s| is) my (?:checking|savings|account|current account)(?: at| looking like| like)?\b(?! number)"
        ),
    ),
    (
        Intent.BALANCE_INQUIRY,
        "ja_balance",
        _rx(r"残高|ざんだか|(?:口座|預金)に(?:は)?いくら|いくら(?:入って|残って|ある)"),
    ),
    (
        Intent.RECENT_TRANSACTIONS,
        "en_transactions",
        _rx(
            r"\b(?:transactions?|purchases|statement|activity|charges|account history|spending|"
            r"what did i (?:spend|buy|pay)|where did (?:i spend|my money go)|recent (?:payments|debits))\b"
        ),
    ),
    (
        Intent.RECENT_TRANSACTIONS,
        "ja_transactions",
        _rx(r"取引|明細|履歴|入出金|にゅうしゅっきん|とりひき|めいさい|りれき|使ったもの|何に使"),
    ),
    (
        Intent.BILL_PAYMENT,
        "en_bill",
        _rx(r"\b(?:pay|settle|clear)\b.*\bbills?\b|\bbill pay(?:ment)?\b.*\b(?:for|to)\b"),
    ),
    (Intent.BILL_PAYMENT, "ja_bill", _rx(r"(?:代|だい|料金|請求|公共料金).*(?:払|支払|精算|はら)")),
    (
        Intent.TRANSFER_MONEY,
        "en_transfer",
        _rx(r"\b(?:send|transfer|wire|remit|pay|give|move|zelle|venmo)\b"),
    ),
    (
        Intent.TRANSFER_MONEY,
        "ja_transfer",
        _rx(
            r"振り?込|送金|送っ|送る|送り|送れ|振替|払っ|払う|払い|支払|返し|返す|返した|"
            r"ふりこ|そうきん|おくって|おくる|おくり|はらって|はらう|はらい"
        ),
    ),
)

# Questions about products, fees, rates and how-tos: they go to QnA unless the turn also carries
# the concrete slots of a command (an amount and someone to pay).
_QUESTION = _rx(
    r"^(?:how|what|where|when|why|which|is there|are there|can i|could i|do you|does|do i need|will|"
    r"is it (?:possible|ok|okay)|am i able|are we able)\b|"
    r"\b(?:fees?|charges? for|rates?|interest|limits?|hours|open(?:ing)?|branch(?:es)?|atms?|apply|eligible|"
    r"how (?:do|can|long|many)|how much (?:is|does|will) (?:it|the|a)|requirements?)\b|\?$"
)
_QUESTION_JA = _rx(
    r"手数料|金利|利率|限度額|上限|営業時間|支店|atm|方法|どうすれば|どうやって|できますか|ですか|ますか|いつ|どこ|なぜ|\?$"
)
# A capability question names no one in particular ("can I send money abroad", "...to another bank").
_FEE_OR_HOWTO = _rx(
    r"\b(?:fees?|rates?|interest|limits?|hours|how (?:do|does|can|could|would|should|long)|how to|"
    r"what (?:happens|would happen|will happen) if|go about|how much (?:is|does|will) (?:it|the|a)|"
    r"requirements?|policy|possible|abroad|overseas|internationally|international|another (?:bank|country)|"
    r"other (?:banks?|countries)|(?:to|for) (?:someone|somebody|anyone|anybody)|"
    # when a service runs: "can I transfer money on weekends", "...at night", "...on holidays"
    r"on (?:the )?(?:weekends?|holidays?|saturdays|sundays)|at night|after hours|overnight|24/7)(?!\w)|"
    r"手数料|金利|利率|限度額|上限|営業時間|方法|どうすれば|どうやって|可能|できますか|土日|休日|祝日|夜間"
)

_INJECTION = _rx(
    r"ignore (?:all |any )?(?:the )?(?:previous|prior|above) (?:instructions|prompts?)|admin mode|developer mode|"
    r"system prompt|you are now|jailbreak|override|disregard|以前の指示|指示を無視|管理者モード"
)
_RAW_ID = _rx(
    r"\b[pbkact]_\d{2,}\b|\b\d{7,}\b|\brouting (?:number|no)\b|\baccount (?:number|no\.?|#)?\s*\d{4,}"
)


def command_hits(folded: str) -> list[RuleHit]:
    """Every rule that fires, in priority order."""
    hits: list[RuleHit] = []
    for intent, name, pattern in _RULES:
        m = pattern.search(folded)
        if m:
            hits.append(RuleHit(intent, name, m.group(0), m.start(), m.end()))
    return hits


def looks_like_question(folded: str) -> bool:
    return bool(_QUESTION.search(folded) or _QUESTION_JA.search(folded))


def asks_about_fees_or_howto(folded: str) -> bool:
    return bool(_FEE_OR_HOWTO.search(folded))


def injection_flags(folded: str) -> frozenset[str]:
    """Marks text that tries to instruct the system or names raw ids/account numbers."""
    flags = set()
    if _INJECTION.search(folded):
        flags.add("instruction_like")
    if _RAW_ID.search(folded):
        flags.add("raw_identifier")
    return frozenset(flags)


# --- the form of an utterance: a request, a question, or a statement ----------------------------

_LEAD = r"^(?:(?:hey|hi|hello|ok|okay|so|um+|uh+|er+|well|yeah|yo|quick question|just wondering)[,.!]? +)*"
# How-to, what-if and can-I questions: always questions, whatever politeness surrounds them.
_HOWTO = _rx(
    r"\bhow (?:do|does|did|can|could|would|should|will|long|soon|fast|quickly|much time)\b|\bhow to\b|"
    r"\bwhat (?:happens|would happen|will happen|if)\b|\bis it possible\b|\bis there (?:a|any) way\b|"
    r"\bam i able\b|\bdo i need\b|\bwhat (?:do|should) i do\b|\bwhere (?:do|can) i\b|\bhow would i\b|"
    rf"{_LEAD}(?:can|could|may) i\b|"
    # "if I freeze my card, can I still use apple pay": a question after a condition
    r"\bif (?:i|we)\b.*\b(?:can|could|will|would|do|does|should) (?:i|we|it)\b|\bwill i (?:still )?be able\b|"
    r"どうすれば|どうしたら|どうやって|どうやれば|どうなり|どうなる|方法|やり方|仕方|方を教え|払い方|"
    r"どのくらい|どれくらい|何日|いつまで|かかりますか|かかる[?？]|(?:たら|ば)いい(?:です)?か"
)
# "〜できますか" asks whether something is possible, unless a request comes with it (お願いできますか).
_CAN_I_JA = _rx(r"できますか|できる(?:の)?[?？]?$|可能ですか|ことはできます")
_PERMISSION = _rx(rf"{_LEAD}(?:can|could|may) i\b")
_REQUEST = _rx(
    r"\b(?:please|pls|plz|kindly)\b|"
    rf"{_LEAD}(?:can|could|would|will) (?:you|u)\b|"
    r"\b(?:i(?:'d| would) like|i (?:want|need|wanna|gotta|have to|must)|let's|go ahead|help me|"
    r"i'm going to need|i was wondering if you could)\b|"
    rf"{_LEAD}(?:please )?(?:send|pay|transfer|wire|move|give|lock|unlock|freeze|unfreeze|block|unblock|"
    r"cancel|stop|turn|put|schedule|set up|deactivate|disable|reactivate|enable|activate|remit|zelle|venmo)\b|"
    r"(?:て|で)(?:ください|下さい|くれ|ほしい|欲しい|もらえ|もらい|いただけ|いただき|おいて|おいで|ちょうだい)|"
    r"たい|お願い|おねがい|頼む|たのむ|といて|どいて"
)
_WEAK_QUESTION = _rx(
    rf"{_LEAD}(?:how|what|when|where|why|which|who|is|are|does|do|did|should|will|would)\b|\?$|？$|"
    r"(?:ます|です)か[?？]?$"
)


def utterance_form(folded: str) -> str:
    """ "question" (how do I…, can I…, 〜にはどうすれば, 〜できますか), "request" (imperative, I want…,
    could you…, 〜して/〜てください/〜たい) or "statement" (my card was stolen, 50 dollars to David)."""
    if _HOWTO.search(folded):
        return "question"
    if _REQUEST.search(folded):
        return "request"
    if _CAN_I_JA.search(folded) or _WEAK_QUESTION.search(folded):
        return "question"
    return "statement"


def asks_permission(folded: str) -> bool:
    """ "can I send $50 to David Lee": a question in form, a request when it names everything."""
    return bool(_PERMISSION.search(folded))


# Objects of "send", "show", "transfer", "lock", "pay" that are not banking: emails, messages,
# photos, doors, attention. A turn about them is out of scope unless it also names money or a card.
_NON_BANKING = _rx(
    r"\b(?:e-?mails?|inbox|(?:text )?messages?|texts?|sms|dms?|photos?|pictures?|pics|images?|videos?|"
    r"notifications?|attention|doors?|windows?|lights|screen|caller|calls|files?|documents?|songs?|music|"
    r"playlists?|contacts to|my contacts over|data|apps?|reminders?|calendar|meetings?|compliments?|visit|"
    r"respects|the price)\b|"
    r"メール|メッセージ|(?<![a-z])line(?![a-z])|ライン|写真|画像|動画|通知|ドア|玄関|窓|ファイル|音楽|電話番号|着信|"
    r"電気を?(?:消|つけ|付け)"
)
_BANKING_OBJECT = _rx(
    r"\b(?:money|funds|cash|dollars?|bucks|yen|euros?|payments?|bills?|balance|transactions?|account|"
    r"accounts|card|cards|visa|debit|credit|deposit|refund)\b|[0-9]|円|万|千|口座|残高|振込|送金|カード|"
    r"請求|料金|代金"
)


def names_non_banking_object(folded: str) -> bool:
    """Whether the turn is about something that is not banking (an email, photos, a door)."""
    return bool(_NON_BANKING.search(folded)) and not _BANKING_OBJECT.search(folded)
