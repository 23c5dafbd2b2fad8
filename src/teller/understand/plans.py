"""A plan or a maybe is no order: "I might send david $50 tomorrow", "i'm planning to pay verizon on
friday", "I was going to send her 45", 送るつもり, 払おうかな, 送るかもしれない, 送る予定, 払おうと思ってる
(not a maybe about what happened: "I might have lost it", 盗まれたかも). So is a debt told with no order
to pay it: "I owe maria 25 for the taxi", 伊藤さんに3000円借りてる, 立て替えてもらった; and a promise or
someone else's wish told ("I promised david I'd send him 60", "my dad wants me to pay…", 頼まれた).

Told to a bank, these say what the customer has in mind, not what to do now: a turn that would act on
one asks first. An order said anywhere in the utterance ("…送るつもりだったけど、今5000円送って") is an
order; a polite maybe inside a request ("could you maybe pay…") is no plan.

All patterns run on folded text (`teller.normalize.text.fold`).
"""

from __future__ import annotations

import re

from teller.understand.clauses import asks_in_some_clause

Span = tuple[int, int]

_PLAN_EN = re.compile(
    r"(?<![a-z'])(?:"
    r"(?:i|we)(?:'ll| will)? (?:might|may)(?! as well| have| had)|"
    r"(?:(?:i|we)(?:'m| am|'re| are) )?(?:thinking|thought) (?:of|about)|"
    r"(?:(?:i|we)(?:'m| am|'re| are) )?planning (?:to|on)|(?:i|we) plan (?:to|on)|(?:i|we) intend to|"
    r"(?:i|we) (?:was|were) (?:going to|gonna)|"
    r"(?:i|we)(?:'ll| will) (?:probably|maybe|perhaps)|probably (?:going to|gonna)|"
    r"maybe (?:i'll|i will|we'll|i should|i could)|"
    # a should told to oneself about money: "I should probably pay the gas bill soon", "I really ought to
    # send her…" (a card locked because one should is locked: "I think I should lock my card")
    r"(?:i|we) (?:really |probably |definitely |prolly )?(?:should|ought to|oughta|'d better|better)"
    r"(?: (?:probably|really|just))?(?= (?:pay|send|transfer|wire|move|give)\b)"
    r")(?![a-z'])"
)
_PLAN_JA = re.compile(
    r"つもり|予定(?:です|だ|で|なんだ|なの|でいる)?(?=[。！？!?、,\s]|$)|(?<![ただ])かも(?:しれ(?:ない|ません))?(?=[。！？!?、,\s]|$)|"
    r"(?<=[おこそとのほもよろごぞどぼぽ])う(?:かな|か(?:と思って|と考えて|迷って|な[あぁ]))|"
    r"(?<=[おこそとのほもよろごぞどぼぽ])うと(?:思って|考えて|思う|思い)|考え中|検討中|"
    # a must told to oneself: 返さなきゃ, 払わなくちゃなあ (an order beside it still acts)
    r"(?:なきゃ|なくちゃ|ないと)(?:いけない|ならない|ね|な[あぁ]?|だ|なんだ)?(?:よね|けど)?(?=[。！？!?、,\s]|$)"
)

# A promise or someone else's wish told: "I promised david I'd send him 60", "told maria I would pay her",
# "my dad wants me to pay…", "catherine asked me to send…", 返すって約束した, 払うように頼まれた
_TOLD_EN = re.compile(
    r"(?<![a-z'])(?:(?:promised|told|assured) (?:[a-z'-]+ ){0,3}?(?:that )?"
    r"(?:i'd|i would|i'll|i will|i was going to)|"
    r"promised to|(?:wants|wanted|asked|asks|told|needs|begged) me to)(?![a-z'])"
)
_TOLD_JA = re.compile(r"って約束|と約束|(?:ように|って)(?:頼まれ|言われ)|に頼まれ")
_DEBT_EN = re.compile(r"(?<![a-z'])(?:i|we) (?:still |now |really |kinda |kind of )?owe(?![a-z'])")
_DEBT_JA = re.compile(r"借りて(?:る|いる|います|た|ました)|借りた|立て替えて(?:もら|くれ)")


def plan_spans(folded: str) -> list[Span]:
    """Where a plan, a maybe or a debt is told, when no clause of the utterance orders anything."""
    if asks_in_some_clause(folded):
        return []
    found = [m.span() for rx in (_PLAN_EN, _DEBT_EN, _TOLD_EN) for m in rx.finditer(folded)]
    if not folded.isascii():
        found += [m.span() for rx in (_PLAN_JA, _DEBT_JA, _TOLD_JA) for m in rx.finditer(folded)]
    return found
