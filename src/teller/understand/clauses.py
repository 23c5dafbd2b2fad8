"""A payment already made in one clause, a new request in the next.

"I already paid the gas bill, please pay the water bill too", "I sent Maria $30 yesterday and I need
to send her another 20", 先週鈴木さんに振り込んだけど、もう5000円送りたい: the first clause tells what
happened, the next asks for something new. The new request is what the turn is about: it is not
a payment already made (`problems.past_payment`), and the amount, date, payee or biller said in it
supersede those of the story before it, as after a self-correction (`corrections.supersede`). A
request clause that names nothing new ("…and I need to send her more") leaves it unclear which
amount is meant: the turn asks (`unclear_correction`), it never re-sends the one told about.

Only a clause that asks (I need/want/'d like to, please, can/could you, an imperative; 〜て(ください),
〜たい, 〜ておいて) for a command (pay, send, transfer, a balance, transactions; 払, 送, 振込, 残高,
取引) counts: "…can I get it back", 取り消したい ask about the payment made, and stay with it.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import TypeVar

from teller.domain.trace import Extraction
from teller.understand.corrections import REFUSED, Marker
from teller.understand.problems import mentions_payment_made, payment_made_spans

T = TypeVar("T")

_BREAK = re.compile(
    r"[,;.!?、。！？]\s*|\s(?:and|so|but|then|now)\s|ので|から(?=[、,\s])|けど|けれど|が、|のに"
)
_REQUEST_EN = re.compile(
    r"^(?:(?:and|so|but|then|now|also|today|please|ok|okay)[,]?\s+)*"
    r"(?:i (?:really |also |still )?(?:need|want|would like|'d like|have) to|i'd like to|i (?:need|want)|"
    r"i'd like|please|can you|could you|would you|will you|can i|could i|let me|"
    r"pay|send|transfer|wire|move|show|tell|check|give|lock|freeze|block|put|do|handle|settle|"
    r"take care of|sort out|schedule|square up)\b"
)
_REQUEST_JA = re.compile(
    r"(?:て|で)(?:ください|下さい|ほしい|欲しい|おいて|おく|もらえ\w*|くれ\w*|ね)?[。!?！？]*$|"
    r"たい(?:です|んです|のですが)?[。!?！？]*$|(?:お願い|おねがい)(?:します)?[。!?！？]*$"
)
_COMMAND_WORD = re.compile(
    r"\b(?:pay|send|transfer|wire|balance|transactions?|spending|statement|activity)\b|"
    r"how much (?:is|do i have|i have|money)|払|送金|送|振込|振り込|残高|取引|明細|入出金|いくら|"
    # a bill named in an order of its own: "now do the verizon one", 電気代をお願い, ドコモの方をお願い
    r"\bbills?\b|\bthe [a-z]+(?: [a-z]+)? one\b|"
    r"(?:代|料金)(?:を|も|は)?(?:お願い|頼)|の方を?(?:お願い|頼)|円(?:を|も|だけ)?(?:お願い|頼)"
)


def new_request_after_payment(folded: str) -> int | None:
    """Where a clause asking for a new command starts after one about a payment already made (None
    when there is no such clause)."""
    if not mentions_payment_made(folded):
        return None
    made = payment_made_spans(folded)
    start = made[-1][1]
    for brk in _BREAK.finditer(folded, start):
        rest = folded[brk.end() :].strip()
        if not rest or mentions_payment_made(rest) or not _COMMAND_WORD.search(rest):
            continue
        if _REQUEST_EN.search(rest) or (not rest.isascii() and _REQUEST_JA.search(rest)):
            return brk.end()
    return None


def request_marker(folded: str) -> tuple[Marker, ...]:
    """The start of the new request as a zero-width marker: what is said after it supersedes what was
    said before it, as a self-correction's values do."""
    at = new_request_after_payment(folded)
    return () if at is None else (Marker(at, at, "new_request"),)


# The verbs of an order that moves money or a card.
_ORDER_VERBS = r"(?:pay|send|transfer|wire|lock|freeze|block|unlock|unfreeze|unblock)\b"
# A clause that opens with an order to move money or a card: "pay the water bill", "then lock my card"
_ORDER_EN = re.compile(
    r"^(?:(?:and|so|but|then|now|also|please|ok|okay|first|just|only|instead|can you|could you|would you|"
    r"will you|anyway|anyways|alright|oh|btw)[,]?\s+)*" + _ORDER_VERBS
)


def clause_at(folded: str, at: int) -> tuple[int, int]:
    """The clause (between `_BREAK`s) that holds position `at`."""
    return _between(_BREAK, folded, at)


