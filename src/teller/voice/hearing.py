"""Hearing the customer's own words: the decoder's n-best rescored against their names and numbers,
and a near-miss name put right with a trace. Pure text over what the bank says about the customer.

Two steps, both traced as stage `voice`, neither ever inventing a payee:

1. **n-best** (`hear:nbest`): the beam's transcripts are scored by what the customer's bank knows. A
   transcript that names one of their payees or billers in full scores 2, as does one naming several, each
   in full at its own place (round 15); one that leaves a choice between several for one stretch, 1; a card
   or account reference ("ending in 8830") whose four digits are one of theirs scores 1; a malformed
   number ("1800,000", a three- or five-digit "ending in") costs 1.
   The best-scoring transcript wins; ties keep the decoder's order, so an alternative is chosen only
   when it is strictly better evidence. The text is always one the recognizer heard.
2. **near-miss name** (`hear:name`): when the chosen transcript names none of the customer's payees or
   billers at all, a stretch of it (never one right before "card" or "account", where a product such
   as "debit" stands) that sounds like exactly one of their names ("to Merida" for Maria,
   "Decomo" for docomo, 渡辺青美 for 渡辺直美) is replaced by that name. Similarity is Jaro-Winkler over
   the letters and over a phonetic key (Metaphone for English, romaji for kana); the best must reach
   `NEAR` and stand `MARGIN` clear of the next name, or nothing changes and the turn asks as it would
   have. A name nobody registered ("Bob Smith", 田中次郎) is never near enough to one that is, nor is a
   given name of the names index's table heard whole ("John" is no Johnson, round 15). A stretch
   made only of ordinary words ("I already paid …" for Al-Rashid, "the day after Christmas" for Chris) is put
   right only where a name goes (round 14, `hearing_place`); a garbled one ("Conated Lee") anywhere.

3. **product word** (`hear:product`): the word right before "card"/"account" (the katakana word
   before カード) that sounds like exactly one of the kinds of card and account the customer has
   ("David card" → debit, クレジッド → クレジット) becomes that word. A closed list of a few words, so
   a lower bar (`PRODUCT_NEAR`) with a wider margin.
4. **amounts** (`hear:amount`, `hearing_numbers`): when the n-best's well-formed hypotheses name
   different amounts, or a Japanese 2 glued to さん may be the particle に, every reading is written
   into the transcript and the text pipeline asks; the turn never proposes a guessed amount.
   (`hear:recheck`): the same, when only the recognizer's second, wider look at the amount
   (`Hypothesis.rechecks`) heard another amount with at least `RECHECK` of the written one's probability.
   (`hear:owed`, round 16, `hearing_owed`): the same, when a turn naming one of the customer's billers
   heard an amount one digit away from what is due on that bill (420円 for 4210円, "85.9" for $85.99):
   the amount due is written in beside it and the turn asks. (`hear:owed_heard`, round 17): the turn's
   only amount heard as exactly what is due on the bill it names is not disputed by a rival reading.
5. **second look at a name** (`hear:recheck_name`, `hearing_names`): when the recognizer's wider beam
   from the first token of the name the transcript proposes (`Hypothesis.name_rechecks`) heard another
   *registered* payee or biller with at least `NAME_RECHECK` of that name's probability, the rival is
   written in beside it ("… to Chris O'Neil (or Kristen O'Neill).") and the turn asks which; a name
   nobody registered is never written in, and nothing is replaced.

6. **forced look** (`hear:forced_name`, `hear:forced_rival`, `hear:verb`; `hearing_forced`): the
   customer's registered names that sound nearest, scored by the recognizer as forced continuations
   where the transcript names someone (`Hypothesis.forced`): a registered rival scoring close to the
   name heard is written in beside it so the turn asks; for a heard name nobody registered, one
   registered name that clearly wins is put in its place with a trace (the confirmation shows it;
   nothing moves without a yes). The opposite card verb scoring close to the heard one ("unlock" at
   "lock") makes the turn ask lock or unlock (`verbs.py`).

7. **the grammar's own words** (`hear:word`, `hearing_words`; round 6): "one Friday" → "on Friday",
   "for my savings" → "from my savings" on a payment that names where the money goes, "safe pays" →
   "saved payees" — in every hypothesis alike, before their amounts are compared; an amount said in
   pieces ("100 and $20": a round number, "and", a smaller one with the currency) is the one amount
   (`hear:number`); "Pay for the $5" (forty heard as "for the") asks "$5 or $45" (`hear:amount`); a card
   number's digits however grouped ("ending in 8-830") are never an amount. Round 9: "3 grant" is "3
   grand" (`hear:word`), and a reading made wholly of pieces of the heard amount ("$250 and $50 and 50
   cents" beside "$250.50") disputes nothing.

8. **what the customer's data says cannot be heard apart** (round 7, `hearing_alike`): a payee or biller
   with a registered sound-alike (the same Metaphone key: Sato Ken / Saito Ken) gets it written in beside
   it so the turn asks which (`hear:sound_alike`), unless the forced look put it more than `ALIKE_ASK`
   nats below; a turn that begins with "lock" of a card already locked asks lock or unlock
   (`hear:card_state`, `verbs.py`).

9. **the money verb lost at the onset** (round 8, `hearing_onset`): a transcript with no request or
   question word that begins with a lone "And" / "End" / "Hey" followed by what a payment moves, naming
   the customer's payees or their billers, gets "Send" (to a payee) or "Pay" (to a biller) in that word's
   place (`hear:onset`): "And 12,400 yen to Suzuki Ichiro." → "Send …". The confirmation shows it.

10. **a word with the exact sound key of the customer's name** (round 10, `hearing_keys`): on a turn that
   names none of their names, a heard word where a payee or biller stands whose Metaphone key (3+ sounds) is
   that of one of their names is that name, traced (`hear:sound_key`: "Pay 8800 yen to Tacoma." → "… to
   docomo.", TKM); the key of several: all are written in beside it and the turn asks which. Only where a
   name was clearly meant (round 11): the whole slot right after "to" or the money verb, or a biller's before
   "bill" — never what is paid for ("for the music", MSK like Misaki) nor a word of a longer slot.

The n-best score also counts the number grammar (a malformed number costs 1) and the command grammar
(a transcript with a request word — send, pay, lock, 振り込, 払 … — scores 1 over one without).

Amounts and digit strings are never rewritten: a wrong number is worse than a question. A corrected
name reaches the customer as the registered name in the confirmation every transfer needs.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from decimal import Decimal
from itertools import pairwise
from typing import Any

from teller.names.nicknames import name_groups
from teller.voice.hearing_alike import (
    RULE_ALIKE,
    Alike,
    CardState,
    alike_doubt,
    card_states,
    locked_lock,
    sound_alikes,
)
from teller.voice.hearing_forced import forced_names, forced_verb
from teller.voice.hearing_keys import RULE as RULE_KEY
from teller.voice.hearing_keys import Keys, name_keys, same_key
from teller.voice.hearing_names import name_doubt, split_by_sound
from teller.voice.hearing_numbers import (
    GLUED,
    KANA_TWO,
    amounts,
    disputed,
    glued_two,
    joined,
    kana_two,
    malformed,
    second_look,
    split_forty,
    unglued,
)
from teller.voice.hearing_onset import RULE as RULE_ONSET
from teller.voice.hearing_onset import onset_verb
from teller.voice.hearing_owed import HEARD as OWED_HEARD
from teller.voice.hearing_owed import RULE as RULE_OWED
from teller.voice.hearing_owed import Owed, owed_doubt, owed_heard
from teller.voice.hearing_place import common_only, common_words, name_place
from teller.voice.hearing_sound import NOT_NAME as _NOT_NAME
from teller.voice.hearing_sound import WORD as _WORD
from teller.voice.hearing_sound import letters as _letters
from teller.voice.hearing_sound import similarity as _similarity
from teller.voice.hearing_words import grammar_words, plain, verb_apart
from teller.voice.verbs import STATE

NEAR = 0.87  # similarity a heard stretch needs to be taken for a registered name
MARGIN = 0.05  # ...and how far clear of the second-nearest name
EXACT = 97  # the names index's score of a name said as registered
PRODUCT_NEAR = 0.65  # a heard word before "card" taken for one of a few product words ("David" → debit)
PRODUCT_MARGIN = 0.1
# An amount the recognizer's second look heard with at least this share of the probability of the one
# it wrote is disputed (chosen on the development set's tuned voices: "$16" / "$60" at 0.20, "$15" /
# "$50" at 0.32 were wrong; right amounts' rivals were mostly under 0.05).
RECHECK = 0.15
# Another registered name the second look at the name's span heard with at least this share of the
# probability of the one the transcript names is asked about. Chosen on the development set's tuned
# voices (bench/voice_names_probe.py, docs/voice.md round 4): rivals of the 98 right names ≤ 0.23, two of
# the four wrong ones at 1.0; 0.15 would have asked about two right ones.
NAME_RECHECK = 0.3

# What stands right before these names a product ("debit card", "savings account"), never a payee.
_PRODUCT_NOUNS = frozenset({"card", "cards", "account", "accounts"})
_JA_RUN = re.compile(r"[\u3041-\u3096\u30a1-\u30fa\u30fc\u4e00-\u9fff々]+")
_JA_AFTER = ("さん", "様", "さま", "くん", "ちゃん", "に", "へ", "の", "宛")
# A request, in the command grammar's own words: what a transcript of a command has and noise lacks.
_REQUEST = re.compile(
    r"\b(?:send|transfer|pay|wire|give|move|lock|unlock|freeze|unfreeze|block|unblock|cancel|balance|"
    r"stolen|lost|how much)\b|振り?込|送金|送っ|送る|払|止め|ロック|残高|なくし|無くし|紛失|盗",
    re.I,
)
_BEFORE_PRODUCT_EN = re.compile(r"\b([A-Za-z][A-Za-z'-]*) (card|account)s?\b", re.I)
_BEFORE_PRODUCT_JA = re.compile(r"([\u30a1-\u30fa\u30fc]+?)(カード)")
# Card kinds as Japanese customers say them.
_PRODUCT_JA = {"debit": "デビット", "credit": "クレジット"}


@dataclass(frozen=True, slots=True)
class Heard:
    """One change to what the recognizer said, for the trace: `rule`, what was heard, what replaced it, and
    `at`: where the heard stretch starts (a character of the text the rule read; None where the rule reads
    no one stretch: the n-best's choice, the grammar's words, the card verb)."""

    rule: str
    heard: str
    text: str
    at: int | None = None


@dataclass(frozen=True, slots=True)
class Ear:
    """What the customer's bank knows that a transcript can be checked against."""

    index: Any  # teller.names.NameIndex of their payees and billers
    forms: tuple[tuple[str, str], ...]  # (form as it may be heard, text to put in its place)
    last4: frozenset[str]
    # kinds and label words of their cards and accounts: ("card", "debit"), ("card", "クレジット")
    products: tuple[tuple[str, str], ...] = ()
    # payee or biller id → the customer's other names that sound the same (hearing_alike)
    alike: Alike = ()
    cards: tuple[CardState, ...] = ()  # which cards are locked, as a spoken request names them
    keys: Keys = ()  # the sound keys of their payees' and billers' Latin forms (hearing_keys)
    owed: tuple[Owed, ...] = ()  # what is due on each of their bills (hearing_owed)


