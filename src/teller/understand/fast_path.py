"""The fast path: intent and slots for the common commands, with a confidence, in well under a millisecond.

Order of evidence: command rules (precise verb-object shapes, both languages) first; a question
about fees, limits or how-tos goes to QnA; otherwise the linear classifier decides, which is also
what separates bank questions (`qna`) from everything else (`out_of_scope`).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from teller.domain.bank import Account, CustomerSnapshot
from teller.domain.intents import COMMAND_INTENTS, Intent
from teller.domain.reasons import Reason
from teller.domain.trace import TraceItem
from teller.names import NameMatch
from teller.normalize.spelling import warm as english_words
from teller.normalize.turn import NormalizedTurn
from teller.understand import clauses, coverage, forms, frames, reads, rules, scheduled
from teller.understand.accounts import hold_account_elsewhere, hold_past_balance
from teller.understand.billers import due_date, hold_biller_elsewhere, hold_other_bill
from teller.understand.checks import SCAM, STATE_CHANGING, check_form, choose_date, cover
from teller.understand.classifier import IntentModel
from teller.understand.decision import decide
from teller.understand.evidence import Evidence
from teller.understand.model import Candidate, Slots, Understanding
from teller.understand.money_slots import bill_slots, transfer_slots
from teller.understand.others import hold_others_data
from teller.understand.slots import (
    account_unclear,
    addressee_ja,
    find_account,
    find_card,
    find_count,
    owner_phrase,
    recipient_phrase,
    several_accounts_named,
)

# The classifier's confidence is calibrated (`teller.understand.learned`): a non-command it gives at
# least this may veto a one-noun rule. When a command of its own is taken: `decision.decide`.
COMMAND_FLOOR = 0.5
# A read-only rule that matched one noun and nothing around it.
_BARE_KEYWORDS = frozenset(
    {"balance", "balances", "transaction", "transactions", "purchases", "statement", "activity", "charges"}
    | {"spending", "残高", "ざんだか", "取引", "明細", "履歴", "入出金", "とりひき", "めいさい", "りれき"}
)
_MONEY_WORDS = ("money", "funds", "cash", "円", "送金", "振込", "振り込", "お金", "おかね", "金額")


def _name_trace(match: NameMatch) -> tuple[TraceItem, ...]:
    return tuple(TraceItem("names", c.rule, match.query, c.id, c.score) for c in match.candidates[:3])


class FastPath:
    """Decides intent and slots from a normalized turn, one customer's snapshot and name index."""

    def __init__(self, classifier: IntentModel) -> None:
        self._classifier = classifier

    def warm(self) -> None:
        """Load the intent model's encoder now (a learned model loads it on first use otherwise)."""
        warm = getattr(self._classifier, "warm", None)
        if callable(warm):
            warm()

    def understand(
        self, turn: NormalizedTurn, snapshot: CustomerSnapshot, evidence: Evidence
    ) -> Understanding:
        hit = scheduled.match(turn, evidence)
        if hit is not None:  # listing or cancelling scheduled payments
            return scheduled.understand(hit, turn, evidence)
        folded = turn.folded
        flags = rules.injection_flags(folded)
        hits = _new_request_first(
            turn.keywords, _asked_read_first(turn.keywords, rules.command_hits(turn.keywords))
        )
        amount, payees, billers = evidence.amount, evidence.payees, evidence.billers
        if payees.status == "none" and billers.status != "none" and (who := addressee_ja(turn)):
            # 健に割り勘した携帯代4400円送って: sent to a payee (which 健 is asked), not the bill's biller
            payees = evidence.index.lookup(who, kinds=("payee",))
        intent, confidence, rule = self._intent(turn, hits, amount is not None, payees, billers)
        intent, confidence, rule = check_form(intent, confidence, rule, turn, evidence)
        cue = _cue(turn, hits, rule)
        dates = choose_date(turn, evidence, cue)
        if intent is Intent.BILL_PAYMENT and dates.chosen is None and not dates.extra:
            due = due_date(turn, billers, snapshot)  # "pay con ed on the due date": that bill's
            dates = dates if due is None else replace(dates, chosen=due)
        date_ = dates.chosen
        trace: list[TraceItem] = [TraceItem("understand", "injection", folded, f) for f in sorted(flags)]
        if amount is not None:
            trace.append(
                TraceItem(
                    "normalize", amount.rule, amount.surface, f"{amount.value.major} {amount.value.currency}"
                )
            )
        if date_ is not None:
            trace.append(TraceItem("normalize", date_.rule, date_.surface, date_.value.isoformat()))
        trace.append(TraceItem("understand", rule, folded, intent.value, round(confidence, 3)))
        base = Understanding(
            intent=intent,
            confidence=confidence,
            flags=flags,
            rule=rule,
            named_ids=frozenset(c.id for c in (*payees.candidates, *billers.candidates)),
            spoken_amounts=tuple(str(a.value.major) for a in turn.amounts),
        )
        if rule.endswith(f"+{SCAM}"):  # a person looks first, and the reply says why
            base = replace(base, hold=Reason.POSSIBLE_SCAM)
        card_spans: list[tuple[int, int]] = []
        if intent is Intent.TRANSFER_MONEY:
            u = transfer_slots(base, turn, snapshot, evidence, date_, trace)
        elif intent is Intent.BILL_PAYMENT:
            u = bill_slots(base, turn, snapshot, amount, date_, billers, trace)
        elif intent in (Intent.CARD_LOCK, Intent.CARD_UNLOCK):
            u, card_spans = _card_slots(base, turn, snapshot, evidence, trace)
            if date_ is not None:  # "unfreeze my credit card on friday": the day said is kept; policy decides
                u = replace(u, slots=replace(u.slots, execute_on=date_.value))
        elif intent in (Intent.BALANCE_INQUIRY, Intent.RECENT_TRANSACTIONS):
            account, account_rule = _read_account(turn, snapshot, evidence)
            if account is None and len(snapshot.accounts) == 1:
                account, account_rule = snapshot.accounts[0], "only_account"
            count, payee = None, None
            if intent is Intent.RECENT_TRANSACTIONS:
                # "list my transfers to maria garcia": the history with that one payee
                count = find_count(turn)
                payee = payees.candidates[0].id if payees.status == "match" else None
                trace.extend(_name_trace(payees) if payee else ())
            if account is not None:
                trace.append(TraceItem("understand", account_rule or "", folded, account.id))
            account_id = account.id if account else None
            u = _with(base, trace, slots=Slots(account_id=account_id, count=count, recipient_id=payee))
            if account is None and account_unclear(turn, snapshot):
                # "my savings" to a customer with "USD savings" and "ordinary savings", "my other account"
                cands = tuple(
                    Candidate(a.id, "account", a.label, 50.0, "account_unclear") for a in snapshot.accounts
                )
                trace.append(
                    TraceItem("understand", "account_unclear", folded, ",".join(c.id for c in cands))
                )
                hold = Reason.SEVERAL_ACCOUNTS_MATCH
                u = replace(u, candidates=cands, ambiguous_slot="account_id", trace=tuple(trace), hold=hold)
            cannot_show = turn.today is not None and reads.names_a_month_it_cannot_show(folded, turn.today)
            # (a balance is today's whatever period is said beside it: "for next month's trip, my dollar
            # balance"; a balance of a past time is `hold_past_balance`'s)
            period = reads.names_an_event_period(folded) or cannot_show
            if intent is Intent.RECENT_TRANSACTIONS and not turn.dates and period:
                # "what I spent on my trip", あの時の支払い: which dates is asked, nothing is guessed
                trace.append(TraceItem("understand", "event_period", folded, "period"))
                u = replace(u, hold=Reason.UNKNOWN_PERIOD, trace=tuple(trace))
            elif intent is Intent.RECENT_TRANSACTIONS and payees.status == "clarify":
                # "show my transfers to sarah", 佐藤さんにいくら送ったっけ: whose history is asked
                trace.extend(_name_trace(payees))
                u = replace(
                    u, candidates=payees.candidates, ambiguous_slot="recipient_id", trace=tuple(trace)
                )
        elif intent is Intent.RECIPIENT_LOOKUP:
            owner = owner_phrase(turn) if payees.status == "none" else None
            if owner is not None:  # 健さんの口座番号: the one word before さん, looked up on its own
                payees = evidence.index.lookup(owner, kinds=("payee",))
            pick = payees.candidates[0].id if payees.status == "match" else None
            trace.extend(_name_trace(payees))
            unknown = owner if payees.status == "none" else None  # "bob's account number", no bob saved
            u = _with(base, trace, slots=Slots(recipient_id=pick, recipient_phrase=unknown))
            if payees.status == "clarify":  # "what's steve's account number": which Steve is asked
                u = replace(u, candidates=payees.candidates, ambiguous_slot="recipient_id")
        elif (
            intent is Intent.OUT_OF_SCOPE
            and payees.status != "none"
            and not forms.names_non_banking_object(turn.keywords)
            and not frames.asks_for_a_reminder(turn.keywords)
        ):
            # "sato", "david lee": a payee named with no command. The LLM may say what was meant;
            # without it the turn asks what to do for them (`llm_step.degrade`), never declines.
            # A message or an email to them ("text sarah that…") is outside banking all the same.
            trace.extend(_name_trace(payees))
            u = _with(base, trace, candidates=payees.candidates)
        else:
            u = _with(base, trace)
        held = hold_others_data(cover(u, turn, evidence, cue, dates, card_spans), turn)
        held = hold_biller_elsewhere(held, turn.folded, snapshot, billers)
        held = hold_other_bill(held, turn.folded, snapshot, billers)
        return hold_account_elsewhere(hold_past_balance(held, turn), turn, snapshot)

    # -- intent ---------------------------------------------------------------------------------

    def _intent(
        self,
        turn: NormalizedTurn,
        hits: Sequence[rules.RuleHit],
        has_amount: bool,
        payees: NameMatch,
        billers: NameMatch,
    ) -> tuple[Intent, float, str]:
        folded = turn.keywords  # typos of command words corrected; names are not read from it
        has_payee = payees.status != "none"
        has_biller = billers.status != "none"
        plain = coverage.without_asides(folded)
        question = rules.looks_like_question(plain)
        fee_or_howto = rules.asks_about_fees_or_howto(plain)
        if (
            hits
            and hits[0].intent is Intent.BILL_PAYMENT
            and has_payee
            and not has_biller
            and any(h.intent is Intent.TRANSFER_MONEY for h in hits)
        ):
            # "小林陽子さんへ1.5万円送金お願いします、旅行代の精算です": a cost settled with a person named
            # and no biller is a transfer to them, whichever rule matched first
            hits = sorted(hits, key=lambda h: h.intent is not Intent.TRANSFER_MONEY)
        if (
            hits
            and hits[0].intent is Intent.BALANCE_INQUIRY
            and _SHARE_OF_BALANCE.search(folded)
            and any(h.intent is Intent.TRANSFER_MONEY for h in hits)
        ):
            # "send maria half my balance": the balance is how much is sent, not what is read
            hits = sorted(hits, key=lambda h: h.intent is not Intent.TRANSFER_MONEY)
        if hits and hits[0].intent in (Intent.BALANCE_INQUIRY, Intent.RECENT_TRANSACTIONS):
            # "pay the water bill and then show me my balance", 電気代を払って、そのあと残高も教えて: two
            # requests; the one that changes something leads (it is confirmed or asked about), the read
            # in its own clause is not taken for a question about the bill
            read = clauses.clause_at(folded, hits[0].start)
            order = next(
                (
                    h
                    for h in hits
                    if h.intent in STATE_CHANGING
                    and clauses.clause_at(folded, h.start) != read
                    and clauses.orders_in_own_clause(folded, h.start)
                ),
                None,
            )
            if order is not None:
                hits = [order, *(h for h in hits if h is not order)]
        for hit in hits:
            intent = hit.intent
            if len(forms.sentences(folded)) > 1:
                # "Please lock my debit card. How long does a replacement take?": the command's own
                # sentence says whether it is asked about, not the question beside it
                own = forms.sentence_at(folded, hit.start)
                question, fee_or_howto = rules.looks_like_question(own), rules.asks_about_fees_or_howto(own)
            if hit.surface in _BARE_KEYWORDS and not forms.asks_for_own_data(folded):
                # One noun ("…a charge on my statement", "a true statement") is a weak shape: the
                # model may say it is a question or not banking at all.
                top, p = self._classifier.predict(folded)[0]
                if top not in COMMAND_INTENTS and p >= COMMAND_FLOOR:
                    return top, p, f"{hit.rule}+model"
            if intent is Intent.BILL_PAYMENT and has_payee and _payee_addressed(turn.folded, payees):
                intent = Intent.TRANSFER_MONEY  # "pay david lee 40 for the water bill": his, for that bill
            if intent is Intent.TRANSFER_MONEY:
                evidence = has_amount or has_payee or has_biller or any(w in folded for w in _MONEY_WORDS)
                # "cover emma for dinner": the slang rule took a person and what money covers
                evidence = evidence or hit.rule == rules.SLANG_RULE
                # "send half my balance to only payee": the balance is the amount sent
                evidence = evidence or bool(_SHARE_OF_BALANCE.search(folded))
                if not evidence and not _addressed_to_someone(turn):
                    continue
                if has_biller and not has_payee:
                    intent = Intent.BILL_PAYMENT
            # "…5000円送金することってできますか", 水道代を払うことってできますか: everything named and
            # asked whether it can be done is a request that waits for a yes (check_form decides)
            asked = forms.asks_permission(folded) and not folded.isascii()
            concrete = (has_amount or asked) and (has_payee or has_biller)
            # "…got a late fee, so pay the water bill now": a bill named and ordered is its whole amount
            ordered = forms.utterance_form(folded) == "request"
            concrete |= intent is Intent.BILL_PAYMENT and has_biller and ordered
            # "lock my card - … - and how long does a new one take?": the order said first stands
            concrete |= forms.orders_then_asks(folded)
            if fee_or_howto and question and intent is not Intent.HUMAN_HANDOFF and not concrete:
                return Intent.QNA, 0.85, f"{hit.rule}+question"
            confidence = 0.95 if hit.intent is not Intent.TRANSFER_MONEY or has_amount or has_payee else 0.8
            return intent, confidence, hit.rule
        if forms.repeats_a_payment(folded) and (
            has_payee or has_biller or forms.someone_addressed(turn.folded, _known_word)
        ):
            # "do the usual for david lee", いつもの分を鈴木さんに: a payment whose amount only the
            # customer knows. Policy asks for it (or for whom); nothing is proposed without it.
            intent = Intent.BILL_PAYMENT if has_biller and not has_payee else Intent.TRANSFER_MONEY
            return intent, 0.8, "repeat_payment"
        if has_amount and payees.status == "match" and not has_biller and _name_and_amount_only(turn, payees):
            # "maria 20", "david lee 40", 鈴木さん 3000: a payee and an amount and nothing else is what a
            # terse customer sends; it is proposed (and confirmed) like any transfer
            return Intent.TRANSFER_MONEY, 0.8, "name_and_amount"
        if rules.refuses_payment(folded):
            # "don't pay the water bill this month": nothing to pay; the model's "bill_payment" would ask
            # for a day or propose it
            return Intent.QNA, 0.8, "refused_payment"
        ranked = self._classifier.predict(folded)
        top, p, decided = decide(ranked, self._classifier.thresholds)
        if decided != "classifier":
            # Unsure, too close to the runner-up, or a command only the rules may read: not knowing is
            # an answer, never an action (the likelier of qna / out_of_scope, at its own confidence).
            return top, p, decided
        if question and fee_or_howto and top in COMMAND_INTENTS:
            return Intent.QNA, max(0.6, 1.0 - p), "question_about_bank"
        if not _supported(top, folded, has_amount or has_payee or has_biller, dated=bool(turn.dates)):
            if (
                top is Intent.CARD_LOCK
                and _LOCK_CUE.search(folded)
                and _ACCOUNT_WORDS.search(folded)
                and not _CLOSING.search(folded)  # "deactivate my account, I'm switching banks": closing it
            ) or (top in (Intent.TRANSFER_MONEY, Intent.BILL_PAYMENT) and _MONEY_VERB.search(folded)):
                # "put a hold on my account" (its cards can be locked), "pay b_001": a money or lock verb
                # whose object is not understood asks about it, at low confidence
                return top, p * 0.5, "classifier_unsupported"
            # "my phone was stolen", "report a cracked card", "what were the headlines": the command's
            # action or object is not in the words. Not understood is never a command.
            other, q = next((i, q) for i, q in ranked if i not in COMMAND_INTENTS)
            return other, q, "classifier_unsupported"
        if top is Intent.TRANSFER_MONEY and has_biller and not has_payee:
            return Intent.BILL_PAYMENT, p, "classifier+biller"  # "put $100 towards con ed": the biller's
        return top, p, "classifier"


