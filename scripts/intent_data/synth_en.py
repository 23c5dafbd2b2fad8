"""English phrase templates for `synthetic.jsonl` (see `synth.py` for why they exist)."""

from __future__ import annotations

import random

from synth_common import N
from synth_common import fill as _fill
from synth_common import pick as _pick
from synth_common import slot_list as _list

EN_NAMES = _list(
    "john|emily chen|tom|priya patel|carlos mendez|olivia brown|james wilson|anna|marco|rachel green|kevin"
    "|jessica|paul|nick|emma|robert king|lucy|hiroshi|yuki tanaka|kenji|my mom|my brother|my landlord|alex"
    "|my sister|jack|sofia rossi|daniel kim|mr. brown|dr. alvarez|grace|omar"
)
EN_AMOUNTS = _list(
    "50 dollars|$120|$1,500|3,000 yen|twenty dollars|five thousand yen|ten thousand yen|a hundred bucks"
    "|75 euros|2500 yen|forty dollars|$9.99|two hundred dollars|¥8,000|1 million yen|thirty five dollars"
    "|300 pounds|a grand|two grand|5 grand|fifty bucks|15 bucks|eighty dollars|$20|a thousand dollars"
    "|twelve hundred dollars|ninety nine cents|45 dollars and 50 cents|six hundred yen|25,000 yen|€60"
    "|$3,200.75|one hundred and twenty dollars"
)
EN_WHEN = _list(
    "|||tomorrow|on friday|next week|on the 3rd|tonight|right now|next tuesday|at the end of the month"
    "|today|on december 10th"
)
EN_BILLERS = _list(
    "comcast|at&t|t-mobile|spectrum|pg&e|duke energy|national grid|sprint|tepco|tokyo gas|softbank"
    "|kansai electric|geico|dominion energy"
)
EN_BILLS = _list(
    "electric|electricity|gas|water|phone|internet|cable|credit card|power|mobile|utility|cell phone|trash"
    "|insurance"
)
EN_CARDS = _list(
    "card|debit card|credit card|visa card|mastercard|atm card|amex|travel card|business card|visa"
)
EN_DIGITS = _list(
    "5678|4411|0371|two two four one|six oh nine nine|8812|seven seven one oh|3005|double five one two"
)
EN_ACCOUNTS = _list(
    "checking|savings|checking account|savings account|usd account|dollar account|yen account"
    "|ordinary account|main account|joint account|euro account|account ending in 3005"
    "|account ending in six two one nine"
)
EN_PERIODS = _list(
    "|this week|last week|this month|last month|yesterday|today|since monday|in october|lately"
)
EN_OPEN_DAYS = _list("|on saturday|on sundays|today|on holidays|on weekdays")
EN_PLACE_TEMPLATES = [
    "what time does {place} {oc} {day}",
    "is {place} open {day}",
    "when does {place} {oc}",
    "what are the opening hours of {place}",
    "where is {place}",
    "how do i get to {place}",
]