def ear_for(snapshot: Any) -> Ear:
    """The `Ear` of one customer's snapshot (payees, billers and their aliases; cards and accounts)."""
    from teller.names import index_for

    forms: list[tuple[str, str]] = []
    for payee in snapshot.payees:
        native = payee.display_name.replace(" ", "").replace("\u3000", "")
        if not native.isascii():  # 佐藤 健 is heard as 佐藤健, or in kana
            forms.extend((form, native) for form in (native, payee.reading_kana or "") if form)
        for name in {payee.display_name, payee.latin or ""} - {""}:
            if not name.isascii():
                continue
            forms.append((name, name))
            words = name.split()
            if len(words) > 1:  # a first or last name said alone: "to Maria"
                forms.extend((w, w) for w in words)
    for biller in snapshot.billers:
        for name in {biller.display_name, biller.latin or "", *biller.aliases} - {""}:
            forms.append((name, name))
    last4 = {c.last4 for c in snapshot.cards} | {a.number_last4 for a in snapshot.accounts}
    if any(not form.isascii() for form, _ in forms):
        from teller.names.sound import reading

        reading("佐藤")  # load the reading dictionary now, not during a turn
    common_words()  # and the ordinary words (round 14)
    named = [(p.id, p.display_name if p.display_name.isascii() else p.latin or "") for p in snapshot.payees]
    named += [(b.id, b.display_name if b.display_name.isascii() else b.latin or "") for b in snapshot.billers]
    # a payee may be said by one word of their name ("Daft" for David), a biller by an alias ("docomo")
    spoken = [(i, name, tuple(name.split()), False) for i, name in named[: len(snapshot.payees)]]
    spoken += [
        (i, name, (*b.aliases, b.display_name), True)
        for b, (i, name) in zip(snapshot.billers, named[len(spoken) :], strict=True)
    ]
    return Ear(
        index_for(snapshot),
        tuple(dict.fromkeys(forms)),
        frozenset(last4),
        _products(snapshot),
        sound_alikes(named),
        card_states(snapshot),
        name_keys(spoken),
        _owed(snapshot),
    )