_CARD_WORDS = re.compile(
    r"\bcards?\b|visa|debit|credit|master ?card|amex|american express|discover|jcb|diners|"
    r"カード|デビット|クレジット|クレカ|ビザ|アメックス|マスター"
)
_MONEY_VERB = re.compile(r"\b(?:pay\w*|send|transfer|wire|remit|zelle|venmo)\b|払|送金|振込|振り込")
_PAYMENT_WORDS = re.compile(
    r"\b(?:money|funds|cash|bill|bills|payment|transfer|wire|eft|dollars?|yen|bucks)\b|円|送金|振込|振り込|料金|代"
)
# What a lock or an unlock is: its verb, or a card lost, stolen or found.
_LOCK_CUE = re.compile(
    r"\b(?:lock\w*|freez\w*|frozen|block\w*|stop\w*|cancel\w*|suspend\w*|disabl\w*|deactivat\w*|hold|"
    r"pause|halt|hault|turn (?:it |them )?off|shut|lost|lose|losing|stolen|stole|theft|missing|misplaced|"
    r"can'?t find|compromised|cloned|skimmed|hacked|breach\w*|exposed|leaked|someone|somebody|gone|"
    r"disappeared|vanished)\b|"
    r"止め|停止|ロック|凍結|紛失|なくし|無くし|失くし|落とし|盗|不正|使えないように|勝手に使われ|誰かに使われ|"
    r"(?:なくな|無くな)[っりる]|見当たら(?:ない|なく|ず)?"
)
_UNLOCK_CUE = re.compile(
    r"\b(?:unlock\w*|unfreez\w*|unblock\w*|reactivat\w*|re-?enabl\w*|enabl\w*|back on|turn (?:it |them )?on|"
    r"found|resume|restore|lift|remove)\b|解除|再開|戻し|見つか|使えるように"
)
_ACCOUNT_WORDS = re.compile(r"\baccounts?\b|口座")
# Closing the account for good is no lock of its cards.
_CLOSING = re.compile(
    r"\b(?:close|closing|deactivat\w*|terminat\w*|delete|cancel\w*) (?:my |the |our |this )?"
    r"(?:\w+ )?accounts?\b|\bswitching banks\b|\bno longer (?:want to )?be a customer\b|解約"
)
# What a payee lookup reads (from the model: "do I have to verify who I am" names no payee).
_PAYEE_WORDS = re.compile(
    r"\b(?:payees?|recipients?|contacts?|beneficiar\w+|send|sent|pay|paid|transfer\w*|wire|people|saved|"
    r"stored|registered)\b|"
    r"振込先|登録|受取人|送金先|口座情報|連絡先|送|振り?込|払"
)
# What a list of scheduled payments lists. From the model, a day asked about with none of these is a
# calendar ("do I have anything scheduled on jan 1st"); "show me everything that's scheduled" is not.
_SCHEDULED_WORDS = re.compile(
    r"\b(?:payments?|transfers?|bills?|debits?|money|standing orders?|direct debits?|autopay\w*|send|sent|"
    r"pay|paid|going out|coming out|leav\w+)\b|振込|振り込|支払|払|送|引き落と|引落"
)


