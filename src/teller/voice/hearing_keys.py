"""A heard word with the exact sound key of the customer's own name (round 10). Pure text.

tiny.en writes an unfamiliar name it hears as the familiar word that sounds the same: "pay 8800 yen to
docomo" came out "Pay 8800 yen to Tacoma." (golden piper, clean and telephone). Metaphone gives both TKM,
but the spelling pulls their similarity to 0.78, under the near-miss bar (`hearing.NEAR`), and the forced
look scores docomo 4.8-6.2 nats below a word the recognizer's language model knows well; so the turn was
refused as an unknown payee, and the one reading the customer's data supports was never offered.

`same_key(text, keys, names, registered)`, on a transcript that names none of the customer's payees and
billers, not even as a choice (`hearing.hear` checks; where the names index's own sound match already asks,
"Flaps" for Phillips / Philips, it is not reached): where a name was clearly meant — a whole run of 1-3
heard words after a money verb that are no command word (`hearing_forced.name_slots`; with no money verb
only registered words stand there, so the rule acts on money turns alone), standing right after "to" or the
money verb ("to Tacoma", "Pay Kabul $80"), or, for a biller, after "to / pay the / my / our" and before
"bill" ("Pay my frozen bill") — that is no registered form, whose sound key has at least `KEY_MIN` sounds
and is exactly the key of registered forms with as many words (`name_keys`):

- of **one** payee or biller: the form is put in its place ("Tacoma" → "docomo", "Pay my frozen bill" →
  "Pay my verizon bill"), traced `hear:sound_key` with the heard words. A money turn always goes to the
  confirmation, which shows the registered name: nothing moves without the customer's yes.
- of **several**: their registered names are written in beside the heard words ("Stay Kin (or Sato Ken or
  Saito Ken)", STKN) and the turn asks which; nothing is replaced.

A key of two sounds ("Sado" ST, "Ken" KN) fits too many words to say which name was meant; a contraction
("can't", KNT like coned) is grammar; Japanese text is left alone. Only registered names are ever written,
so a name nobody registered ("Bob Smith") is never invented.

Where no name was clearly meant the words are left alone (round 11): what is paid for ("Pay 3000 yen for the
music", MSK like Misaki), a word beside another in a longer slot ("to my kind neighbor", KNT like Con Ed),
"to my score" with no bill, a payee's key before "bill" ("Pay the candy bill", Kenta). Round 10's rule took
any stretch of the slot: of Whisper's lower-case words, 88 (customer, word) pairs of the demo bank were made
a name in each frame, where no name was meant as where one was (`bench/voice_keys_probe.py`).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from teller.voice.hearing_forced import name_slots
from teller.voice.hearing_sound import NOT_NAME, WORD, letters, sound_key

RULE = "hear:sound_key"
KEY_MIN = 3  # sounds a key needs before it can tell which name was meant ("Tacoma"/docomo TKM; "Sado" ST: no)
# A contraction or "cannot" is grammar, never a name ("I can't remember": KNT, the key of coned and Kenta).
_GRAMMAR = re.compile(r"cannot|[a-z]+n't|[a-z]+'(?:s|ll|re|ve|d|m)", re.I)
_WORDS = (1, 2, 3)  # a slot of heard words, put right one for one with a form of as many words

# (sound key, payee or biller id, form as said, name to write, whether a biller's)
Keys = tuple[tuple[str, str, str, str, bool], ...]
# where a name was clearly meant: right after "to" or the money verb ("to Tacoma", "Pay Kabul $80") …
_DIRECT = re.compile(r"\b(?:to|send|pay|transfer|wire|give)[\s,]*$", re.I)
# … or a biller's slot: "Pay my frozen bill", "to the Kabul bill"
_BILL_BEFORE = re.compile(r"\b(?:to|pay)\s+(?:the|my|our)\s+$", re.I)
_BILL_AFTER = re.compile(r"\s+bills?\b", re.I)


@dataclass(frozen=True, slots=True)
class Keyed:
    """What `same_key` did: the heard words, what was put in (or the names written in), the new text."""

    heard: str
    put: str
    text: str
    asks: bool  # several names written in beside the heard words: the turn asks which
    at: int = 0  # where the heard words start in the text read


def name_keys(named: Iterable[tuple[str, str, Sequence[str], bool]]) -> Keys:
    """For each (id, Latin name, other forms, whether a biller) of a customer's payees and billers, the sound
    key of every Latin form (the name, its aliases, and each word of a payee's name of several words) of
    `KEY_MIN`+ sounds.
    """
    out: dict[tuple[str, str, str, str, bool], None] = {}
    for entity, name, forms, biller in named:
        if not name.isascii() or not letters(name):
            continue
        for form in (name, *forms):
            key = sound_key(form) if form.isascii() and letters(form) else ""
            if len(key) >= KEY_MIN:
                out[(key, entity, form, name, biller)] = None
    return tuple(out)


def same_key(text: str, keys: Keys, names: Sequence[str], registered: Iterable[str]) -> Keyed | None:
    """The heard words put right or asked about, or None: no stretch has a registered key (module docstring).

    `names`: the customer's Latin forms of their payees and billers (where in `text` a name may stand);
    `registered`: every form as registered, so a stretch said as one is never changed."""
    if not keys or not text.isascii():
        return None
    exact = {letters(form) for form in registered}
    found: list[tuple[int, int, list[tuple[str, str, str]]]] = []  # (start, end, [(id, form, name)])
    for start, end in name_slots(text, names):
        words = list(WORD.finditer(text, start, end))
        only_billers = _meant(text, start, end)
        if only_billers is None or len(words) not in _WORDS:
            continue
        said = text[start:end]  # the whole slot, never a word of it ("to my kind neighbor")
        if any(w.group().lower() in NOT_NAME or _GRAMMAR.fullmatch(w.group()) for w in words):
            continue
        if letters(said) in exact:
            continue
        key = sound_key(said)
        if len(key) < KEY_MIN:
            continue
        fits = [
            (e, f, name)
            for said_key, e, f, name, biller in keys
            if said_key == key and len(f.split()) == len(words) and (biller or not only_billers)
        ]
        if fits:
            found.append((start, end, fits))
    if not found:
        return None
    start, end, fits = found[0]  # the first slot where a name was meant
    heard = text[start:end]
    entities = dict.fromkeys(e for e, _, _ in fits)
    if len(entities) == 1:
        form = fits[0][1]
        return Keyed(heard, form, text[:start] + form + text[end:], asks=False, at=start)
    shown = list(dict.fromkeys(next(name for other, _, name in fits if other == e) for e in entities))
    written = f"{text[:end]} (or {' or '.join(shown)}){text[end:]}"
    return Keyed(" / ".join([heard, *shown]), ", ".join(shown), written, asks=True, at=start)


def _meant(text: str, start: int, end: int) -> bool | None:
    """Whether a name was clearly meant at `text[start:end]`: None, not; True, only a biller's ("Pay my
    frozen bill"); False, anyone's ("to Tacoma", "Pay Kabul $80")."""
    before, after = text[:start], text[end:]
    if _DIRECT.search(before):
        return False
    if _BILL_BEFORE.search(before) and _BILL_AFTER.match(after):
        return True
    return None