def english(rng: random.Random) -> dict[str, list[str]]:
    """English phrases per intent."""
    transfer = _fill(
        [
            "send {amt} to {name} {when}",
            "transfer {amt} to {name} {when}",
            "wire {amt} to {name} {when}",
            "pay {name} {amt} {when}",
            "can you send {name} {amt} {when}",
            "i want to send {amt} to {name} {when}",
            "please transfer {amt} to {name} {when}",
            "i need to send {name} {amt}",
            "give {name} {amt}",
            "send {name} {amt} {when}",
            "move {amt} from checking to savings {when}",
            "transfer {amt} from my savings to my checking {when}",
            "i'd like to wire {name} {amt}",
            "pay {name} back {amt}",
            "pay {name} {amt} for {thing}",
            "send {amt} to {name} for {thing}",
        ],
        amt=EN_AMOUNTS,
        name=EN_NAMES,
        when=EN_WHEN,
        thing=_list("lunch|the tickets|rent|dinner|the concert|gas money|the gift"),
    )
    bill = _fill(
        [
            "pay my {bill} bill {when}",
            "pay the {bill} bill {when}",
            "pay {biller} {when}",
            "pay {amt} to {biller} {when}",
            "pay my {biller} bill",
            "can you pay the {bill} bill {when}",
            "i want to pay my {bill} bill",
            "pay {amt} toward my {bill} bill",
            "settle the {biller} bill",
            "make a payment to {biller} {when}",
        ],
        bill=EN_BILLS,
        biller=EN_BILLERS,
        amt=EN_AMOUNTS,
        when=EN_WHEN,
    )
    lock = _fill(
        [
            "{verb} my {card}",
            "please {verb} my {card}",
            "{verb} the {card} ending in {digits}",
            "can you {verb} my {card} right now",
            "i lost my {card}",
            "my {card} was stolen",
            "i can't find my {card}",
            "someone stole my {card}",
            "i need to {verb} my {card}",
        ],
        verb=_list("lock|freeze|block|suspend|disable|turn off|stop|pause|deactivate"),
        card=EN_CARDS,
        digits=EN_DIGITS,
    )
    unlock = _fill(
        [
            "{verb} my {card}",
            "please {verb} my {card}",
            "{verb} the {card} ending in {digits}",
            "i found my {card}, {verb} it",
            "remove the lock on my {card}",
            "lift the freeze on my {card}",
            "take the {hold} off my {card}",
            "get rid of the {hold} on my {card}",
            "can you {verb} my {card}",
            "i want to {verb} my {card}",
        ],
        verb=_list("unlock|unfreeze|unblock|reactivate|re-enable|turn back on|resume"),
        card=EN_CARDS,
        digits=EN_DIGITS,
        hold=_list("lock|freeze|block|hold|suspension"),
    )
    balance = _fill(
        [
            "what's the balance of my {acct}",
            "how much is in my {acct}",
            "{acct} balance",
            "how much money do i have in my {acct}",
            "check the balance on my {acct}",
            "tell me my {acct} balance",
            "what's left in my {acct}",
            "how much do i have in my {acct}",
        ],
        acct=EN_ACCOUNTS,
    )
    history = _fill(
        [
            "show me my {what} {period}",
            "list my {what} {period}",
            "what are my {what} {period}",
            "show my last {n} {what}",
            "read me my last {n} {what}",
            "what did i spend {period}",
            "what did i buy {period}",
            "how much did i spend on {cat} {period}",
        ],
        what=_list(
            "transactions|purchases|charges|payments|card transactions|deposits|withdrawals|account activity"
        ),
        period=EN_PERIODS,
        n=_list("3|five|10|two|twenty"),
        cat=_list("groceries|restaurants|gas|amazon|coffee|travel"),
    )
    lookup = _fill(
        [
            "is {name} saved as a payee",
            "is {name} in my payees",
            "do i have {name} saved",
            "look up {name} in my payees",
            "is {name} a registered recipient",
            "find {name} in my recipients",
            "show my {list}",
            "list my {list}",
            "what {list} do i have",
            "who is on my {list}",
        ],
        name=EN_NAMES,
        list=_list(
            "payees|recipients|saved payees|beneficiaries|saved recipients|payee list|transfer contacts"
        ),
    )
    handoff = _fill(
        ["{ask} {whom}", "{ask} {whom} please", "can i {talk} {whom}", "i want to {talk} {whom}"],
        ask=_list("connect me to|put me through to|get me|transfer me to|let me talk to"),
        talk=_list("talk to|speak to|speak with|chat with"),
        whom=_list(
            "a human|an agent|a representative|customer service|a real person|an operator|someone"
            "|a live agent|a person|the call center|a banker|support"
        ),
    )
    # Questions that mention transfers, cards, bills or balances: qna, not the command.
    questions = _fill(
        [
            "how do i {act}",
            "how can i {act}",
            "is it possible to {act}",
            "can i {act} online",
            "what's the fee to {act}",
            "how much does it cost to {act}",
            "how long does it take to {act}",
            "is there a limit when i {act}",
            "what do i need to {act}",
        ],
        act=_list(
            "send money abroad|transfer money to another bank|wire money internationally"
            "|lock my card in the app|pay bills online|add a new payee|check my balance online"
            "|get a higher transfer limit|increase my card limit|set up automatic bill pay"
            "|get a replacement card|withdraw cash overseas|exchange dollars for yen|open a savings account"
            "|send money on weekends"
        ),
    )
    bank_places = _fill(
        EN_PLACE_TEMPLATES,
        place=_list(
            "the bank|the branch|your branch|the nearest branch|the main branch|the shinjuku branch"
            "|the closest atm|an atm|the branch downtown|your office"
        ),
        oc=_list("open|close"),
        day=EN_OPEN_DAYS,
    )
    other_places = _fill(
        EN_PLACE_TEMPLATES,
        place=_list(
            "the supermarket|the pharmacy|the library|the museum|the gym|the mall|starbucks"
            "|the train station|the dentist|the zoo|the city pool|the airport"
        ),
        oc=_list("open|close"),
        day=EN_OPEN_DAYS,
    )
    return {
        "transfer_money": _pick(rng, transfer, 2 * N),
        "bill_payment": _pick(rng, bill, N),
        "card_lock": _pick(rng, lock, N),
        "card_unlock": _pick(rng, unlock, N),
        "balance_inquiry": _pick(rng, balance, N // 2),
        "recent_transactions": _pick(rng, history, N),
        "recipient_lookup": _pick(rng, lookup, N),
        "human_handoff": _pick(rng, handoff, N // 2),
        "qna": _pick(rng, questions, N) + _pick(rng, bank_places, N // 2),
        "out_of_scope": _pick(rng, other_places, N // 2),
    }