# What a balance or a list of transactions is read from: money words.
def _asked_read_first(folded: str, hits: list[rules.RuleHit]) -> list[rules.RuleHit]:
    """ "my balance seems off, show me my recent transactions": of two reads, the one asked for."""
    if len({h.intent for h in hits} & {Intent.BALANCE_INQUIRY, Intent.RECENT_TRANSACTIONS}) < 2:
        return hits
    spans = forms.own_data_spans(folded)
    asked = [h for h in hits if any(s <= h.start < e for s, e in spans)]
    return asked + [h for h in hits if h not in asked]


# What may stand beside a payee and an amount said alone: politeness, a currency, a particle.
_BESIDE_NAME_AND_AMOUNT = re.compile(
    r"^(?:please|pls|plz|to|for|now|ok|okay|thanks|thank you|yen|dollars?|bucks|usd|jpy|円|に|へ|さん|"
    r"お願い(?:します)?|おねがい|で|を|[\s,.!?、。！？-])*$"
)


def _name_and_amount_only(turn: NormalizedTurn, payees: NameMatch) -> bool:
    """Whether the text is a payee's name, an amount, perhaps a day ("maria 20 tomorrow"; policy refuses
    a past one), and nothing that changes them."""
    if len(turn.amounts) != 1 or len(turn.dates) > 1 or turn.date_like:
        return False
    a = turn.amounts[0]
    days = [(d.start, d.end) for d in turn.dates]
    spans = [(a.start, a.end), *days, *((c.start, c.end) for c in payees.candidates[:1])]
    rest = turn.blanked(*spans)
    return bool(_BESIDE_NAME_AND_AMOUNT.match(" ".join(rest.split())))


