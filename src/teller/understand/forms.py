"""The form of an utterance, apart from its topic: a request, a question, a problem report.

- Questions never act: "how do I lock my card", "when do I have to pay my bill", 〜にはどうすれば,
  〜できますか ask about a command; they do not order it.
- A problem report or a payment already made is `understand.problems`.
- Requests outside banking that share its verbs (emails, photos, doors, attention) are out of scope.

All patterns run on folded text (`teller.normalize.text.fold`).
"""

from __future__ import annotations

import re
from collections.abc import Callable

from teller.understand import conditions, money_facts


def _rx(pattern: str) -> re.Pattern[str]:
    return re.compile(pattern, re.IGNORECASE)


_LEAD = (
    r"^(?:(?:hey|hi|hello|ok|okay|so|um+|uh+|er+|well|yeah|yo|quick question|just wondering|anyway|anyways|"
    r"alright|btw|by the way|"
    # someone in the room spoken to: "honey did you pay the bill"
    r"honey|hon|babe|baby|sweetie|darling|dear|mom|dad)[,.!]? +)*"
)
# How-to, what-if and can-I questions: always questions, whatever politeness surrounds them.
_HOWTO = _rx(
    r"\bhow (?:do|does|did|can|could|would|should|will|long|soon|fast|quickly|much time)\b|\bhow to\b|"
    r"\bwhat (?:happens|would happen|will happen|if)\b|\bis it possible\b|\bis there (?:a|any) way\b|"
    r"\bam i able\b|\bdo i need\b|\bwhat (?:do|should) i do\b|\bwhere (?:do|can) i\b|\bhow would i\b|"
    rf"{_LEAD}(?:can|could|may) i\b|"
    # "if I freeze my card, can I still use apple pay": a question after a condition
    r"\bif (?:i|we)\b.*\b(?:can|could|will|would|do|does|should) (?:i|we|it)\b|\bwill i (?:still )?be able\b|"
    r"どうすれば|どうしたら|どうやって|どうやれば|どうやる(?:ん|の|か)|どうなり|どうなる|方法|やり方|仕方|方を教え|払い方|"
    r"どのくらい|どれくらい|何日|いつまで|かかりますか|かかる[?？]|(?:たら|ば)いい(?:です)?か|"
    # wondering aloud whether to: 2万円送ってもいいかな, 払っちゃっていいかしら
    r"(?:て|で)(?:も)?(?:いい|大丈夫)(?:の)?(?:かな|かしら)"
)
# "〜できますか" asks whether something is possible, unless a request comes with it (お願いできますか).
_CAN_I_JA = _rx(
    r"できますか|できる(?:の)?[?？]?$|可能ですか|ことはできます|"
    # できるんでしょうか, できるんですかね, できるのかな, 可能でしょうか: the same, said more softly
    r"できる(?:ん|の)(?:です|でしょう|だろう)?(?:か|かね|かな)|可能(?:なん|なの)?(?:です|でしょう)(?:か|かね)"
)
_PERMISSION = _rx(
    rf"{_LEAD}(?:can|could|may) i\b|(?:て|で)も(?:いい|よい|大丈夫|よろしい)(?:です|でしょう)?か(?!な|しら)|"
    # 鈴木さんに明日3万円振り込むってできる？, 送金することってできますか: asked whether it can be done
    # (the money verb itself: 送金を取り消すことはできますか asks about undoing one)
    r"(?:(?:振り?込む|送る|送金する|払う|支払う)(?:ように|よう)?予約(?:する)?|"  # 支払うように予約できますか
    r"振り?込む|送る|送金する|払う|支払う|送金|振込|振り込み|支払い?)(?:こと)?(?:って|は|が)?"
    r"でき(?:る|ます)(?:か|かな|の)?[?？]?$|"
    # さくらちゃんに3千円送れる？: "can it be sent", asked of Teller
    r"(?:送れ|払え|支払え|振り?込め|送金でき|振込でき)(?:る|ます)(?:か|かな|の)?[?？]$"
)
_REQUEST = _rx(
    r"\b(?:please|pls|plz|kindly)\b|"
    rf"{_LEAD}(?:can|could|would|will) (?:you|u)\b|"
    # after what it follows from: "david covered my tickets, can you send him 85 bucks?"
    r"(?:[,;:]|\b(?:so|and|but|then|now))\s+(?:(?:so|and|but|then|now|please)\s+)?"
    r"(?:can|could|would|will) (?:you|u) "
    r"(?:please )?(?:send|pay|transfer|wire|move|lock|unlock|freeze|unfreeze|block|unblock|cancel|stop|"
    r"schedule|show|give)\b|"
    # "…but forgot, can you do it now?": what was told before, asked to be done now ("…can you do that?"
    # alone asks whether it can be done)
    r"(?:[,;:]|\b(?:so|and|but|then|now))\s+(?:(?:so|and|but|then|now|please)\s+)?(?:can|could|would|will) "
    r"(?:you|u) (?:please )?(?:just )?do (?:it|that|this)(?: for me)? "
    r"(?:now|today|tonight|again|right (?:now|away)|asap|please)\b|"
    # an order after what it follows from: "…and got a late fee, so pay the water bill now"
    r"(?:[,;:]|\b(?:so|and|but|then|now))\s+(?:(?:so|and|but|then|now|please|just)\s+)*"
    r"(?:send|pay|transfer|wire|lock|unlock|freeze|unfreeze|block|unblock)\b(?! (?:attention|a visit)\b)|"
    r"\b(?:i(?:'d| would) like|i (?:want|need|wanna|gotta|have to|must)|let's|go ahead|help me|"
    r"i'm going to need|i was wondering if you could)\b|"
    rf"{_LEAD}(?:please )?(?:send|re-?send|repeat|pay|transfer|wire|move|give|lock|unlock|freeze|unfreeze|"
    r"block|unblock|cancel|stop|turn|put|schedule|set up|deactivate|disable|reactivate|enable|activate|"
    r"remit|zelle|venmo)\b|"
    r"(?:て|で)(?:ください|下さい|くれ|ほしい|欲しい|もらえ|もらい|いただけ|いただき|おいて|おいで|ちょうだい)|"
    # 〜たい (want), not 〜たみたい / 〜ないみたい (seems)
    r"(?<![たっだいる]み)たい|お願い|おねがい|頼む|たのむ|といて|どいて|"
    # a plain て-form ending the sentence is an order: 伊藤さんに2万円送金して。 (not 送金して？, asked)
    r"(?<=[しっんいえけめせべれ])て(?=[。.!！…]|\s*$)|(?<=ん)で(?=[。.!！…]|\s*$)"
)
# A question that opens with a question word asks, whatever "I have to / need to" it holds ("when do
# I have to pay my bill", "what's the least I need to pay"); so does asking to be told something.
_ASKS = _rx(
    # "on which day should I pay…", "by when do I need to…", "for how long can I…"
    rf"{_LEAD}(?:on|at|in|by|for|from|until|till|since|to|with) (?:what|which|whose|whom|when|"
    r"how (?:long|many|much|soon|often))\b|"
    # whether someone did it: "did you pay the con ed bill", "have you sent david the 40 yet"
    rf"{_LEAD}(?:did|have|has) (?:you|u|he|she|they|we|my \w+|the|both|all)\b|"
    # a state asked about: "was the verizon bill paid", "were both my cards locked"
    rf"{_LEAD}(?:was|were) (?:it|there|my|the|this|that|your|his|her|our|both|all)\b|"
    rf"{_LEAD}(?:when|what|what's|whats|which|where|why|how (?:much|many|come)|will i|do i|did i|"
    r"does (?:it|the|my|a|this)|is (?:it|there|my|this|that)|are (?:there|my|these|those))\b|"
    r"\b(?:tell me|let me know|i (?:want|need|would like|'d like) to know|do you know|find out|explain|"
    r"remind me)\b (?:what|when|how|which|why|where|whether|if|the (?:minimum|least|lowest|amount|date|"
    r"due date|total|deadline))\b|"
    r"知りたい|知らせて"
)
# "do I…" asks; "do the usual for…", "do it now" is an order.
_WEAK_QUESTION = _rx(
    rf"{_LEAD}(?:how|what|when|where|why|which|who|is|are|does|"
    r"do(?! (?:the|that|this|it|a|an|me|one|not)\b)|did|should|will|would)\b|\?$|？$|"
    r"(?:ます|です)か[?？]?$"
)