def _owed(snapshot: Any) -> tuple[Owed, ...]:
    """What is due on each of the customer's bills, in major units (bills with nothing due left out)."""
    from teller.domain.money import exponent

    return tuple(
        Owed(b.id, Decimal(b.outstanding_minor).scaleb(-exponent(b.currency)), b.currency)
        for b in snapshot.billers
        if b.outstanding_minor > 0
    )


def _products(snapshot: Any) -> tuple[tuple[str, str], ...]:
    """The words a customer names their cards and accounts by: kinds and label words, in both scripts."""
    words: list[tuple[str, str]] = []
    for noun, items in (("card", snapshot.cards), ("account", snapshot.accounts)):
        for item in items:
            kind = str(getattr(item, "type", "") or "")
            label = str(getattr(item, "label", "") or "")
            for word in (kind, *re.findall(r"[A-Za-z][A-Za-z-]{2,}", label)):
                if word.lower() not in _PRODUCT_NOUNS | {"the", "and", "for"}:
                    words.append((noun, word.lower()))
            if kind in _PRODUCT_JA:
                words.append((noun, _PRODUCT_JA[kind]))
    return tuple(dict.fromkeys(words))


def hear(
    best: str,
    alternatives: Sequence[str],
    ear: Ear | None,
    rechecks: Sequence[tuple[str, float]] = (),
    name_rechecks: Sequence[tuple[str, float]] = (),
    forced: Sequence[tuple[str, str, float]] = (),
) -> tuple[str, list[Heard]]:
    """The transcript to run and the changes made to the recognizer's best one (empty: none).

    `rechecks`: the recognizer's second, wider look at each amount of `best` (`Hypothesis.rechecks`);
    `name_rechecks`: its second look at the names of `best` (`Hypothesis.name_rechecks`);
    `forced`: its forced look at the names and the card verb of `best` (`Hypothesis.forced`).
    """
    if ear is None or not best:
        return best, []
    changes: list[Heard] = []
    # "PayCon Ed" → "Pay Con Ed": a money verb glued to a word of their names, in every hypothesis (round 17)
    registered = {w.lower() for form, _ in ear.forms if form.isascii() for w in _WORD.findall(form)}
    best, apart = verb_apart(best, registered)
    changes.extend(Heard(GLUED, heard_glued, put) for heard_glued, put in apart)
    alternatives = [verb_apart(a, registered)[0] for a in alternatives]
    if apart:  # the second looks read on from the transcript's own words: the same words apart there
        rechecks = [(verb_apart(r, registered)[0], p) for r, p in rechecks]
        name_rechecks = [(verb_apart(r, registered)[0], p) for r, p in name_rechecks]
    heard = [best, *alternatives]
    text = best
    if alternatives:
        ranked = sorted(enumerate(heard), key=lambda p: (-_fit(p[1], ear), p[0]))
        if ranked[0][0] != 0:
            text = ranked[0][1]
            changes.append(Heard("hear:nbest", best, text))
    others = [h for h in heard if h != text]
    # the second look read on from `best`'s own words: it speaks for another transcript only where that one
    # names the same amounts (round 15: "send her another 15" chosen for "sent her another 15")
    looked = second_look(best, rechecks, share=RECHECK) if _same_amounts(text, best) else []
    from_best = text == best  # the second looks read on from `best`'s own words
    fixed: dict[str, str] = {}
    forms = [form for form, _ in ear.forms]
    places: dict[str, int] = {}  # where each put-right name now stands in `text`
    if not _names_one_exactly(text, ear):
        near = _near_name(text, ear)
        if near is not None and _a_word_not_a_name(text, near, ear):
            near = None  # "I already paid …", "the day after Christmas": ordinary words, left as heard
        if near is not None and _another_given_name(near[0], near[2]):
            near = None  # "John" for Johnson: a name said, not a near miss (round 15)
        if near is not None:
            span, at, name = near
            text = _put(text, at, span, name)
            changes.append(Heard("hear:name", span, name, at))
            fixed[span], places[span] = name, at
    keyed = None if _names_someone(text, ear) else same_key(text, ear.keys, forms, forms)
    if keyed is not None:  # "Tacoma" where docomo (TKM) stands: put right, or asked about (hearing_keys)
        changes.append(Heard(RULE_KEY, keyed.heard, keyed.put, keyed.at))
        text = keyed.text
        if not keyed.asks:
            fixed[keyed.heard], places[keyed.heard] = keyed.put, keyed.at
    # several names written in already: the turn asks among them, the forced look has nothing to add
    looks = from_best and bool(forced) and not (keyed is not None and keyed.asks)
    call = forced_names(text, forced, ear.index, fixed=fixed, places=places) if looks else None
    if call is not None:  # the forced look: a registered name proposed with its trace, or asked about
        changes.append(Heard(call.rule, call.heard, call.value, call.at))
        text = call.text
    named = (
        name_doubt(text, name_rechecks, ear.index, share=NAME_RECHECK, fix=ear_fix(ear))
        if from_best and call is None
        else None
    )
    if named is not None:  # a registered rival heard: the turn asks among the names, none is replaced
        changes.append(Heard("hear:recheck_name", " / ".join(named.readings), named.text, named.at))
        text = named.text
    alike = (
        alike_doubt(text, ear.index, ear.alike, forms, forced if from_best else ()) if named is None else None
    )
    if alike is not None:  # two registered names that sound the same: the turn asks which (hearing_alike)
        changes.append(Heard(RULE_ALIKE, alike[0], alike[1], alike[2]))
        text = alike[1]
    split = (
        split_by_sound(text, forms, near=NEAR) if named is None and alike is None and call is None else None
    )
    if (
        split is not None
    ):  # "Sato Ken to" for Sato Kenta: the longer name written in, the turn asks (round 17)
        changes.append(Heard("hear:split_sound", " / ".join(split.readings), split.text, split.at))
        text = split.text
    product = _near_product(text, ear)
    if product is not None:
        at, word, kind = product
        text = text[:at] + kind + text[at + len(word) :]
        changes.append(Heard("hear:product", word, kind, at))
    # the grammar's own words ("one Friday" → "on Friday"), in every hypothesis alike, so their numbers
    # are compared like with like; then an amount said in pieces ("100 and $20") as the one amount it is
    accounts = [word for noun, word in ear.products if noun == "account"]
    text, words = grammar_words(text, accounts, lambda t: _names_someone(t, ear))
    changes.extend(Heard("hear:word", heard_words, put) for heard_words, put in words)
    onset = onset_verb(text, forms, lambda t: _kinds(t, ear))
    if onset is not None:  # "And 12,400 yen to Suzuki Ichiro.": the verb lost at the onset (hearing_onset)
        text, (onset_heard, onset_put) = onset
        changes.append(Heard(RULE_ONSET, onset_heard, onset_put))
    text, glued = unglued(text)  # "IDY80 bucks" → "IDY 80 bucks" (round 16)
    changes.extend(Heard(GLUED, heard_glued, put) for heard_glued, put in glued)
    text, twos = kana_two(text)  # "さんへに万円" → "さんへ2万円": the numeral in kana (round 17)
    changes.extend(Heard(KANA_TWO, "に", "2", at) for at in twos)
    others = [_read(o, accounts, ear) for o in others]
    looked = [_read(o, accounts, ear) for o in looked]
    pieces = joined(text)
    if pieces is not None:
        heard_pieces, whole, text, at = pieces
        changes.append(Heard("hear:number", heard_pieces, whole, at))
    others, looked = [_whole(o) for o in others], [_whole(o) for o in looked]
    rule, doubt = "hear:amount", disputed(text, others) or glued_two(text, others)
    if doubt is None and looked:
        rule, doubt = "hear:recheck", disputed(text, looked)
    if doubt is None:
        rule, doubt = "hear:amount", split_forty(text)
    due = owed_heard(text, ear.owed, _billers(text, ear)) if doubt is not None else None
    if doubt is not None and due is not None:  # the amount due heard: no rival disputes it (round 17)
        changes.append(Heard(OWED_HEARD, " / ".join(doubt.readings), due.surface, due.start))
        doubt = None
    elif (
        doubt is None
    ):  # one digit off what is due on the bill the turn names: asked (round 16, hearing_owed)
        rule, doubt = RULE_OWED, owed_doubt(text, ear.owed, _billers(text, ear))
    if doubt is not None:
        changes.append(Heard(rule, " / ".join(doubt.readings), doubt.text, doubt.at))
        text = doubt.text
    verb = forced_verb(forced) if from_best else None
    if verb is not None:  # "lock" where "unlock" scored nearly as well: the turn asks which (verbs.py)
        changes.append(Heard(verb.rule, verb.heard, verb.value))
    locked = locked_lock(text, ear.cards, forced if from_best else ()) if verb is None else None
    if locked is not None:  # a lock of a card already locked: "unlock" heard short, the turn asks (verbs.py)
        changes.append(Heard(STATE, locked[0], f"lock / unlock: {locked[1]} is already locked"))
    return text, changes