def _between(breaks: re.Pattern[str], folded: str, at: int) -> tuple[int, int]:
    """The stretch of `folded` between two matches of `breaks` that holds position `at`."""
    start, end = 0, len(folded)
    for m in breaks.finditer(folded):
        if m.end() <= at:
            start = m.end()
        elif m.start() >= at:
            end = m.start()
            break
    return start, end


def orders_in_own_clause(folded: str, at: int) -> bool:
    """The clause at `at` is an order of its own: "pay the water bill (and then show me my balance)",
    電気代を払って(、そのあと残高も教えて)."""
    start, end = clause_at(folded, at)
    return _orders(folded[start:end].strip())


def _orders(clause: str) -> bool:
    """The clause is an order: "pay the water bill", 電気代を払って."""
    return bool(_ORDER_EN.match(clause) or (not clause.isascii() and _REQUEST_JA.search(clause)))


def _refuses(clause: str) -> bool:
    """The clause says what not to pay or send: "don't pay con ed yet", 水道はまだいい."""
    return bool(_REFUSED_EN.match(clause) if clause.isascii() else _REFUSED_JA.search(clause))


# A clause that says what not to do: "don't pay con ed yet", "not the cable bill", 水道はまだいい
_REFUSED_EN = re.compile(
    r"^(?:(?:please|ok|okay|actually|so|no)[,]?\s+)*(?:(?:don'?t|do not|no need to)\s+(?:\w+\s+)?"
    r"(?:pay|send|transfer|wire|lock|freeze|block)\b|not\s+(?:the|my|to|for|from)\b)"
)
_REFUSED_JA = re.compile(
    r"(?:は|も)(?:まだ|今は|今回は|今月は)?(?:いい|いいや|いいわ|いいよ|大丈夫|結構|なしで?|やめ(?:て|とく|ておく)|"
    r"払わない(?:で|でいい)|払わなくていい|送らない(?:で|でいい)|送らなくていい)(?:です)?$"
)


def _clauses(folded: str) -> list[tuple[int, str]]:
    starts = [0, *(m.end() for m in _BREAK.finditer(folded))]
    ends = [*(m.start() for m in _BREAK.finditer(folded)), len(folded)]
    return [(a, folded[a:b].strip()) for a, b in zip(starts, ends, strict=True) if folded[a:b].strip()]


def asks_in_some_clause(folded: str) -> bool:
    """Some clause orders or asks for something: "…, send it to him", "please schedule it for the
    30th", "settle up with catherine, …", 返しておいて."""
    return any(
        orders_in_own_clause(folded, start) or (clause.isascii() and _REQUEST_EN.search(clause))
        for start, clause in _clauses(folded)
    )


def refused_clause(folded: str) -> tuple[int, int] | None:
    """The clause that says what not to pay or send, before a later order ("don't pay con ed yet, pay
    the water bill", "not the cable bill, the phone bill, pay that one", 水道はまだいいから、携帯代だけ
    払っておいて), as (start, start of the next clause); None when there is none."""
    parts = _clauses(folded)
    for i, (start, clause) in enumerate(parts[:-1]):
        if _refuses(clause) and any(_orders(c) for _, c in parts[i + 1 :]):
            return start, parts[i + 1][0]
    return None


_NOT_AN_OBJECT = re.compile(r"\b(?:accounts?|checking|savings|cards?)\b|口座|カード|預金")


# "…, not the credit card", "not today - …", "…, but not from checking": a value named after "not", said as
# a clause of its own (at the start, after a pause, "but" or "and"), up to the next pause.
_NOT_PHRASE = re.compile(
    r"(?<![a-z'])not\s+(?:(?:the|my|from|to|on|for|in|at)\s+)*[^,;.!?]{1,30}?"
    r"(?=\s*(?:[,;.!?]|\s[-\u2013\u2014]\s|\bbut\b|$))"
)
_CONTRAST_BEFORE = re.compile(r"(?:^|[,;.!?]|\s[-\u2013\u2014]|\b(?:but|and))\s*$")


def contrasted(folded: str) -> tuple[tuple[int, int], ...]:
    """Spans of values set aside by "not" in a clause of their own: "lock my debit card, not the credit
    card", "not today - send maria $150 tomorrow", "send maria 40 dollars, not 400". Whether one of them
    names a value that another value of its kind replaces is for each kind to say."""
    return tuple(
        m.span() for m in _NOT_PHRASE.finditer(folded) if _CONTRAST_BEFORE.search(folded[: m.start()])
    )


