"""The coverage rule: every word of a command is accounted for, or the turn does not act on it.

The fast path explains spans of the utterance (the command cue, the amount, the date, the payee or
biller, the card or account words, correction markers). What is left is *unexplained*. Most of it
is harmless (fillers, politeness, a purpose such as "for the concert tickets"), but some kinds of
words could change what the customer meant, and a turn that would execute or confirm with one of
them left over asks instead:

    number       an amount or digits the turn did not use ("…and 20 to sarah")
    date         a date-like phrase no rule resolved ("on payday", "給料日"), or a second date
    negation     not, don't, never, 〜ないで, 〜ません
    condition    unless, except, only if, 〜なら, 〜たら
    name         a name-like word beside a payee or after "and"/"or" (田村|さくら, "…and kowalski")
    correction   a correction marker with nothing after it ("…, no wait")
    plan         a plan or a maybe with no order after it ("I might send…", 送るつもり; `plans`)

Every unexplained word goes into the trace (rule `unexplained`, value = its kind); only the kinds
above hold a turn.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass

from teller.normalize.script import KANJI_CLASS, KATAKANA_CLASS, is_hiragana
from teller.normalize.text import JA_HONORIFICS

RISKY = frozenset({"number", "date", "negation", "condition", "name", "correction", "plan"})

Span = tuple[int, int]
Add = Callable[[int, int, str], None]


@dataclass(frozen=True, slots=True)
class Unexplained:
    start: int
    end: int
    surface: str
    kind: str  # one of RISKY, or "other"


# Words that carry no content of their own in a banking command: function words, fillers,
# politeness, command and slot vocabulary. Anything else unexplained is traced as "other".
_LEXICON_EN = frozenset(
    """
    a about after again all also am an and any anyone anybody someone somebody everyone everybody nobody
    are as at be been before being but by can could
    did do does done for from get give go going got had has have he her here him his how i if in into is
    it its it's just let lets let's like me more most much my need no now of off ok okay on once only or
    our out over please right same see she should show so some than thank thanks that the their them
    then there these they this those to too up us want was we were what when where which who whom why
    will with would yes you your yours hi hey hello im i'm ive i've youre you're whats what's i'd id
    wanna gonna gotta um uh uhm er erm hmm ah oh well yeah yep sure basically literally maybe kindly pls
    plz thx cheers mate buddy quick quickly real really asap immediately straight away today tonight
    tomorrow now soon very lot lots great fine good cool awesome alright all right send sent pay paid
    paying transfer transferred wire wired move give make makes lock unlock freeze unfreeze block
    unblock check tell find look show see cancel stop put take want need like would money cash funds
    fund amount balance balances account accounts card cards credit debit checking savings bill bills
    payment payments payee payees recipient recipients transaction transactions history statement bank
    banking over across along via using through instead anyway dollar dollars bucks buck usd yen jpy eur
    euro euros cent cents sorted done doing actually wondering wonder possible able help back
    work school church gym office college train bus subway plane flight metro cab taxi street road trip bar
    restaurant
    we're we've we'll they're they've they'll he's she's that's there's here's i'll you'll you've it'll
    ur u san sama kun chan
    """.split()  # noqa: SIM905
)
_JA_LEXICON = frozenset(
    """
    送金 振込 振り込み 振替 支払 支払い 残高 口座 円 明細 取引 履歴 入出金 請求 料金 代
    お金 金額 カード ロック 解除 停止 凍結 紛失 普通 預金 当座 貯蓄 定期 デビット クレジット クレカ
    今日 明日 明後日 本日 至急 急ぎ 今 今すぐ 全部 全額 半額 手続き 確認 最近 直近 件
    先 宛 様 お願い 願い 下さい 大丈夫 了解 承知 失礼 念 為 分 用 件数 最新
    一覧 表示 教 見 送 払 止 使 様 殿 氏 君 先週 先月 去年 昨年
    先日 前回 今朝 昨夜 昨晩 今週 今月 来週 来月 恐 入 頂 致 願
    末尾 下 桁 宛 様宛 宛て 金 振 込 同 一度 一回 再度
    """.split()  # noqa: SIM905
)

_EN_WORD = re.compile(r"[a-z0-9]+(?:'[a-z]+)?")
_JA_RUN = re.compile(f"[{KANJI_CLASS}{KATAKANA_CLASS}a-z0-9]+")

_NEGATION = re.compile(
    # ("don't forget to pay…", "don't wait, send…", 忘れないうちに: said to hurry, not to stop)
    r"(?<![a-z'])(?:not|don't|dont|do not|never|no longer|won't|wont|shouldn't|mustn't|without)(?![a-z'])"
    # ("won't you send…": a request said as a negative question, `forms.insists`)
    r"(?! (?:forget|wait|hesitate)\b)(?! (?:you|u)\b)|"
    # (〜てくれない?, 〜てもらえない?, 〜ていただけない?: a request asked as "won't you", no negation)
    r"(?<!忘れ)(?<=[らわまさかがたなばしめけせべれえげてねこ])(?:ないで|なくて|"
    r"(?<![てで]くれ)(?<![てで]もらえ)(?<![てで]いただけ)(?<![てで]頂け)ない(?![かでの])|ない(?![かでの?？]|$))|"
    r"(?<!す[みい])ません(?!か)|"
    r"やめて|中止|不要|いらない|"
    # what is set aside: 全額はまだいいです, 全部はいいや, 満額は結構です
    r"(?<=[はも])(?:まだ|今は|今回は|今月は)?(?:いい(?:や|よ|わ)?|大丈夫|結構)(?=です|$|[、。,.!！?？\s])"
)
_CONDITION = re.compile(
    r"(?<![a-z'])(?:unless|except|only if|in case|as long as|provided|whenever|the moment|"
    # an event the money waits for: "once my bonus comes through", "after i get paid", "as soon as…"
    r"(?:once|when) (?:i|we|my|our|the|it|he|she|they|you)|as soon as(?! (?:possible|you can|you're able)\b)|"
    r"(?:after|before|until|till) (?:i|we|my|our|he|she|they|it|you)|by the time|"
    r"if(?! (?:you|u|it's ok|it is ok|possible|"
    r"that's ok|that is ok)\b))(?![a-z'])|"
    r"(?:なら|ならば|場合は?|限り|(?<=[っいしきちりみびぎれけせてねめべえ来出見])たら(?!どう)|次第|(?<=[っんいしきちりみびぎ])[てで]から|"
    # an event as the time (帰る前に, 引き落とし前に, 戻るまでに), not a date (3日前, 月末までに)
    r"(?<![0-9０-９日週月年時分秒こそ以])前に|(?<=[るうくすつぬむぶぐ])(?:までに|うちに))"
)
# Asides that change nothing: haste, not a condition ("before I forget", "before somebody starts using
# it", 忘れないうちに, 使われる前に); why ("I don't want another late fee"); the one not meant.
_ASIDES = re.compile(
    # talk: "quick one, send…" (a quick request, no number), "thanks a bunch"
    r"(?<![a-z'])(?:(?:just )?(?:a |one )?quick one|thanks a (?:bunch|million|ton|heap|lot))(?![a-z'])|"
    # a greeting: "happy thanksgiving", "merry christmas", あけましておめでとう, 良いお年を
    r"(?<![a-z'])(?:happy|merry|have a (?:good|great|nice|happy|merry)) (?:thanksgiving|christmas|xmas|"
    r"holidays?|new year|easter|halloween|hanukkah|4th|fourth of july|weekend|birthday)(?![a-z'])|"
    r"(?:明けまして|あけまして)おめでとう(?:ございます)?|良いお年を|よいお年を|メリークリスマス|"
    r"(?<![a-z'])(?:before (?:i forget|it'?s too late|it is too late|(?:someone|somebody|anyone|anybody|they|"
    r"the thief|whoever (?:has|took) it) (?:else )?(?:\w+ )?(?:use|uses|using|spend|spends|spending|charge|"
    r"charges|starts?|can|gets?|takes?|drains?|empt\w+|max\w*|runs?)\b(?: \w+){0,2})|while i remember)|"
    r"(?:忘れない|忘れる前に|使われる前に|悪用される前に|不正利用される前に|手遅れになる前に)(?:うちに)?|"
    # politeness, not a condition: 可能なら, できれば, よかったら, 差し支えなければ ("if you can")
    r"(?:もし)?(?:可能|できる|出来る)(?:なら|ならば|でしたら|であれば)|できれば|出来れば|できたら|出来たら|"
    r"よろしければ|よければ|よかったら|差し支えなければ|"
    # business-mail courtesies: お世話になっております, よろしくお願い申し上げます, お手数ですが
    r"(?:いつも)?(?:大変)?お世話に(?:なって|なり)(?:おります|います|ました)|"
    r"(?:どうぞ|何卒|なにとぞ)?よろしくお願い(?:いた|致)?(?:します|申し上げます)|お手数(?:を(?:おかけ|お掛け)しますが|ですが)|"
    # must, said with two negatives: 払わなければならない, 払わなきゃ, 払わないわけにはいかない
    r"な(?:ければ|きゃ|くちゃ|くては)(?:なら|いけ|だめ|ダメ)?(?:ない|ません)?|ないと(?:いけ|だめ|ダメ)(?:ない|ません)?|"
    r"ないわけに(?:は)?(?:いかない|いきません)|ざるを得ない|"
    # why, said as what the customer wants to avoid: "I don't want another late fee", "so I don't forget"
    r"(?<![a-z'])(?:i|we) (?:don'?t|do not|won'?t|will not) (?:want (?:another|any more|any|a|more) (?:\w+ )?"
    r"(?:fees?|notices?|charges?|penalt(?:y|ies)|reminders?|letters?|calls?|interest)|"
    r"(?:want to )?(?:be late|"
    r"forget(?: again)?|miss (?:it|the (?:due date|deadline))|get (?:charged|dinged|hit with \w+(?: \w+)?)|"
    r"have to (?:deal with|worry about) (?:it|that|this)|keep (?:\w+ )?waiting))(?![a-z'])|"
    # which one, by the one not meant: "david lee i mean, not the other david from work"
    r"(?<![a-z'])not (?:the other|that other|the one (?:from|at|in))(?: [a-z']+){0,4}$"
)
# Why the customer asks, said before the order or after "because": "i don't have time to go to the bank so
# please pay verizon", "I can't get to a branch, could you pay…", "pay it because I won't be home" — a
# clause with no money or card verb of its own, so its negation is no order not to.
_REASON_BEFORE = re.compile(
    r"(?:^|(?<=[.;!?] ))(?P<clause>[^,.;!?]+?)(?:,? so |, (?=(?:please|pls|can you|could you|would you|"
    r"will you|just|pay|send|transfer|lock|freeze)\b))"
)
_REASON_AFTER = re.compile(r"\b(?:because|cause|'cause|since i|since we) (?P<clause>[^,.;!?]+)")
# 窓口に行けないものですから、…払っておいてもらえますか: a clause that says why, closed by ので/から
_REASON_JA = re.compile(
    r"(?P<clause>[^、。,.!?！？]+?(?:ので|から|ものですから|ものだから|もので|ため))(?=[、,])"
)
_COMMAND_VERB_JA = re.compile(r"払|送|振り?込|ロック|止め|凍結|解除|残高|取引|明細")
_COMMAND_VERB = re.compile(
    r"\b(?:pay|paid|send|sent|transfer\w*|wire|move|lock\w*|freez\w*|block\w*|cancel\w*|stop\w*)\b"
)


def without_reasons(folded: str) -> str:
    """`folded` with why the customer asks blanked (same length): "i can't get to a branch, could you pay
    the water bill" is an order with its reason, no problem report."""
    for start, end in _reasons(folded):
        folded = folded[:start] + " " * (end - start) + folded[end:]
    return folded


