"""Reaching a person: asked for, asked about, or not meant at all.

- Asked for: "…I'd like to speak to an actual person", "put me through to a bank employee",
  担当者と話したい (`wants_a_person`).
- Asked about: whether to reach one *about something else* ("do I have to speak to an agent to change
  my pin", "how do I contact customer support about a declined card", 〜のに担当者と話す必要がありますか)
  is a question; how to reach one with nothing else to ask ("what do I need to do to speak with an
  agent?") wants the person (`asks_whether_to_reach_a_person`).
- Not meant: what Teller is ("are you a human"), another company's desk ("delta's customer service",
  "…regarding my flight"), an opinion of the service ("your customer service is terrible").

All patterns run on folded text (`teller.normalize.text.fold`). Pure functions, no state.
"""

from __future__ import annotations

import re


def _rx(pattern: str) -> re.Pattern[str]:
    return re.compile(pattern, re.IGNORECASE)


# Asking what Teller is ("are you a real person", "am I talking to a bot") is not asking for a person.
_ABOUT_TELLER = _rx(
    r"\b(?:are you|r u|am i (?:talking|speaking|chatting) (?:to|with)|is this|is that|who am i talking to)\b"
    r".*\b(?:human|person|people|bot|robot|ai|computer|machine|real|actual|live|automated)\b|"
    r"\byou(?:'re| are| be| as|r)\b(?: \w+){0,3}? (?:human|person|bot|robot|ai|computer|machine)\b|"
    r"\blike a (?:real )?(?:human|person)\b|"
    r"(?:あなた|君|きみ)は.*(?:人間|ロボット|ai|機械)|(?:人間|ロボット|ai|機械)(?:です|なの)?か"
)
_WANTS_A_PERSON = _rx(
    r"\b(?:talk|speak|chat) (?:to|with)\b|\b(?:transfer|connect|put) me\b|\bget me (?:a|an|someone)\b|"
    r"\bi (?:want|need|'d like|would like) (?:a|an|to (?:talk|speak|chat))\b|(?:話し|つない|繋い|代わ|かわ)"
)


# Asking for a person, with or without a problem told beside it.
_PERSON_ASKED = _rx(
    r"\b(?:talk|speak|chat) (?:to|with) (?:a |an |some |the |your )?(?:actual |real |live |human |bank )?"
    r"(?:person|human|someone|somebody|agent|representative|people|staff|manager|operator|advisor|adviser|"
    r"employee|banker|clerk|consultant|worker)\b|"
    r"\b(?:get|put) (?:me )?(?:a |an )?(?:someone|somebody|person|human|agent)\b|"
    r"\b(?:get|take|put) me (?:to|through to) (?:a |an |the )?(?:\w+ )?"
    r"(?:someone|somebody|person|human|agent)\b|"
    r"\b(?:put|transfer|connect|pass) me (?:through |over |on )?(?:to|with) (?:a |an |the )?(?:\w+ )?"
    r"(?:person|human|agent|someone|somebody|representative|operator|advisor|adviser|employee|banker|"
    r"worker|clerk|consultant)\b|"
    r"\b(?:someone|somebody|a person|a human) (?:else )?on the (?:line|phone)\b|"
    r"担当者|オペレーター|人と話|人間と話|係の(?:人|方)|(?:銀)?行員"
)


def wants_a_person(folded: str) -> bool:
    """ "…I'd like to speak to an actual person", "can I get someone on the line", 担当者と話したい."""
    return bool(_PERSON_ASKED.search(folded))


# A question about what the bank's staff do ("do bank employees ever ask for my PIN over the phone",
# 銀行員が暗証番号を電話で聞いてくることってある？): asked about, no person asked for.
_WHAT_STAFF_DO = _rx(
    r"\b(?:do|does|would|will|can|could|should|is it (?:normal|usual|common) for) (?:a |the |your )?"
    r"(?:bank(?:'s)? )?(?:employees?|staff|tellers?|people|representatives?|agents?|bankers?|clerks?)\b"
    r"(?: \w+)?\s+(?:ever |usually |normally |really |actually )?"
    r"(?:ask|call|request|text|e-?mail|need|want|contact|phone|say)\b|"
    r"(?:銀行員|行員|銀行の(?:人|方|担当者)|担当者)(?:が|は|って|から)[^。]{0,30}?(?:くる|来る|聞く|尋ねる|求める|言う)"
    r"(?:こと)?(?:って|は|も)?(?:ある|あります|ない|ありません)(?:か|の)?"
)


def asks_what_staff_do(folded: str) -> bool:
    """ "do bank employees ever ask for my PIN", 銀行員が…聞いてくることってある？: a question, no handoff."""
    return bool(_WHAT_STAFF_DO.search(folded))


