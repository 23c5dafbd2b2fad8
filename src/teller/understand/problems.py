"""Problem reports and payments already made: what happened, not what is asked for.

- A problem report ("my card was declined", "I was charged twice", "my transfer hasn't arrived",
  "a payment I don't recognise", 届いていない, 引き落とされた) asks for help with something that
  happened; Teller answers it (`qna`). Only what the customer asks for beside it may act: a card
  lost, stolen or misused still locks, "…show me my transactions" still shows them
  (`decide_problem`); fraud alleged goes to a person.
- A payment the customer already made ("I sent…", "the transfer I just made", 振り込んだ) is told
  about, not ordered (`past_payment`), unless something in the words puts one still to come; so is
  any banking action told as done (`told_as_done`: "I locked my card yesterday", 振り込みました).

All patterns run on folded text (`teller.normalize.text.fold`).
"""

from __future__ import annotations

import re

from teller.understand import forms, frames


def _rx(pattern: str) -> re.Pattern[str]:
    return re.compile(pattern, re.IGNORECASE)


# Something went wrong, or is not as expected: declined, charged twice, not arrived, not working,
# not recognised, still pending, an error, a refund. English and Japanese.
_OUTCOME_VERB = (
    r"(?:arrive[ds]?|arriving|c[oa]me|gone|go(?:ne)? through|went through|show(?:ed|n|ing)?(?: up)?|"
    r"appear(?:ed|ing)?|reflect(?:ed|ing)?|update[ds]?|updating|work(?:ed|ing|s)?|receiv(?:e|ed|ing)|"
    r"get|got|give|gave|process(?:ed|ing)?|clear(?:ed)?|post(?:ed)?|land(?:ed)?|let me|accept(?:ed)?|"
    r"recogni[sz]e|remember|authori[sz]e|make|made|cancel|change[d]?|increase[d]?|register(?:ed)?|"
    r"include[ds]?|display(?:ed|ing)?|add(?:ed)? up|match(?:ed|es)?|see|seem|sent|paid|done|authori[sz]ed|"
    r"purchas(?:e|ed)|buy|bought|order(?:ed)?|recogni[sz]ed)"
)
_PROBLEM = _rx(
    r"\b(?:why|how come|what happened|what's going on|whats going on|what is going on)\b|"
    r"\b(?:declin(?:ed|ing)|reject(?:ed|ing)|bounced|fail(?:ed|s|ing|ure)?|errors?|glitch|broken|stuck|"
    # pending asked to be seen ("any pending charges?", "show me pending transactions") is no problem
    r"(?<!any )(?<!show )(?<!show me )(?<!list )(?<!see )(?<!view )(?<!check )(?<!all )(?<!all the )pending|"
    r"missing|wrong|incorrect|mistake(?:nly)?|accidental(?:ly)?|refund(?:ed|s)?|"
    r"dispute|"
    r"unauthori[sz]ed|fraud(?:ulent)?|suspicious|unfamiliar|unknown|unrecogni[sz]ed|strange|weird|odd|"
    r"unexpected|unexplained|duplicate[d]?|twice|double[- ]?charged|overcharged|on hold|a hold|"
    r"scam(?:med)?|identity theft|questionable|dodgy|shady|fishy|bogus|false|fake|someone else|somebody else|"
    r"not mine|(?:is|are|was|were)n'?t mine|wasn'?t me|two of the same|"
    r"same (?:charge|transaction|payment)s? twice|unusual|concerned|worried|doubled?[- ]?charged|doubled|"
    r"report(?:ing|ed)?(?! (?:of|for)\b)|fraud\w*)\b|"
    r"\b(?:charge|payment|transaction|purchase|debit|withdrawal|deposit)s? (?:that |which )?i "
    r"(?:don'?t|do not|didn'?t|did not) know\b|"
    r"\b(?:someone|somebody) (?:else )?(?:is |has |was |had )?(?:been )?(?:making|made|using|used|took|taken|"
    r"spending|spent|buying|bought|withdr\w+)\b|"
    r"\b(?:was|were|been|being|got|get|keep getting) (?:\w+ )?(?:charged|billed|debited|taken)\b|"
    r"\b(?:isn'?t|is not|wasn'?t|was not|hasn'?t|has not|haven'?t|have not|didn'?t|did not|doesn'?t|does not|"
    r"don'?t|do not|won'?t|will not|wouldn'?t|would not|can'?t|cannot|couldn'?t|could not|never|not yet|"
    # ("won't you send…", "can't you just pay…": a request said as a negative question, `forms.insists`)
    r"still not|unable to|not able to)(?!\s+(?:you|u)\b)\s+(?:\w+\s+){0,2}?" + _OUTCOME_VERB + r"\b|"
    r"\bstill (?:pending|waiting|processing|not|no|hasn'?t|haven'?t|isn'?t|showing|shows|says)\b|"
    r"\bnot (?:working|showing|displaying|there|right)\b|\bcan'?t be right\b|\b(?:is|are|shows?) empty\b|"
    r"\b(?:looks?|seems?) (?:off|wrong|weird)\b|\bstopped working\b|"
    r"\btried (?:to|and)\b|\btried \w+ing\b|"
    # money gone, or come in that the customer did not put there: "all the money in my savings is gone"
    r"\b(?:money|funds|savings|balance|cash)\b(?: [\w']+){0,4}? (?:is|are|has|have|was|were)(?: \w+)? "
    r"(?:gone|disappeared|vanished)\b|\b(?:didn'?t|didnt|did not|never) (?:put|deposit(?:ed)?|add(?:ed)?)\b|"
    r"(?:お金|残高|預金)(?:が|は)(?:全部|すべて)?(?:なくなっ|無くなっ|消え)|"
    r"\b(?:remain(?:ed|s)?|stay(?:ed|s)?) the same\b|\b(?:less|lower|more|higher) than (?:i |what i )?"
    r"(?:thought|expected)\b|"
    r"\b(?:can'?t|cant|cannot|couldn'?t|couldnt|could not|unable to|not able to|won'?t let me|"
    r"wouldn'?t let me|doesn'?t let me|don'?t see|do not see|didn'?t see)(?!\s+(?:you|u)\b)"
    r"\s+(?:\w+\s+){0,2}?"
    r"(?:see|find|access|log ?in|use|open|"
    r"withdraw|pay|send|transfer|move|top up|activate|a|any|the|my)\b|\bwait(?:ing|ed)? (?:for|on)\b|"
    r"届(?:い|か)(?:て)?(?:い)?(?:ない|ません)|反映され(?:て)?(?:い)?(?:ない|ません)|引き落とされ(?!るように)|引かれ|"
    r"(?:使え|でき|下ろせ|引き出せ|送れ|振り込め|払え|届か|入ら|戻ら)(?:ない|なかった|ません|なくて)|"
    r"エラー|拒否|失敗|二重|身に覚え|覚えのない|不正|おかし(?:い|く|な)|変(?:だ|じゃ|です|な(?!い))|空っぽ|"
    r"(?:空|から|ゼロ|0円)に(?:なって|なっ)|間違っ|なぜ|どうして|なんで|返金|"
    r"(?:自分|私|わたし)の(?:じゃ|では)ない|同じ.{0,10}(?:二回|2回|二度|2度)|"
    r"(?:表示|確認)(?:され|でき)(?:て)?(?:い)?(?:ない|ません|なかった)|不審|怪しい|あやしい|報告|知らない|"
    # 勝手に done to the customer (勝手に引き落とされた), not asked for (勝手に振り込んでおいて: "go ahead")
    r"見覚えのない|勝手に(?=[^、。]{0,8}?(?:され|られ|使われ|引かれ|使わ))"
)