def ear_fix(ear: Ear) -> Callable[[str], str]:
    """What `hear` does to a near-miss name (`hear:name`), as a function of the text: for the second look's
    readings, so each is heard as the transcript was."""

    def fix(text: str) -> str:
        if _names_one_exactly(text, ear):
            return text
        near = _near_name(text, ear)
        return text if near is None else _put(text, near[1], near[0], near[2])

    return fix


def _a_word_not_a_name(text: str, near: tuple[str, int, str], ear: Ear) -> bool:
    """Whether the near miss `near` found in `text` is ordinary words standing where no name goes (round 14,
    `hearing_place`): left as heard in the transcript; the second look's readings (`ear_fix`) keep it."""
    span, at, _ = near
    registered = {w.lower() for form, _ in ear.forms if form.isascii() for w in _WORD.findall(form)}
    return common_only(span, registered) and not name_place(text, at, at + len(span))


def _put(text: str, at: int, heard: str, put: str) -> str:
    """`text` with the `heard` stretch that starts at `at` replaced by `put`: where it was heard, never at an
    earlier occurrence of its letters ("th" of "the 15th" is the one in "15th", round 13)."""
    return text[:at] + put + text[at + len(heard) :]


def _same_amounts(text: str, best: str) -> bool:
    """Whether `text` names the amounts `best` names, in the same order (the same transcript, or an n-best
    choice that differs elsewhere: "send" for "sent")."""
    return text == best or [a.major for a in amounts(text)] == [a.major for a in amounts(best)]


