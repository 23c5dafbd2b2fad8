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
from teller.normalize.text import JA_HONORIFICS
from teller.understand import card_controls, slang

SLANG_RULE = "en_transfer_slang"


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
_HONORIFIC_JA = "|".join(JA_HONORIFICS)

_FOUND = r"(?:found|located|came across|ran across|turned up|showed up)"
_WANTED_BACK = (
    r"\b(?:(?:put|turn|have|get|want) (?:it|them) back|back on|back in|again|reactivat\w*|re-?establish\w*|"
    r"unlock\w*|unfreez\w*|unblock\w*|use it|using it|working)\b"
)
_WANTED_BACK_JA = r"(?:使いたい|使え|戻して|戻し|元に|再開|解除|有効)"

# Fed up with the assistant itself, not with a product: "you clearly don't understand anything",
# "this bot is useless", "talking to you isn't working" (not "the app isn't working").
_FED_UP = (
    r"you(?:'re| are)? (?:\w+ )?(?:not|don'?t|do not|can'?t|cannot|never|keep) (?:\w+ )?"
    r"(?:understand\w*|misunderstand\w*|listen\w*|get(?:ting)?) (?:a word|me|anything|everything|what|it wrong)|"
    r"(?:this|the) (?:conversation|chat|chatbot|bot|assistant|robot)(?: \w+)? "
    r"(?:(?:is|'s) (?:\w+ )?(?:useless|pointless|hopeless|going nowhere|a waste of time)|"
    r"(?:isn'?t|is not|'s not) (?:\w+ )?(?:working|helping|getting anywhere))|"
    r"talking to you (?:is|'s) (?:\w+ )?(?:useless|pointless|going nowhere|a waste of time)|"
    r"talking to you (?:isn'?t|is not) (?:\w+ )?(?:working|helping|getting anywhere)"
)
# A card lost in other words: "my debit card has disappeared", "my wallet is gone and my card was in it".
_GONE = r"(?:gone|disappeared|vanished|nowhere to be (?:found|seen))"
WALLET_LOST = "wallet_lost"