# A preface saying a question comes: ちょっと聞きたいんだけど、, 質問なんですが, "quick question:"
_ASKING_PREFACE = _rx(
    r"^(?:(?:ちょっと|あの|あのー|えっと|すみません)[、,\s]*)*"
    r"(?:聞きたい|ききたい|質問したい|お聞きしたい|お伺いしたい|お尋ねしたい|質問)(?:こと|ことがある|があ(?:る|って))?"
    r"(?:んだ|んです|のです|なんだ|なんです|です)?(?:けど|けれど|が|ども)[、,\s]+|"
    r"^(?:quick question|i have a question|just a question|question)[,:.\s]+"
)


def utterance_form(folded: str) -> str:
    """ "question" (how do I…, can I…, 〜にはどうすれば, 〜できますか), "request" (imperative, I want…,
    could you…, 〜して/〜てください/〜たい) or "statement" (my card was stolen, 50 dollars to David).

    Several sentences keep their own forms: a sentence that requests a command ("I lost my wallet.
    Can you lock my debit card?") makes the turn a request, whatever question or statement is beside
    it; otherwise any question makes it a question ("How do I lock my card? Just asking.")."""
    folded = _ASKING_PREFACE.sub("", folded) or folded  # ちょっと聞きたいんだけど、…: what follows is asked
    parts = sentences(folded)
    if len(parts) < 2:
        if orders_then_asks(folded):
            return "request"  # "transfer $120 to aoife, and how long will it take?": the order stands
        return _sentence_form(folded)
    forms = [_sentence_form(p) for p in parts]
    if any(f == "question" and _REFERS_BACK.search(p) for f, p in zip(forms, parts, strict=True)):
        return "question"  # "I want to transfer money. How do I do that?": the request is asked about
    if any(f == "request" and _COMMAND_VERB.search(p) for f, p in zip(forms, parts, strict=True)):
        return "request"
    if "question" in forms:
        return "question"
    return "request" if "request" in forms else "statement"