def _reasons(folded: str) -> list[Span]:
    out: list[Span] = []
    for pattern in (_REASON_BEFORE, _REASON_AFTER):
        for m in pattern.finditer(folded):
            if not _COMMAND_VERB.search(m["clause"]) and not _CONDITION.search(m["clause"]):
                out.append(m.span("clause"))
    if not folded.isascii():
        out.extend(
            m.span("clause")
            for m in _REASON_JA.finditer(folded)
            if not _COMMAND_VERB_JA.search(m["clause"]) and not _CONDITION.search(m["clause"])
        )
    return out


_AND = re.compile(r"(?<![a-z'])(?:and|or|plus|&|as well as|also)(?:(?: to)? (?:my|the|his|her|their|a|an))? ")
# An unknown word where a date goes: "on blursday", "by the moonday".
# ("hang on honey", "hold on babe", "come on man": a phrasal verb's "on", no day after it)
_DATE_PREP = re.compile(
    r"(?<![a-z'])(?<!hang )(?<!hold )(?<!come )(?<!carry )(?<!later )"
    r"(?:on|by|until|till|before|after|starting|"
    # "a purchase from amazon": where a payment came from is no day
    r"(?<!purchase )(?<!purchases )(?<!charge )(?<!charges )(?<!payment )(?<!payments )(?<!transaction )"
    r"(?<!transactions )from) (?:the |this |next )?"
)