_PAST_PAYMENT_RULES = frozenset({"en_past_payment", "ja_past_payment"})


def _new_request_first(folded: str, hits: list[rules.RuleHit]) -> list[rules.RuleHit]:
    """ "did I send maria 40? whatever, send her 40", 鈴木さんに振り込んだっけ。まあいいや、2000円振り込んで:
    a payment asked back to memory, then a new order for money in a clause of its own — the order is the
    turn."""
    if not hits or hits[0].rule not in _PAST_PAYMENT_RULES:
        return hits
    at = clauses.new_request_after_payment(folded)
    if at is None:
        return hits
    ordered = [
        replace(h, start=h.start + at, end=h.end + at)
        for h in rules.command_hits(folded[at:])
        if h.intent in (Intent.TRANSFER_MONEY, Intent.BILL_PAYMENT)
    ]
    return [*ordered, *hits]


_READ_WORDS = re.compile(
    r"\b(?:balances?|money|funds|cash|accounts?|checking|savings|cards?|transactions?|purchas\w*|payments?|"
    r"expen\w+|costs?|cost me|r[au]n me|"
    r"charges?|deposits?|deposited|withdraw\w*|spen[dt]\w*|paid|pay|paycheck|salary|income|earn\w*|bought|buy|"
    r"statements?|activity|dollars?|bucks|bank|debit|credit|transfers?|bills?|owe|afford|broke|left over|"
    # money that moved, said with everyday verbs: "did anything come in from work", "how much went to uber"
    r"c[ao]me in|gone (?:in|out)|went (?:in|out)|(?:how much|what) (?:went|has gone|goes) (?:to|on)|"
    r"received|refund\w*|wages|got paid)\b|"
    r"[$£€¥0-9]|円|残高|口座|取引|明細|入出金|使った|支出|入金|出金|引き落と|振込|送金|カード|お金|給料|買っ|支払|いくら"
)