def _read(text: str, accounts: Sequence[str], ear: Ear) -> str:
    """Another reading heard as the transcript is: the grammar's words, numbers glued to letters written
    apart, the numeral に written as 2."""
    return kana_two(unglued(plain(text, accounts, lambda t: _names_someone(t, ear)))[0])[0]


def _whole(text: str) -> str:
    """`text` with an amount said in pieces written as the one amount ("100 and $20" → "$120")."""
    pieces = joined(text)
    return text if pieces is None else pieces[2]


def _names_someone(text: str, ear: Ear) -> bool:
    """Whether `text` names one or more of the customer's payees or billers (a choice counts)."""
    return ear.index.scan(text).status in ("match", "clarify")


def _billers(text: str, ear: Ear) -> frozenset[str]:
    """The ids of the customer's billers `text` names (a choice counts)."""
    match = ear.index.scan(text)
    if match.status not in ("match", "clarify"):
        return frozenset()
    return frozenset(c.id for c in match.candidates if c.kind == "biller")


def _kinds(text: str, ear: Ear) -> frozenset[str]:
    """The kinds ("payee", "biller") of the customer's names `text` names (a choice counts)."""
    match = ear.index.scan(text)
    if match.status not in ("match", "clarify"):
        return frozenset()
    return frozenset(c.kind for c in match.candidates)