def _doing(word: str) -> bool:
    """ "stop my card from working", "by using my savings": a doing after the preposition is no day."""
    return word.endswith("ing") and word not in {"morning", "evening", "spring", "thanksgiving"}


# What follows "on"/"by" that is no day: "on the phone", "on hold", "by the way", "on speaker".
_NO_DAY = frozenset(
    {
        "phone",
        "line",
        "hold",
        "way",
        "call",
        "speaker",
        "speakerphone",
        "mute",
        "app",
        "website",
        "site",
        "further",
        "time",  # "pay on time", "by the time…" (a condition of its own)
    }
    | {"computer", "laptop"}
)
_HONORIFIC_AFTER = re.compile("^(?:" + "|".join(JA_HONORIFICS) + ")")


def without_asides(folded: str) -> str:
    """`folded` with its asides blanked ("pay the water bill, i don't want any more late fees": the fees
    are why, not what is asked about)."""
    return _ASIDES.sub(lambda m: " " * len(m.group()), folded)


def _inside(start: int, end: int, spans: Iterable[Span]) -> bool:
    return any(s <= start and end <= e for s, e in spans)


def _overlaps(start: int, end: int, spans: Iterable[Span]) -> bool:
    return any(start < e and s < end for s, e in spans)


def find_unexplained(
    folded: str,
    explained: Sequence[Span],
    *,
    numbers: Sequence[Span] = (),
    dates: Sequence[tuple[int, int, str]] = (),
    names: Sequence[Span] = (),
    partial_names: Sequence[Span] = (),
    people: Sequence[Span] = (),
    correction: tuple[int, int, str] | None = None,
    names_said: Sequence[Span] = (),
) -> list[Unexplained]:
    """What the turn did not account for in `folded`, each with its kind.

    `explained` are spans the fast path used; `numbers` are amounts/digits it did not use; `dates`
    date-like phrases it could not resolve or did not use; `names` the payee spans it matched (a
    name-like word touching one is suspicious); `people` other payees named besides the recipient;
    `correction` a marker nothing followed; `names_said` phrases that were looked up as a whole name
    (they explain words, not numbers, dates, negations or conditions inside them).
    """
    explained = [*explained, *(m.span() for m in _ASIDES.finditer(folded))]
    reasons = _reasons(folded)
    out: list[Unexplained] = []
    taken: list[Span] = list(explained)

    def add(start: int, end: int, kind: str) -> None:
        if start < end and not _inside(start, end, taken):
            out.append(Unexplained(start, end, folded[start:end], kind))
            taken.append((start, end))

    for start, end in numbers:
        add(start, end, "number")
    for start, end in people:
        add(start, end, "name")
    for start, end, _surface in dates:
        add(start, end, "date")
    if correction is not None:
        add(correction[0], correction[1], "correction")
    for pattern, kind in ((_NEGATION, "negation"), (_CONDITION, "condition")):
        for m in pattern.finditer(folded):
            if kind == "negation" and _inside(m.start(), m.end(), reasons):
                continue  # why the customer asks: "i don't have time to go to the bank so…"
            if not _overlaps(m.start(), m.end(), explained):
                add(m.start(), m.end(), kind)
    for m in _DATE_PREP.finditer(folded):
        word = _EN_WORD.match(folded, m.end())
        if (
            word
            and word.group() not in _LEXICON_EN | _NO_DAY
            and not word.group()[0].isdigit()
            and not _doing(word.group())
        ):
            add(word.start(), word.end(), "date")
    taken.extend(names_said)
    _names_en(folded, partial_names, add)
    if not folded.isascii():
        _names_ja(folded, names, add)
    for m in _EN_WORD.finditer(folded):
        if m.group() not in _LEXICON_EN and not _overlaps(m.start(), m.end(), taken):
            add(m.start(), m.end(), "other")
    if not folded.isascii():
        for m in _JA_RUN.finditer(folded):
            if m.group().isascii():
                continue
            for start, end in _uncovered(m.start(), m.end(), taken):
                if not _made_of_known(folded[start:end]) and not is_hiragana(folded[start]):
                    add(start, end, "other")
    out.sort(key=lambda u: u.start)
    return out