def _supported(intent: Intent, folded: str, has_object: bool, *, dated: bool = False) -> bool:
    """Whether the text names what a classifier-proposed command would act on, and a card command's action."""
    if intent is Intent.CARD_LOCK:  # "…i'm totally lost" is no card lost
        return bool(_CARD_WORDS.search(folded)) and bool(_LOCK_CUE.search(rules.without_speaker_lost(folded)))
    if intent is Intent.CARD_UNLOCK:
        return bool(_CARD_WORDS.search(folded)) and bool(_UNLOCK_CUE.search(folded))
    if intent in (Intent.TRANSFER_MONEY, Intent.BILL_PAYMENT):
        return has_object or bool(_PAYMENT_WORDS.search(folded))
    if intent in (Intent.BALANCE_INQUIRY, Intent.RECENT_TRANSACTIONS):
        return bool(_READ_WORDS.search(folded))
    if intent is Intent.RECIPIENT_LOOKUP:
        return has_object or bool(_PAYEE_WORDS.search(folded))
    if intent is Intent.SCHEDULED_PAYMENTS:
        return not dated or bool(_SCHEDULED_WORDS.search(folded))
    return True


def _card_slots(
    base: Understanding,
    turn: NormalizedTurn,
    snapshot: CustomerSnapshot,
    evidence: Evidence,
    trace: list[TraceItem],
) -> tuple[Understanding, list[tuple[int, int]]]:
    """The card to lock or unlock; a card named after a correction wins; an unknown one is asked about."""
    text, aside = _without_cards_set_aside(turn, snapshot, evidence)
    last = evidence.markers[-1] if evidence.markers else None
    if last is not None and turn.keywords == turn.folded:
        after = text[last.end :]
        cards, card_rule = find_card(turn, snapshot, text=after)
        if card_rule is None:
            cards, card_rule = find_card(turn, snapshot, text=text)
    else:
        cards, card_rule = find_card(turn, snapshot, text=text)
    spans = [
        *aside,
        *((d.start, d.end) for d in turn.digits if any(d.value.endswith(c.last4) for c in cards)),
    ]
    spans += [(a.start, a.end) for a in turn.amounts if any(str(a.value.major) == c.last4 for c in cards)]
    if card_rule == "unknown_card":
        cands = tuple(Candidate(c.id, "card", c.label, 50.0, card_rule) for c in cards)
        trace.append(TraceItem("understand", "unknown_card", turn.folded, ",".join(c.id for c in cards)))
        named = base.named_ids | {c.id for c in cards}
        u = _with(
            base, trace, candidates=cands, ambiguous_slot="card_id", hold=Reason.UNKNOWN_CARD, named_ids=named
        )
        return u, spans
    if len(cards) > 1 and _ONE_OF_SEVERAL.search(turn.folded):
        pass  # "freeze one of them", どちらか: the customer says there is a choice; it is asked
    elif len(cards) > 1 and _PRONOUN_OBJECT.search(turn.folded) and not _CARD_WORDS.search(turn.folded):
        pass  # "lock it", それを止めて with no card said: "it" points at nothing in the turn; it is asked
    elif base.rule.split("+")[0] == rules.WALLET_LOST and card_rule is None:
        # "my wallet was stolen": which of the cards in it to lock is asked, even when one is active
        active = [c for c in cards if c.status == "active"] or cards
        cands = tuple(Candidate(c.id, "card", c.label, 50.0, rules.WALLET_LOST) for c in active)
        trace.append(TraceItem("understand", rules.WALLET_LOST, turn.folded, ",".join(c.id for c in active)))
        return _with(base, trace, candidates=cands, ambiguous_slot="card_id" if cands else None), spans
    elif len(cards) > 1:  # "unlock my card": the locked one; "lock my card": the active one
        wanted = "locked" if base.intent is Intent.CARD_UNLOCK else "active"
        fitting = [c for c in cards if c.status == wanted]
        if len(fitting) == 1:
            cards, card_rule = fitting, f"only_{wanted}_card"
    named = base.named_ids | {c.id for c in cards}
    if len(cards) == 1:
        trace.append(TraceItem("understand", card_rule or "only_card", turn.folded, cards[0].id))
        return _with(base, trace, slots=Slots(card_id=cards[0].id), named_ids=named), spans
    cands = tuple(Candidate(c.id, "card", c.label, 50.0, card_rule or "any_card") for c in cards)
    u = _with(base, trace, candidates=cands, ambiguous_slot="card_id" if cands else None, named_ids=named)
    return u, spans