def _names_one_exactly(text: str, ear: Ear) -> bool:
    """Whether `text` names one of the customer's payees or billers as registered (no near miss to fix)."""
    match = ear.index.scan(text)
    return match.status == "match" and bool(match.candidates) and match.candidates[0].score >= EXACT


def _fit(text: str, ear: Ear) -> int:
    """How well a transcript fits what the customer has (see the module docstring)."""
    match = ear.index.scan(text)
    score = 0
    if match.status == "match" and match.candidates and match.candidates[0].score >= EXACT:
        score += 2
    elif match.status == "clarify" and _said_apart(match.candidates):
        score += 2  # two names each said as registered ("the water bill … Verizon"): no weaker (round 15)
    elif match.status in ("match", "clarify"):
        score += 1
    folded = unicodedata.normalize("NFKC", text)
    for digits in re.findall(r"(?:ending|last|末尾)\D{0,12}?((?:\d[\s-]?){2,8})", folded, flags=re.I):
        run = re.sub(r"\D", "", digits)
        score += 1 if run in ear.last4 else -1 if len(run) != 4 else 0
    score -= malformed(text)
    if _REQUEST.search(folded):
        score += 1
    return score


def _said_apart(candidates: Sequence[Any]) -> bool:
    """Whether the names index's choice is between names each said as registered at its own place (the
    water bill and Verizon named in one turn), not one stretch several names share ("Chris")."""
    exact = [c for c in candidates if c.score >= EXACT]
    if len(exact) < 2:
        return False
    spans = sorted((c.start, c.end) for c in exact)
    return all(a_end <= b_start for (_, a_end), (b_start, _) in pairwise(spans))