def refused_after_order(folded: str) -> tuple[int, int] | None:
    """The clause after an order that says which one not to pay or send ("pay the internet bill, not the
    phone bill", ガス代を払って、水道代はまだいいです), as its span; None when there is none. Never one
    about the account or card paid from ("…, not from checking" is asked about)."""
    parts = _clauses(folded)
    for i, (start, clause) in enumerate(parts[1:], start=1):
        if _refuses(clause) and not _NOT_AN_OBJECT.search(clause) and any(_orders(c) for _, c in parts[:i]):
            at = folded.index(clause, start)
            return at, at + len(clause)
    return None


def refusal_marker(folded: str) -> tuple[Marker, ...]:
    """A zero-width marker after a refused clause: the names and amount said after it are the ones
    meant, as after a self-correction."""
    refused = refused_clause(folded)
    return () if refused is None else (Marker(refused[1], refused[1], REFUSED),)


# Two orders in one turn, one after the other: "pay the verizon bill and then send david $30", まずガス代を
# 払って、それから伊藤さんに3000円送って. The first said is the one proposed, understood from its own clause
# only (so the second's payee or amount never fills it); the rest is kept in the trace as the next request.
_SEQUENCE = re.compile(
    r"\s*(?:[,;.]\s*)?(?:\b(?:and|then|also|after that|afterwards|plus)\b[,]?\s*)+|"
    r"\s*[、,]\s*(?:それから|そのあと|その後|あと|あとは|次に|それと|ついでに)[、,]?\s*"
)
_ORDER_HEAD_EN = re.compile(
    r"^(?:(?:and|then|also|please|first|just|can you|could you|would you)[,]?\s+)*" + _ORDER_VERBS
)


def split_orders(folded: str) -> tuple[str, str] | None:
    """(the first order, the rest) when the turn gives two orders in a row, each in its own clause."""
    if not folded.isascii():
        return _split_ja(folded)
    if not _ORDER_HEAD_EN.match(folded):
        return None
    for m in _SEQUENCE.finditer(folded):
        rest = folded[m.end() :]
        if m.start() > 0 and _ORDER_HEAD_EN.match(rest) and not _REFUSED_EN.match(rest):
            return folded[: m.start()].strip(" ,;."), rest
    return None


# 〜払って、(それから|あと)〜送って: an order ending in its request form, then another
_ORDER_END_JA = re.compile(
    r"(?:払|送|振り?込|止め|ロック)(?:って|んで|して|めて)(?:ください|下さい|おいて)?$"
)


def _split_ja(folded: str) -> tuple[str, str] | None:
    for m in _SEQUENCE.finditer(folded):
        first, rest = folded[: m.start()].strip(" 、,"), folded[m.end() :]
        ordered = _COMMAND_WORD.search(rest) or _MOVES.search(rest)  # …、あとデビットカード止めて
        if _ORDER_END_JA.search(first) and _REQUEST_JA.search(rest) and ordered:
            return first, rest
    return None


# What was asked first, taken back before an order: "what's my balance — never mind, just send 200 to aoife",
# "show me my transactions - scratch that - pay the water bill", 残高を教えて、いや、やっぱりいいや、…送って.
_RETRACTION = re.compile(
    r"(?:^|[\s,.;:!?-])(?:never ?mind|nvm|scratch that|forget (?:that|it|about (?:that|it))|actually,? no)"
    r"[\s,.;:!?-]+(?:(?:just|actually|instead|ok|okay|so|then)[,]?\s+)*|"
    r"(?:いや[、,]?\s*)?やっぱり?(?:いい(?:や|です)?|やめ(?:て|ます|る|た)?|なし)[、。,.!！\s]+|"
    # 送金はやめた。代わりに残高だけ確認させて: given up, and something else asked instead
    r"(?:は|を)?やめ(?:た|る|とく|ておく|ます|ました|とこう)[、。,.!！\s]*(?:その)?(?:代わりに|かわりに)[、,]?\s*"
)
_MOVES = re.compile(rf"\b{_ORDER_VERBS}|払|送|振り?込|止め|ロック|解除")


# "I didn't say send it to Saito, I said Sato Kenta": what was not said, corrected by what was.
_SAID_INSTEAD = re.compile(
    r"^(?P<lead>.*?)\bi (?:didn'?t|did not|never) (?:say|said|mean|meant)\s+(?P<was>[^,.;!?]+?)\s*[,.;]\s*"
    r"(?:i (?:said|meant|mean)|what i (?:said|meant) (?:was|is))\s+(?P<now>\w.*)$"
)


