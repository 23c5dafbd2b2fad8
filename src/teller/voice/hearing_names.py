"""The recognizer's second look at a name: where it starts, and what it heard there. Pure text.

- `name_spans(text, names)`: where a transcript says words of the customer's payee and biller names
  ("Send $50 to Chris O'Neil." → "Chris O'Neil"): the recognizer decodes again from the first token
  of each (`whisper_asr`, `Hypothesis.name_rechecks`).
- `name_doubt(text, readings, index, share)`: the second look's readings grouped by the registered
  payee or biller each names at that place (the customer's names index decides, so a name nobody
  registered counts for nothing); another one heard with at least `share` of the probability of the
  one the transcript names — or any, when the second look never heard that one — is written in
  beside it ("Send $50 to Chris O'Neil (or Kristen O'Neill)."; a name heard as no registered form gets
  its registered form too: "Chris and O'Neil (or Chris O'Neil or Kristen O'Neill)"), so the turn asks
  which (clarify among the names heard). Only registered names are written in; nothing is replaced.
  Round 15: a reading in which the other name stands for the heard name *and the word after it*, the rest
  as the transcript has it ("… to Kristen the day after" for "… to Chris in the day after"), says how the
  recognizer split the heard words (`_split`): it disputes the name at any share.

Round 17, `split_by_sound(text, names, near)`: the same split heard in the transcript alone — a registered
name followed by a short word (three letters at most) whose letters together sound like a longer registered
name that begins with the heard one's letters ("Sato Ken to" for Sato Kenta: the second look had Sato Kenta
only weakly, and cut short) gets that name written in beside it, and the turn asks which.

A reading cut off by the length limit inside a name (ending in `OPEN`) neither disputes nor confirms;
nor does one whose words before the name differ from the transcript's, or one that names nobody.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from typing import Any

from teller.voice.hearing_numbers import OPEN, Doubt
from teller.voice.hearing_sound import letters, similarity

_WORD = re.compile(r"[A-Za-z][A-Za-z'-]*")
_NEAR = 12  # characters between two hits of one name said in pieces ("Chris and O'Neil")
_SAME = 8  # characters of the transcript after a split name a reading must repeat (" the day")
_SHORT = 3  # letters of the word after a name that may be the rest of a longer one ("to" of "Kenta")


def name_spans(text: str, names: Sequence[str]) -> list[tuple[int, int]]:
    """(start, end) of each run of words of `text` that are words of the Latin `names`, in order."""
    words = {_fold(w) for name in names if name.isascii() for w in _WORD.findall(name)}
    words.discard("")
    spans: list[tuple[int, int]] = []
    for m in _WORD.finditer(text):
        if _fold(m.group()) not in words:
            continue
        if spans and text[spans[-1][1] : m.start()].strip(" -") == "":
            spans[-1] = (spans[-1][0], m.end())  # the next word of the same name
        else:
            spans.append((m.start(), m.end()))
    return spans


Fix = Callable[[str], str]  # how hearing puts a near-miss name right ("Kristen O'Neil" → "… O'Neill")


def _same(text: str) -> str:
    return text


def name_doubt(
    text: str, readings: Sequence[tuple[str, float]], index: Any, *, share: float, fix: Fix = _same
) -> Doubt | None:
    """The registered rivals of the name `text` proposes, written in beside it (see the module docstring).

    `fix`: what hearing does to a transcript's near-miss name, done to each reading too, so a reading
    is heard as the transcript was."""
    looked = _looked(text, readings, index, fix)
    if looked is None:
        return None
    chosen, start, end, heard, shown, split = looked
    own = heard.get(chosen, 0.0)
    rivals = sorted(
        (i for i in heard.keys() | split if i != chosen and (i in split or heard[i] >= share * own)),
        key=lambda i: (-heard.get(i, 0.0), i),
    )
    if not rivals:
        return None
    names = [shown[i] for i in rivals]
    said = text[start:end]
    # a name heard as no registered form ("Chris and O'Neil") gets the registered one beside the rivals,
    # or the turn would take the rival's exact form over it
    own_form = shown.get(chosen, "")
    listed = names if _fold(said) == _fold(own_form) or not own_form else [own_form, *names]
    written = text[:end] + f" (or {' or '.join(listed)})" + text[end:]
    return Doubt(written, (said, *names), start)


def rival_share(
    text: str, readings: Sequence[tuple[str, float]], index: Any, fix: Fix = _same
) -> float | None:
    """The strongest registered rival's probability over the proposed name's (inf when the second look
    never heard that name; 0.0 when no rival was heard); None when `text` proposes no one name."""
    looked = _looked(text, readings, index, fix)
    if looked is None:
        return None
    chosen, _, _, heard, _, _ = looked
    rival = max((p for i, p in heard.items() if i != chosen), default=0.0)
    own = heard.get(chosen, 0.0)
    return rival / own if own else (float("inf") if rival else 0.0)


# chosen id, its span in `text`, probability heard per registered id, how to write each id, and the ids
# heard in a reading that splits the heard words another way (`_split`)
_Looked = tuple[str, int, int, dict[str, float], dict[str, str], set[str]]


def _looked(text: str, readings: Sequence[tuple[str, float]], index: Any, fix: Fix) -> _Looked | None:
    """(chosen id, its span in `text`, probability heard per registered id, how to write each id, ids of
    readings that split the heard words another way)."""
    if not readings or not text.isascii():
        return None
    found = index.scan(text)
    if found.status != "match" or not found.candidates:
        return None
    chosen = found.candidates[0]
    # the name as said may span several hits ("Chris and O'Neil": Kristen's "Chris", Chris's "O'Neil")
    near = [c for c in found.candidates if c.start < chosen.end + _NEAR and c.end > chosen.start - _NEAR]
    start, end = min(c.start for c in near), max(c.end for c in near)
    if not 0 <= start < end <= len(text):
        return None
    heard: dict[str, float] = {}
    shown: dict[str, str] = {chosen.id: chosen.display_name if chosen.display_name.isascii() else ""}
    split: set[str] = set()
    for reading, prob in readings:
        whole = reading.removesuffix(OPEN)
        if not whole.startswith(text[:start]) or not whole.isascii():
            continue
        raw = whole[start:]  # as the recognizer wrote it: `fix` may rewrite words after the name too
        said = index.scan(raw)
        first = said.candidates[0] if said.status == "match" and said.candidates else None
        if first is not None and first.id != chosen.id and _split(text, end, raw, first.start, first.end):
            split.add(first.id)
            shown.setdefault(first.id, first.display_name if first.display_name.isascii() else "")
        tail = fix(raw)
        match = index.scan(tail)
        if match.status == "none" or not match.candidates:
            continue
        if reading.endswith(OPEN) and match.candidates[0].end >= len(tail.rstrip(" .,?!")):
            continue  # the name may go on past the cut
        named = match.candidates[:1] if match.status == "match" else match.candidates
        for c in named:
            heard[c.id] = heard.get(c.id, 0.0) + prob
            shown.setdefault(c.id, c.display_name if c.display_name.isascii() else tail[c.start : c.end])
    return chosen.id, start, end, heard, shown, split


def _split(text: str, end: int, tail: str, start: int, stop: int) -> bool:
    """Whether the registered name at `tail[start:stop]` (a reading from where `text`'s name starts) stands
    for that name and the word after it (`text[end:]`'s first word), the words after it as `text` has
    them: "Kristen| the day after" for "Chris| in| the day after" (round 15)."""
    if tail[:start].strip():
        return False  # the reading names someone later, not where the heard name stands
    word = _WORD.match(text, end + len(text[end:]) - len(text[end:].lstrip()))
    if word is None:
        return False
    after, rest = text[word.end() :], tail[stop:]
    n = min(len(after), len(rest))
    return n >= _SAME and after[:n] == rest[:n]


def split_by_sound(text: str, names: Sequence[str], *, near: float) -> Doubt | None:
    """The longer registered name written in beside a registered one of `text` when that name and the short
    word after it sound like it (similarity at least `near`): "Sato Ken (or Sato Kenta) to 20,000 yen"."""
    latin = sorted({n for n in names if n.isascii() and letters(n)}, key=len, reverse=True)
    for name in latin:
        for m in re.finditer(rf"(?<![A-Za-z']){re.escape(name)}(?![A-Za-z'])", text):
            word = _WORD.match(text, len(text) - len(text[m.end() :].lstrip()))
            if word is None or word.start() == m.end() or len(letters(word.group())) > _SHORT:
                continue
            heard = letters(name) + letters(word.group())
            for longer in latin:
                rest = letters(longer).removeprefix(letters(name))
                if longer.split()[:-1] != name.split()[:-1] or rest == letters(longer):
                    continue  # not the heard name with its last word said longer
                said = letters(word.group())
                # the short word says the rest ("to" for "ta"), not a spelling of the name ("O'Neil one")
                if not rest or said[0] != rest[0] or abs(len(said) - len(rest)) > 1:
                    continue
                if len(rest) <= _SHORT and similarity(heard, longer) >= near:
                    written = f"{text[: m.end()]} (or {longer}){text[m.end() :]}"
                    return Doubt(written, (name, longer), m.start())
    return None


def _fold(word: str) -> str:
    return re.sub(r"[^a-z]", "", word.lower())