# A negative question to the assistant with a command verb: "can't you just pay the water bill", "won't you
# send maria $15" — insisting, not asking whether ("why can't you…" still asks).
_INSISTS = _rx(
    rf"{_LEAD}(?:can'?t|cannot|couldn'?t|won'?t|wouldn'?t) (?:you|u) (?:just |please |simply )?"
    r"(?:send|pay|transfer|wire|move|lock|unlock|freeze|unfreeze|block|unblock)\b"
)


def insists(folded: str) -> bool:
    """ "can't you just send catherine eighty bucks": a request said as a negative question."""
    return bool(_INSISTS.search(folded))


def _sentence_form(folded: str) -> str:
    # "when my refund arrives, pay the con ed bill": a condition's clause opening the sentence is no
    # question ("can you tell me when my transfer goes through" still asks)
    spans = conditions.condition_spans(folded)
    if spans and not folded[: spans[0][0]].strip():
        rest = folded[spans[0][1] :].lstrip(",、 ")
        folded = rest if rest and _REQUEST.search(rest) else folded
    if insists(folded):
        return "request"
    if _HOWTO.search(folded) or _ASKS.search(folded):
        return "question"
    if _REQUEST.search(folded):
        return "request"
    if _CAN_I_JA.search(folded) or _WEAK_QUESTION.search(folded):
        return "question"
    return "statement"


# A sentence ends at . ! ? followed by a space (not "$12.50"), or at 。！？ (and their half widths).
_SENTENCE_END = re.compile(r"(?<=[.!?])\s+|(?<=[。！？!?])")
# The verbs of the commands a request sentence may carry (a "please tell me" sentence carries none).
_COMMAND_VERB = _rx(
    r"\b(?:send|pay|transfer|wire|move|remit|lock|unlock|freeze|unfreeze|block|unblock|cancel|stop|"
    r"deactivate|disable|reactivate|suspend|show|list|check|zelle|venmo)\b|"
    r"止め|停止|ロック|凍結|解除|送金|振り?込|送っ|払っ|支払|見せ|教え|キャンセル|取り消"
)


# A question about the sentence before it: "how do I do that", "can you explain how I can do it".
_REFERS_BACK = _rx(
    r"\b(?:do|doing|achieve|accomplish|go about|set up|arrange) (?:that|it|this|so)\b|"
    r"(?:それ|これ)(?:は|を)?(?:どう|どのように)|その(?:やり方|方法|手続き)"
)


# An order, then a question about it in a clause of its own: "send david $75, and how long will it take?"
# (an aside may stand between them: "lock my credit card - I left it at the restaurant - and how long…")
_ORDER_THEN_QUESTION = re.compile(
    r"^(?P<order>[^,;]+?)(?:(?:[,;]| - )[^,;]+?)?(?:[,;]\s*| - |\s)"
    r"(?:and|but|also|plus|oh and)(?: then| also)?\s+"
    r"(?P<question>(?:how|when|what|will|is|does|do|can|tell me|let me know|show me)\b.*)$"
)
_IMPERATIVE = _rx(
    rf"{_LEAD}(?:please )?(?:send|transfer|wire|pay|move|remit|lock|unlock|freeze|unfreeze|block|unblock)\b"
)


def order_part(folded: str) -> str | None:
    """The part of a turn that orders a command, where another part stands beside it: the order before a
    question ("send maria 30, and also how do I…"), the one request sentence among several ("…so
    annoying. anyway send david lee 40", 鈴木さんに1万円振り込んで。あと、…上げるの？); None otherwise."""
    asked_after = _ORDER_THEN_QUESTION.match(folded)
    if asked_after and orders_then_asks(folded):
        return asked_after["order"]
    parts = sentences(folded)
    orders = [p for p in parts if _sentence_form(p) == "request" and _COMMAND_VERB.search(p)]
    return orders[0] if len(parts) > 1 and len(orders) == 1 else None


def orders_then_asks(folded: str) -> bool:
    """ "transfer $120 to aoife, and how long will it take?", "lock my credit card - I left it at the
    restaurant - and how long does a new one take?": an order first, a question after it."""
    asked_after = _ORDER_THEN_QUESTION.match(folded)
    order = asked_after["order"] if asked_after else ""
    return bool(order and _IMPERATIVE.match(order) and _COMMAND_VERB.search(order))