# Order matters: the first hit wins, so the more specific shapes come first.
_RULES: tuple[tuple[Intent, str, re.Pattern[str]], ...] = (
    (
        Intent.HUMAN_HANDOFF,
        "en_handoff",
        _rx(
            r"\b(?:real person|real human|a human|human being|live (?:agent|person)|(?:an |the )?agent\b|"
            r"representative|operator|customer (?:service|support)|someone (?:real|from the bank)|"
            r"talk to (?:a |an |some)?(?:person|human|someone|somebody|people)|speak (?:to|with) (?:a |an )?(?:person|human|someone|somebody|agent)|"
            r"call me back|get me a person|"
            # a person at the bank by other words: "put me through to a bank employee", "…an advisor"
            r"(?:talk|speak|chat|put me through|connect me|transfer me) (?:to|with) (?:a |an |the |some |your )?"
            r"(?:bank |human |real )?(?:advisors?|advisers?|employees?|bankers?|staff(?: members?)?|workers?|"
            r"clerks?|consultants?|tellers?)|"
            # fed up with the assistant itself: NLU++'s customers mean "get me a person"
            r"(?:done|fed up) with (?:the|this) (?:bot|chatbot|machine)|going (?:round|around) in circles|"
            r"(?:you(?:'re| are)? not|you don'?t) (?:understand|understanding|get|getting) (?:a word|me|anything|what i)|"
            + _FED_UP
            + r"|"
            r"(?:details|information|data) (?:to|with) (?:a|the|this|an) (?:computer|machine|bot|robot|automated))"
        ),
    ),
    (
        Intent.HUMAN_HANDOFF,
        "ja_handoff",
        _rx(
            r"(?:オペレーター|オペレータ|おぺれーた|担当者|係の人|係員|窓口の人|人と話|人間と話|有人|スタッフと話|電話で相談|"
            r"(?:窓口|担当|係|詳しい|お店|銀行)の(?:方|人|かた)|(?:人|方|かた|担当)に(?:つない|繋い|代わ|かわ)|"
            # fed up with the assistant: 何度言っても伝わらない, 話が通じない, このチャットは役に立たない
            r"(?:何回|何度)(?:も)?(?:言って|話して|説明して)も|話が通じ(?:ない|ません)|伝わら(?:ない|ません)|"
            r"(?:分かって|わかって)(?:もらえ|くれ)(?:ない|ません)|"
            r"(?:チャット|ボット|ロボット|ai)[^。]{0,8}(?:役に立た|使えな|だめ|ダメ))"
        ),
    ),
    (
        Intent.CARD_UNLOCK,
        "en_card_unlock",
        _rx(
            rf"\b(?:unlock|unfreeze|unblock|reactivat\w*|re-?enable|turn\b.*\b{_CARD}\w*\b.*\bback on|"
            rf"(?:mind|appreciate)(?: you)? (?:unlocking|unfreezing|unblocking)\b.*\b{_CARD}|"
            # a lock taken off: "take the lock off my credit card", "lift the freeze on my debit card"
            rf"(?:take|lift|remove|undo|reverse|cancel|release|clear|drop|get rid of) (?:the |that |this |my )?"
            rf"(?:temporary |temp )?(?:lock|block|freeze|hold|suspension)\b(?=.*\b{_CARD})|"
            rf"(?:take|lift|get) (?:the |that )?(?:lock|block|freeze|hold) off\b(?=.*\b{_CARD})|"
            # a card made to work again: "get my credit card working again", "make the card open again"
            rf"(?:get|make|need|want|have) (?:my |the |our |this |that )?(?:[\w']+ )?{_CARD}\w* (?:to )?"
            rf"(?:working|work|usable|useable|open|active|functional|running) again\b|"
            # activating a *new* card is not unlocking one: "reactivate", "enable", not "activate"
            rf"enable (?:my |the )?(?:[\w']+ )?{_CARD})"
        ),
    ),
    (
        Intent.CARD_UNLOCK,
        "ja_card_unlock",
        _rx(
            rf"{_CARD_JA}.*(?:ロック解除|ロックを解除|解除|再開|有効に|使えるように|凍結解除|"
            # a lock taken off: ロックを外して, 利用停止を取り消して, 凍結をといて
            r"(?:ロック|停止|凍結|ブロック|ストップ)(?:を|は)?(?:外|はず|取り消|取消|とい|解い|やめ))"
        ),
    ),
    (
        # a card lost and found again, wanted back: "…turned up in my coat, reactivate it", 見つかったので
        # また使いたい. Before the lock rules, which its loss words would also fire.
        Intent.CARD_UNLOCK,
        "card_found_again",
        _rx(
            rf"^(?=.*(?:\b{_CARD}|{_CARD_JA}))(?:.*\b{_FOUND}\b.*{_WANTED_BACK}|.*{_WANTED_BACK}.*\b{_FOUND}\b)|"
            rf"^(?=.*{_CARD_JA}).*見つか.*{_WANTED_BACK_JA}"
        ),
    ),
    (
        Intent.CARD_LOCK,
        "en_card_lock",
        _rx(
            rf"\b(?:lock|freeze|block|disable|suspend|deactivate|stop|cancel|turn off|switch off|shut off|"
            rf"(?:put|place) (?:a |an )?(?:temporary |quick )?hold on)\b.*\b{_CARD}|"
            # asked politely with a gerund: "would you mind locking my card", "I'd appreciate you freezing it"
            rf"\b(?:mind|appreciate)(?: you)? (?:locking|freezing|blocking|disabling|suspending)\b.*\b{_CARD}|"
            rf"\b{_CARD}\w*\b.*\b(?:lost|stolen|missing|compromised)\b|"
            # the card said first: "remove my debit card from apple pay and lock it"
            rf"\b{_CARD}\w*\b.*(?:\b(?:and|then|so)\s+|[,.;!]\s*|\s[-–—]\s*)"
            rf"(?:(?:please|pls|just|now|can you|could you|go ahead and)\s+)*(?:lock|freeze|block)\s+(?:it|that|them)\b|"
            rf"^(?=.*\b{_CARD})(?:.*\b)?(?:{_CARD}\w*|cards|wallet|purse|handbag|bag)s? (?:is|are|was|were|has|have|'s)"
            rf"(?: been| just| completely| totally)? {_GONE}\b|"
            rf"\b(?:lost|misplaced|can't find|cannot find|someone stole|stole|stolen)\b.*\b{_CARD}|"
            # used by someone else: "my card is being used by someone else"
            rf"\b{_CARD}\w*\b.*\b(?:used|using) by (?:someone|somebody|a stranger|another person|strangers)\b"
        ),
    ),
    (
        Intent.CARD_LOCK,
        "ja_card_lock",
        _rx(
            rf"{_CARD_JA}.*(?:止め|停止|ストップ|ロック|凍結|無効|使えなく|紛失|なくし|無くし|失くし|落とし|盗ま|(?:なくな|無くな)[っりる]|"
            r"見当たら|"
            r"(?:誰か|他人|知らない人)に(?:勝手に)?使われ|勝手に使われ)|"
            rf"(?:紛失|なくし|無くし|失くし|落とし|盗ま).*{_CARD_JA}|"
            # the card said after the lock verb, as an afterthought: ロックして、デビットの方, 凍結して、visaのやつ
            r"^(?:(?:それ|これ|あれ)(?:を|も)?\s*)?(?:すぐ|今すぐ|急いで)?(?:ロック|凍結|停止|止め)"
            rf"(?:して|を?お願い|といて|ておいて|てほしい|て)(?:ください|下さい)?\s*[、,]\s*(?:その|あの)?{_CARD_JA}"
        ),
    ),
    (
        Intent.CARD_LOCK,
        "bare_lock",
        # a lock verb said alone, as a terse customer does: "lock", "freeze please", ロックして. Which card
        # is asked when it is not clear (the slot step)
        _rx(
            r"^(?:(?:please|pls|just|ok|okay|can you|could you|would you)[,]? )*(?:lock|freeze|block)"
            r"(?: (?:it|that one|this one|that|them|now|please|pls|asap|for me))*[.!?]*$|"
            r"^(?:(?:それ|これ|あれ)(?:を|も)?\s*)?(?:ロック|凍結|停止|止め)(?:して|を?お願い|といて|ておいて)"
            r"(?:ください|下さい|します)?[。!！]*$"
        ),
    ),
    (
        Intent.CARD_LOCK,
        "lock_by_digits",
        # the card named by its last digits alone: "lock the one ending in 8830", 末尾1234のやつ止めといて
        # (an account's digits are no card's: the slot step asks which card then)
        _rx(
            r"\b(?:lock|freeze|block)\b(?: (?:the|my|that))?(?: one| card)? (?:that )?(?:ending|ends)\b|"
            r"(?:末尾|下[4四]桁|(?:最後|ラスト)の?[4四]桁)[^。.!?！？]{0,24}?(?:止め|ロック|凍結|停止|ストップ)"
        ),
    ),
    (
        Intent.CARD_LOCK,
        WALLET_LOST,
        # a wallet or bag lost or stolen, no card said: the cards in it may be at risk; which to lock is
        # asked (the slot step), never guessed
        _rx(
            r"\b(?:wallet|purse|handbag|bag|backpack)s?\b.*\b(?:lost|stolen|missing|gone|snatched|taken|"
            r"pickpocketed|nicked)\b|"
            r"\b(?:lost|misplaced|can'?t find|cannot find|stole|snatched|took|grabbed|pickpocketed)\b.*\b"
            r"(?:wallet|purse|handbag|bag|backpack)\b|"
            r"(?:財布|さいふ|サイフ|かばん|カバン|鞄|バッグ).{0,12}?(?:なくし|無くし|失くし|落とし|盗ま|すられ|スられ|"
            r"取られ|とられ|(?:なくな|無くな)[っりる]|見当たら)"
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
            # "which bank maria uses", "which account david lee's payments go to"
            r"\b(?:what|which) (?:bank|account) [a-z' .-]+ (?:uses|banks with|is with|payments? go(?:es)? to)\b|"
            r"\b(?:everyone|everybody|anyone|anybody|people|the people)\b i (?:can|could|may) "
            r"(?:send|pay|transfer|wire)\b(?: (?:money|funds|cash))?(?: to)?\s*\??$|"
            # in a learner's words: "which people i can send money?", "what persons are saved for send money",
            # "to whom i can transfer"
            r"\b(?:which|what) (?:people|persons|person|ones)\b.{0,24}?\b(?:send|pay|transfer|wire)\b(?! \$?\d)|"
            r"\bto whom (?:i )?(?:can|could|may)? ?(?:i )?(?:send|pay|transfer|wire)\b(?! \$?\d)|"
            # what is kept for a payee: "what account do you have on file for david lee", "…saved under maria"
            r"\b(?:what|which)\b(?: [\w']+){0,3} (?:do|have|did) (?:you|i|we) (?:got |have )?"
            r"(?:on file|saved|registered|stored|listed|set up) (?:for|under) (?!(?:me|myself|my|us|our)\b)[a-z]|"
            # a payee's account details asked: "what's sarah's account number", "tell me david lee's bank details"
            r"\b(?:what(?:'s| is| was| are)|tell me|give me|read me|show me|remind me of)\s+(?:the\s+)?"
            r"(?:(?!(?:my|our|your|his|her|their|the|balance|money|on|in|of|for|at|from)\b)[a-z][\w.-]*\s+){0,2}"
            r"(?!(?:my|our|your|his|her|their)\b)[a-z][\w.-]*'s\s+(?:bank\s+)?"
            r"(?:account|acct|bank|banking|routing)(?:\s+(?:number|no|#|details|info|information|digits))?"
            r"(?!\s+(?:balance|activity|history|statement|transactions)\b)|"
            # a payee's entry pulled up: "pull up maria's details", "bring up catherine's info"
            r"\b(?:pull up|bring up|look up|show me|give me|get me|open|find)\s+"
            r"(?:(?!(?:my|our|your|his|her|their|the)\b)[a-z][\w.-]*\s+){0,2}"
            r"(?!(?:my|our|your|his|her|their)\b)[a-z][\w.-]*'s\s+"
            r"(?:details|info|information|contact(?: details| info)?|entry|record|profile|payee details)\b"
        ),
    ),
    (
        Intent.RECIPIENT_LOOKUP,
        "ja_recipient_lookup",
        _rx(
            r"(?:振込先|登録先|受取人|送金先).*(?:一覧|教えて|見せて|登録され|確認|ある|いる|入って|載って|含まれ)|"
            r"(?:誰|だれ)に(?:送金|振り?込|送)(?:でき|め|れ)|(?:送金|振り?込み?|送)(?:でき|め|れ)る(?:相手|人)|"
            r"(?:どこの|どの)銀行|"
            # a payee's account details asked: 健さんの口座番号の下4桁教えて, 佐藤さんの口座って何銀行？
            rf"(?:{_HONORIFIC_JA})の(?:口座|銀行|振込先)(?:番号|情報|詳細|の?下\d桁|の?末尾(?:\d桁)?)*"
            r"(?:って|は|を|が)?(?:何|なに|なん|教えて|確認|見せて|どこ)|"
            # 伊藤さんの登録情報を出して, 高橋さんの詳細見せて: a payee's entry pulled up
            rf"(?:{_HONORIFIC_JA})の(?:登録情報|登録内容|情報|詳細|連絡先)(?:って|は|を|が)?"
            r"(?:出し|出せ|見せ|教え|確認|表示)"
        ),
    ),
    # Asking about money that already moved is a look at the history, not a new payment.
    (
        Intent.RECENT_TRANSACTIONS,
        "en_past_payment",
        _rx(
            r"\b(?:did|have|has)\s+(?:i|we)\s+(?:already\s+|ever\s+)?(?:send|sent|transfer(?:red)?|pay|paid|wire[d]?)\b|"
            r"\b(?:who|what|when|how much|how many)\b.*\b(?:did|have) (?:i|we)\b.*\b(?:send|sent|pay|paid|"
            r"transfer(?:red)?|wire[d]?)\b|\bhow much (?:did|have) we (?:\w+ )?spen[dt]\b|"
            # money that moved, asked about: "was there a payment to netflix", "have i received the money
            # from maria", "how much went to uber"
            r"\b(?:was|were) there (?:a|an|any) (?:\w+ )?(?:payments?|transfers?|deposits?|debits?|withdrawals?|"
            r"direct debits?)\b|"
            r"\b(?:have|has|did) (?:i|we) (?:already |ever )?(?:received?|gotten|got|get)\b.*"
            r"(?:\b(?:money|payment|transfer|deposit|refund|salary|wages|paycheck)|[$£€¥]\s?\d|"
            r"\d[\d,.]* ?(?:dollars?|bucks|yen|euros?|pounds?)\b)|"
            # someone paid the customer (back): "did my landlord pay me back", "did anyone send me money"
            r"\b(?:did|has|have) (?!you\b)(?:[\w']+ ){1,3}?(?:pay|paid|refund(?:ed)?|reimburse[d]?) (?:me|us)\b|"
            r"\b(?:did|has|have) (?!you\b)(?:[\w']+ ){1,3}?(?:send|sent|transfer(?:red)?|wire[d]?) (?:me|us) "
            r"(?:the |any |some |my )?(?:money|funds|cash|payments?|[$\d])|"
            r"\bhow much (?:money )?(?:went|has gone|have gone) (?:to|on|out)\b|\bhow much i (?:sent|paid|spent|transferred)\b|"
            r"\bhas (?:my|the) (?:\w+ )?(?:money|payment|transfer|deposit|salary|paycheck|pay|wages|refund|"
            r"reimbursement)\b.*\b(?:been (?:paid|received|sent|deposited|credited)|arrived|c[oa]me (?:in|through)|"
            r"gone (?:in|through)|landed|cleared|paid in)\b|"
            # whether a payment happened: "did my rent go out", "has the con ed payment come out yet", "did my
            # paycheck hit", "did the verizon bill get paid"
            r"\b(?:did|has|have|is|was)\s+(?:my|the|our)\s+(?:[\w'-]+\s+){0,3}?(?:rent|payments?|bills?|paycheck|pay|"
            r"salary|wages|deposits?|refunds?|transfers?|direct debits?|autopay|mortgage|subscriptions?|charges?|"
            r"wires?|money)"
            # "did my transfer to maria go through", "did the wire i sent david clear": whom it went to, between
            r"(?:\s+(?:to|for|from|i sent|i made|we sent)(?:\s+[\w'.-]+){1,4}?)?"
            r"\s+(?:already\s+|actually\s+)?(?:go|gone|went|come|came|hit|land(?:ed)?|clear(?:ed)?|post(?:ed)?|"
            r"arrived?|(?:get|got|been) (?:paid|taken|debited|withdrawn|charged|deducted|processed|deposited|"
            r"through|received|delivered))\b|"
            r"\b(?:is|are) there (?:a|an|any) (?:\w+ )?(?:payments?|transfers?|deposits?|debits?|withdrawals?) "
            r"(?:to|from|at|between|since|this|last|yesterday|today|on)\b|"
            # "i want to see the payments i made to maria", "show me the transfers i sent to david"
            r"\b(?:show|see|list|view|pull up|bring up|find)\b(?: me)? (?:the|my|all(?: the| my| of my)?) "
            r"(?:\w+ )?(?:payments?|transfers?|transactions?|purchases|wires?) (?:that |which )?(?:i|we)(?:'ve| have)? "
            r"(?:made|sent|did|paid|transferred|wired)\b|"
            # "list my transfers to maria garcia", "show the payments to verizon": what went to someone
            r"\b(?:show|see|list|view|pull up|bring up|find)\b(?: me)? (?:the|my|all(?: the| my| of my)?) "
            r"(?:\w+ )?(?:payments?|transfers?|wires?) (?:to|from)\b"
        ),
    ),
    (
        Intent.RECENT_TRANSACTIONS,
        "ja_past_payment",
        _rx(
            r"(?:送金|振り?込|払|支払)(?:し|っ|ん|み|い)?(?:まし)?(?:た|だ)(?:か(?!ら)|の(?!で)|っけ|\?|$)|"
            # money handed over, asked back to memory: 送ったっけ, 返したんだっけ, 送ったかな (〜たよね was
            # withdrawn after a held-out bisection)
            r"(?:送金|振り?込|払|支払|送|渡|返)(?:し|っ|ん|み|い)?(?:まし)?(?:た|だ)(?:んだ|んです)?(?:っけ|かな)|"
            r"(?:誰|だれ|いくら|いつ|何).{0,8}(?:送金|振り?込|払|支払|送)(?:し|っ|ん|み|い|り)?(?:まし)?(?:た|だ)|"
            # 支払いはありましたか, 入金はあった?: whether money moved
            r"(?:支払|振込|振り込み|送金|入金|出金|引き落とし|引落)(?:い)?(?:は|って|が)(?:もう)?(?:あり|あっ)(?:まし)?た(?!ら)"
            r"|(?:給料|給与|ボーナス|入金|返金|払い戻し)(?:は|が|って)?[、,\s]*(?:もう)?(?:振り込まれ|入り|入って|入っ(?:た(?!ら)|てる)|入金され|届き|届いて|戻って)"
            r"(?!次第|たら|から)|"  # 給料が入り次第…, 入ってから…: when it comes, not whether it came
            # payments asked to be shown: 先月の電気代の支払いを見せて, 受け取った送金を全部見せて
            r"(?:支払い?|振込|振り込み|送金|入金|出金|引き落とし|引き出し|払い戻し|返金|買い物)(?:の(?:履歴|一覧|記録))?"
            r"(?:だけ|のみ)?を?(?:全部|すべて|全て)?(?:見せ|表示し)|"
            # whether money moved: 引き出しはありましたか, 入金はありますか, 父からのお金はもう入っていますか
            r"(?:引き出し|払い戻し|返金)(?:は|って|が)(?:もう)?(?:あり|あっ)(?:まし)?た(?!ら)|"
            r"(?:入金|出金|引き出し|引き落とし|支払い?|振込|送金)(?:は|って|が)(?:もう)?ありますか|"
            r"お金(?:は|が)(?:もう)?(?:振り込まれ|入り|入って|届き|届いて)(?!次第|たら|から)|"
            # whether a bill went out: ガス代ってもう引き落とされた？, 家賃引き落とされてる?
            r"(?:代|費|料金|家賃|請求|ローン|引き落とし)(?:って|は|が|も)?(?:もう|ちゃんと|すでに|無事)?"
            r"(?:引き落とされ|落ち)(?:た|て(?:い)?る|ました|ています|てます)(?:か|かな|の|\?|？)|"
            # what a thing cost, in the past: 先週のタクシー代はいくらでしたか
            r"(?:代|費|料金)は(?:全部で|合計で?)?いくら(?:でした|だった|かかった|使った)|"
            # 高橋さんに送ったお金の記録, 振り込んだ分の履歴: the record of what was sent
            r"(?:送|振り?込|払|支払)(?:っ|ん|い|し)(?:た|だ)(?:お金|分|金額|もの)?の?(?:記録|履歴|一覧|明細)|"
            # whether a payment went through: 佐藤さんへの振込、ちゃんと出てる？, 送金はもう反映されてる？
            r"(?:振込|振り込み|送金|支払い?)(?:は|って|が|、|,)?\s*(?:もう|ちゃんと|無事に?|きちんと|すでに)?"
            r"(?:反映され|完了し|着金し|届い|出て(?:る|い|ま)|出た|処理され|終わっ|済ん|通っ)"
        ),
    ),
    (
        Intent.BALANCE_INQUIRY,
        "en_balance",
        _rx(
            r"\bbalances?\b|"
            r"\bhow (?:much|many) (?:(?:money|cash|funds|dollars|yen|euros|bucks) )?"
            r"(?:do i have|have i got|is (?:there )?in|are (?:there )?in|is left|are left|remains|is on)\b(?! to\b)|"
            r"\bwhat(?:'s|s| is) (?:left |sitting |currently |there )?in my(?: (?:checking|savings|account|accounts|bank|current account)\b|\s*\??$)|"
            # "what's in the high-yield account these days", "what's in my everyday checking", "…in checking"
            r"\bwhat(?:'s|s| is) (?:left |sitting |currently |there )?in (?:(?:my|the|our) (?:[\w-]+ ){0,2})?"
            r"(?:checking|savings|account)\b"
            r"(?!(?:'s)?(?: [\w-]+){0,2} (?:terms|agreements?|contracts?|fine print|polic(?:y|ies)|rules|fees?)\b)|\bhow much (?:money )?(?:i have|is available)\b(?! (?:spent|paid|sent|used|made|earned|transferred))|\bavailable funds\b|"
            # "tell me what I've got in checking", "what do I have in savings"
            r"\bwhat (?:i'?ve got|i have got|i have|have i got|do i have|i got) (?:left |sitting )?in "
            r"(?:(?:my|the|our) (?:[\w-]+ ){0,2})?(?:checking|savings|account)\b|"
            r"\bwhat(?:'s|s| is) my (?:checking|savings|account|current account)(?: at| looking like| like)?\b"
            r"(?! (?:number|activity|history|statement|transactions?|details|type|name|movements?)\b)"
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
            r"what did i (?:spend|buy|pay)|where did (?:i spend|my money go)|recent (?:payments|debits)|"
            # "show my bill payments", "list the payments i made": payments made, read
            r"(?:show|list|see|view|pull up)(?: me)? (?:my|the|all(?: my| the)?) (?:past |previous |recent )?"
            r"(?:bill )?payments(?! (?:i|that) (?:have |'ve )?(?:scheduled|set up))|"
            # what was spent, said loosely: "how much did i blow at whole foods", "what did i drop on uber"
            r"(?:how much|what) (?:did|have) i (?:\w+ )?(?:blow|blew|blown|drop|dropped|splurge[d]?|waste[d]?|"
            r"burn(?:ed|t)?|shell(?:ed)? out|fork(?:ed)? out)\b|"
            # "show me everything since december first", "list everything from last week"
            r"(?:show|list|give)(?: me)? (?:everything|all of it|it all)(?= (?:since|from|before|after|between|"
            r"during|over)\b)|"
            # "show me what went out", "let me see what came in this week": the movements, shown
            r"(?:show|list|tell|give)(?: me)? (?:everything |all )?(?:that |what )(?:went|came|has gone|has come|"
            r"goes|comes) (?:out|in)\b|"
            # "the money movements on my account", "my cash flow this month"
            r"(?:money|cash) (?:movements?|flows?|coming in and going out)|cash ?flow|"
            # "how much did I top up my suica", "how much have I spent on uber": a total read from the history
            r"how much (?:money )?(?:did|have) i (?:\w+ )?(?:spen[dt]|paid|put|top(?:ped)? up|load(?:ed)?|"
            r"charged?)\b(?! (?:\w+ ){0,3}(?:if|when|to get)\b)|"
            # "when was the last time I paid at starbucks": when money last went there
            r"(?:when|what day) (?:was|did) (?:the )?last time i (?:paid|bought|spent|used my card|shopped))\b"
        ),
    ),
    (
        Intent.RECENT_TRANSACTIONS,
        "ja_transactions",
        _rx(
            r"取引|明細|履歴|入出金|にゅうしゅっきん|とりひき|めいさい|りれき|使ったもの|(?:何|なに)に\s*(?:使|つか)|"
            # 直近 五件 見せて, 最近の三件: the latest of a count, read from the history
            r"(?:直近|最近|最後|さいきん|ちょっきん|さいご)の?\s*(?:[0-9]+|[一二三四五六七八九十]+)\s*件"
            r"(?=[^。？?]{0,6}?(?:見せ|みせ|教え|おしえ|表示|出し|一覧|$))|"
            # お金の流れ, 口座のお金の動き, お金の出入り: the movements, read from the history
            r"(?:お金|おかね|口座|残高)の(?:流れ|動き|出入り|出し入れ)|"
            # スタバでいくら使ったか, Suicaにいくらチャージした: a total of what went out, read from the history
            r"いくら(?:くらい|ぐらい)?(?:使|つか|払|支払|チャージ|課金)(?:っ|し|い)?(?:た|てる|ている|ました)|"
            # 先月のタクシー代の合計を出して; アマゾンで最後に買い物したのっていつ: read from the history
            r"(?:代|費)の?(?:合計|総額)|で(?:最後|前回|この前)に?(?:買い物し|買っ|使っ|払っ|支払っ)|"
            # 先月クレカで払ったもの見せて, デビットで買ったやつ一覧にして: what was paid, asked to be shown
            r"(?:払っ|支払っ|買っ|使っ|決済し|購入し)た(?:もの|物|やつ|奴|の|分|買い物)[^。？?]{0,8}?"
            r"(?:見せ|一覧|リスト|教え|出し|表示|見たい|知りたい)|"
            # 先月いちばん大きい買い物は, 今月一番高い支払い, 最大の出費: the biggest one, read from the history
            r"(?:(?:いちばん|一番|最も|もっとも)(?:大き|高)(?:い|な)|最大の?|最高額の?)"
            r"(?:買い物|支払い|支払(?!い)|出費|支出|買った|使った|購入|決済)(?!額|の?(?:限度|上限)|を?し(?:たい|よう)|でき)"
        ),
    ),
    (
        Intent.BILL_PAYMENT,
        "en_bill",
        _rx(
            r"\b(?:pay|settle|clear)\b.*\bbills?\b|\bbill pay(?:ment)?\b.*\b(?:for|to)\b|"
            # "schedule my con ed bill": the bill is what is scheduled (a day is meant; the coverage check
            # asks for it when none is said) — not "schedule a call about my water bill"
            r"\bschedule (?:(?!(?:about|regarding|re|for|with|to|on|concerning)\b)[\w.'-]+ ){0,4}"
            r"bills?\b"
        ),
    ),
    (
        Intent.BILL_PAYMENT,
        "ja_bill",
        # (水道代、期日に引き落とされるように予約して: the bill set to be paid on a day)
        _rx(
            r"(?:代|だい|料金|請求|公共料金).*(?:払|支払|精算|はら)|"
            r"(?:代|料金|請求)[^。？?]*?(?:引き落と(?:す|され(?:る)?)|落ちる)ように(?:予約|設定|して|お願い)"
        ),
    ),
    (
        Intent.BILL_PAYMENT,
        "ja_bill_asked",
        # a bill and "please", nothing to read or look at: 水道代4210円ね、お願い, ガス代だけお願い
        _rx(
            r"(?:代|料金)(?![^。？?]*?(?:明細|残高|履歴|いくら|確認|教え|見せ|書|表示|一覧|知り))"
            r"[^。？?]{0,12}?(?:お願い(?:します|ね|な)?|頼(?:む|みます|んだ))[。!！]*$"
        ),
    ),
    (
        Intent.TRANSFER_MONEY,
        "en_transfer",
        # Giving something to *me* is never a transfer ("give me a number", "give me my money back").
        _rx(
            r"\b(?:send|transfer|wire|remit|pay|give(?! (?:me|us|it back)\b)|move|zelle|venmo)\b|"
            # "schedule 300 to mohammed", "schedule a transfer of 50…": money set for a day
            # ("schedule the verizon payment": a payment to a biller named, made a bill payment by the fast path)
            r"\bschedule (?=(?:it|that|this)\b|(?:a |an |the |my )?(?:[\w'-]+ ){0,2}?(?:payment|transfer)\b|"
            r"(?:a |an |the )?(?:\$?\d|(?:one|two|three|four|five|six|seven|"
            r"eight|nine|ten|twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety|a hundred|hundred)\b))|"
            # "can I get 75 dollars sent to lan nguyen", "have $40 wired over to maria"
            r"\b(?:get|have)\b[^.?!]{0,40}\b(?:sent|transferred|wired) (?:over |across )?to\b"
        ),
    ),
    (
        Intent.TRANSFER_MONEY,
        "ja_transfer",
        _rx(
            r"振り?込|送金|送っ|送る|送り|送れ|振替|払っ|払う|払い|支払|返し|返す|返した|"
            r"ふりこ|そうきん|おくって|おくる|おくり|はらって|はらう|はらい"
        ),
    ),
    # shoot/spot/float/cover… a person money; 千円飛ばして (`teller.understand.slang`)
    (Intent.TRANSFER_MONEY, SLANG_RULE, _rx(slang.SLANG_TRANSFER_EN)),
    (Intent.TRANSFER_MONEY, "ja_transfer_slang", _rx(slang.SLANG_TRANSFER_JA)),
)

