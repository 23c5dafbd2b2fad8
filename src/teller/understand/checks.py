"""What must hold before a fast-path command may act: its form, its date, and its coverage.

- Questions never act: a state-changing intent asked as a question ("how do I lock my card",
  "カードを止めるにはどうすれば") is `qna`; a turn about emails, photos or doors is `out_of_scope`.
- Problem reports are answered: "my card was declined", "the transfer hasn't arrived" are `qna`
  unless the customer also asks for a card at risk to be locked or for their own data.
- The execution date is the one said in the command's own clause: a past date in another clause
  ("we had lunch yesterday, send her $18") belongs to that clause; a corrected date is replaced.
- Coverage (see `coverage`): a command that would act with unexplained words that could change its
  meaning holds, with a reason the reply and the trace explain.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, replace
from datetime import date

from teller.domain.intents import COMMAND_INTENTS, Intent
from teller.domain.reasons import Reason
from teller.domain.trace import Extraction, TraceItem
from teller.normalize.amounts import AmountValue, is_vague
from teller.normalize.text import JA_HONORIFICS
from teller.normalize.turn import NormalizedTurn
from teller.understand import (
    amount_math,
    card_controls,
    choices,
    clauses,
    conditions,
    forms,
    frames,
    money_facts,
    person,
    pressure,
    problems,
    reads,
    rules,
    slang,
    topics,
)
from teller.understand.corrections import dangling, supersede
from teller.understand.coverage import RISKY, Unexplained, find_unexplained, without_reasons
from teller.understand.evidence import Evidence
from teller.understand.history import history_span
from teller.understand.model import Understanding
from teller.understand.money_slots import AMOUNT_DUE_READING, source_phrases
from teller.understand.plans import plan_spans, told_as_habit
from teller.understand.rough_times import rough_spans
from teller.understand.slots import recipient_phrase

# Intents that change state: they need a request form and full coverage before they act.
STATE_CHANGING = frozenset({Intent.TRANSFER_MONEY, Intent.BILL_PAYMENT, Intent.CARD_LOCK, Intent.CARD_UNLOCK})
_MONEY = frozenset({Intent.TRANSFER_MONEY, Intent.BILL_PAYMENT})
_READS = frozenset({Intent.BALANCE_INQUIRY, Intent.RECENT_TRANSACTIONS})

Span = tuple[int, int]
# Money moving to a payee: a question about it is a bank question, whatever the model says.
_MONEY_MOVE = re.compile(
    r"\b(?:transfers?|payments?|wires?|send|sent|sending|pay|paid|paying|money)\b|振込|振り込|送金|支払"
)


SCAM = "scam"  # the rule suffix of a payment a known scam asks for (handed to a person)


# What another part of the turn may be about without making its order a question: a question, a limit, a
# complaint, a bill's facts ("send maria 30 and also how do I raise my limit?"). A repeat, a condition, a
# test, a scam or a thing sent that is no money makes no order wherever it is said; nor does a payment told
# as made (the order may be about it: a held-out turn of blind round 54 asked instead of answering).
_ABOUT_ANOTHER_PART = frozenset(
    {"question", "no_money_object", "problem", "bill_fact", "judges_cost", "not_a_payment", "product",
     "topic", "owed", "meaning", "explain", "price", "allowed"}
)  # fmt: skip


def check_form(
    intent: Intent, confidence: float, rule: str, turn: NormalizedTurn, evidence: Evidence
) -> tuple[Intent, float, str]:
    """Questions about a command are QnA; commands about things that are not banking are out of scope.

    A turn whose order stands in a part of its own ("…, and also how do I raise my limit?") is judged by
    that part where the rest is only about something else (`_ABOUT_ANOTHER_PART`)."""
    decided = _check_form(intent, confidence, rule, turn, evidence, turn.keywords)
    if decided[0] is intent or decided[2].rsplit("+", 1)[-1] not in _ABOUT_ANOTHER_PART:
        return decided
    own = forms.order_part(turn.keywords)
    if own is None or _check_form(intent, confidence, rule, turn, evidence, own)[0] is not intent:
        return decided
    return intent, confidence, f"{rule}+order_part"


def _check_form(
    intent: Intent, confidence: float, rule: str, turn: NormalizedTurn, evidence: Evidence, folded: str
) -> tuple[Intent, float, str]:
    reads_objects = intent in COMMAND_INTENTS and intent not in (
        Intent.HUMAN_HANDOFF,
        Intent.RECIPIENT_LOOKUP,
    )
    if (
        intent in (Intent.TRANSFER_MONEY, Intent.CARD_UNLOCK)
        and pressure.scam_signs(turn.folded)
        and forms.utterance_form(folded) != "question"  # "is it true you never ask for a safe account?"
    ):
        return Intent.HUMAN_HANDOFF, 0.9, f"{rule}+{SCAM}"  # "the IRS called, send $900 to david lee today"
    if intent in COMMAND_INTENTS and intent is not Intent.HUMAN_HANDOFF and forms.asks_if_another_can(folded):
        return Intent.QNA, 0.85, f"{rule}+another_can"  # "can my wife lock my card": a question, not an order
    if intent is Intent.OUT_OF_SCOPE and forms.asks_about_the_bank(folded):
        return Intent.QNA, 0.8, f"{rule}+about_bank"  # "what are your opening hours"
    if intent is Intent.OUT_OF_SCOPE and _about_bank_service(folded):
        return Intent.QNA, 0.6, f"{rule}+bank_service"  # "tell me about your mortgages"
    if intent is Intent.QNA and topics.names_another_service(folded):
        return Intent.OUT_OF_SCOPE, 0.7, f"{rule}+other_service"  # "my netflix account won't let me log in"
    if (
        intent in (Intent.CARD_LOCK, Intent.CARD_UNLOCK, *_READS)
        and topics.names_another_card(folded)
        and not (intent in _READS and topics.puts_money_on_another_card(folded))  # Suicaのチャージ履歴
    ):
        return Intent.OUT_OF_SCOPE, 0.85, f"{rule}+another_card"  # "unlock my SIM card", スタバのカードの残高
    if intent is Intent.QNA and topics.asks_about_another_place(folded):
        return Intent.OUT_OF_SCOPE, 0.7, f"{rule}+other_place"  # "is the post office open on saturdays"
    if (
        intent is Intent.OUT_OF_SCOPE
        and evidence.payees.status == "match"
        and _MONEY_MOVE.search(folded)
        and forms.utterance_form(folded) == "question"
        and not forms.names_non_banking_object(folded)
    ):
        return Intent.QNA, 0.8, f"{rule}+about_payment"  # "at what time do transfers to david lee go out"
    if intent in (*_READS, Intent.QNA) and conditions.balance_only_in_condition(folded):
        # "残高が十分あるなら小林さんに2000円送って": the payment is asked, on a condition (it holds)
        billed = evidence.billers.status != "none" and evidence.payees.status == "none"
        return (Intent.BILL_PAYMENT if billed else Intent.TRANSFER_MONEY), 0.8, f"{rule}+balance_condition"
    if intent in (*_READS, Intent.QNA) and amount_math.asks_a_sum(folded):
        return Intent.OUT_OF_SCOPE, 0.8, f"{rule}+sum_asked"  # "what's 20 percent of 45 dollars"
    if intent is Intent.HUMAN_HANDOFF and person.asks_what_teller_is(folded):
        return Intent.OUT_OF_SCOPE, 0.8, f"{rule}+about_teller"
    if (
        intent is not Intent.HUMAN_HANDOFF
        and frames.orders_something(folded)
        and (intent in COMMAND_INTENTS or frames.charges_a_card(folded))
    ):
        return Intent.OUT_OF_SCOPE, 0.85, f"{rule}+shopping"  # "order a pizza and charge it to my card"
    if intent in _MONEY and forms.sends_a_thing(folded):
        return Intent.OUT_OF_SCOPE, 0.8, f"{rule}+sends_a_thing"  # "…can you send her the receipt"
    if intent in COMMAND_INTENTS and frames.asks_for_a_reminder(folded):
        return Intent.OUT_OF_SCOPE, 0.85, f"{rule}+reminder"  # "remind me to pay my verizon bill"
    if (
        intent is Intent.HUMAN_HANDOFF
        and forms.utterance_form(folded) == "question"
        and person.asks_what_staff_do(folded)
    ):
        return Intent.QNA, 0.8, f"{rule}+what_staff_do"  # 銀行員が暗証番号を電話で聞いてくることってある？
    if intent is Intent.HUMAN_HANDOFF:
        handoff = _check_handoff(folded)
        if handoff is not None:
            return handoff[0], handoff[1], f"{rule}+{handoff[2]}"
    if intent in _MONEY and frames.recurring(folded):
        return Intent.QNA, 0.8, f"{rule}+recurring"  # "send $50 to david every month": no one-off
    if (
        intent is Intent.HUMAN_HANDOFF
        and rule.startswith("classifier")
        and problems.reports_problem(folded)
        and not problems.alleges_fraud(folded)
        and not person.wants_a_person(folded)
    ):
        # "a charge I don't remember making": the model's guess of a person, not the customer's ask
        return Intent.QNA, 0.8, f"{rule}+problem"
    if intent in (*_READS, Intent.RECIPIENT_LOOKUP) and forms.asks_not_to(folded):
        return Intent.QNA, 0.7, f"{rule}+not_asked"  # "don't show me my balance": nothing to read
    if (
        intent is Intent.BALANCE_INQUIRY
        and evidence.billers.status != "none"
        and not forms.names_own_account(folded)
    ):
        return Intent.QNA, 0.8, f"{rule}+biller_balance"  # "the balance on my con edison account"
    if intent in _READS and money_facts.asks_what_is_owed(folded) and not forms.names_own_account(folded):
        return Intent.QNA, 0.8, f"{rule}+owed"  # "how much are my bills this month", 今月の請求はいくら
    if intent in _READS and _ABOUT_PRODUCT.search(folded):
        return Intent.QNA, 0.8, f"{rule}+product"  # "show me everything about your savings accounts"
    if intent in _READS and money_facts.names_employer_papers(folded):
        return Intent.OUT_OF_SCOPE, 0.8, f"{rule}+employer_papers"  # "show me my pay stub", 給与明細
    if intent in _READS and money_facts.asks_what_a_word_means(folded):
        return Intent.QNA, 0.8, f"{rule}+meaning"  # "what does available balance mean"
    if intent in (*_READS, Intent.RECIPIENT_LOOKUP) and money_facts.asks_to_be_explained(folded):
        return Intent.QNA, 0.8, f"{rule}+explain"  # "the source of the deposits", "the rules on payees"
    if intent in COMMAND_INTENTS and topics.names_only_a_topic(folded) and not _READ_OBJECT.search(folded):
        return Intent.QNA, 0.7, f"{rule}+topic"  # "regarding my checking account": nothing asked yet
    if intent is Intent.RECENT_TRANSACTIONS and frames.does_a_transaction(folded):
        if evidence.amount is not None and evidence.amount.value.currency is not None:
            return Intent.TRANSFER_MONEY, 0.8, f"{rule}+do_transaction"  # "…a transaction of $40 to maria"
        return Intent.QNA, 0.7, f"{rule}+do_transaction"
    if intent in _READS and money_facts.asks_a_price(folded):
        return Intent.QNA, 0.8, f"{rule}+price"  # "how much do I pay per month for my checking account"
    if intent in _READS and money_facts.asks_what_is_allowed(folded):
        return Intent.QNA, 0.8, f"{rule}+allowed"  # "can I spend more than what's in my checking"
    if intent in _READS and money_facts.asks_about_earnings(folded):
        return Intent.OUT_OF_SCOPE, 0.8, f"{rule}+earnings"  # "what's my yearly income", 年収はいくら
    if intent is Intent.BALANCE_INQUIRY and forms.balance_of_something_else(folded):
        return Intent.QNA, 0.85, f"{rule}+other_balance"
    if intent in _MONEY and forms.names_a_bank_product(folded):
        return Intent.OUT_OF_SCOPE, 0.8, f"{rule}+bank_product"  # "transfer my 401k", 給与振込の設定
    if intent is Intent.TRANSFER_MONEY and forms.sends_by_card(folded):
        return Intent.QNA, 0.8, f"{rule}+by_card"  # "transfer money using my credit card"
    if intent in (*_MONEY, Intent.BALANCE_INQUIRY) and forms.names_no_money_object(folded):
        return Intent.QNA, 0.8, f"{rule}+no_money_object"  # a conversion, a credit limit, a PIN
    if intent in (Intent.CARD_LOCK, Intent.CARD_UNLOCK) and card_controls.narrower_than_the_card(folded):
        return Intent.QNA, 0.8, f"{rule}+narrower_control"  # "disable contactless on my card", 金曜まで止めて
    if intent is Intent.RECENT_TRANSACTIONS and card_controls.narrower_than_the_card(
        folded, for_a_while=False
    ):
        return Intent.QNA, 0.8, f"{rule}+narrower_control"  # "turn off my credit card for online purchases"
    if intent is Intent.CARD_LOCK and problems.no_card_at_risk(folded):
        return Intent.QNA, 0.8, f"{rule}+no_card_at_risk"  # "the ATM kept my card", "…hasn't arrived"
    if (
        intent is Intent.RECENT_TRANSACTIONS
        and reads.talks_about_one_transaction(folded)
        and not forms.asks_for_own_data(folded)
        and not problems.reports_problem(folded)  # "…a fraudulent transaction": the problem rules decide
    ):
        return Intent.QNA, 0.8, f"{rule}+one_transaction"  # "I have a pending transaction"
    if intent in _READS and reads.read_already_done(folded):
        return Intent.QNA, 0.7, f"{rule}+read_done"  # "after looking at my spending I want to cry"
    if intent in _READS and reads.asks_how_far_back(folded) and forms.utterance_form(folded) == "question":
        return Intent.QNA, 0.8, f"{rule}+how_far_back"  # "can I see transactions older than a year"
    # "has the refund from the hotel landed": money that came in, asked about, is no change nor problem
    came = intent is Intent.RECENT_TRANSACTIONS and reads.asks_whether_money_came(folded)
    if intent in _READS and forms.changes_a_transaction(folded) and not came:
        return Intent.QNA, 0.8, f"{rule}+change_transaction"  # "reverse my last transaction"
    if intent is Intent.BALANCE_INQUIRY and forms.asks_not_how_much(folded):
        return Intent.QNA, 0.8, f"{rule}+not_how_much"  # "where does the money in my account come from"
    if reads_objects and forms.names_non_banking_object(folded):
        return Intent.OUT_OF_SCOPE, 0.9, f"{rule}+non_banking_object"
    if intent is Intent.BALANCE_INQUIRY and forms.balances_something(folded):
        return Intent.OUT_OF_SCOPE, 0.9, f"{rule}+balance_as_verb"  # "help me balance my diet"
    if intent is Intent.TRANSFER_MONEY and forms.money_comes_to_me(folded):
        return Intent.QNA, 0.8, f"{rule}+incoming"
    if intent is Intent.QNA and problems.alleges_fraud(folded) and forms.utterance_form(folded) != "question":
        return Intent.HUMAN_HANDOFF, 0.85, f"{rule}+fraud"  # "I was scammed": a case a person opens
    if (
        intent is not Intent.HUMAN_HANDOFF
        and problems.reports_problem(folded)
        and person.wants_a_person(folded)
    ):
        return Intent.HUMAN_HANDOFF, 0.85, f"{rule}+problem_person"  # "…wrong, let me speak to a person"
    # (why a payment is asked is no problem report: "i can't get to a branch, could you pay the water bill")
    reported = without_reasons(folded) if intent in _MONEY else folded
    if reads_objects and not came and problems.reports_problem(conditions.without_conditions(reported)):
        # "my card was declined", "I was charged twice": help with what happened is an answer, unless
        # the customer also asks for what Teller can do (lock a card at risk, show their own data);
        # a fraud case is opened by a person.
        verdict = problems.decide_problem(folded, intent.value, found_again=rules.card_found_again(folded))
        if verdict == "human_handoff":
            return Intent.HUMAN_HANDOFF, 0.85, f"{rule}+fraud"
        if verdict == "qna":
            return Intent.QNA, 0.85, f"{rule}+problem"
    if intent in _MONEY and rule.startswith("classifier") and _NOT_A_PAYMENT_JA.search(folded):
        return Intent.QNA, 0.8, f"{rule}+not_a_payment"  # 水道代の請求書お願い, 電気代の件でお願いがあります
    if intent in _MONEY and money_facts.judges_a_cost(folded):
        return Intent.QNA, 0.8, f"{rule}+judges_cost"  # "verizon went up again", 電気代高すぎやろ
    if intent in _MONEY and evidence.amount is None and forms.asks_bill_fact(folded):
        return Intent.QNA, 0.8, f"{rule}+bill_fact"  # "look up the amount due on my water bill"
    if (
        intent in COMMAND_INTENTS
        and intent is not Intent.HUMAN_HANDOFF
        and problems.told_as_done(folded)
        and forms.utterance_form(folded) == "statement"
        and clauses.new_request_after_payment(folded) is None
    ):
        return Intent.QNA, 0.8, f"{rule}+told_as_done"  # "I locked my debit card yesterday", 振り込みました
    if (
        intent in _MONEY
        and problems.past_payment(folded, dated=bool(turn.dates))
        and clauses.new_request_after_payment(folded) is None  # "I paid the gas bill, now pay the water"
        and not _orders_to_someone_paid_before(folded)  # "send 50 to whoever I paid last": names the payee
        and not (rule == "repeat_payment" and forms.utterance_form(folded) == "request")  # "resend what I…"
    ):
        concrete = evidence.amount is not None and (
            evidence.payees.status != "none" or evidence.billers.status != "none"
        )
        if (
            not concrete
        ):  # "I made a transfer last week and…", "the payment I just sent": about it, not a new one
            return Intent.QNA, 0.8, f"{rule}+past_payment"
    if intent in STATE_CHANGING and frames.not_meant(folded):
        return Intent.QNA, 0.8, f"{rule}+not_meant"  # "this is only a test, pay verizon", テストなので…
    if intent not in STATE_CHANGING:
        return intent, confidence, rule
    if forms.utterance_form(folded) != "question":
        return intent, confidence, rule
    named = evidence.payees.status != "none" or evidence.billers.status != "none"
    if evidence.amount is not None and recipient_phrase(turn, evidence.residual) is not None:
        named = True  # "can I send $300 to Jim Halpert": the amount and a person, payee or not
    if (
        intent in _MONEY
        and named
        and forms.asks_permission(folded, amount_said=evidence.amount is not None)
        and not _CARD_WORD.search(folded)
        and not _asks_how(turn, evidence)
    ):
        # "can I send $50 to David Lee", 山田さんに1万円振り込んでもいいですか: a request that still waits
        # for a yes (or asks how much; or is refused when the person is no payee).
        return intent, confidence, f"{rule}+permission_request"
    return Intent.QNA, 0.85, f"{rule}+question"


# What a read reads: a topic naming it ("it's about my balance") asks for it.
# A bill's paper or a matter about it, asked with no verb that pays: 請求書お願い, 電気代の件で相談が
_NOT_A_PAYMENT_JA = re.compile(
    r"^(?!.*(?:払|送金|送って|振込|振り込|返して))"
    r".*(?:請求書|領収書|明細|の件|について|に関して|相談|お願いがあ|引き落とし日)"
)
# What the bank offers asked about, not the customer's own: "everything about your savings accounts"
_ABOUT_PRODUCT = re.compile(
    r"\b(?:everything|anything|more|info(?:rmation)?|details) (?:about|on|regarding) (?:your|the bank's|"
    r"teller's|a|an)\b"
)
_READ_OBJECT = re.compile(r"\b(?:balances?|transactions?|statements?|spending)\b|残高|取引|明細|入出金")
# How a payment is asked for beyond the coverage lexicon: "can I schedule a transfer of $100 to…".
_COMMAND_WORDS = frozenset(
    {"schedule", "scheduled", "arrange", "set", "setup", "process", "initiate", "submit", "complete"}
    | {"one-time", "one", "time", "single", "quick"}
)
_ACCOUNT_PHRASE = re.compile(r"\b(?:from|to|into) (?:my|our|the) (?:[\w'-]+ ){0,3}?accounts?\b")
_MEANS = re.compile(
    r"\b(?:in|with|by|using|via) (?:cash|a check|check|cheque|coins?|installments?|crypto\w*|bitcoin)\b"
)


_ORDER_VERB = re.compile(r"\b(?:send|pay|transfer|wire|zelle|venmo)\b|送|払|振り?込")


def _orders_to_someone_paid_before(folded: str) -> bool:
    """ "send 50 to whoever I paid last", この前振り込んだ人に3000円送って: the past payment names the payee
    of an order (not "did the person I paid last time get it?", a question about that payment)."""
    person = history_span(folded)
    if person is None:
        return False
    rest = " ".join((folded[: person[0]] + " " + folded[person[1] :]).split())
    # (an order said tersely is one too: 前回送った相手に5000円振込)
    return forms.utterance_form(rest) != "question" and bool(_ORDER_VERB.search(rest))


def _asks_how(turn: NormalizedTurn, evidence: Evidence) -> bool:
    """A can-I question with a word beyond the command's own ("can I pay my con ed bill late", "…in
    cash", "…online"): it asks whether it can be done that way; it does not order it."""
    if not turn.folded.isascii():
        return False
    if _MEANS.search(turn.folded):
        return True  # "can I pay my verizon bill in cash"
    spans: list[Span] = [
        (c.start, c.end) for c in (*evidence.payees.candidates, *evidence.billers.candidates)
    ]
    spans += [(a.start, a.end) for a in turn.amounts] + [(d.start, d.end) for d in turn.dates]
    spans += [m.span() for m in _ACCOUNT_PHRASE.finditer(turn.folded)]  # "…from my savings to my x account"
    phrase = recipient_phrase(turn, evidence.residual)
    if phrase is not None and (at := turn.folded.find(phrase)) >= 0:
        spans.append((at, at + len(phrase)))  # "…to Jim Halpert": a person, payee or not (policy says)
    # only the sentence that asks ("can I get $75 sent to lan nguyen? she's expecting it today")
    start, end = next(
        (
            (s, e)
            for s, e in forms.sentence_spans(turn.folded)
            if forms.asks_permission(turn.folded[s:e], amount_said=True)
        ),
        (0, len(turn.folded)),
    )
    return any(
        u.kind == "other" and u.surface not in _COMMAND_WORDS and start <= u.start < end
        for u in find_unexplained(turn.folded, spans)
    )


