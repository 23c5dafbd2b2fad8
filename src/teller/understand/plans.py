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


# A wish: "I wish I could send…", "if only I could…", "I'd love to pay it off but…", 送れたらいいのに
_WISH_EN = re.compile(
    r"(?<![a-z'])(?:(?:i|we) (?:just |really |so )?wish (?:i|we) (?:could|can|had|were able)|"
    r"if only (?:i|we) (?:could|had)|(?:i|we)(?:'d| would) (?:love|like) to(?=[^.?!]*\bbut\b))(?![a-z'])"
)
_WISH_JA = re.compile(r"(?:たら|れば|えば)(?:いい|良い)のに")
# A habit told: "I usually pay the water bill on the 15th", 水道代は5日に払ってます (an order beside it acts)
_HABIT_EN = re.compile(
    r"(?<![a-z'])(?:i|we) (?:usually|normally|always|typically|generally|often|regularly|tend to)"
    r" (?:pay|send|transfer|wire|move|give)(?![a-z'])"
)
_HABIT_JA = re.compile(
    r"(?:払って|送って|振り込んで|振込して|送金して)(?:ます|います|る|いる)(?=[。！!、,\s]|$|よ|けど|んだ|んです)"
)
# Words to pass on to someone ("tell maria to send me $50", "let david know I'll send…", 返してって伝えて)
# and an order given as an example or quoted ("for example, send $20…", 「水道代払って」って言えば…): no
# order of the customer's now, whatever else the turn says
_RELAY_EN = re.compile(r"\b(?:tell|remind|let) (?!me\b|us\b)(?:[a-z'-]+ ){1,3}?(?:know|to|that)\b")
_RELAY_JA = re.compile(r"(?:って|と)(?:伝え|言っと|言っておい|言っておいて|連絡しておいて)")
_EXAMPLE_EN = re.compile(
    r"\b(?:for example|for instance|e\.g\.|eg,|like if i (?:said|say|typed|type)|"
    r"what (?:would|do|should) i (?:say|type))(?![a-z])"
)
_EXAMPLE_JA = re.compile(r"例えば|たとえば|(?:って|と)(?:言えば|言ったら|打てば|入力すれば)")


def told_as_habit(folded: str, clause: Span) -> bool:
    """Whether the clause tells a habit ("I usually pay the water bill on the 15th, but pay it today"):
    its day is the habit's, not the order's."""
    return any(rx.search(folded, *clause) for rx in (_HABIT_EN, _HABIT_JA))


def plan_spans(folded: str) -> list[Span]:
    """Where a plan, a maybe, a debt, a wish or a habit is told, when no clause of the utterance orders
    anything; and where words are passed on or an order is an example, whatever the rest says."""
    found = [m.span() for rx in (_RELAY_EN, _EXAMPLE_EN) for m in rx.finditer(folded)]
    if not folded.isascii():
        found += [m.span() for rx in (_RELAY_JA, _EXAMPLE_JA) for m in rx.finditer(folded)]
    if asks_in_some_clause(folded):
        return found
    found += [
        m.span() for rx in (_PLAN_EN, _DEBT_EN, _TOLD_EN, _WISH_EN, _HABIT_EN) for m in rx.finditer(folded)
    ]
    if not folded.isascii():
        found += [
            m.span()
            for rx in (_PLAN_JA, _DEBT_JA, _TOLD_JA, _WISH_JA, _HABIT_JA)
            for m in rx.finditer(folded)
        ]
    return found
