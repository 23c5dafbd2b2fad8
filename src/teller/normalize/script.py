"""Which characters are Japanese script: the one definition every stage uses.

Hiragana U+3041–309F, katakana U+30A0–30FF (with ー), CJK ideographs (the unified block, extension A
and the compatibility block), and the iteration/closing marks 々 〆 that occur inside names (佐々木).
The `*_CLASS` strings are regex character-class bodies built from the same ranges.
"""

from __future__ import annotations

HIRAGANA_CLASS = "\u3041-\u309f"
KATAKANA_CLASS = "\u30a0-\u30ff"
KANJI_CLASS = "\u4e00-\u9fff\u3400-\u4dbf\uf900-\ufaff\u3005\u3006"
JA_CLASS = HIRAGANA_CLASS + KATAKANA_CLASS + KANJI_CLASS


def is_hiragana(ch: str) -> bool:
    return "\u3041" <= ch <= "\u309f"


def is_katakana(ch: str) -> bool:
    return "\u30a0" <= ch <= "\u30ff"


def is_kana(ch: str) -> bool:
    return "\u3041" <= ch <= "\u30ff"


def is_kanji(ch: str) -> bool:
    return (
        "\u4e00" <= ch <= "\u9fff"
        or "\u3400" <= ch <= "\u4dbf"
        or "\uf900" <= ch <= "\ufaff"
        or ch == "々"
        or ch == "〆"
    )


def is_ja_char(ch: str) -> bool:
    return is_kana(ch) or is_kanji(ch)


def is_japanese(text: str) -> bool:
    """True when the text contains any kana or kanji."""
    return not text.isascii() and any(is_ja_char(ch) for ch in text)


def katakana_to_hiragana(text: str) -> str:
    """Katakana as hiragana, the same length (ァ to ヶ shift; ー and other marks kept)."""
    return "".join(chr(ord(ch) - 0x60) if "ァ" <= ch <= "ヶ" else ch for ch in text)