def asks_what_teller_is(folded: str) -> bool:
    """ "are you a human", "am I chatting with a robot": a question about the assistant."""
    return bool(_ABOUT_TELLER.search(folded)) and not _WANTS_A_PERSON.search(folded)


# Asking about reaching a person: how, whether one must, whether one should.
_HOW_TO_REACH = _rx(
    r"\bhow (?:do|can|could|would|should|might) (?:i|we|one)\b|\bhow to\b|"
    r"\b(?:do|would|will) (?:i|we) (?:have|need) to\b|\bshould (?:i|we)\b|\bmust (?:i|we)\b|"
    r"\bis it (?:necessary|required|possible)\b|\b(?:when|where|why) (?:do|should|can|would) (?:i|we)\b|"
    r"\bwhat(?:'s| is) the (?:best )?way to\b|"
    r"(?:には|のは|のに|ときは|場合は)?(?:どうすれば|どうしたら|どうやって|どうやれば)|"
    r"必要(?:が)?(?:あります|ある|です)(?:か|の)|べきですか|(?:話せ|つなげ|繋げ)(?:ます|る)(?:か|の)"
)


# Reaching someone: a contact verb or a person ("how do I report fraud" asks for a case, not this).
_CONTACT = _rx(
    r"\b(?:contact|call|phone|ring|reach|get in touch|talk|speak|chat|agent|representative|advisor|adviser|"
    r"operator|person|human|someone|somebody|customer (?:service|support|care))\b|"
    r"話|連絡|電話|つな|繋|オペレーター|担当者|窓口|係の"
)


# What the person would be reached for: "…an agent to change my pin", "…support about a declined
# card", "…customer service if my transfer is late", 暗証番号を変えるのに担当者と….
_TOPIC = _rx(
    r"\b(?:agents?|representatives?|advisors?|advisers?|operators?|person|human|someone|somebody|staff|"
    r"customer (?:service|support|care)|support|help ?desk)\b (?:about|regarding|concerning|if|when|for|"
    r"because|to (?!(?:a|an|the|me|you|them|him|her)\b)\w+)\b|"
    r"(?:のに|ために|について|の件で|のことで|なら|場合)"
)


def asks_whether_to_reach_a_person(folded: str) -> bool:
    """ "how do I contact customer support about a declined card", "do I have to speak to an agent to
    change my pin", 暗証番号を変えるのに担当者と話す必要がありますか: a question about something else, to
    which reaching a person might be the answer. Without a topic ("what do I need to do to speak with
    an agent?", オペレーターと話すにはどうすれば) the customer wants the person: a handoff."""
    return bool(_HOW_TO_REACH.search(folded) and _CONTACT.search(folded) and _TOPIC.search(folded))


# Another company's service desk ("delta's customer service", "the number for amazon customer support").
_OTHER_SERVICE = _rx(
    r"\b(?!(?:your|the bank|teller|my bank|this bank)'?s?\b)[a-z0-9&.-]+'s "
    r"(?:customer (?:service|support|care)|help ?line|hotline|call cent(?:er|re)|operators?|agents?|"
    r"representatives?)\b|"
    r"\b(?:number|phone|line|hotline|contact) (?:for|of|to) (?!(?:your|the bank|teller|my bank|this bank)\b)"
    r"(?:\w+ ){1,3}(?:customer (?:service|support|care)|help ?line|hotline)\b|"
    r"\b(?:customer (?:service|support)|agent|operator|someone)\b.*\b(?:regarding|about) (?:my |the |a )?"
    r"(?:flight|luggage|baggage|order|package|delivery|hotel|reservation|booking|phone plan)\b"
)


def names_another_service(folded: str) -> bool:
    """ "what's the phone number for delta's customer service": not a person at this bank."""
    return bool(_OTHER_SERVICE.search(folded))


_OPINION_OF_SERVICE = _rx(
    r"\b(?:poor|bad|terrible|awful|horrible|worst|lousy|useless|rubbish|great|good|excellent|amazing|"
    r"slow|rude|unhelpful|helpful)\b(?: \w+)? customer (?:service|support|care)\b|"
    r"\bcustomer (?:service|support|care) (?:is|was|has been|are|were) (?:\w+ )?"
    r"(?:poor|bad|terrible|awful|horrible|the worst|lousy|useless|rubbish|great|good|excellent|amazing|"
    r"slow|rude|unhelpful|helpful)\b"
)


def judges_the_service(folded: str) -> bool:
    """ "your customer service is terrible", "…due to poor customer service": an opinion, no request."""
    return bool(_OPINION_OF_SERVICE.search(folded))