def sentences(folded: str) -> list[str]:
    """The sentences of an utterance (one, for most turns), without empty ones."""
    return [p.strip() for p in _SENTENCE_END.split(folded) if p.strip(" .!?。！？")]


def sentence_spans(folded: str) -> list[tuple[int, int]]:
    """Where each sentence of `folded` starts and ends."""
    starts = [0, *(m.end() for m in _SENTENCE_END.finditer(folded))]
    ends = [*(m.start() for m in _SENTENCE_END.finditer(folded)), len(folded)]
    return list(zip(starts, ends, strict=True))


def sentence_at(folded: str, at: int) -> str:
    """The sentence of `folded` that holds position `at` (the whole text when it is one sentence)."""
    start = 0
    for m in _SENTENCE_END.finditer(folded):
        if m.start() > at:
            return folded[start : m.start()]
        start = m.end()
    return folded[start:]


# Money coming to the customer ("send me money", "transfer money into my account from another bank")
# is not a payment Teller makes from their account to a payee.
_TO_ME = _rx(
    r"\b(?:send|sends|sent|transfer|move|wire|pay|give) (?:me|us)\b|"
    r"\b(?:to|into) (?:me|my (?:own )?(?:account|card)|this (?:account|one|card|bank))\b|"
    r"\bfrom (?:my |an? )?(?:other|another|different|external|foreign|outside) (?:bank|account)|"
    # money a person gives back or sends the customer: 鈴木さんから5千円返してもらう, 田中さんから振り込まれる
    r"(?:さん|様|さま|くん|君|ちゃん)から[^、。]{0,12}?(?:返して(?:もら|くれ)|返済|もら[うえっい]|受け取|"
    r"振り?込(?:まれ|んでもら|んでくれ)|送(?:られ|ってもら|ってくれ)|入金)"
)


# Changing a transaction (cancel, reverse, dispute, 取り消す) is not reading the list of them.
_CHANGE_TRANSACTION = _rx(
    r"\b(?:cancel\w*|stop|revers\w*|undo|take back|return|remove|delete|dispute|refund\w*|charge ?back|"
    r"freeze|block|halt|suspend)\b|"
    r"取り消|取消|キャンセル|返金|戻して|止め|停止|凍結"
)
# Asking when, where, who or why about money is not asking for the balance.
_NOT_HOW_MUCH = _rx(
    rf"{_LEAD}(?:when|where|who|whom|why)\b|\b(?:where|when) (?:does|do|did|will|is|are|can)\b"
)


# Banking products that are no payment to a payee: retirement plans, direct deposit, payroll.
_BANK_PRODUCT = (
    r"\b(?:401 ?\(?k\)?|(?:my|an|roth|traditional|rollover) ira|ira (?:account|rollover|contribution)|"
    r"pension|retirement (?:account|plan|fund|savings)|direct deposit|payroll)\b|"
    r"確定拠出|年金|ideco|給与振込|給料振込|給与の振込|給料の振込"
)
# Money words whose object is not a payment or a balance: a currency conversion, a credit limit, a PIN.
_NOT_MONEY_OBJECT = _rx(
    r"\bconvert\w*\b|\bconversion\b|\bexchange rates?\b|\bhow much is \S*\d\S*(?: \w+)? in\b|"
    r"\bcredit (?:limit|line|raise|increase)|\b(?:increase|raise|lower) my (?:credit|limit)\b|"
    r"\b(?:pin|pin code|passcode|password)\b|換算|為替|レート|限度額|暗証番号"
)
# A transfer funded by a card ("transfer money using my credit card"): Teller sends from an account.
_BY_CARD = _rx(
    r"\b(?:using|with|by|via) (?:my |a |the |your )?(?:\w+ )?(?:credit |debit )?cards?\b|"
    r"(?:クレジット|デビット)?カードで(?:送金|振込|振り込|送)|クレカで(?:送金|振込|振り込|送)"
)


def sends_by_card(folded: str) -> bool:
    """ "i want to send money using my debit card", クレジットカードで送金したい."""
    return bool(_BY_CARD.search(folded))


_BANK_PRODUCT_RX = _rx(_BANK_PRODUCT)


def names_a_bank_product(folded: str) -> bool:
    """ "set up direct deposit for my paycheck", "transfer my 401k", 給与振込の設定: no payment to a payee
    (CLINC150 files them under work, out of scope)."""
    return bool(_BANK_PRODUCT_RX.search(folded))


def names_no_money_object(folded: str) -> bool:
    """ "convert 250 dollars into pounds", "raise my credit limit to 3000", "change my pin to 4321"."""
    return bool(_NOT_MONEY_OBJECT.search(folded))