def _near_name(text: str, ear: Ear) -> tuple[str, int, str] | None:
    """(heard stretch, where it starts, registered form) when exactly one name is near enough, else None."""
    scored: dict[str, tuple[float, str, int]] = {}  # replacement → (similarity, heard stretch, its start)
    exact = {_letters(form) for form, _ in ear.forms}
    for span, at in _spans(text):
        if _letters(span) in exact:  # said as registered ("Ken", "Sara"): the turn decides among names
            continue
        for form, replacement in ear.forms:
            if span.isascii() != form.isascii():
                continue
            if span.isascii() and len(span.split()) != len(replacement.split()):
                continue  # heard words are put right one for one, never dropped ("Chris Smith" is not Chris)
            sim = _similarity(span, form)
            if sim > scored.get(replacement, (0.0, "", 0))[0]:
                scored[replacement] = (sim, span, at)
    ranked = sorted(scored.items(), key=lambda kv: -kv[1][0])
    if not ranked or ranked[0][1][0] < NEAR:
        return None
    best_name, (best_sim, span, at) = ranked[0]
    rivals = [sim for name, (sim, _, _) in ranked[1:] if not _same_entity(name, best_name, ear)]
    if rivals and best_sim - rivals[0] < MARGIN:
        return None
    return span, at, best_name