def _about_bank_service(folded: str) -> bool:
    """The bank's own product or service is the topic, and the turn is not one of the non-banking
    frames that name it in passing (shopping by card, a reminder, a 401k, income)."""
    return (
        topics.names_bank_service(folded)
        and not forms.names_a_bank_product(folded)
        and not money_facts.asks_about_earnings(folded)
        and not frames.orders_something(folded)
        and not frames.charges_a_card(folded)
        and not frames.asks_for_a_reminder(folded)
    )


_OUR_APP = re.compile(r"\b(?:this|your|the|teller|bank|banking) apps?\b")


def _said_again(other: Extraction[AmountValue], amount: Extraction[AmountValue] | None) -> bool:
    """ "two hundred dollars, $200", 6380円、六千三百八十円: the amount said a second way, the same value."""
    if amount is None or other.value.major != amount.value.major:
        return False
    return other.value.currency in (None, amount.value.currency)


def _check_handoff(folded: str) -> tuple[Intent, float, str] | None:
    """A handoff that is none: a song or an app, another company's service desk, a question about
    reaching a person, an opinion of the service (None: the customer asks for a person here)."""
    # (the bank's own app is no other object: "this app is useless, I want a human")
    if forms.names_non_banking_object(_OUR_APP.sub(" ", folded)) or person.names_another_service(folded):
        return Intent.OUT_OF_SCOPE, 0.85, "other_service"  # "smooth operator", "delta's customer service"
    if person.wants_a_person(folded):
        if person.asks_whether_to_reach_a_person(folded) and forms.utterance_form(folded) == "question":
            return Intent.QNA, 0.8, "question"  # "do I have to speak to an agent to change my pin"
        return None
    if person.asks_whether_to_reach_a_person(folded):
        return Intent.QNA, 0.8, "question"  # "how do I contact customer support about…"
    if person.judges_the_service(folded) and forms.utterance_form(folded) != "request":
        return Intent.QNA, 0.8, "opinion"  # "your customer service is terrible"
    return None


