"""Money slang: verbs that send money only when they take a person and money.

"shoot Bob 20", "spot her a tenner", "float David 200 till payday", "cover Kristen for lunch, 18 bucks",
"square up with Catherine", ケンに千円飛ばしといて. The same verbs say other things ("shoot me an email",
"throw away the receipt", "cover letter", "cover the cost", "spot any weird charges", "float the idea",
車を飛ばして), so a verb counts only with its object in place: a person (a name-like word or a pronoun,
never me/us/it/the/…) and then money (digits, a currency, a note, "a twenty"), or for cover what money
covers ("for dinner"). Whether the person is a payee is the name index's to say: an unknown one is
refused or asked about like any transfer to them.

A lending verb's "till Friday" / "until payday" is when the money comes back, not when it goes
(`repayment_span`).
"""

from __future__ import annotations

import re

_STOP = (
    r"(?:me|us|you|u|ya|yourself|it|that|this|these|those|there|here|the|a|an|my|your|our|their|its|"
    r"some|any|all|away|out|up|off|down|back|in|on|at|for|to|with|around|over|together|everything|"
    r"anything|nothing|something|what|which|how|idea|ideas|question|questions|ball|email|text|message|"
    r"photo|pic|picture|link|call|shot|shots|letter|shift|charges?|money|cash|funds|i|we|is|are|and|or)"
)
_PERSON_WORD = rf"(?!{_STOP}(?![a-z'-]))[a-z][a-z'.-]*"
_PERSON = rf"(?:him|her|them|{_PERSON_WORD}(?: {_PERSON_WORD}){{0,2}})"
_CURRENCY = r"(?:bucks|dollars?|usd|quid|pounds?|euros?|yen|grand)"
# What may follow a bare number that is money ("shoot bob 20", "…20 for the pizza"), not a count of things
_AFTER_NUMBER = (
    r"(?:for|till|until|til|to|now|today|tonight|tomorrow|on|by|from|and|so|back|please|thanks|asap|right|"
    r"this|next|when|if|each|ok|lol|mate)"
)
MONEY = (
    r"(?:[$£€¥] ?\d|\d[\d,]*(?:\.\d+)?k?(?:(?= ?" + _CURRENCY + r"(?![a-z]))|\s*$|(?=\s*[,.!?;])|"
    r"(?= "
    + _AFTER_NUMBER
    + r"(?![a-z'])))|(?:an? |one |two |three )?(?:fivers?|tenners?|c-notes?)(?![a-z])|"
    r"an? (?:twenty|fifty|hundred|grand|couple|few)(?![a-z])|(?:[a-z]+[- ]){1,2}" + _CURRENCY + r"(?![a-z])|"
    r"some (?:money|cash|dough)(?![a-z]))"
)
# What a friend's share is covered for: "cover emma for dinner", "…for the movie tickets"
_COVERED = (
    r"(?:dinner|lunch|breakfast|brunch|drinks?|coffees?|food|pizza|tickets?|taxi|cab|uber|lyft|ride|gas|"
    r"petrol|groceries|rent|bill|share|half|part|tab|meal|round|beers?|concert|movies?|cinema|parking|"
    r"tolls?|hotel|flight|gift|present|takeaway|takeout|snacks?|tip)"
)
_COVER_FOR = rf"for (?:(?:the|my|our|his|her|their|a|an|this|that) )?(?:[a-z]+ )?{_COVERED}(?![a-z])"

SLANG_TRANSFER_EN = (
    rf"\b(?:shoot|spot|float|zap|throw|bung|chuck|flick|front|lend|loan)\b(?= {_PERSON} {MONEY})|"
    rf"\bcover\b(?= {_PERSON} (?:{_COVER_FOR}|{MONEY}))|"
    rf"\b(?:square|settle) up with\b(?= {_PERSON}(?![a-z]))|"
    # a debt told, then the order to pay it: "owe aoife 25 for the taxi, sort that out for me"
    r"^(?:i )?owe\b(?= [a-z].*\b(?:sort (?:it|that|this)(?: out)?|take care of (?:it|that|this)|"
    r"handle (?:it|that|this)|deal with (?:it|that|this)|get (?:it|that) (?:done|sorted)))"
)
# 飛ばす (send money, slang) right after an amount: 千円飛ばしといて, 2万飛ばして (not 車を飛ばして)
SLANG_TRANSFER_JA = r"(?<=[0-9〇一二三四五六七八九十百千万円])(?:を|ほど|だけ)?(?:飛ば|とば)(?:し|す|せ)"

_LENT = re.compile(
    rf"\b(?:spot|float|front|lend|loan)\b {_PERSON} {MONEY}|\btide \w+(?: \w+)? over\b", re.IGNORECASE
)
_UNTIL = re.compile(r"(?<![a-z'])(?:till|until|til|'til|up until)(?![a-z'])[^,.;!?]*")


def repayment_span(folded: str) -> tuple[int, int] | None:
    """Where "till Friday" says when lent money comes back ("spot aoife a tenner till friday"), or None."""
    lent = _LENT.search(folded)
    if lent is None:
        return None
    until = _UNTIL.search(folded, lent.end())
    return until.span() if until else None