def changes_a_transaction(folded: str) -> bool:
    """ "cancel my last transaction", "dispute a charge", この取引を取り消して."""
    return bool(_CHANGE_TRANSACTION.search(folded))


def asks_not_how_much(folded: str) -> bool:
    """ "where does the money in my account come from", "when will it show in my balance"."""
    return bool(_NOT_HOW_MUCH.search(folded))


def money_comes_to_me(folded: str) -> bool:
    """ "transfer money into my account", "my friend wants to send me money": incoming, not a payment."""
    return bool(_TO_ME.search(folded))


# Asking for the customer's own list or balance: "show me my transactions", "what's my balance".
_OWN_DATA = _rx(
    r"\b(?:show|list|see|view|check|pull up|bring up|give me|get me|tell me|read|display|go over|review|"
    r"what(?:'s| is| are| were)|whats|how much)\b (?:me )?(?:all )?(?:of )?my (?:[\w']+ ){0,3}?"
    r"(?:transactions|statement|activity|purchases|charges|payments|spending|balances?)\b|"
    # "show me the last 7 things I bought", "list the last 5 things I paid for"
    r"\b(?:show|list|see|view|pull up|bring up|give me|get me|tell me|read|display|go over|review)\b (?:me )?"
    r"(?:the |my )?(?:last|latest|most recent|recent|past) (?:\d+ |few |couple (?:of )?)?(?:things|items|"
    r"transactions|purchases|charges|payments)"
    r"(?: (?:that )?i (?:bought|purchased|paid for|made|spent \w+ on))?\b|"
    # "show me what went out", "let me see what came in": the movements themselves
    r"\b(?:show|list|tell|give|let)(?: me)?(?: see)? (?:everything |all )?(?:that |what )"
    r"(?:went|came|has gone|has come) (?:out|in)\b|"
    r"(?:取引|明細|履歴|残高|入出金|出金|入金).{0,6}(?:見せて|教えて|表示|確認し|出して|見たい|知りたい)"
)


# A balance that is not money in an account: reward points, miles, a gift card, leave.
_OTHER_BALANCE = _rx(
    r"\b(?:rewards?|points?|miles|mileage|loyalty|gift ?cards?|bonus|cash ?back|vacation|pto|leave|"
    r"credit score|bills?)(?: \w+)? balances?\b|"
    r"\bbalances? (?:of|on|in|for) (?:my |the )?(?:\w+ )?(?:rewards?|points?|miles|bills?)\b|"
    r"\b(?:points|miles)\b.*\b(?:left|remaining|have)\b|ポイント|マイル|"
    # money kept outside the bank: crypto, stocks, a brokerage (ビットコインいくら持ってる, 株の残高)
    # (in English only as what the balance is of: "my crypto balance", "how much bitcoin", "stock portfolio")
    r"\b(?:bitcoins?|btc|ethereum|crypto\w*|stocks?|brokerage|investments?)(?: \w+)? (?:balance|worth|value|"
    r"holdings)\b|\bhow much (?:bitcoin|btc|ethereum|crypto\w*|stocks?)\b|"
    r"\b(?:stock|crypto\w*|bitcoin|investment|brokerage) (?:portfolio|account)s?\b|"
    r"ビットコイン|仮想通貨|暗号資産|暗号通貨|イーサリアム|株式|投資信託|投信|"
    r"証券口座|"
    r"(?<!会)株(?:の|って|は|を|、|,|\s)|"
    # a document about the balance: a certificate or a letter is issued by the bank, not read out
    r"\bbalance (?:certificate|confirmation|letter)s?\b|\bcertificate\b.*\bbalance\b|"
    r"\bletter\b.*\b(?:shows?|showing|confirm\w*|with|of) (?:my |the )?(?:account )?balance\b|"
    r"\bproof of (?:funds|balance)\b|残高証明|"
    # what an account's papers say: "what's in the checking account terms and conditions"
    r"\baccounts?(?:'s)? (?:terms|agreements?|contracts?|fine print|polic(?:y|ies)|rules|conditions)\b|"
    r"口座の?(?:規約|約款|規定)"
)


def balance_of_something_else(folded: str) -> bool:
    """ "what's my rewards balance", "how many miles do I have": not an account's balance."""
    return bool(_OTHER_BALANCE.search(folded))


def asks_for_own_data(folded: str) -> bool:
    """ "show me my transactions", "what's my checking balance": the customer's own list or balance."""
    return bool(_OWN_DATA.search(folded))


def own_data_spans(folded: str) -> list[tuple[int, int]]:
    """Where the customer asks for their own list or balance ("…seems off, show me my transactions")."""
    return [m.span() for m in _OWN_DATA.finditer(folded)]


# "is it possible to transfer 200 dollars to maria today": asked politely, with the amount said.
_PERMISSION_AMOUNT = _rx(
    rf"{_LEAD}(?:is it possible|would it be possible|am i able|could i possibly)(?: for me)? to\b"
)