# A payment the customer already made: "I sent…", "the transfer I just made", "my last payment",
# "to the wrong account", a typo; 振り込んだ, 送金した, 口座番号を間違えた.
_PAST_PAYMENT = _rx(
    r"\bi(?:'ve| have| had)? (?:just |already |recently |accidentally |mistakenly |wrongly )?"
    r"(?:made|did|sent|transferred|paid|initiated|wired|submitted|completed|moved)\b|"
    r"\b(?:transfer|payment|transaction|deposit)s? (?:that |which )?i(?:'ve| have)? "
    r"(?:just |already |recently )?(?:made|did|sent|initiated|set up)\b|"
    r"\bmy (?:last|latest|recent|most recent|previous) (?:transfer|payment|transaction)s?\b|"
    r"(?:^|(?<=[.!?;] ))(?:just |already )?(?:paid|sent|transferred|wired)\b|"  # "paid xfinity on monday."
    r"\b(?:wrong|incorrect) (?:account|account number|person|recipient|payee|iban|details)\b|\btypo\b|"
    r"\btyped (?:in )?(?:the |a )?wrong\b|"
    r"振り込んだ|ふりこんだ|(?:送金|振込)した(?!い)|送った|おくった|払った|はらった|(?:口座|番号|相手|宛先|金額)を?間違え|"
    r"(?:振り?込ん|払っ|送っ|(?:送金|振込)し)(?:て|で)(?:しま|ちゃ|じゃ)"  # 振り込んでしまった
)
# What puts a payment still to come in the words (a date that is not in the past counts too).
_FUTURE = _rx(
    r"\b(?:scheduled|upcoming|coming up|planned|future|tomorrow'?s?|next (?:week|month|\w+day)|later|"
    r"standing order|recurring|monthly|weekly)\b|予約|予定|明日|明後日|来週|来月|今後|毎月|定期"
)
_PAST_TIME = _rx(
    # beside a payment already made, "today" / 今日 is when it was made ("the transfer I made today")
    r"\b(?:yesterday|ago|last (?:week|month|night|\w+day)|earlier|just now|today|this morning)\b|"
    r"昨日|先週|先月|さっき|おととい|一昨日|今日|今朝"
)


