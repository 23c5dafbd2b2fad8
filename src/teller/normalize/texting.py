"""English as people text it: chat spellings of days and words, written out before anything reads them.

`expand_texting` rewrites a closed list of spellings in folded text ("tmrw" → tomorrow, "this arvo" →
this afternoon, "lemme" → let me, "my savings bal" → my savings balance, "sned" → send), so that the
date, amount, name and intent readers see the words they know. Only whole ASCII words are rewritten,
and only spellings that are no English word or name of their own; a word that is one only in some
places is rewritten only there ("ty" ends a message as thanks but may be someone's name elsewhere;
"bal" is a balance only after "my", "the", "savings", …).

`date_shorthands` finds what is left: a word no dictionary knows that reads like a shortened day word
("tmrrw", "wknd", "mrng", "nxt wk"). No rule resolves it, so a turn that would act on it asks which day
was meant (issue 9: never act on what was not understood) instead of dropping it and sending now.
"""

from __future__ import annotations

import re

from teller.normalize.spelling import warm as english_words

_B = r"(?<![a-z0-9'])"  # ASCII word edges (kana and kanji are no word characters here)
_E = r"(?![a-z0-9'])"

_TOMORROW = (
    "tmrw", "tmr", "tmrow", "tmro", "tmoro", "tmorrow", "tomoz", "tomoro", "tomorow", "tommorow",
    "tommorrow", "tomorro", "tomrw", "2moro", "2morro", "2morrow", "2morow", "2mrw", "2mro", "2mrow",
)  # fmt: skip
_WORDS: dict[str, str] = {
    **dict.fromkeys(_TOMORROW, "tomorrow"),
    **dict.fromkeys(("tonite", "2nite", "2night"), "tonight"),
    "2day": "today", "nite": "night",
    **dict.fromkeys(("pls", "plz", "plse", "pleez", "pleeze"), "please"),
    **dict.fromkeys(("thx", "thnx", "thanx", "tnx"), "thanks"),
    "tysm": "thank you so much", "lemme": "let me", "gimme": "give me", "wanna": "want to",
    "gonna": "going to", "gotta": "got to", "rn": "right now",
    **dict.fromkeys(("chk", "chck", "chek"), "check"), "txn": "transaction", "txns": "transactions",
    # keyboard slips of the command words that the dictionary knows as other words or not at all
    **dict.fromkeys(("sned", "snd", "sedn", "sendd"), "send"),
    **dict.fromkeys(("dollers", "dollas", "dollaz", "dolars", "dollrs"), "dollars"),
    **dict.fromkeys(("doller", "dolar"), "dollar"),
}  # fmt: skip
_WORD = re.compile(_B + "(?:" + "|".join(sorted(map(re.escape, _WORDS), key=len, reverse=True)) + ")" + _E)
# "2" for "to" between a wanting word and a verb: "need 2 send", "want 2 pay" (not "send 2 to maria")
_TO = re.compile(
    _B + r"(?P<want>need|needs|want|wants|have|has|got|going|like|love|able|try|trying) 2 (?=[a-z])"
)
# "u" for "you" after the words that ask or thank ("can u", "thank u"), never alone (a letter, a name)
_YOU = re.compile(_B + r"(?P<before>can|could|would|will|do|did|are|r|thank|if|have|should|when) u" + _E)
# "arvo" (afternoon): "this arvo" is today's, "tmrw arvo" tomorrow's; said alone it is an afternoon.
_ARVO = re.compile(_B + r"arvo" + _E)
# "ty" is thanks only where a message ends, and not after a word that names who ("send 20 to ty": a name).
_TY = re.compile(
    r"(?<![a-z0-9'])(?<!\bto )(?<!\bfor )(?<!\bsend )(?<!\bpay )(?<!\band )(?<!\bwith )(?<!\bfrom )"
    r"(?<!\bgive )(?<!\bwire )(?<!\bask )ty(?=\s*(?:[!.]+\s*)?$)"
)
# "bal" is a balance only as the noun of an account: "my bal", "the savings bal", "checking bal".
_BAL = re.compile(
    r"(?<![a-z0-9'])(?P<before>(?:my|the|your|our|savings|checking|current|account|acct|card|available|"
    r"bank|remaining|total) )bal(?![a-z0-9'])"
)


# "bal?", "bal pls", "chk bal": the whole message asks for the balance
_BAL_ALONE = re.compile(
    r"^(?P<before>(?:check |what'?s (?:my )?)?)bal(?=\s*(?:please|pls|plz|thanks)?\s*[?!.]*$)"
)


def expand_texting(folded: str) -> str:
    """`folded` with chat spellings written out ("pls send 50 tmrw arvo thx" → "please send 50 tomorrow
    afternoon thanks"); text without any is returned as is."""
    if not any("a" <= ch <= "z" or ch.isdigit() for ch in folded):
        return folded
    text = _WORD.sub(lambda m: _WORDS[m.group()], folded)
    text = _TO.sub(lambda m: f"{m['want']} to ", text)
    text = _YOU.sub(lambda m: f"{m['before']} you", text)
    text = _ARVO.sub("afternoon", text)
    text = _TY.sub("thank you", text)
    text = _BAL_ALONE.sub(lambda m: f"{m['before']}balance", text)
    return _BAL.sub(lambda m: f"{m['before']}balance", text)


# Words of time a shorthand is made from, by leaving letters out ("tmrw", "wknd", "mrng", "nxt wk").
_DAY_WORDS = (
    "tomorrow", "tonight", "today", "yesterday", "weekend", "week", "month", "morning", "afternoon",
    "evening", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday", "next",
    "fortnight",
)  # fmt: skip
# Shorthands too short to be read by their letters alone ("tht" would be tonight's); not "mo": a name.
_SHORT = frozenset({"wk", "wks", "nxt", "mth", "mths", "yday", "yest", "tmw", "tdy", "wkd"})
_TOKEN = re.compile(_B + r"[a-z0-9]{2,}" + _E)


def _subsequence(short: str, word: str) -> bool:
    letters = iter(word)
    return all(ch in letters for ch in short)


def _shortens_a_day_word(token: str) -> bool:
    if token in _SHORT:
        return True
    spelled = "to" + token[1:] if token.startswith("2") else token
    if len(spelled) < 4 or not spelled.isalpha():
        return False
    return any(
        spelled != word and spelled[0] == word[0] and spelled[-1] == word[-1] and _subsequence(spelled, word)
        for word in _DAY_WORDS
    )


def date_shorthands(folded: str) -> list[tuple[int, int, str]]:
    """Spans of words that read like a shortened day word and are no English word ("tmrrw", "wknd")."""
    found = []
    for m in _TOKEN.finditer(folded):
        token = m.group()
        if _shortens_a_day_word(token) and token not in english_words():
            found.append((m.start(), m.end(), token))
    return found
