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

from teller.understand.corrections import Marker
from teller.understand.problems import mentions_payment_made, payment_made_spans

_BREAK = re.compile(
    r"[,;.!?、。！？]\s*|\s(?:and|so|but|then|now)\s|ので|から(?=[、,\s])|けど|けれど|が、|のに"
)
_REQUEST_EN = re.compile(
    r"^(?:(?:and|so|but|then|now|also|today|please|ok|okay)[,]?\s+)*"
    r"(?:i (?:really |also |still )?(?:need|want|would like|'d like|have) to|i'd like to|i (?:need|want)|"
    r"i'd like|please|can you|could you|would you|will you|can i|could i|let me|"
    r"pay|send|transfer|wire|move|show|tell|check|give|lock|freeze|block|put)\b"
)
_REQUEST_JA = re.compile(
    r"(?:て|で)(?:ください|下さい|ほしい|欲しい|おいて|おく|もらえ\w*|くれ\w*|ね)?[。!?！？]*$|"
    r"たい(?:です|んです|のですが)?[。!?！？]*$|(?:お願い|おねがい)(?:します)?[。!?！？]*$"
)
_COMMAND_WORD = re.compile(
    r"\b(?:pay|send|transfer|wire|balance|transactions?|spending|statement|activity)\b|"
    r"how much (?:is|do i have|i have|money)|払|送金|送|振込|振り込|残高|取引|明細|入出金|いくら"
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