def mentions_payment_made(folded: str) -> bool:
    """ "I made a payment to the wrong account yesterday…", 口座番号を間違えた: a payment already made is
    talked about (whatever else is said about tomorrow)."""
    return bool(_PAST_PAYMENT.search(folded))


def payment_made_spans(folded: str) -> list[tuple[int, int]]:
    """Where a payment already made is told about, left to right."""
    return [m.span() for m in _PAST_PAYMENT.finditer(folded)]


def past_payment(folded: str, *, dated: bool = False) -> bool:
    """ "I sent a payment to the wrong account", "the transfer I just made", 振り込んだ: a payment already
    made, and nothing in the words puts one in the future (`dated`: the turn has a resolved date)."""
    if not _PAST_PAYMENT.search(folded):
        return False
    return not (_FUTURE.search(folded) or (dated and not _PAST_TIME.search(folded)))


# A banking action told as done by the customer ("I sent David $50 on Monday", "I locked my debit card
# yesterday", 昨日佐藤さんに振り込みました, さっきカードをロックしました): news, not an order. The
# Japanese polite past ends its sentence: 〜ましたか asks, 〜ましたが/ので goes on.
_DONE_VERB = (
    r"(?:made|sent|transferred|paid|wired|moved|locked|unlocked|froze|unfroze|blocked|unblocked|checked|"
    r"withdrew|took out|cashed|took care of|handled|settled)"
)
# With its subject ("i just sent…") or, at the start of what is said, without one ("already took care of
# the xfinity bill", "locked my debit card myself last night"): a past form no order takes.
_DONE_EN = _rx(
    rf"\bi(?:'ve| have| had)? (?:just |already |recently |also )?{_DONE_VERB}\b|"
    rf"^(?:(?:already|just|so|ok|okay|fyi|btw|yeah|yep) )*{_DONE_VERB}\b"
)
_DONE_JA_STEM = (
    r"(?:送金|振り?込|払|支払|ロック|凍結|停止|解除|確認|おろ|下ろ|引き出|送|止め|済ませ|済ま|やっ|"
    r"返済|返|渡)"
)
# Polite (〜ました) or plain and casual (払っといた, 払ってきた, 済ませたよ, 払い終わった,
# 止めといたから大丈夫):
# the past form ends what is said, with nothing after it but particles and "so it's fine".
_DONE_JA = _rx(
    rf"{_DONE_JA_STEM}(?:し|っ|ん|み|い|り)?(?:(?:て|で)(?:おき|しまい|き))?ました(?:よ|ね|けど|から|ので)*"
    r"(?=[。.!！\s]*$|[。.!！])|"
    rf"{_DONE_JA_STEM}(?:し|っ|ん|み|い|り)?(?:て|で|と|ど)?(?:おい|い|き|しまっ|ちゃっ|じゃっ|終わっ|終え)?"
    r"(?:た|だ)(?:よ|ね|わ|し|の|けど|から|ので|んで|もん)*"
    r"(?:[、,]?\s*(?:大丈夫|平気|問題ない|問題ありません|心配(?:しないで|ない|いらない|ご無用))\S*)?"
    r"(?=[。.!！\s]*$)"
)