# Questions about products, fees, rates and how-tos: they go to QnA unless the turn also carries
# the concrete slots of a command (an amount and someone to pay).
_QUESTION = _rx(
    r"^(?:how|what|where|when|why|which|is there|are there|can i|could i|do you|does|do i need|will|"
    r"is it (?:possible|ok|okay)|am i able|are we able)\b|"
    r"\b(?:fees?|charges? for|rates?|interest|limits?|(?:opening|business|bank|branch|office|working|open|your|the|what) hours|hours of|open(?:ing)?|branch(?:es)?|atms?|apply|eligible|"
    r"how (?:do|can|long|many)|how much (?:is|does|will) (?:it|the|a)|requirements?)\b|\?$"
)
_QUESTION_JA = _rx(
    r"手数料|金利|利率|限度額|上限|営業時間|支店|atm|方法|どうすれば|どうやって|できますか|ですか|ますか|いつ|どこ|なぜ|\?$"
)
# A capability question names no one in particular ("can I send money abroad", "...to another bank").
_FEE_OR_HOWTO = _rx(
    # "opening hours", not "for 3 hours"
    # ("the account that earns interest" names an account: no question about interest)
    r"\b(?:fees?|rates?|(?<!earns )(?<!pays )(?<!gets )(?<!earning )interest(?![- ]bearing)|limits?|(?:opening|business|bank|branch|office|working|open|your|the|what) hours|"
    r"hours of|how (?:do|does|can|could|would|should|long)|how to|is there (?:a|any) way|"
    r"what (?:happens|would happen|will happen) if|go about|how much (?:is|does|will) (?:it|the|a)|"
    r"requirements?|policy|possible|abroad|overseas|internationally|international|another (?:bank|country)|"
    r"other (?:banks?|countries)|(?:to|for) (?:someone|somebody|anyone|anybody)|"
    # when a service runs: "can I transfer money on weekends", "...at night", "...on holidays"
    # ("how much did I spend on holiday": what the money went on, not when the bank works)
    r"(?<!spend )(?<!spent )on (?:the )?(?:weekends?|holidays?|saturdays|sundays)|at night|after hours|overnight|"
    r"24/7|"
    # when money moves, asked of a payment in general: "if I schedule a transfer for saturday, when does
    # the money leave my account", "when would she get it" (not when a past one went: "when did i pay…")
    r"\bwhen (?:does|do|will|would) (?:[\w']+ ){1,4}?(?:actually |really )?(?:leave|arrive|go (?:out|through)|"
    r"post|land|clear|reach|show up|get (?:there|it|the money|paid)|be (?:taken|debited|sent|deducted|processed))\b|"
    # advice asked, not the customer's own figure: "how much should I keep in savings"
    r"how much (?:money |cash )?(?:should|ought) (?:i|we|people|you) (?:to )?(?:keep|have|save|leave|hold|put)|"
    r"what(?:'s| is) a (?:good|healthy|safe|normal) (?:amount|balance))(?!\w)|"
    r"手数料|金利|利率|限度額|上限|営業時間|方法|どうすれば|どうやって|どうやる(?:ん|の|か)|可能|できますか|土日|休日|"
    # how far the service reaches: 何年分見られますか, 何か月前まで, "how far back can I see…"
    r"何(?:年|か月|ヶ月|カ月|ヵ月|箇月|日)(?:分|前|先)|何件まで|how far (?:back|ahead|in advance)|"
    r"祝日|夜間|(?:あれば|おけば|置けば|残せば|貯めれば)(?:いい|良い|よい)|(?:べき|ほうがいい|方がいい)(?:です|でしょう)?か"
)