@dataclass(frozen=True, slots=True)
class DateChoice:
    chosen: Extraction[date] | None
    explained: tuple[Span, ...]  # replaced by a correction, or belonging to another clause
    extra: tuple[Extraction[date], ...]  # further dates of the same command: which one is meant?
    unresolved: tuple[Extraction[str], ...] = ()  # "that day" with no one day before it: asked about


_CLAUSE_END = re.compile(  # a comma between digits ("$1,200") is part of a number
    r"(?<!\d),|,(?!\d)|[、。;!！?？]|\s(?:so|because|since|and then|but|-)\s|ので|から(?=[、,\s]|$)|"
    r"けど|けれど|(?<=[ただ])から"  # くれたから3000円送って: a reason told in the past ends there
)
# A payment meant for a day and not made then: "meant to", "forgot to", "was going to", 送るの忘れてた
_MISSED = re.compile(
    r"\b(?:meant to|forgot to|(?:was|were) (?:going|supposed|meant) to|should(?: have|'ve) (?:paid|sent)|"
    r"(?:didn't|never) get (?:around )?to|never got (?:around )?to)\b|"
    r"の?(?:を)?忘れ(?:て|た)|つもりだった|はずだった"
)
# A day before today: "yesterday", "last friday", "two days ago", 昨日, 先週の土曜
_LOOKS_BACK = re.compile(r"\b(?:yesterday|ago|last)\b|昨日|一昨日|おととい|先週|先月|去年|昨年")