# "I paid…" opens its clause, after nothing but words that set it up ("just so you know", "yesterday");
# "how much I paid…", "the transfers I sent…", "whether I paid…" are part of something else.
_LEAD_IN = _rx(
    r"^(?:\s|just|so|you|know|fyi|btw|by|the|way|well|ok|okay|hey|hi|hello|um|uh|oh|also|already|yesterday|"
    r"today|earlier|this|morning|afternoon|last|week|night|on|monday|tuesday|wednesday|thursday|friday|"
    r"saturday|sunday|actually|anyway)*$"
)
_CLAUSE_START = _rx(r".*(?:[,.;:!?]|\b(?:and|but)\b)")
# After the clause told, one that asks for something: "i paid rent last week, what's my balance".
_ASKS_AFTER = _rx(
    r"(?:[,.;:!?]|\b(?:and|but)\b).*\b(?:what|what's|whats|how|when|show|tell|can|could|would|please|send|pay|"
    r"transfer|lock|unlock|check|give|need|want)\b"
)


def told_as_done(folded: str) -> bool:
    """ "I sent David Lee $50 on Monday", 先週東京ガスを払いました: the customer tells what they did, and
    nothing in the words puts anything still to come (`_FUTURE`) or asks for anything beside it."""
    if _FUTURE.search(folded):
        return False
    if _DONE_JA.search(folded):
        return True
    for m in _DONE_EN.finditer(folded):
        before = folded[: m.start()]
        head = _CLAUSE_START.match(before)
        if _LEAD_IN.match(before[head.end() if head else 0 :]) and not _ASKS_AFTER.search(folded[m.end() :]):
            return True
    return False


_FRAUD = _rx(r"\b(?:fraud|fraudulent(?:ly)?|scam|scammed|scammer|identity theft)\b|詐欺|不正")


def alleges_fraud(folded: str) -> bool:
    """ "there's fraudulent activity on my account": a case a person must open."""
    return bool(_FRAUD.search(folded))


def reports_problem(folded: str) -> bool:
    """Whether the turn reports something that went wrong (declined, charged twice, not arrived,
    cancelled…)."""
    return bool(_PROBLEM.search(folded)) or frames.reports_cancelled(folded)


# A lost, stolen or misused card: a problem whose answer is to lock the card.
_CARD_LOSS = _rx(
    r"\b(?:lost|lose|losing|stolen|stole|missing|misplaced|can't find|cannot find|compromised|cloned|"
    r"skimmed|without (?:my )?(?:permission|consent|authori[sz]ation|knowledge)|someone (?:else )?"
    r"(?:has |is |was |had )?(?:been )?(?:using|used|took|taken|got)|"
    r"(?:being |been )?used by (?:someone|somebody|a stranger|another person|strangers))\b|"
    r"\b(?:gone|disappeared|vanished)\b|"
    r"紛失|なくし|無くし|失くし|落とし|盗ま|盗られ|取られ|不正利用|(?:誰か|他人|知らない人)に(?:勝手に)?使われ|勝手に使われ|"
    r"(?:なくな|無くな)[っりる]|見当たら(?:ない|なく|ず)?"
)
_LOCK_REQUEST = _rx(
    r"\b(?:lock|freeze|block|disable|deactivate|cancel|stop|suspend|switch off|shut off|turn off)\b "
    r"(?:it|them|that|this|my|the|both)\b|\b(?:put|place) (?:a |an )?(?:temporary |quick )?hold on\b|"
    r"(?:止め|停止|ストップ|ロック|凍結)(?:て|し)"
)
# A read that did not work ("I can't see my balance", "the app won't show…", 表示されない): it reports a
# problem; it does not ask for the read.
_NEGATED_READ = _rx(
    r"\b(?:can'?t|cannot|couldn'?t|don'?t|do not|didn'?t|did not|won'?t|wouldn'?t|doesn'?t|does not|"
    r"unable to|not able to)\s+(?:\w+\s+){0,2}?(?:see|find|view|show|display|access|pull up|bring up|load)\b|"
    r"(?:表示|確認|見)(?:され|でき|られ|れ)?(?:て)?(?:い)?(?:ない|ません|なかった)|"
    # a statement already read: "I just looked at my statement and…"
    r"\bi(?:'ve| have| had)? (?:just |already )?"
    r"(?:read|checked|looked (?:at|over)|went over|reviewed|saw|seen)\b"
)