# Whether another person may do it: "can my wife lock my card", "could my son pay the con ed bill for me",
# "is my husband able to unlock my card". Asked of Teller ("can you…") it is a request; of the customer
# ("can I…") `asks_permission` decides.
_ANOTHER_CAN = _rx(
    rf"{_LEAD}(?:can|could|may|will|would|is|are)\s+(?:my|our)\s+(?:[\w'-]+\s+)?"
    r"(?:wife|husband|partner|spouse|son|daughter|kids?|children|child|mom|mum|mother|dad|father|parents?|"
    r"brother|sister|sibling|friend|roommate|boyfriend|girlfriend|fianc[eé]e?|assistant|accountant|"
    r"caregiver|carer|grandma|grandpa|grandmother|grandfather|family(?: members?)?|employees?|boss|lawyer)"
    r"\s+(?:be able to\s+|able to\s+)?(?:lock|unlock|freeze|unfreeze|send|pay|transfer|wire|move|see|check|"
    r"view|access|use|read|look at|cancel|block)\b|"
    rf"{_LEAD}(?:can|could|may)\s+(?:someone|somebody|anyone|anybody)(?: else)?\s+(?:lock|unlock|freeze|"
    r"send|pay|transfer|see|check|view|access|use|cancel)\b"
)


def asks_if_another_can(folded: str) -> bool:
    """ "can my wife lock my card": whether someone else may do it, a question about the bank's rules."""
    return bool(_ANOTHER_CAN.search(folded))


def asks_permission(folded: str, *, amount_said: bool = False) -> bool:
    """ "can I send $50 to David Lee", "is it possible to transfer $200 to maria" (with the amount
    said): a question in form, a request when it names everything."""
    return bool(_PERMISSION.search(folded)) or (amount_said and bool(_PERMISSION_AMOUNT.search(folded)))


# Objects of "send", "show", "transfer", "lock", "pay" that are not banking: emails, messages,
# photos, doors, attention. A turn about them is out of scope unless it also names money or a card.
_NON_BANKING = _rx(
    r"\b(?:e-?mails?|inbox|(?:text )?messages?|texts?|sms|dms?|photos?|pictures?|pics|images?|videos?|"
    r"notifications?|attention|doors?|windows?|lights|screen|caller|calls|files?|documents?|songs?|music|"
    r"playlists?|contacts to|my contacts over|data|apps?|reminders?|calendar|meetings?|compliments?|visit|"
    r"respects|the price|(?:current |my |your )?location|whereabouts|eta|directions|playlist|battery|"
    r"storage|memory|disk space|(?:browsing|search|watch|viewing|listening|call|location) history|"
    r"call logs?)\b|バッテリー|電池|ストレージ|通話(?!料)|(?:検索|閲覧|視聴|再生|ブラウザ)履歴|"
    r"現在地|位置情報|居場所|プレイリスト|という曲|曲を|"
    r"メール|メッセージ|(?<![a-z])line(?![a-z])|ライン|写真|画像|動画|通知|ドア|玄関|窓(?!口)|ファイル|音楽|電話番号|着信|"
    r"電気を?(?:消|つけ|付け)"
)
_BANKING_OBJECT = _rx(
    r"\b(?:money|funds|cash|dollars?|bucks|yen|euros?|payments?|bills?|balance|transactions?|account|"
    r"accounts|card|cards|visa|debit|credit|deposit|refund)\b|"
    # a number, unless it counts time ("in 15 minutes", 5分遅れる)
    r"(?<![0-9])[0-9]+(?![0-9]|\s*(?:minutes?|mins?|hours?|hrs?|seconds?|secs?|days?|weeks?|am|pm|"
    r"o'?clock|分|時間|時|秒|日後|週間)|:[0-9])|円|万|千|口座|残高|振込|送金|カード|"
    # (クレカ止めて！不正利用のメールが来た, 水道代払って: the mail is the story, the card or bill the order)
    r"請求|料金|代金|クレカ|クレジット|デビット|取引|引き落と|振り込|払[っいうえわ]"
)


# A thing sent that is not money: "send her the receipt", "can you send maria a copy of the invoice",
# 佐藤さんに領収書を送って. Teller sends money only; a number said in the story beside it is not sent.
_SENDS_A_THING = _rx(
    r"\b(?:send|sent|forward|email|text|give)\s+"
    r"(?:(?:her|him|them|me|us|it)\s+|(?:(?!(?:for|to|of)\b)[a-z'-]+\s+){1,3}?)?"
    r"(?:the|a|an|my|that|this|those|these|our)\s+(?:copy of (?:the |my )?)?"
    # a word or two saying which ("my new phone number", "the updated home address"), never money
    r"(?:(?!(?:money|cash|funds|dollars?|bucks|payment|amount|rest)\b)[a-z'-]+\s+){0,2}?"
    r"(?:receipts?|invoices?|links?|details|confirmation(?: (?:number|email|code))?|screenshots?|proof|pdfs?|"
    r"address(?:es)?|e-?mails?|messages?|(?:phone|cell|mobile|contact|tracking|wifi) numbers?|contact info|"
    r"info(?:rmation)?|documents?|files?|"
    r"texts?|photos?|pictures?)\b|"
    r"(?:領収書|レシート|請求書のコピー|明細のコピー|リンク|スクショ|スクリーンショット|写真|住所|メッセージ|メール)を?"
    r"(?:送っ|送る|送り|転送)"
)