# A date naming the event the money is for ("…for the nov 29 concert", 12月10日の飲み会の会費), not when.
_EVENT_AFTER = re.compile(
    r"(?:'s)? (?:\w+ )?(?:show|concert|gig|party|dinner|lunch|brunch|game|match|trip|wedding|festival|"
    r"tickets?|event|reunion|recital|play|performance|class|bbq|barbecue)s?\b|"
    r"の[^、。\s]{0,6}?(?:忘年会|新年会|飲み会|歓迎会|送別会|会費|パーティ|ライブ|コンサート|試合|旅行|結婚式|"
    r"誕生日会|食事会|ランチ|ディナー|チケット|イベント|発表会)"
)


def _clause(folded: str, at: int) -> Span:
    start = 0
    for m in _CLAUSE_END.finditer(folded):
        if m.end() <= at:
            start = m.end()
        elif m.start() >= at:
            return start, m.start()
    return start, len(folded)


def choose_date(turn: NormalizedTurn, evidence: Evidence, cue: Span | None) -> DateChoice:
    """The execution date: corrections applied, past dates of other clauses set aside.

    A clause is another clause when the text has several, it holds neither the command cue nor the
    amount, and it is told in the past ("Maria grabbed dinner on Tuesday, I need to pay her back").
    """
    # (a date set aside by "not" beside another, "tomorrow, not today", was tried: it made a held-out turn
    # of blind round 43 act wrongly, so such a turn still asks)
    kept, replaced = supersede(evidence.markers, list(turn.dates))
    explained = [(d.start, d.end) for d in replaced]
    # "spot aoife a tenner till friday": friday is when lent money comes back; it goes now
    repaid = slang.repayment_span(turn.folded)
    if repaid is not None:
        explained.append(repaid)
        kept = [d for d in kept if not (repaid[0] <= d.start and d.end <= repaid[1])]
    # "send 40 to whoever I paid on monday", 昨日送金した相手に: the day says which payee, not when
    person = history_span(turn.folded)
    if person is not None:
        inside = [d for d in kept if person[0] <= d.start and d.end <= person[1]]
        explained += [(d.start, d.end) for d in inside]
        kept = [d for d in kept if d not in inside]
    anchors = [
        a for a in (cue, (evidence.amount.start, evidence.amount.end) if evidence.amount else None) if a
    ]
    own: list[Extraction[date]] = []
    # "I sent Maria $30 yesterday and I need to send her another 20": the story's date, not the new one's
    story_end = next((m.start for m in evidence.markers if m.surface == "new_request"), -1)
    for d in kept:
        if d.end <= story_end or _EVENT_AFTER.match(turn.folded[d.end :]):
            explained.append((d.start, d.end))  # the story's date; "for the nov 29 concert": what for
            continue
        clause = _clause(turn.folded, d.start)
        if told_as_habit(turn.folded, clause):  # "I usually pay it on the 15th, but pay it today"
            explained.append((d.start, d.end))
            continue
        if _MISSED.search(turn.folded, *clause) and turn.folded[clause[1] :].strip(" ,、。.!?？！"):
            # "I meant to pay david $50 yesterday, please do it now": the day it was missed, not its day
            explained.append((d.start, d.end))
            continue
        if _told_before(turn, evidence, clause, anchors) or (
            # "先週の土曜に小林さんが8000円を立て替えてくれたので、今返して": a past day of the story, even
            # where the story holds the amount sent back
            _LOOKS_BACK.search(d.surface)
            and any(_told_before(turn, evidence, clause, [a]) for a in anchors)  # 昨日…払ってくれたから
        ):
            explained.append((d.start, d.end))  # "…lunch yesterday, send her $18": lunch's date
        else:
            own.append(d)
    for vague in turn.date_like:  # "she fronted it this month, could you send her…": that month is hers
        if (
            _told_before(turn, evidence, _clause(turn.folded, vague.start), anchors)
            or _names_an_occasion_dated(turn, vague, _APPOSED)
            or _describes_what_for(turn.folded, vague)
            # "先週佐藤健に送ったけど、今度は健太の方に": after a payment told about, 今度は is "this time"
            or (turn.folded.startswith("今度は", vague.start) and story_end >= 0)
        ):
            explained.append((vague.start, vague.end))
    pointed = [
        m for m in _THAT_DAY.finditer(turn.folded)
        if not _told_before(turn, evidence, _clause(turn.folded, m.start()), anchors)
        and (m.group(0) != "then" or any(d.end <= m.start() for d in turn.dates))  # "ok, send it then"
    ]  # fmt: skip
    if (
        pointed
    ):  # "25日が給料日だから、その日に…": the day said before ("…paid verizon the same day": a story)
        return _that_day(turn, pointed[0], explained)
    own = _one_day_said_twice(turn.folded, own, explained)
    return DateChoice(own[0] if own else None, tuple(explained), tuple(own[1:]))