# No card at risk although loss words are said: a virtual card or a card's code not found in the app,
# a card kept by a cash machine, a new card that has not arrived ("…I'm afraid it got lost in the mail").
_NO_CARD_AT_RISK = _rx(
    r"\b(?:virtual|digital|online|disposable) cards?\b|"
    # the card's state told: "my debit card is locked", "got blocked at the store", ロックされてる
    r"\bcards?\b (?:\w+ ){0,2}?(?:is|was|got|gets|has been|have been|keeps getting|is being) (?:\w+ )?"
    r"(?:locked|frozen|blocked|suspended|declined|disabled|deactivated)\b|"
    r"(?:ロック|凍結|停止|ストップ)(?:されて|され(?:た|ちゃ)|になって|しちゃってる)|止められ|止まって|使えなくなっ|"
    r"\b(?:can'?t|cannot|couldn'?t|could not|unable to) (?:\w+ )?(?:find|locate|see) "
    r"(?:the |my |a )?(?:\w+ )?(?:code|cvv|cvc|pin|number|details|option|button|setting|page|tab|menu)s?\b|"
    r"\b(?:atm|cash machine|cashpoint|cash point|machine)\b(?: \w+){0,2}? "
    r"(?:kept|ate|eaten|swallowed|took|taken|retained|held on to|won'?t give|wouldn'?t give|didn'?t give|"
    r"didn'?t return)\b|"
    r"\b(?:lost|stuck) (?:\w+ ){0,3}?in (?:the|an|a) (?:atm|cash machine|machine)\b|"
    r"\b(?:hasn'?t|has not|haven'?t|have not|never|didn'?t|did not|not yet|still not|still hasn'?t) "
    r"(?:\w+ )?(?:arrived|come|came|received|been delivered|shown up|turned up)\b|"
    r"\b(?:lost|stuck) in the (?:mail|post)\b|"
    # found again: "I found my card that I thought I had lost" (wanted back: `rules.card_found_again`)
    r"\b(?:found|located|turned up)\b.{0,40}\b(?:thought|had lost|was lost|i lost)\b|"
    r"\b(?:thought|had lost|was lost)\b.{0,40}\b(?:found|located|turned up)\b|"
    # lost, then found again: "I lost my debit card last week but I found it", "…went missing, turned up"
    r"\b(?:lost|misplaced|missing|dropped|left)\b.{0,60}?\b(?:but|and|though|now|finally)\b.{0,30}?"
    r"\b(?:found (?:it|them)|turned up|showed up|located it|got it back|have it back)\b|"
    r"\b(?:lost|misplaced|went missing)\b.{0,60}?[,;.]\s*(?:\w+ ){0,2}?"
    r"(?:found (?:it|them)|turned up|showed up)\b|"
    # なくしたけど見つかった, 紛失しましたが見つかったので, 落としたけど出てきた
    r"(?:なくし|無くし|失くし|落とし|紛失|置き忘れ)[^。]{0,30}?"
    r"(?:見つか(?:った|りました)|出てき(?:た|ました)|あった|ありました|戻ってき(?:た|ました))|"
    r"(?:atm|ＡＴＭ)(?:に|から)[^。]{0,10}(?:吸い込まれ|取り込まれ|飲み込まれ|出てこ|戻ってこ|出てき)|"
    r"(?:コード|番号|暗証番号)が?(?:見つから|わから)|"
    r"(?:まだ)?届(?:か|い)(?:て)?(?:い)?(?:ない|ません)"
)
# Someone else has it or used it: the card is at risk whatever else is said.
_MISUSED = _rx(
    r"\b(?:someone|somebody|stranger|thief|they)\b.{0,30}\b(?:us(?:ed|ing)|took|taken|charg\w+|spen[dt]\w*|"
    r"withdr\w+|bought)\b|\bstolen\b|\bstole\b|盗|誰か|他人|不正"
)