def said_instead(folded: str) -> str | None:
    """The turn read as a correction ("send it to saito, i mean sato kenta") when it says what it did not
    say and then what it did; None otherwise (a denial with nothing said instead is left to ask)."""
    m = _SAID_INSTEAD.search(folded)
    if m is None:
        return None
    return f"{m['lead']}{m['was']}, i mean {m['now']}"


def after_retraction(folded: str) -> str | None:
    """The order said after a question or a read taken back ("…never mind, just send 200 to aoife"), or
    a read asked instead of an order given up (送金はやめた。代わりに残高だけ確認させて); None when nothing
    was taken back, when no order follows, or when an order that moves money or a card is taken back for
    another (a correction of an order is read as a correction, with what it keeps)."""
    found = None
    for m in _RETRACTION.finditer(folded):
        found = m
    if found is None or found.start() == 0:
        return None
    before, rest = folded[: found.start()], folded[found.end() :].strip()
    if not _orders(rest) or (_MOVES.search(before) and _MOVES.search(rest)):
        return None  # (a money order given up for a read leaves only the read: nothing of it is kept)
    return rest


_PUT_OFF = re.compile(
    r"\b(?:not (?:today|now|yet|right now|this time)|for now|later|another time|some other time|next time)\b|"
    r"また今度|今度にする|今日は(?:やめ|いい)|今は(?:いい|やめ)|やめ(?:とく|ておく|る|ます|よう)"
)


def retracted(folded: str) -> bool:
    """The turn takes its order back at the end, with no new order after it ("pay verizon... actually
    never mind, not today", ドコモの携帯代払って…あ、やっぱいいや、今日はやめとく)."""
    found = None
    for m in _RETRACTION.finditer(folded):
        found = m
    if found is None or found.start() == 0 or not _MOVES.search(folded, 0, found.start()):
        return False
    rest = folded[found.end() :]
    # (what follows only puts it off: "not today", "for now", また今度, 今日はやめとく; a value after it,
    # "scratch that, to nguyen thi lan", "…, do it monday", corrects the order instead)
    return not rest.strip(" ,.!?、。…") or (_PUT_OFF.search(rest) is not None and not _MOVES.search(rest))


# A verb in the past: "maria grabbed dinner", "the cab was like $60", 使っちゃった, 3000円だった
_PAST_EN = re.compile(
    r"\b(?:had|was|were|went|got|paid|bought|took|ate|lent|gave|came|did|made|spent|met|saw|drove|"
    r"covered|grabbed|picked|treated|helped|fronted|[a-z]{3,}ed)\b"
)
_PAST_JA = re.compile(r"(?:た|だ)$|ました$|でした$|(?:た|だ)(?=[のん])")


def told_in_the_past(clause: str) -> bool:
    """A verb of the clause is in the past ("Maria grabbed dinner on Tuesday", 先週使っちゃった)."""
    return bool(_PAST_EN.search(clause) or _PAST_JA.search(clause))


def story_amounts(folded: str, amounts: Sequence[Extraction[T]]) -> list[Extraction[T]]:
    """Amounts told in the past in a clause of their own, beside an amount in a clause that orders ("She
    paid $95 for the tickets" beside "can you send maria 40 on friday?"; 昨日のランチは3000円だった beside
    山本さんに1500円送って): the story's, not the amount sent. None when no clause orders with an amount.

    A clause is told in the past when a verb of its own is, or when its whole sentence is and orders
    nothing ("I got charged $87.34 … and $15.49 for netflix on the 14th, ugh.")."""

    def text(span: tuple[int, int]) -> str:
        return folded[span[0] : span[1]].strip()

    ordered = set()
    for a in amounts:
        clause = clause_at(folded, a.start)
        if orders_in_own_clause(folded, a.start) and not told_in_the_past(text(clause)):
            ordered.add(clause)
    if not ordered:
        return []
    story = []
    for a in amounts:
        clause, sentence = clause_at(folded, a.start), _sentence_at(folded, a.start)
        if clause in ordered:
            continue
        sentence_orders = any(sentence[0] <= s < sentence[1] for s, _ in ordered)
        if told_in_the_past(text(clause)) or (not sentence_orders and told_in_the_past(text(sentence))):
            story.append(a)
    return story


_SENTENCE_BREAK = re.compile(r"[.!?](?=\s)|[。！？]")


def _sentence_at(folded: str, at: int) -> tuple[int, int]:
    """The sentence (between full stops, question or exclamation marks) that holds position `at`."""
    return _between(_SENTENCE_BREAK, folded, at)