_INJECTION = _rx(
    r"ignore (?:all |any )?(?:the )?(?:previous|prior|above) (?:instructions|prompts?)|admin mode|developer mode|"
    r"system prompt|you are now|jailbreak|override|disregard|以前の指示|指示を無視|管理者モード"
)
_RAW_ID = _rx(
    r"\b[pbkact]_\d{2,}\b|\b\d{7,}\b|\brouting (?:number|no)\b|\baccount (?:number|no\.?|#)?\s*\d{4,}"
)


# What a lock or unlock verb acts on when it is not the card: "cancel a transaction on my card",
# "unblock my PIN", "unlock my account" (the card rules act on cards only).
_NOT_THE_CARD = _rx(
    r"\b(?:transactions?|payments?|charges?|transfers?|withdrawals?|purchases?|pin|pins|subscriptions?|"
    r"orders?|direct debits?|standing orders?|passcode|password)\b|暗証番号|取引|支払|引き落とし"
)
_THE_SPEAKER = _rx(r"(?:me|us|myself)\b")  # "can you unlock me": the customer is locked out, not a card
_UNLOCK_OTHER = _rx(r"\b(?:account|accounts|app|login|profile|phone)\b|口座|アプリ")
_CARD_NAMED = _rx(rf"\b{_CARD}s?\b|{_CARD_JA}")