def _read_account(
    turn: NormalizedTurn, snapshot: CustomerSnapshot, evidence: Evidence
) -> tuple[Account | None, str | None]:
    """The account to read: one named after the last correction wins (普通預金じゃなくてドル口座の残高,
    "checking, no, savings balance"), else the one the turn names."""
    last = evidence.markers[-1] if evidence.markers else None
    if last is not None and turn.keywords == turn.folded:
        account, rule = find_account(turn, snapshot, text=turn.folded[last.end :])
        if account is not None:
            return account, rule
    if several_accounts_named(turn, snapshot):  # "savings and checking": every account is read
        return None, None
    return find_account(turn, snapshot)


def _without_cards_set_aside(
    turn: NormalizedTurn, snapshot: CustomerSnapshot, evidence: Evidence
) -> tuple[str, list[tuple[int, int]]]:
    """The text to find the card in, without a card set aside by "not" when another card is named
    outside it ("freeze my debit card, not the credit card"), and the spans set aside."""
    if not evidence.contrasted or turn.keywords != turn.folded:
        return turn.keywords, []
    text = turn.blanked(*evidence.contrasted)
    aside = [
        span for span in evidence.contrasted if find_card(turn, snapshot, text=turn.folded[slice(*span)])[1]
    ]
    _, kept_rule = find_card(turn, snapshot, text=text)
    if not aside or kept_rule in (None, "unknown_card"):
        return turn.keywords, []
    return text, aside