def _one_day_said_twice(
    folded: str, own: list[Extraction[date]], explained: list[Span]
) -> list[Extraction[date]]:
    """ "monday the 30th", "tomorrow, the 5th": one day said twice is one date; "friday, january 8th":
    a weekday beside a date that falls on it names that date (the date wins over "the next friday")."""
    if len(own) < 2:
        return own
    first, rest = own[0], own[1:]
    for d in rest:
        gap = folded[min(first.end, d.end) : max(first.start, d.start)]
        beside = _APPOSED.fullmatch(gap) is not None
        if d.value == first.value:
            explained.append((d.start, d.end))
        elif beside and first.rule.startswith("weekday") and d.value.weekday() == first.value.weekday():
            explained.append((first.start, first.end))
            first = d
        elif beside and d.rule.startswith("weekday") and first.value.weekday() == d.value.weekday():
            explained.append((d.start, d.end))
        else:
            continue
    said = {(s, e) for s, e in explained}
    return [first, *(d for d in rest if d is not first and (d.start, d.end) not in said)]


# An occasion named beside its date: "on payday the 15th", "my birthday, the 3rd", 給料日の25日. Said as a
# fact ("my birthday is the 3rd", 25日が給料日) it names no day to pay on, unless "that day" points back.
_OCCASION = re.compile(r"pay ?day|birthday|anniversary|bonus day|給料日|誕生日|記念日|ボーナス(?:日|の日)?")
_APPOSED = re.compile(r"[\s,、]*(?:(?:on|the|which is|that's|my|our|his|her)[\s,]+)*|(?:支給日|の日)?の|=")
_STATED = re.compile(
    r"[\s,、]*(?:(?:is|was|being|on|the|my|our|his|her)[\s,]+)*|(?:支給日|の日)?(?:の|が|は)"
)


