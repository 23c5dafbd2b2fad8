"""What the customer's own data says a recognizer cannot hear apart, or would not have meant (round 7).
Pure text over the bank's snapshot.

Round 6 left the development set's confidently wrong spoken turns at two kinds, both heard with a
recognizer sure of itself (no second look, no forced look, no n-best disagreed), so no score of the
audio can flag them:

1. **Registered sound-alikes** (`hear:sound_alike`): two of the customer's payees or billers whose whole
   names share one sound key (Metaphone of the letters: Sato Ken / Saito Ken "STKN", Steven Phillips /
   Stephen Philips "STFNFLPS", Sarah Johnson / Sara Jonson "SRJNSN"). Typed, the spelling tells them
   apart; spoken, the recognizer picks one by its prompt and language model, not by the audio
   ("Saito Ken" was heard "Sato Ken" by 3 of the 3 tuned voices on the golden set, with the right name
   forced 3-6 nats lower). A transcript that names one of them gets the others written in beside it
   ("Transfer 5000 yen to Sato Ken (or Saito Ken).") and the turn asks which; nothing is replaced. Right
   after the words that name it (round 12), not after the rest of its slot ("Sarah Johnson (or Sara
   Jonson) sixty-five dollars", never "sixty-five (or …) dollars").
   Names whose keys differ (Sato Kenta "STKNT", Kato Ken "KTKN", Kristen O'Neill) are left to the
   recognizer's looks. Latin-script transcripts only.
2. **A lock of a card that is already locked** (`hear:card_state`): "unlock my credit card" came out
   "Lock my credit card." (espeak, golden), a no-op lock reported as done, while the customer waits for
   the unlock. Few need to lock a locked card; many ask to unlock one. When what was heard *begins* with
   lock / freeze / block (after "and" at most: where the weak first syllable "un" is lost at the onset
   of speech, as round 4's "and lock") and every card the transcript can mean (by its last four digits,
   by its kind or label words before "card", or every card when it names none) is locked, the turn
   asks "lock or unlock?" (`verbs.py`) and runs nothing. "Please lock my credit card" (the verb after
   other words) still locks: the development set says it, of that locked card. A lock of an active card
   stays a lock: a wrong "lock" there (the development set's "unlock my debit card" on an active card)
   is out of reach of this rule.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from teller.voice.hearing_forced import name_slots
from teller.voice.hearing_sound import letters, sound_key

RULE_ALIKE = "hear:sound_alike"
# A registered sound-alike that the recognizer's forced look (`Hypothesis.forced`) scored more than this many
# nats below the heard words is not asked about: the audio told them apart. Chosen on the development
# sets' tuned voices (bench/voice_heard_pairs.py, docs/voice.md round 7): the said name forced in the
# place of a wrong one scored 3.2-5.8 nats below it (Saito Ken at "Sato Ken", Stephen Philips at "Steven
# Phillips"); the sound-alike of a right Sato Ken 6.7-10 below. With no forced score, the turn asks.
ALIKE_ASK = 6.0  # the same bar for a locked card's lock whose opposite verb was forced in its place

# The lock verb that begins what was heard (after "and" at most): where "un", a weak first syllable at the
# onset of speech, is lost ("Lock my credit card." for "unlock …"). A verb after other words keeps its own.
_LOCK = re.compile(r"^\W*(?:and\W+)?(lock|freeze|block)\b", re.I)
_UNLOCK = re.compile(r"\bun(?:lock|freeze|block)\b", re.I)
_DIGITS = re.compile(r"(?:ending|last|digits)\D{0,12}?((?:\d[\s-]?){2,8})", re.I)
_BEFORE_CARD = re.compile(r"((?:[A-Za-z][A-Za-z'-]*\s+){1,4})cards?\b", re.I)
_NOT_A_CARD_WORD = frozenset({"card", "cards", "the", "and", "for", "my", "your", "a", "an"})


@dataclass(frozen=True, slots=True)
class CardState:
    """One card as a spoken request may name it: kind and label words, last four digits, locked or not."""

    words: frozenset[str]
    last4: str
    locked: bool


Alike = tuple[tuple[str, str, tuple[str, ...]], ...]  # (id, its Latin name, the others that sound the same)


def sound_alikes(named: Sequence[tuple[str, str]]) -> Alike:
    """For each (id, Latin name) of a customer's payees and billers, the other names with its sound key."""
    keys = {entity: sound_key(name) for entity, name in named if name.isascii() and letters(name)}
    out = []
    for entity, name in named:
        key = keys.get(entity)
        others = tuple(n for e, n in named if e != entity and key and keys.get(e) == key)
        if others:
            out.append((entity, name, others))
    return tuple(out)


