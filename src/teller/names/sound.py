"""Sound-alike Japanese names: the same reading written with other kanji (中村桜 for 中村 さくら).

Customers and speech recognizers write a payee's name with whatever kanji fit the sound. A run of
kanji in a name position (before an honorific or a recipient particle) that no stored key matched
in full is read as kana, and when that reading is a payee's registered reading it is a candidate
by the rule `sound_alike`, scored below every written form: it is a guess from sound, shown to the
customer with the name as registered. Several payees with that reading tie, and the turn clarifies.

A given name is often written with kanji the dictionary has no word for (美岬 for みさき): it then reads
each kanji alone, one way (び・みさき). A kanji read alone may be read any of its dictionary's ways, so
the run is also read with each of those (み・さき), a bounded number of readings; any one that is a
payee's registered reading makes the candidate, with the same score as the dictionary's own reading.

Readings come from pykakasi's dictionary, loaded on the first use in a process (it takes a moment),
and only for such runs, so most turns never touch it.
"""

from __future__ import annotations

import re
from functools import lru_cache
from itertools import product
from math import prod

from teller.names.keys import is_kanji, ja_char_map, ja_key
from teller.names.result import Hit
from teller.names.tables import Tables
from teller.normalize.script import KANJI_CLASS, KATAKANA_CLASS

SOUND_ALIKE = 93.0  # below a variant kanji (97), above a partial name (90)
_MAX_READINGS = 256  # readings of one run tried at most (each lone kanji has a handful)

# A run of kanji (katakana and kana may follow: 中村さくら) where a name stands: before an
# honorific (already blanked to spaces by the scanner), a recipient particle, or the end.
_NAME_RUN = re.compile(f"[{KANJI_CLASS}][{KANJI_CLASS}{KATAKANA_CLASS}ぁ-ゖ]*?(?=\\s|に|へ|宛)")
# Banking words that stand where a name could (口座に, 普通預金へ): never read aloud as a name.
_NOT_NAMES = re.compile("口座|預金|残高|代|料金|請求|カード|明細|取引|振込|送金|普通|当座|定期|円")


@lru_cache(maxsize=1)
def _kakasi() -> object:
    import pykakasi

    return pykakasi.kakasi()  # type: ignore[no-untyped-call]


@lru_cache(maxsize=2048)
def reading(text: str) -> str:
    """The kana reading of `text` as the name keys spell it (hiragana, long vowels spelled out)."""
    parts = _kakasi().convert(text)  # type: ignore[attr-defined]
    return ja_key("".join(p["hira"] for p in parts))


@lru_cache(maxsize=2048)
def readings(text: str) -> frozenset[str]:
    """`text`'s dictionary reading, and its readings with each kanji the dictionary reads alone read any
    of its ways (高橋美岬: たかはし・び・みさき, and たかはし・み・さき among others)."""
    from pykakasi.kanji import Kanwa

    parts = _kakasi().convert(text)  # type: ignore[attr-defined]
    ways: list[set[str]] = []
    for part in parts:
        orig, hira = part["orig"], part["hira"]
        if len(orig) == 1 and is_kanji(orig):
            ways.append({hira, *(yomi for yomi, _ in (Kanwa().load(orig) or {}).get(orig, ()))})  # type: ignore[no-untyped-call]
        else:
            ways.append({hira})
    if prod(len(w) for w in ways) > _MAX_READINGS:
        return frozenset({reading(text)})
    return frozenset(ja_key("".join(pick)) for pick in product(*ways))


def sound_alike_hits(t: Tables, folded: str, allowed: frozenset[int], found: list[Hit]) -> list[Hit]:
    """Hits for name-position kanji runs whose reading is a payee's reading, where no full key matched."""
    if not any(e in allowed for entries in t.readings.values() for e in entries):
        return []  # no payee with a reading is wanted (a biller scan): never load the dictionary
    out: list[Hit] = []
    for m in _NAME_RUN.finditer(folded):
        start, end = m.span()
        if any(h.full and h.start <= start and end <= h.end for h in found) or _NOT_NAMES.search(m.group()):
            continue
        honorific = folded[end : end + 1] == " "  # さん/様/くん were blanked to spaces by the scanner
        if not honorific and end - start < 3:
            continue  # 中村桜に… is a name; a two-kanji word before に is more often something else
        entries = sorted({e for key in readings(m.group()) for e in t.readings.get(key, ()) if e in allowed})
        out.extend(Hit(e, SOUND_ALIKE, "sound_alike", m.group(), True, start, end) for e in entries)
    return out


# Kana where a biller's abbreviation may be spoken (とうでん, トウデン for 東電 = 東京電力).
_KANA_RUN = re.compile("[ぁ-ゖ]{3,}|[ァ-ヺー]{3,}")
ABBREVIATION_SOUND = 92.0  # a guess from sound, below a written name


def abbreviation_hits(t: Tables, folded: str, allowed: frozenset[int], found: list[Hit]) -> list[Hit]:
    """Billers whose abbreviation (`Tables.abbreviated`: 東京電力 → 東電) is said in kana (とうでん).

    The abbreviation's reading comes from the dictionary, on the first turn with kana where such a
    biller is wanted; a kana word that merely contains it (ほんとうでしょうか) is not it: the reading
    must stand at a word's start (or after a particle), and be followed by a particle, another
    script or the end."""
    wanted = [(short, [e for e in es if e in allowed]) for short, es in t.abbreviated.items()]
    wanted = [(short, es) for short, es in wanted if es]
    runs = list(_KANA_RUN.finditer(folded)) if wanted else []
    out: list[Hit] = []
    for short, entries in wanted:
        key = reading(short)
        if len(key) < 3:
            continue
        for m in runs:
            at = ja_char_map(m.group()).find(key)
            start, end = m.start() + at, m.start() + at + len(key)
            before_ok = at == 0 or (at > 0 and m.group()[at - 1] in _AFTER_ABBREVIATION)
            if at < 0 or not before_ok or (end < m.end() and folded[end] not in _AFTER_ABBREVIATION):
                continue
            if any(h.full and h.start <= start and end <= h.end for h in found):
                continue
            out.extend(
                Hit(e, ABBREVIATION_SOUND, "kana_abbreviation", folded[start:end], True, start, end)
                for e in entries
            )
    return out


_AFTER_ABBREVIATION = frozenset("のにへをがはともで")