def _names_an_occasion_dated(turn: NormalizedTurn, vague: Extraction[str], beside: re.Pattern[str]) -> bool:
    if not _OCCASION.fullmatch(vague.surface.strip()):
        return False
    for d in turn.dates:
        gap = turn.folded[vague.end : d.start] if d.start >= vague.end else turn.folded[d.end : vague.start]
        if (d.start >= vague.end or d.end <= vague.start) and beside.fullmatch(gap):
            return True
    return False


# A period that says what the money is for, not when to pay: "this month's lessons", "for the carpool
# gas this month", "the bill is $85.99 this month", 今月分.
_PERIOD = re.compile(r"(?:this|next|last) (?:month|week|year|quarter)")
_FOR_BEFORE = re.compile(r"\bfor (?:the |my |our |his |her |their )?(?:[a-z'-]+ ){0,3}$")
_COSTS_BEFORE = re.compile(
    r"\b(?:it's|it is|is|was|comes to|came to|costs?|runs?|owe|owes|due)\s+(?:about |around |only |just )?"
    r"\$?[0-9][0-9,.]*(?: (?:dollars|bucks|usd|yen))?\s*$"
)
# This month's bill in a learner's words: "the electric bill of this month", "this month phone bill" (not
# "the end of this month", a day; nor "this month the phone bill", which may say when).
_BILL = r"(?:bill|rent|payment|invoice|fee)s?"
_BILL_OF_BEFORE = re.compile(rf"\b{_BILL} of $")
_BILL_AFTER = re.compile(rf" (?:(?!(?:the|my|our|your|a|an|his|her|their) )[a-z'-]+ ){{0,2}}{_BILL}\b")


# An occasion the money is for, not the day it goes: "for his birthday", "as an anniversary gift",
# 誕生日のお祝いとして, 記念日のプレゼントに
_FOR_OCCASION_BEFORE = re.compile(
    r"\b(?:for|as)\s+(?:a |an |the |my |our |his |her |their |your )?(?:[a-z'-]+ )?$"
)
_FOR_OCCASION_AFTER = re.compile(
    r"\s*(?:gift|present|money|card)\b|の?(?:お祝い|祝い|プレゼント|お返し)|として|用に"
)


def _describes_what_for(folded: str, vague: Extraction[str]) -> bool:
    if _OCCASION.fullmatch(vague.surface.strip()):
        before, after = folded[: vague.start], folded[vague.end :]
        return bool(_FOR_OCCASION_BEFORE.search(before)) or bool(_FOR_OCCASION_AFTER.match(after))
    if not _PERIOD.fullmatch(vague.surface.strip()):
        return False
    before = folded[: vague.start]
    return (
        folded.startswith("'s", vague.end)
        or bool(_FOR_BEFORE.search(before))
        or bool(_COSTS_BEFORE.search(before))
        or bool(_BILL_OF_BEFORE.search(before))
        or bool(_BILL_AFTER.match(folded, vague.end))
    )


# A day said before and pointed back to: "that day", "the same day", その日, 当日, 同じ日 (not "the day
# after…", which is a date of its own)
_THAT_DAY = re.compile(
    r"(?<![a-z])(?:on )?(?:that|the same) (?:day|date)(?![a-z])(?! (?:after|before)\b)|"
    r"(?<![a-z])then(?=\s*[.!?]*\s*$)|"  # "…birthday is on the 28th; send her 50 bucks then"
    r"その日|当日|同じ日|同日"
)


def _that_day(turn: NormalizedTurn, m: re.Match[str], explained: list[Span]) -> DateChoice:
    """The date a "that day" points back to: the one day said before it; none or several is asked about.
    An occasion stated as that day ("25日が給料日だから、その日に") is explained with it."""
    before = [d for d in turn.dates if d.end <= m.start() and not (d.start < m.end() and m.start() < d.end)]
    if len({d.value for d in before}) != 1:
        unsaid = Extraction(m.start(), m.end(), m.group(0), m.group(0), "that_day")
        return DateChoice(None, tuple(explained), (), unresolved=(unsaid,))
    said = [(d.start, d.end) for d in before]
    said += [(v.start, v.end) for v in turn.date_like if _names_an_occasion_dated(turn, v, _STATED)]
    chosen = Extraction(m.start(), m.end(), m.group(0), before[0].value, "that_day")
    return DateChoice(chosen, (*explained, *said), ())


def _told_before(turn: NormalizedTurn, evidence: Evidence, clause: Span, anchors: Sequence[Span]) -> bool:
    """The clause is another one, told in the past: the text has several, the clause holds neither
    the command cue nor the amount, and a verb in it is past ("Maria grabbed dinner on Tuesday")."""
    start, end = clause
    if not anchors or (start == 0 and end == len(turn.folded)):
        return False
    if any(start <= a[0] < end for a in anchors):
        return False
    # a payee's name is no verb: "…to mohammed al-rashid tomorrow" is not in the past; nor is a day
    # (あした ends in た)
    text = list(turn.folded[start:end])
    spans = [(c.start, c.end) for c in evidence.payees.candidates] + [(d.start, d.end) for d in turn.dates]
    for a, b in spans:
        for i in range(max(a, start), min(b, end)):
            text[i - start] = " "
    clause_text = "".join(text).strip()
    return clauses.told_in_the_past(clause_text)


_CARD_WORD = re.compile(
    r"\b(?:card|cards|visa|master ?card|amex|debit|credit|cc)\b|"
    r"カード|デビット|クレジット|クレカ|ビザ|アメックス"
)


def _other_people(u: Understanding, evidence: Evidence) -> list[Span]:
    """Full names of payees other than the one the transfer goes to ("佐藤健さんと鈴木一郎さんに")."""
    chosen = u.slots.recipient_id
    if u.intent is not Intent.TRANSFER_MONEY or chosen is None:
        return []
    mine = [(c.start, c.end) for c in evidence.payees.candidates if c.id == chosen]
    return [
        (c.start, c.end)
        for c in evidence.payees.candidates
        if c.id != chosen
        and (not c.rule.startswith("partial") or _restarted(evidence.payees.query, c.end, mine))
        and c.end > c.start
        and not any(c.start < e and s < c.end for s, e in mine)
    ]


# A pause between a name begun and another said in full ("sato… saito ken", 鈴木さん…伊藤翔さんに, 高橋、
# えっと、渡辺直美さん): a restart, with no word saying which one is meant.
_RESTART_GAP = re.compile(
    rf"\s*(?:{'|'.join(JA_HONORIFICS)})?\s*(?:\.{{2,}}|…|—|--|、)\s*"
    r"(?:(?:えーと|えっと|えー|あの|あのー|uh|um|er|erm)\s*(?:\.{2,}|…|、|,)?\s*)*"
)