# "transfer my game progress to my new phone", "move my saved games over": the thing moved is named and is
# no money (a money word, an account, an amount or a person's share would be)
_MOVES_MY = re.compile(
    r"\b(?:transfer|move|copy|sync|migrate)\s+(?:all\s+(?:of\s+)?)?(?:my|our)\s+"
    r"(?P<obj>[a-z'-]+(?:\s+[a-z'-]+)?)\s+(?:to|over|onto|from|across)\b"
)
_MONEY_OBJECT = re.compile(
    r"\b(?:money|funds?|cash|balance|savings|checking|paycheck|salary|wages?|deposit|rent|payments?|bills?|"
    r"accounts?|dollars?|bucks|yen|euros?|remaining|rest|change|tip|share|half|part|allowance|budget|"
    r"emergency|earnings|income|refund|bonus|loan|card|cards)\b"
)


def sends_a_thing(folded: str) -> bool:
    """ "i sent maria 50 last week, can you send her the receipt": what is sent is not money."""
    if _SENDS_A_THING.search(folded):
        return True
    moved = _MOVES_MY.search(folded)
    if moved is None or any(ch.isdigit() for ch in folded):
        return False
    return not _MONEY_OBJECT.search(moved["obj"])


# "help me balance my diet", "how do I balance work and life": balance as a verb, its object no money.
_BALANCE_VERB = re.compile(
    r"\b(?:to|me|us|we|i|you|u|let'?s|please|pls|help|can|could|should)\s+balance\s+(?:out\s+)?"
    r"(?:(?:my|our|the|your|a|an|his|her|their|all)\s+)?(?P<obj>[a-z'-]+)"
)
_NOT_AN_OBJECT = re.compile(
    r"(?:of|on|in|for|at|from|please|pls|now|today|right|again|quickly|asap|check|inquiry|enquiry|left|"
    r"available|remaining|info|information|details)$"
)


def balances_something(folded: str) -> bool:
    """ "help me balance my diet": "balance" is the verb, and what is balanced is no money or account."""
    m = _BALANCE_VERB.search(folded)
    return m is not None and not _MONEY_OBJECT.search(m["obj"]) and not _NOT_AN_OBJECT.match(m["obj"])


def names_non_banking_object(folded: str) -> bool:
    """Whether the turn is about something that is not banking (an email, photos, a door)."""
    return bool(_NON_BANKING.search(folded)) and not _BANKING_OBJECT.search(folded)


# Questions about the bank itself: when it or a branch is open. Another place's hours are not ours.
_ABOUT_THE_BANK = _rx(
    r"\b(?:your|the bank'?s?|bank|branch(?:es)?|teller)\b(?: \w+){0,2}? "
    r"(?:opening |business |working |office )?hours\b|"
    r"\b(?:when|what time) (?:are|do|does|is|will) (?:you|the bank|the branch|a branch|your branch(?:es)?|"
    r"the office)\b(?: \w+){0,2}? (?:open|close|closed|opening|closing)\b|"
    r"\b(?:are|is) (?:you|the bank|the branch|your branch(?:es)?) (?:open|closed)\b|"
    r"\b(?:opening|business|working) hours\b(?! (?:of|for|at) (?!(?:the |your |a )?(?:bank|branch)))|"
    r"営業時間|窓口|(?:支店|銀行|店舗).{0,8}(?:何時|開い|閉ま|営業|休み)"
)


def asks_about_the_bank(folded: str) -> bool:
    """ "what are your opening hours", "is the bank open on new year's day", 支店の営業時間."""
    return bool(_ABOUT_THE_BANK.search(folded))


# "The usual" payment: the customer means an amount Teller cannot know; the payee may be named.
_REPEAT = _rx(
    r"\b(?:the usual|my usual|as usual|the regular (?:amount|payment|transfer)|"
    r"same (?:amount |thing |payment |transfer )?as "
    r"(?:last time|last month|last week|before|always|usual))\b|"
    # "resend what i sent maria last time", "send the same amount again"
    r"\bre-?send\b|\bthe same amount\b|"
    r"\bwhat i (?:sent|paid|gave)\b.*\b(?:last time|before|last (?:week|month))\b|"
    r"いつもの|いつも通り|いつもどおり|前回と同じ|この前と同じ|先月と同じ|同じ金額|同じ額"
)
_FOR_SOMEONE_EN = _rx(r"\b(?:to|for) (?P<who>[a-z][a-z'-]+)\b")
_FOR_SOMEONE_JA = _rx(r"[^\s、。]{1,10}(?:さん|様|さま|くん|君|ちゃん)(?:に|へ)")