def _another_given_name(span: str, put: str) -> bool:
    """Whether `span` is one given name of the names index's table ("John") and `put` no form of it: a name
    in its own right, never a near miss of another ("john smith" is not Sarah Johnson, round 15). A form
    of the same given name the table lists (Kirsten for Kristen, Kris) is still put right. Left as heard
    in the transcript; the second look's readings (`ear_fix`) keep every near miss, as for ordinary words."""
    words = _WORD.findall(span)
    if not span.isascii() or len(words) != 1:
        return False
    groups = set(name_groups(words[0].lower()))
    return bool(groups) and not groups & {g for w in _WORD.findall(put) for g in name_groups(w.lower())}


def _near_product(text: str, ear: Ear) -> tuple[int, str, str] | None:
    """(position, heard word, product word) for the word before "card"/カード that sounds like one product."""
    if not ear.products:
        return None
    pattern = _BEFORE_PRODUCT_EN if text.isascii() else _BEFORE_PRODUCT_JA
    for m in pattern.finditer(text):
        word, noun = m.group(1), "account" if m.group(2).lower() == "account" else "card"
        kinds = [p for n, p in ear.products if n == noun and p.isascii() == word.isascii()]
        if word.lower() in kinds or word.lower() in _NOT_NAME:
            continue
        scored = sorted(((_similarity(word, p), p) for p in kinds), reverse=True)
        if not scored or scored[0][0] < PRODUCT_NEAR:
            continue
        if len(scored) > 1 and scored[0][0] - scored[1][0] < PRODUCT_MARGIN:
            continue
        return m.start(1), word, scored[0][1]
    return None


def _same_entity(a: str, b: str, ear: Ear) -> bool:
    """Two forms of one payee or biller ("Maria" and "Maria Garcia") are not rivals."""
    found = ear.index.lookup(a)
    other = ear.index.lookup(b)
    return bool(found.candidates and other.candidates) and found.candidates[0].id == other.candidates[0].id


def _spans(text: str) -> list[tuple[str, int]]:
    """Stretches that could be a name, each with where it starts: 1-3 Latin words that are no command word
    nor a number's letters ("15th"), or Japanese runs standing where a name stands (before さん/に/へ/の, or
    at the end)."""
    out: list[tuple[str, int]] = []
    words = [(m.group(), m.start(), m.end()) for m in _WORD.finditer(text)]
    for i in range(len(words)):
        if _numbers_letters(text, words[i][1]):
            continue
        for k in (1, 2, 3):
            chunk = words[i : i + k]
            if len(chunk) < k or any(w.lower() in _NOT_NAME for w, _, _ in chunk):
                break
            if _across_number(text, chunk):
                break
            if _before_product(words[i + k : i + k + 2]):  # "my Davit card": a product, not a payee
                continue
            out.append((text[chunk[0][1] : chunk[-1][2]], chunk[0][1]))
    for m in _JA_RUN.finditer(text):
        run, end = m.group(), m.end()
        for cut in _JA_AFTER:
            at = run.find(cut)  # the particle's first place in this run: the name stands before it
            if at > 1:
                out.extend((run[start:at], m.start() + start) for start in range(at - 1))
        if end == len(text.rstrip("。、！？ ")) or text[end : end + 1] in "、。":
            out.append((run, m.start()))
    return out


def _numbers_letters(text: str, start: int) -> bool:
    """Whether the Latin word at `start` is a number's own letters ("th" of "15th", "st" of "1st"): part of
    a digit string, which hearing never rewrites — put there, a name broke the date ("the 15Thi")."""
    return start > 0 and text[start - 1].isdigit()


def _across_number(text: str, chunk: Sequence[tuple[str, int, int]]) -> bool:
    """Whether a stretch of several words ends on a number's letters ("maria $3k"): it would reach across the
    digit string, which hearing never rewrites (round 14: main wrote Maria Garcia over the amount)."""
    return len(chunk) > 1 and _numbers_letters(text, chunk[-1][1])


def _before_product(following: Sequence[tuple[str, int, int]]) -> bool:
    """Whether the next word ("card"), or the one after an article ("a card"), is a product noun."""
    after = [w.lower() for w, _, _ in following]
    if after and after[0] in ("a", "an", "the"):
        after = after[1:]
    return bool(after) and after[0] in _PRODUCT_NOUNS
