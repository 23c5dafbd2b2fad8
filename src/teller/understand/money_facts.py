"""Money asked about that is not in the customer's accounts: what a bill owes, what the customer earns,
what the account allows.

- What is owed on a bill ("how much do I owe on the xfinity bill", "how much are my bills this
  month", 今月の請求っていくら, 水道代の未払い分) is a fact about the bill: an answer, never a payment
  (unless a pay verb orders it: "pay what I owe on…") and never the account's balance.
- What the customer earns ("what's my yearly income", "how much do I make a year", 年収, 手取り) is
  neither a balance nor a list of transactions; money that came in, asked about ("has my paycheck
  been deposited", 給料は入金されてる), still reads the history.

- A price per use or per period ("how much do I pay per month for my checking account", "how much does
  it cost per transfer", 振込1回あたりいくら) is a question about the bank's fees, not a read.

- Whether the account allows something ("can I spend more than what's in my checking account", "am
  I allowed to take out more than I have", 残高より多く使うことはできますか) is a question about it,
  not a read of it; "can I see my balance" still reads it.

- What a bill costs, judged ("the con ed bill is way too high", "verizon went up again", ガス代高すぎ,
  水道代が上がってて驚いた) with no order to pay is a complaint: an answer, never a payment.

All patterns run on folded text (`teller.normalize.text.fold`).
"""

from __future__ import annotations

import re

# Owed on a bill: an amount still to pay, or the bills' total.
_OWED = re.compile(
    r"\b(?:i|we) (?:still |currently )?owe\b|\bowed?\b|\bowing\b|\boutstanding\b|\bunpaid\b|"
    r"\bleft to pay\b|\bstill (?:have to|need to|got to) pay\b|\bdue\b|"
    r"未払|未納|残って|残り|あといくら"
)
_BILLS = re.compile(
    r"\bbills?\b|\binvoices?\b|"
    r"請求|料金|(?:電気|ガス|水道|電話|携帯|ケータイ|スマホ|ネット)代|光熱費"
)
_HOW_MUCH_BILLS = re.compile(
    r"\b(?:how much|what) (?:is|are|will be) (?:all |the )?(?:of )?(?:my|the|our) (?:\w+ ){0,2}bills?\b|"
    r"\b(?:total|sum) (?:of|for) (?:all )?(?:of )?(?:my|the|our) (?:\w+ ){0,2}bills?\b|"
    r"\bbills?\b.{0,20}\b(?:how much|combined|in total|altogether|total)\b|"
    # what a thing cost in the past (先週のタクシー代はいくらでしたか) is spending, read from the history
    r"(?:請求|料金|代|光熱費)(?:は|って|の合計は?|の総額は?)?(?:全部で|合計で|トータルで)?いくら"
    r"(?!でした|だった|かかった|使った)"
)


def asks_what_is_owed(folded: str) -> bool:
    """ "how much do I owe on the verizon bill", "how much are my bills", 今月の請求っていくら."""
    if _HOW_MUCH_BILLS.search(folded):
        return True
    return bool(_OWED.search(folded)) and bool(_BILLS.search(folded))


# What the customer earns: income, salary, pay per period, 年収/月収/手取り.
_EARNINGS = re.compile(
    r"\b(?:income|incomes|earnings|salary|salaries|wages?|take[- ]home(?: pay)?|paycheck|pay ?check|"
    r"pay stub)\b|\bmy (?:weekly |monthly |yearly |annual )?pay (?:for|this|last|per|each|every|rate)\b|"
    r"\bhow much (?:money |cash )?(?:do|did|will|have) (?:i|we) "
    r"(?:make|made|earn|earned|bring in|get paid)\b|"
    r"\bhow much (?:money |cash )?(?:am i|are we) (?:making|earning)\b|"
    r"\b(?:comes?|coming) in (?:each|every|per|a) (?:week|month|year)\b|"
    r"年収|月収|手取り|給料|給与|収入|稼ぎ|稼い"
)
_HOW_MUCH_OR_WHAT = re.compile(
    r"\bhow much\b|\bhow big\b|\bwhat(?:'s| is| was| are| were)\b|\bwhats\b|\bhow many\b|"
    r"いくら|どれくらい|どのくらい|何円|何万"
)
# Money that came in (or a day it came): the history answers it.
_ARRIVED = re.compile(
    r"\b(?:paid in|deposited|deposit(?:ed)? (?:yet|today)|come in|came in|comes in(?! (?:each|every|per|a) )|"
    r"arrived?|lands?|landed|goes (?:in|into|to)|gets? paid into|"
    r"received?|hit (?:my|the) account|gone in|went in|cleared|show(?:n|ed)? up|when)\b|"
    r"\b(?:has|have|did|is|was) (?:my |the )?(?:\w+ )?(?:been )?(?:paid|deposited|credited)\b|"
    r"入金|振り込まれ|振込まれ|入っ|入りまし|届い|反映"
)


# The account's own money named beside it: "what's my balance after my salary" reads the balance.
_ACCOUNT_WORDS = re.compile(
    r"\b(?:balances?|transactions?|statements?|activity|deposits)\b|残高|取引|明細|履歴"
)