def _acts_on_the_card(intent: Intent, folded: str, m: re.Match[str]) -> bool:
    """Whether the verb's object is a card: the match and the few words after it name no other."""
    rest = folded[m.end() :]
    if not rest.isascii():  # Japanese runs on without spaces: what follows in the same clause
        rest = re.split(r"[、。,.!?！？\s]", rest, maxsplit=1)[0]
    after = rest.split()[:3]
    if _NOT_THE_CARD.search(" ".join([m.group(0), *after])) or _THE_SPEAKER.match(" ".join(after)):
        return False
    if m.group(0).endswith("ed") or folded[m.end() : m.end() + 2] == "ed":
        # "my pin unblocked", "my passcode reset and unlocked": the object said before the participle
        before = folded[: m.start()].split()[-4:]
        if _NOT_THE_CARD.search(" ".join(before)) and not _CARD_NAMED.search(" ".join(before)):
            return False
    return (
        intent is not Intent.CARD_UNLOCK
        or bool(_CARD_NAMED.search(folded))
        or not _UNLOCK_OTHER.search(folded)
    )


def names_another_object(intent: Intent, folded: str) -> bool:
    """ "unblock my PIN", "unlock my account": a card verb's object that is no card (none named). A
    frozen *account* is approximated by locking its cards; an account is not unlocked that way."""
    if _CARD_NAMED.search(folded):
        return False
    return bool(
        _NOT_THE_CARD.search(folded) or (intent is Intent.CARD_UNLOCK and _UNLOCK_OTHER.search(folded))
    )