def repeats_a_payment(folded: str) -> bool:
    """ "do the usual for david lee", "same as last time to maria", いつもの分を鈴木さんに."""
    return bool(_REPEAT.search(folded))


# Right after "the usual", "for/to <word>" is whom it is for, even a name that is also a word ("the
# usual for bob"), unless the word is a time, a meal or a function word; in Japanese a katakana word
# before に (いつもの分をボブに).
_USUAL_FOR_EN = _rx(
    r"\b(?:the usual|my usual|as usual|same as (?:last time|last month|last week|before|always|usual))"
    r"(?: \w+){0,2}? (?:for|to) (?P<who>[a-z][a-z'-]+)\b"
)
_USUAL_FOR_JA = _rx(r"(?:いつもの|いつも通り|いつもどおり|前回と同じ)[^。、]{0,6}?[ァ-ヴー]{2,}(?:に|へ)")
_NOT_SOMEONE = _rx(
    r"^(?:the|an?|my|me|you|your|it|this|that|these|those|now|today|tonight|tomorrow|yesterday|morning|"
    r"evening|night|week|month|year|breakfast|lunch|dinner|brunch|coffee|work|school|home|real|sure|once|"
    r"good|all|everyone|everything|nothing|here|there|then)$"
)


def someone_addressed(folded: str, known_word: Callable[[str], bool]) -> bool:
    """A person the words send something to, by a name that is no ordinary word ("…for kenta",
    山田さんに), or by any name right after "the usual" ("…for bob", いつもの分をボブに); `known_word`
    tells dictionary words ("for breakfast") apart."""
    if _FOR_SOMEONE_JA.search(folded) or _USUAL_FOR_JA.search(folded):
        return True
    usual = _USUAL_FOR_EN.search(folded)
    if usual is not None and not _NOT_SOMEONE.match(usual.group("who")):
        return True
    return any(not known_word(m.group("who")) for m in _FOR_SOMEONE_EN.finditer(folded))


# A fact about a bill (its due date, minimum, cost, the amount due) asked for is not a payment of it,
# unless a pay verb orders one ("pay the minimum due on my xfinity bill").
_BILL_FACT = _rx(
    r"\b(?:due|due date|deadline|amount due|minimum|min|lowest|least|smallest|cost of|"
    r"how much (?:is|was|will)|statement date)\b|"
    r"支払期限|期限|期日|締め切り|締切|最低支払|請求額|請求金額|いくら"
)
_PAY_ORDER = _rx(
    rf"{_LEAD}(?:please |pls )?(?:pay|settle|clear|send|transfer|wire|schedule)\b|"
    r"\b(?:please|can you|could you|would you|i (?:want|need|have|'d like|would like|wanna|gotta) to|let's|"
    r"go ahead and|help me|(?:don'?t|do not) forget to|remember to|make sure (?:to|you)) "
    r"(?:pay|settle|clear|send|transfer|wire|schedule)\b|"
    r"払って|払いたい|払っといて|払っておいて|振り込んで|振り込みたい|支払いを?(?:お願い|して)|"
    # a payment set for a day: 払うように予約して, 引き落とされるように予約して, 支払いの予約をお願い
    r"(?:払う|支払う|引き落とす|引き落とされる|落ちる)ように(?:予約|設定|して|お願い)|支払いの?予約"
)


def asks_bill_fact(folded: str) -> bool:
    """ "look up the amount due on my water bill", 電気代の支払期限を教えて: a question about the bill."""
    asked = _BILL_FACT.search(folded) or money_facts.asks_what_is_owed(folded)
    return bool(asked) and not _PAY_ORDER.search(folded)


# A request not to do something: "don't show me my balance", "no, don't list my payees", 見せないで.
_NOT_ASKED = _rx(
    r"^(?:no|ok|okay|actually)?[,.]? *(?:please )?(?:don'?t|do not|never)\b (?:\w+ ){0,2}?"
    r"(?:show|tell|list|read|give|display|check|pull up|bring up)\b|"
    r"(?:見せ|教え|表示し|出さ|読ま|確認し)ないで"
)


def asks_not_to(folded: str) -> bool:
    """ "don't show me my balance", 残高は見せないで: nothing is to be read."""
    return bool(_NOT_ASKED.search(folded))


_OWN_ACCOUNT = _rx(r"\b(?:checking|savings|current|deposit)\b|普通|当座|預金|貯金")


def names_own_account(folded: str) -> bool:
    """ "…my checking account", 普通預金: one of the customer's own accounts, by its type."""
    return bool(_OWN_ACCOUNT.search(folded))