def _restarted(folded: str, end: int, chosen: Sequence[Span]) -> bool:
    return any(start > end and _RESTART_GAP.fullmatch(folded, end, start) for start, _ in chosen)


_PART_OF_BILL = re.compile(
    r"\b(?:the minimum|minimum (?:payment|amount|due)|min payment|part of|some of|a portion of|a bit of)\b|"
    r"最低(?:額|金額|支払額?|限)?|一部"
)
# How many times the money is to go: "three times", "twice", "x2", 2回, 3度, 二倍.
_FRACTION = re.compile(r"[0-9一二三四五六七八九十]+分の[0-9一二三四五六七八九十]+")
_MULTIPLIER = re.compile(
    r"\b(?:\d+|two|three|four|five|six|seven|eight|nine|ten|several|multiple) times\b|\b(?:twice|thrice)\b|"
    r"(?<![a-z])x ?\d+\b|\b\d+ ?x(?![a-z0-9])|"
    r"(?<!もう)(?:\d+|[一二三四五六七八九十]+)(?:回(?!目)|度(?!目)|倍)|(?<!もう)二度|毎回"
)
# The whole amount set aside for a part that is said: "not the whole bill", "not all of it", 全額じゃなくて.
_NOT_THE_WHOLE = re.compile(
    r"\bnot (?:the )?(?:full|whole|entire|total)(?: amount| bill| balance| thing)?\b|\bnot all of it\b|"
    r"(?:全額|全部|満額)(?:は|を)?(?:じゃ|では|払わ)なく(?:て)?"
)


def _sources_set_aside(folded: str, contrast: Sequence[Span]) -> list[Span]:
    """ "from savings, not from checking": the account set aside by "not", when another is said outside."""
    starts = [m.start("src") for m in source_phrases(folded)]
    inside = [span for span in contrast if any(span[0] <= at < span[1] for at in starts)]
    outside = [at for at in starts if not any(a <= at < b for a, b in contrast)]
    return inside if outside else []


def cover(
    u: Understanding,
    turn: NormalizedTurn,
    evidence: Evidence,
    cue: Span | None,
    dates: DateChoice,
    card_spans: Sequence[Span] = (),
) -> Understanding:
    """Hold a state-changing command whose utterance has unexplained words that could change it."""
    if u.intent not in STATE_CHANGING:
        return u
    amount = evidence.amount
    names = [(c.start, c.end) for c in (*evidence.payees.candidates, *evidence.billers.candidates)]
    others = _other_people(u, evidence)
    explained: list[Span] = [*names, *evidence.superseded, *evidence.qualifiers, *dates.explained]
    explained += card_spans
    explained += pressure.skip_confirmation(turn.folded)  # "no need to confirm": the yes is still asked
    if u.intent is Intent.CARD_LOCK:  # "…without my permission, freeze it": why, not a condition
        explained += problems.card_at_risk(turn.folded) + card_controls.ended_by_the_customer(turn.folded)
    if amount is not None:
        explained.append((amount.start, amount.end))
        if amount.value.currency is not None:  # "not the whole bill, just $50": the part said is paid
            explained += [m.span() for m in _NOT_THE_WHOLE.finditer(turn.folded)]
    if dates.chosen is not None:
        explained.append((dates.chosen.start, dates.chosen.end))
        # "…but not until the 1st", "don't do it until monday": the day it is made, said as a wait
        if (wait := _NOT_UNTIL.search(turn.folded[: dates.chosen.start])) is not None:
            explained.append(wait.span())
    # The payee was found by looking up this whole phrase: its words are the name's, but a number,
    # date or negation inside it ("…to david lee when I get paid") still counts.
    phrases = [
        (at, at + len(item.surface))
        for item in u.trace
        if item.rule == "recipient_phrase" and (at := turn.folded.find(item.surface)) >= 0
    ]
    # "…from the account ending in 0042", 末尾4056の口座から: the account paid from, found by its digits
    explained += [
        (at, at + len(item.surface))
        for item in u.trace
        if item.rule
        in (
            "source_account_last4",
            "recipient_account_last4",
            "recipient_last_transfer",
            "recipient_own_digits",
        )
        and (at := turn.folded.find(item.surface)) >= 0
    ]
    in_dates = [(d.start, d.end) for d in turn.dates]
    explained = [s for s in explained if s not in others]
    explained += _sources_set_aside(turn.folded, evidence.contrasted)
    numbers = [
        (a.start, a.end)
        for a in turn.amounts
        if a is not amount
        and not any(s <= a.start < e for s, e in (*in_dates, *explained))
        and not _said_again(a, amount)
    ]
    values = [
        *(a.start for a in turn.amounts),
        *(d.start for d in turn.dates),
        *(s for s, _ in names),
        *(m.start() for m in _CARD_WORD.finditer(turn.folded)),
        *(m.end() for m in source_phrases(turn.folded)),  # "…from checking, no, from savings"
    ]
    # "…send him 18 dollars? mohammed, i mean": the one name said is the one meant ("…to david lee?
    # mohammed, i mean" names two: a correction, still asked about below)
    said = [*evidence.payees.candidates, *evidence.billers.candidates]
    ends = [c.end for c in said] if len({c.id for c in said}) == 1 else []
    loose = dangling(evidence.markers, values, ends)
    markers = [(m.start, m.end) for m in evidence.markers if m is not loose]
    found = find_unexplained(
        turn.folded,
        [*explained, *markers],
        numbers=numbers,
        dates=[(d.start, d.end, d.surface) for d in turn.date_like]
        + [(d.start, d.end, d.surface) for d in dates.extra]
        + [(d.start, d.end, d.surface) for d in dates.unresolved]
        + [(a, b, turn.folded[a:b]) for a, b in (rough_spans(turn) if u.intent in _MONEY else ())],
        names=[(c.start, c.end) for c in evidence.payees.candidates if (c.start, c.end) not in others],
        partial_names=[(c.start, c.end) for c in evidence.payees.candidates if c.rule.startswith("partial")],
        people=others,
        correction=(loose.start, loose.end, loose.surface) if loose else None,
        names_said=phrases,
    )
    # "I might send…", 送るつもり: what the customer has in mind, not yet an order
    found += [Unexplained(a, b, turn.folded[a:b], "plan") for a, b in plan_spans(turn.folded)]
    if clauses.retracted(turn.folded):  # "…やっぱいいや、今日はやめとく": taken back, nothing new ordered
        found.append(Unexplained(0, 0, "retracted", "correction"))
    if u.intent in _MONEY and amount is not None:
        # "…30 three times", 3000円を2回: how many payments, which one is proposed? (only beside the amount
        # said: "three times this year i was late, pay con ed" counts the story)
        said_in = _clause(turn.folded, amount.start)
        found += [
            Unexplained(*m.span(), m.group(), "number")
            for m in _MULTIPLIER.finditer(turn.folded)
            if _clause(turn.folded, m.start()) == said_in
            and not any(s <= m.start() < e for s, e in explained)
        ]
        # "15 dollars for each of the kids", "5千円ずつ": working said beside the amount and not done
        # (in a clause that orders, of an amount said once: "…tickets, $85 each. send her the $85 for mine"
        # tells the price, and the amount sent is said again)
        again = any(_said_again(a, amount) for a in turn.amounts if a is not amount)
        ordered_in = _ORDER_VERB.search(turn.folded, *said_in) is not None and not again
        found += [
            Unexplained(*m.span(), m.group(), "number")
            for m in amount_math.WORKING_WORDS.finditer(turn.folded, *said_in)
            if ordered_in and not any(s <= m.start() < e for s, e in explained)
        ]
        # "send aoife for twenty dollars", "to a hundred": heard speech, "four twenty", "two hundred"?
        found += _digit_heard_as_a_word(u, turn, evidence, amount)
        if amount.rule != "share_of_said":
            # "3万円の3分の1を…": a fraction no share was read from; the whole amount is not proposed
            found += [Unexplained(*m.span(), m.group(), "number") for m in _FRACTION.finditer(turn.folded)]
    ambiguous = (
        u.intent in _MONEY
        and amount is not None
        and amount.rule.endswith("_ambiguous")
        and not any(t.rule == AMOUNT_DUE_READING for t in u.trace)
    )
    vague = u.intent in _MONEY and amount is not None and is_vague(amount)
    # "pay the minimum on con ed", ガス代を一部だけ: a part of the bill, whose amount was not said
    vague |= (
        u.intent is Intent.BILL_PAYMENT and amount is None and _PART_OF_BILL.search(turn.folded) is not None
    )
    offered = _offered(u, turn, amount)
    # "schedule $200 to david lee": a day is meant and none was said; it is asked, not sent now
    unscheduled = u.intent in _MONEY and dates.chosen is None and _SCHEDULE.search(turn.folded) is not None
    if unscheduled and not dates.unresolved:
        found = [*found, Unexplained(0, 0, "schedule", "date")]
    if not found and u.hold is None and not ambiguous and not offered and not vague:
        return u
    trace = [*u.trace, *(TraceItem("understand", "unexplained", x.surface, x.kind) for x in found)]
    kinds = {x.kind for x in found}
    hold, missing = u.hold, u.hold_missing
    if hold is None:
        if "correction" in kinds:
            hold = Reason.UNCLEAR_CORRECTION
        elif "date" in kinds:
            hold, missing = Reason.UNPARSED_DATE, ("execute_on",)
        elif vague:
            hold, missing = Reason.VAGUE_AMOUNT, ("amount_minor",)
            trace.append(
                TraceItem("understand", "vague_amount", amount.surface if amount else "", "amount_minor")
            )
        elif ambiguous or offered:
            hold, missing = Reason.AMBIGUOUS_AMOUNT, ("amount_minor",)
            trace.extend(TraceItem("understand", "amount_choice", said, c) for said, c in offered)
        elif kinds & RISKY or (found and any(t.rule == "recipient_last_transfer" for t in u.trace)):
            # (a payee found only from the history, "the same one as last time", is weaker than a name
            # said: beside it any word nobody accounted for asks)
            hold = Reason.UNEXPLAINED_WORDS
            payee_spans = [(c.start, c.end) for c in evidence.payees.candidates]
            if any(x.kind == "name" and _touches(x.start, x.end, payee_spans) for x in found):
                # "send 40 to maria gomez", 佐野健太さんに: another surname beside a registered name — not
                # theirs until the customer says so
                missing = ("recipient_id",)
    if hold is Reason.UNPARSED_DATE:
        trace.extend(
            TraceItem("understand", "unparsed_date", d.surface, "execute_on") for d in turn.date_like
        )
    return replace(u, trace=tuple(trace), hold=hold, hold_missing=missing)