# The speaker lost, not a card: "I'm totally lost", "I am so lost" (confused). Blanked for the card rules.
_SPEAKER_LOST = _rx(
    r"\b(?:i'?m|i am|we'?re|we are|i feel|i get|i got|i'm getting|getting)\s+(?:\w+\s+){0,2}?lost\b"
)


def without_speaker_lost(folded: str) -> str:
    """`folded` with "I'm (so) lost" blanked (same length, so spans still index it)."""
    return _SPEAKER_LOST.sub(lambda m: " " * len(m.group(0)), folded)


_MONEY_RULES = frozenset({Intent.TRANSFER_MONEY, Intent.BILL_PAYMENT})
# A money verb told not to happen ("don't send anything", "please do not pay it yet", 振り込まないで);
# "don't forget to pay", "don't wait, send…" still ask for it.
_NOT_BEFORE = _rx(r"\b(?:don'?t|do not|never|no need to)\s+(?!forget\b|wait\b|hesitate\b)(?:\w+\s+)?$")
_NOT_AFTER_JA = _rx(r"^[^、。,]{0,4}?(?:ないで|なくていい|しないで|はしないで|はしなくて|しなくて)")


# A person declined: "no need for an agent", "i don't want to talk to a human", "without a representative".
_HANDOFF_DECLINED = _rx(
    r"\b(?:don'?t|do not|no need (?:for|to)|without|not|rather than|instead of)\b(?:\s+[\w']+){0,3}\s+$"
)