def _made_of_known(run: str) -> bool:
    """The run is known Japanese words one after another (一回送金: 一回 + 送金)."""
    ends = {0}
    for i in range(1, len(run) + 1):
        if any(j in ends and run[j:i] in _JA_LEXICON for j in range(i)):
            ends.add(i)
    return len(run) in ends


def _uncovered(start: int, end: int, spans: Sequence[Span]) -> list[Span]:
    """The parts of [start, end) that no span covers."""
    parts: list[Span] = []
    pos = start
    for s, e in sorted(spans):
        if e <= pos or s >= end:
            continue
        if s > pos:
            parts.append((pos, s))
        pos = max(pos, e)
    if pos < end:
        parts.append((pos, end))
    return parts


_VERB_LIKE = re.compile(
    r"(?:ed|ing|s)$|^(?:said|told|paid|sent|lent|gave|got|put|bought|spent|left|made|took|came|went|drove|ate|"
    r"let|just|also|too|again|back|already)$"
)  # "maria said…", "aoife lent me…": what the payee did, not a surname


# People named by their role, not their name: "…and the landlord is angry", "and my boss is mad".
_ROLES_EN = frozenset(
    """
    landlord landlady boss manager mom mum mother dad father wife husband son daughter kids kid children
    baby friend friends roommate roomie neighbor neighbour neighbors neighbours family brother sister
    parents grandma grandpa grandmother grandfather partner girlfriend boyfriend teacher doctor dentist
    coworker colleague colleagues team kids' dog cat car house rent
    """.split()  # noqa: SIM905
)