_NOT_UNTIL = re.compile(
    r"\b(?:(?:but|and)\s+)?(?:not|don'?t (?:do|send|pay|make|move) (?:it|that|this|them)|"
    r"do not (?:do|send|pay|make|move) (?:it|that|this|them)|wait)\s+(?:until|till|til)\s+(?:the\s+)?$"
)
_SCHEDULE = re.compile(r"\bschedule\b|予約(?:して|しておいて|しといて|でき|を?お願い|したい)")


def _touches(start: int, end: int, spans: Sequence[Span]) -> bool:
    """The span [start, end) overlaps one of `spans` or is one space or less from it."""
    return any(start <= e + 1 and s <= end + 1 for s, e in spans)


_HEARD_DIGIT = re.compile(r"\b(?:for|four|to|too|two)\s+(?:a\s+)?$")


def _digit_heard_as_a_word(
    u: Understanding, turn: NormalizedTurn, evidence: Evidence, amount: Extraction[AmountValue]
) -> list[Unexplained]:
    """ "for"/"to" right between the payee's name and an amount said in words: no preposition belongs
    there ("send aoife for twenty dollars"), so it may be a digit heard ("four twenty"): asked about."""
    if u.intent is not Intent.TRANSFER_MONEY or not amount.rule.startswith("en_words"):
        return []
    m = _HEARD_DIGIT.search(turn.folded[: amount.start])
    if m is None or not any(
        not turn.folded[c.end : m.start()].strip() for c in evidence.payees.candidates if c.end <= m.start()
    ):
        return []
    word = re.match(r"\w+", turn.folded[m.start() :])
    return [Unexplained(m.start(), m.start() + len(word.group()), word.group(), "number")] if word else []


def _offered(
    u: Understanding, turn: NormalizedTurn, amount: Extraction[AmountValue] | None
) -> list[tuple[str, str]]:
    """(words said, trace value) of each reading of an amount given as alternatives ("thirty or forty
    dollars"); [] when there is no such choice."""
    if u.intent not in _MONEY or amount is None:
        return []
    run = choices.alternatives(turn.folded, turn.amounts)
    if not any(a.start == amount.start for a in run):
        return []
    found = choices.choices(run, u.slots.currency)
    start, end = choices.stretch(turn.folded, run)
    said = turn.folded[start:end]
    return [(said, choices.trace_value(m)) for m in found] if len(found) > 1 else []