def _cue(turn: NormalizedTurn, hits: Sequence[rules.RuleHit], rule: str) -> tuple[int, int] | None:
    """Where the command rule that decided the intent matched (spans index folded text only when the
    keyword pass changed nothing)."""
    if turn.keywords != turn.folded:
        return None
    name = rule.split("+")[0]
    return next(((h.start, h.end) for h in hits if h.rule == name), None)


def _known_word(word: str) -> bool:
    return word in english_words()


_ONE_OF_SEVERAL = re.compile(
    r"\b(?:one|either|any) of (?:them|these|those|the two|my (?:two )?cards|the cards|both)\b|"
    r"どちらか|どっちか|片方|いずれか"
)
# A card command's object said only as a pronoun: "lock it", "freeze that one", それをロックして, あれ止めて.
_PRONOUN_OBJECT = re.compile(
    r"\b(?:lock|freeze|block|unlock|unfreeze|unblock|stop|cancel|suspend)\s+(?:it|that|this|them)(?:\s+one)?\b|"
    r"(?:^|[、。\s])(?:それ|これ|あれ|そいつ|そっち|こっち|あっち)(?:を|も)?\s*(?:ロック|凍結|停止|止め|一時停止|解除)"
)
_PAYEE_BEFORE = re.compile(r"\b(?:pay|send|give|transfer|wire|to)\s+$")
_PAYEE_AFTER = re.compile(r"^\s*(?:さん|様|さま|くん|君|ちゃん)?\s*(?:に|へ)")