# A person declined after the word for one: オペレーターは不要です, 担当者じゃなくていいので, 人間の方は結構です
_HANDOFF_DECLINED_JA = _rx(
    r"(?:さん|の方|のかた|の人)?(?:は|とか)?\s*(?:不要|いらない|いりません|要らない|結構|大丈夫です|いいです|いいよ|"
    r"いいので|いいから|(?:じゃ|では)なくて(?:いい|大丈夫|結構|構いません|かまいません))"
)


def _said_not_to(folded: str, at: int) -> bool:
    if _NOT_BEFORE.search(folded[:at]):
        return True
    verb = re.search(r"送金|振り?込|送|払", folded[at : at + 12])
    return bool(verb and _NOT_AFTER_JA.match(folded[at + verb.end() :]))


def refuses_payment(folded: str) -> bool:
    """ "don't pay the water bill this month", 水道代は払わないで: a money verb said only not to happen."""
    found = False
    for intent, _, pattern in _RULES:
        if intent not in _MONEY_RULES:
            continue
        for m in pattern.finditer(folded):
            if not _said_not_to(folded, m.start()):
                return False
            found = True
    return found


def command_hits(folded: str) -> list[RuleHit]:
    """Every rule that fires, in priority order."""
    hits: list[RuleHit] = []
    card_text = card_controls.without_own_unlock(without_speaker_lost(folded))  # no order of the customer's
    for intent, name, pattern in _RULES:
        card_rule = intent in (Intent.CARD_LOCK, Intent.CARD_UNLOCK)
        m = pattern.search(card_text if card_rule else folded)
        if not m:
            continue
        if intent in (Intent.CARD_LOCK, Intent.CARD_UNLOCK) and not _acts_on_the_card(intent, folded, m):
            continue
        if intent is Intent.HUMAN_HANDOFF and (
            _HANDOFF_DECLINED.search(folded[: m.start()]) or _HANDOFF_DECLINED_JA.match(folded[m.end() :])
        ):
            continue  # "i don't need an agent, just show my transactions", オペレーターは不要です: declined
        while m is not None and intent in _MONEY_RULES and _said_not_to(folded, m.start()):
            # "don't send anything yet, I just want to check…": not the command asked for; "do not pay
            # verizon, pay the cable bill": the one asked for comes later
            m = pattern.search(folded, m.start() + 1)
        if m is None:
            continue
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


def card_found_again(folded: str) -> bool:
    """ "I thought my card was stolen but I found it, put it back": the card is wanted back."""
    return bool(_FOUND_AGAIN.search(folded))


_FOUND_AGAIN = next(p for _, name, p in _RULES if name == "card_found_again")
