"""Everyday names of billers: what customers call a bill rather than the company's name.

A biller joins a category when one of its own names or aliases is one of the category's words
(Con Edison has the alias "electricity", so it is the electricity bill); it then answers to every
word of the category: the light bill, hydro, 電気代, でんきだい. Kana spellings of the Japanese words
are listed with them because customers and recognizers write them in kana (a test holds every
kanji word's reading to the list).

A Japanese company name of two two-kanji words is also said by its abbreviation, the first kanji
of each word (東京電力 → 東電, 関西電力 → 関電); `abbreviations` derives it.
"""

from __future__ import annotations

from collections.abc import Iterable

from teller.names.keys import is_kanji
from teller.normalize.text import fold

_CATEGORIES: tuple[frozenset[str], ...] = tuple(
    frozenset(words.split())
    for words in (
        "electricity electric power light lights hydro energy 電気 電気代 電気料金 電力 でんき でんきだい"
        " でんきりょうきん でんりょく",
        "gas ガス ガス代 ガス料金 がす がすだい がすりょうきん",
        "water sewer 水道 水道代 水道料金 すいどう すいどうだい すいどうりょうきん",
        "phone mobile cell cellphone cellular wireless 携帯 携帯代 携帯料金 ケータイ けいたい けいたいだい"
        " けいたいりょうきん スマホ"
        " 電話 電話代 電話料金 でんわ でんわだい でんわりょうきん",
        "internet cable wifi wi-fi broadband ネット インターネット 光回線 ひかりかいせん ねっと",
    )
)


def category_words() -> tuple[frozenset[str], ...]:
    """Every category's words (each kanji word's kana reading is listed beside it)."""
    return _CATEGORIES


def everyday_aliases(names: Iterable[str | None]) -> tuple[str, ...]:
    """The everyday words of every category one of `names` belongs to."""
    own = {fold(n) for n in names if n}
    out: list[str] = []
    for words in _CATEGORIES:
        if own & words:
            out.extend(sorted(words - own))
    return tuple(out)


def abbreviations(display_name: str) -> tuple[str, ...]:
    """東京電力 → 東電: the first kanji of each of two two-kanji words."""
    name = display_name.replace(" ", "")
    if len(name) == 4 and all(is_kanji(ch) for ch in name):
        return (name[0] + name[2],)
    return ()