def alike_doubt(
    text: str,
    index: Any,
    alike: Alike,
    names: Sequence[str],
    forced: Sequence[tuple[str, str, float]] = (),
) -> tuple[str, str, int] | None:
    """(trace of the names, text with the sound-alikes written in, where the names start) when `text`
    names one payee or biller that has registered sound-alikes not written in yet, and the forced look
    did not put them more than `ALIKE_ASK` nats below the heard words; None otherwise. `names`: the
    customer's Latin forms of their payees and billers (where in `text` a name may stand); `forced`:
    `Hypothesis.forced`."""
    if not alike or not text.isascii():
        return None
    found = index.scan(text)
    if found.status != "match" or not found.candidates:
        return None
    entity = str(found.candidates[0].id)
    own, others = next(((name, rest) for e, name, rest in alike if e == entity), ("", ()))
    missing = [n for n in others if letters(n) not in letters(text) and _close(n, forced)]
    if not missing:
        return None
    for slot_start, slot_end in name_slots(text, names):
        said = index.scan(text[slot_start:slot_end])
        if said.status == "match" and said.candidates and str(said.candidates[0].id) == entity:
            # the words that name it, not the slot's next ones ("Sarah Johnson sixty-five dollars")
            start, end = _named(said.candidates, entity, slot_start, slot_end)
            shown = text[start:end]
            # heard words that are no registered form ("Sara Johnson") get their registered name too
            written = missing if letters(shown) == letters(own) else [own, *missing]
            return (
                " / ".join([shown, *written]),
                f"{text[:end]} (or {' or '.join(written)}){text[end:]}",
                start,
            )
    return None


def _named(candidates: Sequence[Any], entity: str, start: int, end: int) -> tuple[int, int]:
    """Where the candidates of `entity` lie in the slot `start:end` of the text (else the whole slot)."""
    hits = [(c.start, c.end) for c in candidates if str(c.id) == entity]
    first, last = min(h[0] for h in hits), max(h[1] for h in hits)
    if not 0 <= first < last <= end - start:
        return start, end
    return start + first, start + last


def _close(name: str, forced: Sequence[tuple[str, str, float]]) -> bool:
    """Whether the forced look scored `name` within `ALIKE_ASK` of the heard words (or did not score it)."""
    gains = [gain for _, alternative, gain in forced if letters(alternative) == letters(name)]
    return not gains or max(gains) >= -ALIKE_ASK


def card_states(snapshot: Any) -> tuple[CardState, ...]:
    """The customer's cards as `CardState`s (kind and label words lower case, without "card")."""
    out = []
    for card in getattr(snapshot, "cards", ()):
        said = {
            str(card.type).lower(),
            *(w.lower() for w in re.findall(r"[A-Za-z][A-Za-z-]{2,}", card.label)),
        }
        words = frozenset(said - _NOT_A_CARD_WORD)
        out.append(CardState(words, str(card.last4), str(card.status) == "locked"))
    return tuple(out)


def locked_lock(
    text: str, cards: Sequence[CardState], forced: Sequence[tuple[str, str, float]] = ()
) -> tuple[str, str] | None:
    """(the lock verb heard, the locked cards' last digits) when `text` begins with a lock of cards that
    are all locked already, and the forced look did not put the opposite verb more than `ALIKE_ASK` nats
    below the heard one (`forced`: `Hypothesis.forced`)."""
    verb = _LOCK.search(text)
    if verb is None or _UNLOCK.search(text) is not None or not text.isascii():
        return None
    opposite = [gain for heard, alt, gain in forced if _LOCK.fullmatch(heard) and _UNLOCK.fullmatch(alt)]
    if opposite and max(opposite) < -ALIKE_ASK:  # the audio told "lock" from "unlock" apart
        return None
    meant = _cards_meant(text, cards)
    if not meant or not all(card.locked for card in meant):
        return None
    return verb.group(1), ", ".join(f"···{card.last4}" for card in meant)


def _cards_meant(text: str, cards: Sequence[CardState]) -> list[CardState]:
    """The cards `text` can mean: by its last digits, else by the words before "card", else all of them."""
    digits = _DIGITS.search(text)
    if digits is not None:
        run = re.sub(r"\D", "", digits.group(1))
        return [card for card in cards if card.last4 == run]
    said = {w.lower() for m in _BEFORE_CARD.finditer(text) for w in m.group(1).split()} - _NOT_A_CARD_WORD
    said |= {w[:-1] for w in said if w.endswith("s")}  # "credits card"
    if said:
        named = [card for card in cards if card.words & said]
        if named:
            return named
    return list(cards)