def _names_en(folded: str, partial_names: Sequence[Span], add: Add) -> None:
    """A word that is no function word after and/or/plus, or glued to a matched payee's name."""
    for m in _AND.finditer(folded):
        found = _EN_WORD.match(folded, m.end())
        if (
            found
            and found.group() not in _LEXICON_EN
            and found.group() not in _ROLES_EN
            and not found.group()[0].isdigit()
        ):
            add(found.start(), found.end(), "name")
    for _start, end in partial_names:
        # "maria smith" when only a Maria is registered: the next word may be another surname.
        after = _EN_WORD.match(folded, end + 1) if folded[end : end + 1] == " " else None
        text = after.group() if after else ""
        if after and text not in _LEXICON_EN and not text[0].isdigit() and not _VERB_LIKE.search(text):
            add(after.start(), after.end(), "name")


_JA_NAME_RUN = re.compile(f"[{KANJI_CLASS}{KATAKANA_CLASS}]+")


def _names_ja(folded: str, names: Sequence[Span], add: Add) -> None:
    """Kanji or katakana touching a matched payee (田村|さくら), or before an honorific (山田さん)."""
    for m in _JA_NAME_RUN.finditer(folded):
        start, end = m.span()
        if m.group() in _JA_LEXICON:
            continue
        if _overlaps(start, end, names) and not _inside(start, end, names):
            for s, e in _uncovered(start, end, names):
                if folded[s:e] not in _JA_LEXICON and folded[s:e] not in JA_HONORIFICS:
                    add(s, e, "name")
        elif any(e == start or s == end for s, e in names) or (
            _HONORIFIC_AFTER.match(folded, end) and not _overlaps(start, end, names)
        ):
            add(start, end, "name")