def no_card_at_risk(folded: str) -> bool:
    """ "I can't find my virtual card in the app", "the ATM kept my debit card", "my new card still
    hasn't arrived": loss words with no card at risk; no lock is asked for and none is made."""
    return (
        bool(_NO_CARD_AT_RISK.search(folded))
        and not _LOCK_REQUEST.search(folded)
        and not _MISUSED.search(folded)
    )


# What the customer does not know about the card, told beside the lock: "I'm not sure if I lost it or
# just misplaced it", "don't know where it went", どこで落としたか覚えてない — why, not a condition.
_UNSURE = _rx(
    r"(?<![a-z'])(?:(?:i'?m |i am )?(?:not sure|unsure|not certain)|"
    r"(?:i )?(?:don'?t|do not) (?:know|remember|recall)|"
    r"(?:i )?(?:can'?t|cannot|couldn'?t) (?:remember|recall)|no idea)"
    r"(?: (?:if|whether|where|when|how|what))?\b.*?(?=[,.;!?—–]| - | but |$)|"
    r"[^、。,]*?(?:覚えて(?:い)?ない|分から(?:ない|ん)|わから(?:ない|ん)|思い出せない|定かで(?:は)?ない)"
    r"(?:けど|けれど|が|し|んだけど)?"
)


# the lock itself doubted ("not sure I want to lock it"), not a past one ("not sure I locked it")
_LOCK_VERB = _rx(r"\b(?:lock|freeze|block|stop|cancel)\b|止め(?!た)|(?:ロック|凍結|停止)(?!した|された|済)")


def card_at_risk(folded: str) -> list[tuple[int, int]]:
    """Spans that say why a card must be locked ("without my permission", "stolen", "not sure where it
    went") and the lock request itself, with the problem told beside it ("a charge I don't recognise"):
    explained words."""
    if not (_CARD_LOSS.search(folded) or _LOCK_REQUEST.search(folded)):
        return []
    spans = [m.span() for rx in (_CARD_LOSS, _LOCK_REQUEST, _PROBLEM, _MISUSED) for m in rx.finditer(folded)]
    # "I'm not sure I want to lock it" doubts the lock itself: that stays unexplained
    return spans + [m.span() for m in _UNSURE.finditer(folded) if not _LOCK_VERB.search(m.group())]


def decide_problem(folded: str, intent: str, *, found_again: bool = False) -> str:
    """What a problem report (`reports_problem`) asking for `intent` becomes: "keep" the intent
    (a lock asked for, a card lost or stolen, the customer's own data), "human_handoff" (fraud
    alleged) or "qna" (help with what happened)."""
    if intent == "card_lock" and _LOCK_REQUEST.search(folded):
        return "keep"
    if intent == "card_unlock" and found_again:
        return "keep"  # "found my missing card, I want to use it again"
    if intent in ("balance_inquiry", "recent_transactions") and forms.asks_for_own_data(
        _NEGATED_READ.sub(" ", folded)
    ):
        # "show me my transactions", not "I can't see my balance"; asked beside a fraud worry too ("I
        # think someone hacked my account, show me my recent transactions", 不正利用されたかも、残高教えて)
        return "keep"
    if _FRAUD.search(folded):
        return "human_handoff"
    if intent == "card_lock" and _CARD_LOSS.search(folded):
        return "keep"
    return "qna"