def asks_about_earnings(folded: str) -> bool:
    """ "what's my yearly income", "how much do I make a year", 年収はいくら: not the account's money."""
    if not _EARNINGS.search(folded) or _ARRIVED.search(folded) or _ACCOUNT_WORDS.search(folded):
        return False
    return bool(_HOW_MUCH_OR_WHAT.search(folded))


# Whether the account lets the customer do something: a can-I question whose verb is no read.
_ALLOWED = re.compile(
    r"^(?:(?:hey|hi|hello|ok|okay|so|um+|uh+|well|quick question)[,.!]? +)*(?:can|could|may) (?:i|we) "
    r"(?!(?:please |just |quickly |possibly |also |now )?(?:see|check|view|get|have|know|look|hear|"
    r"find out|access|pull up|review|read|ask|confirm|verify|go over|take a look)\b)\w+|"
    r"\b(?:am i|are we) (?:allowed|able|permitted) to (?!(?:see|check|view|get|know|look|access|review)\b)|"
    r"\bis it (?:possible|ok|okay|allowed) to (?!(?:see|check|view|get|know|look|access|review)\b)|"
    r"(?:使う|使える|引き出す|下ろす|払う|送る|借りる)ことは(?:でき|可能)|(?:使え|引き出せ|下ろせ|借りられ)ますか"
)


def asks_what_is_allowed(folded: str) -> bool:
    """ "can I spend more than I have in checking", 残高より多く使うことはできますか: a question."""
    return bool(_ALLOWED.search(folded))


# Where money came from, or the rules on something: what the bank can explain, not a read.
_EXPLAINED = re.compile(
    r"\bsources? (?:of|for) (?:the |my |all )?(?:\w+ )?(?:money|funds|deposits?|payments?|income)\b|"
    r"\b(?:rules?|polic(?:y|ies)|requirements?|regulations?) (?:on|for|about|of|regarding) |"
    r"入金元|お金の出どころ|ルール|規則|規定"
)


# What a word means: "what does available balance mean", "the meaning of pending", 利用可能残高って
# どういう意味, 「予定」とは何ですか
_MEANING = re.compile(
    r"\bwhat (?:does|do) .{1,40}? mean\b|\b(?:the )?meaning of\b|\bdefinition of\b|"
    r"どういう意味|の意味|とは(?:何|なん|なに)|って(?:何|なに|なん)(?:ですか|でしょう)?\??$"
)
# Papers an employer issues, not the bank: a pay slip, a W-2, 給与明細, 源泉徴収票
_EMPLOYER_PAPERS = re.compile(
    r"\b(?:pay ?slips?|pay ?stubs?|payslips?|w-?2s?|1099s?|p60|salary slips?)\b|給与明細|給料明細|源泉徴収票?"
)


def asks_what_a_word_means(folded: str) -> bool:
    """ "what does available balance mean", 利用可能残高ってどういう意味: a definition, not a read."""
    return bool(_MEANING.search(folded))


def names_employer_papers(folded: str) -> bool:
    """ "show me my pay stub", 給与明細を見せて: the employer's paper, which the bank does not hold."""
    return bool(_EMPLOYER_PAPERS.search(folded))


def asks_to_be_explained(folded: str) -> bool:
    """ "what is the source of the deposits in my account", "what are the rules on payees", 登録ルール."""
    return bool(_EXPLAINED.search(folded))


# A price: how much per use of a service, or per period for keeping an account or a card.
_PRICE = re.compile(
    r"\bhow much\b.*\b(?:per|for each|for every|each|every|a) (?:transfer|transaction|wire|withdrawal|"
    r"payment|deposit|use|time)\b|"
    r"\bhow much\b.*\b(?:per|a|each|every) (?:month|year|week)\b.*\b(?:for|on|to keep|to have) "
    r"(?:my|the|an?|this) (?:\w+ )?(?:account|card|checking|savings)\b|"
    r"(?:1回|一回|毎回|1件|一件)(?:あたり|につき|ごとに)|あたりいくら"
)


def asks_a_price(folded: str) -> bool:
    """ "how much do I pay per month for my checking account", 振込1回あたりいくら: a fee, not a read."""
    return bool(_PRICE.search(folded))


# A cost judged: too high, gone up, more than before.
_JUDGED_COST = re.compile(
    r"\b(?:too|so|way too|really|crazy|ridiculously|insanely|super) (?:high|expensive|much|steep|pricey)\b|"
    r"\b(?:went|gone|going|goes|shot|jumped) up\b|\b(?:increased|doubled|skyrocketed)\b|"
    r"高(?:すぎ|過ぎ|っ|く(?:な|て))|高い(?:よ|な|ね|わ|じゃ|やろ|って|けど|[。！？!?、]|$)|"
    r"上が(?:っ|り|る)|値上げ|増え(?:て|た)|跳ね上が"
)
# An order to pay or send said beside it: "…but pay it", 高いけど払っておいて
_ORDER_WORD = re.compile(
    r"\b(?:pay|send|transfer|wire|move|settle|do it|take care of)\b|払|送|振込|振り込|お願い|頼"
)


def judges_a_cost(folded: str) -> bool:
    """ "the con ed bill is way too high", ガス代高すぎやろ: a cost judged, with no order to pay."""
    return bool(_JUDGED_COST.search(folded)) and not _ORDER_WORD.search(folded)