def _payee_addressed(folded: str, payees: NameMatch) -> bool:
    """A payee named as who the money goes to: "pay david lee…", "…to david lee", 佐藤健さんに."""
    return any(
        _PAYEE_BEFORE.search(folded[: c.start]) or _PAYEE_AFTER.match(folded[c.end :])
        for c in payees.candidates
        if c.end > c.start
    )


# "half my balance", "a quarter of my balance", "10% of my savings balance": a share of it, as an amount
_SHARE_OF_BALANCE = re.compile(
    r"\b(?:half|a (?:quarter|third|fourth|fifth|tenth)|(?:one|two|three) (?:quarters?|thirds?)|"
    r"\d+ ?(?:%|percent)|part|some|most|all|the rest|whatever is left)(?: of)? "
    r"(?:my |the )?(?:[\w-]+ )?balance\b"
)
# "send it to him", "give her the money": money sent to someone said only as a pronoun (who is asked)
_TO_A_PRONOUN = re.compile(
    r"^(?:(?:please|pls|can you|could you|would you|just|ok|okay|and|so|now)[,]?\s+)*"
    r"(?:send|transfer|wire|give|pay)\s+(?:(?:it|that|this|the money|the cash|the funds)\s+to\s+|"
    r"(?:him|her|them)\s+(?:the money|the cash|the funds|it|that)\b\s*)(?:him|her|them)?"
    r"(?:\s+(?:please|pls|now|back|again|today))*[\s.!?]*$"
)

# "pay him", "I gotta pay her back", 彼女に払う: money for someone said only as a pronoun (who is asked) —
# not "pay him a visit", "give her a call", "send them my regards", "send him the receipt"
_PAY_A_PRONOUN = re.compile(
    r"\b(?:pay|send|transfer|wire|give)\s+(?:him|her|them)\b(?!\s+(?:a |an |the |my |some |your )?"
    r"(?:call|visit|ring|hand|hug|break|chance|minute|sec(?:ond)?|moment|try|look|lift|ride|regards|love|best|"
    r"thanks|message|text|email|e-mail|link|note|letter|photo|picture|pic|invite|invitation|receipt|copy|"
    r"address|number|details|info|card|gift|present|package|parcel)s?\b)|"
    r"(?:^|[\s、,])(?:彼女|彼ら|彼|あいつ|あの人|あの子|その人)(?:さん)?(?:に|へ)[^。？?、,]{0,12}?"
    r"(?:払|支払|送金|送っ|送る|送り|振り?込|返)"
)


def _addressed_to_someone(turn: NormalizedTurn) -> bool:
    if _TO_A_PRONOUN.search(turn.folded) or _PAY_A_PRONOUN.search(turn.folded):
        return True
    return recipient_phrase(turn, turn.folded) is not None and any(a.value.currency for a in turn.amounts)


def _with(base: Understanding, trace: list[TraceItem], **changes: Any) -> Understanding:
    return replace(base, trace=tuple(trace), **changes)
