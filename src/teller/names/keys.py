"""Match keys for names: name tokens, Japanese surface keys, canonical romaji, Metaphone.

The index applies the same key functions to stored names and to queries, so a key only has to
be consistent, not linguistically right: `romaji_key` folds satoh / satou / sato / satō / さとう
together (and, being lossy, also folds a few pairs a linguist would keep apart, such as ono/oono).
"""

from __future__ import annotations

import re
import unicodedata
from functools import lru_cache
from typing import NamedTuple

import jellyfish

from teller.normalize.script import JA_CLASS, is_hiragana, is_ja_char, is_kana, is_kanji, katakana_to_hiragana

__all__ = ["is_hiragana", "is_ja_char", "is_kana", "is_kanji"]

# --- Latin -------------------------------------------------------------------------------------


def strip_marks(text: str) -> str:
    """Drop diacritics one character at a time, so positions in the result index the input (satō → sato)."""
    if text.isascii():
        return text
    return "".join(unicodedata.normalize("NFD", ch)[0] if ord(ch) < 0x3000 else ch for ch in text)


@lru_cache(maxsize=8192)
def metaphone(token: str) -> str:
    return str(jellyfish.metaphone(token))


# --- Japanese surface keys ---------------------------------------------------------------------

# Old and variant forms that people and ASR use interchangeably in surnames.
_VARIANT_KANJI = str.maketrans(
    {
        "斎": "斉", "齋": "斉", "齊": "斉", "邊": "辺", "邉": "辺", "澤": "沢", "濱": "浜", "髙": "高",
        "﨑": "崎", "嵜": "崎", "櫻": "桜", "廣": "広", "國": "国", "藏": "蔵", "眞": "真", "惠": "恵",
        "瀨": "瀬", "德": "徳", "條": "条", "關": "関", "嶋": "島", "冨": "富", "龍": "竜", "實": "実",
        "會": "会", "學": "学", "榮": "栄", "壽": "寿", "禮": "礼", "淺": "浅", "槇": "槙", "桒": "桑",
    }
)  # fmt: skip
_VARIANT_CHARS = frozenset(chr(c) for c in _VARIANT_KANJI)

_KANA = (
    "あいうえおかきくけこがぎぐげごさしすせそざじずぜぞたちつてとだぢづでどなにぬねの"
    "はひふへほばびぶべぼぱぴぷぺぽまみむめもやゆよらりるれろわゐゑをんゔ"
)
_ROMAJI = (
    "a i u e o ka ki ku ke ko ga gi gu ge go sa shi su se so za ji zu ze zo ta chi tsu te to "
    "da ji zu de do na ni nu ne no ha hi fu he ho ba bi bu be bo pa pi pu pe po ma mi mu me mo "
    "ya yu yo ra ri ru re ro wa i e o n' vu"
)
_KANA_ROMAJI: dict[str, str] = dict(zip(_KANA, _ROMAJI.split(), strict=True))
_SMALL_Y = {"ゃ": "a", "ゅ": "u", "ょ": "o"}
_SMALL_V = {"ぁ": "a", "ぃ": "i", "ぅ": "u", "ぇ": "e", "ぉ": "o", "ゎ": "a"}
_VOWEL_KANA = {"a": "あ", "i": "い", "u": "う", "e": "い", "o": "う"}  # ー after o/e is written う/い


def _last_vowel(ch: str) -> str:
    if ch in _SMALL_Y:
        return _SMALL_Y[ch]
    if ch in _SMALL_V:
        return _SMALL_V[ch]
    roma = _KANA_ROMAJI.get(ch, "")
    return roma[-1] if roma and roma[-1] in "aiueo" else ""


def ja_char_map(text: str) -> str:
    """Same-length normalization for scanning: katakana → hiragana, ー spelled out, variant kanji folded."""
    out: list[str] = []
    for ch in katakana_to_hiragana(text).translate(_VARIANT_KANJI):
        if ch == "ー" and out:
            ch = _VOWEL_KANA.get(_last_vowel(out[-1]), ch)
        out.append(ch)
    return "".join(out)


def ja_key(text: str) -> str:
    """Only the kana and kanji, normalized by `ja_char_map`: 佐藤 健 → 佐藤健, サトー → さとう."""
    return "".join(ch for ch in ja_char_map(text) if is_ja_char(ch))


def has_variant_kanji(text: str) -> bool:
    return any(ch in _VARIANT_CHARS for ch in text)


def is_all_kana(text: str) -> bool:
    return bool(text) and all(is_kana(ch) for ch in text)


@lru_cache(maxsize=8192)
def kana_to_romaji(text: str) -> str | None:
    """Hepburn-ish romaji of kana, or None when the text holds anything else. Fast: no dictionary load."""
    pieces: list[str] = []
    for ch in katakana_to_hiragana(text):
        last = pieces[-1] if pieces else ""
        if ch in _SMALL_Y and len(last) >= 2 and last.endswith("i"):
            base = last[:-1]
            pieces[-1] = base + _SMALL_Y[ch] if base in ("sh", "ch", "j") else base + "y" + _SMALL_Y[ch]
        elif ch in _SMALL_V and last and last[-1] in "aiueo":
            base = "w" if last == "u" else last[:-1]
            pieces[-1] = base + _SMALL_V[ch] if base else last + _SMALL_V[ch]
        elif ch == "っ":
            pieces.append("Q")
        elif ch == "ー":
            if last and last[-1] in "aiueo":
                pieces.append(last[-1])
        elif ch in _KANA_ROMAJI:
            pieces.append(_KANA_ROMAJI[ch])
        elif ch in _SMALL_Y:  # stray small kana read as their full-size sound
            pieces.append("y" + _SMALL_Y[ch])
        elif ch in _SMALL_V:
            pieces.append(_SMALL_V[ch])
        else:
            return None
    out: list[str] = []
    for i, piece in enumerate(pieces):
        if piece == "Q":
            nxt = pieces[i + 1] if i + 1 < len(pieces) else ""
            out.append(nxt[:1] if nxt[:1] not in ("", "a", "i", "u", "e", "o", "n") else "")
        else:
            out.append(piece)
    return "".join(out)


# --- canonical romaji --------------------------------------------------------------------------


def _mora_table() -> dict[str, str]:
    """Every common spelling of a mora (Hepburn, Kunrei, Nihon-shiki, wāpuro) → one canonical spelling."""
    table = {v: v for v in "aiueo"}
    for c in "kgsztdnhbpmr":
        for v in "aiueo":
            table[c + v] = c + v
    for c in "kgnhbpmr":
        for v in "auo":
            table[c + "y" + v] = c + "y" + v
    for v in "aueo":
        for spelling, canon in (("sh", "sy"), ("sy", "sy"), ("ch", "ty"), ("ty", "ty"), ("cy", "ty")):
            table[spelling + v] = canon + v
        for spelling in ("j", "jy", "zy", "dy"):
            table[spelling + v] = "zy" + v
    table.update(
        {"shi": "si", "chi": "ti", "tsu": "tu", "fu": "hu", "ji": "zi", "di": "zi", "du": "zu", "dzu": "zu",
         "ya": "ya", "yu": "yu", "yo": "yo", "ye": "ye", "wa": "wa", "wi": "wi", "we": "we", "wo": "o",
         "fa": "fa", "fi": "fi", "fe": "fe", "fo": "fo", "va": "ba", "vi": "bi", "vu": "bu", "ve": "be",
         "vo": "bo", "ca": "ka", "cu": "ku", "co": "ko", "ci": "si", "ce": "se", "tsa": "tua"}
    )  # fmt: skip
    return table


_MORA = _mora_table()
_VOWELS = frozenset("aiueo")
_GEMINABLE = frozenset("kgsztdhbpcjfmr")


def _morae(token: str) -> list[str] | None:
    """Split a romaji token into canonical morae; Q = geminate (っ), N = moraic n (ん). None: not romaji."""
    morae: list[str] = []
    i, n = 0, len(token)
    while i < n:
        c = token[i]
        nxt = token[i + 1] if i + 1 < n else ""
        if c == "'":
            i += 1
        elif (c == "n" and nxt not in _VOWELS and nxt != "y") or (c == "m" and nxt in ("b", "p")):
            morae.append("N")
            i += 1
        elif c in _GEMINABLE and (nxt == c or (c == "t" and token.startswith("ch", i + 1))):
            morae.append("Q")
            i += 1
        elif c == "h" and morae and morae[-1][-1:] == "o" and nxt not in _VOWELS and nxt != "y":
            i += 1  # passport style long vowel: satoh, itoh, ohno
        else:
            for size in (3, 2, 1):
                canon = _MORA.get(token[i : i + size])
                if canon is not None:
                    morae.append(canon)
                    i += size
                    break
            else:
                return None
    return morae


_O_ROW = frozenset("おこごそぞとどのほぼぽもよょろを")
_U_ROW = frozenset("うくぐすずつづぬふぶぷむゆゅる")


def without_long_vowels(kana: str) -> str:
    """Hiragana with its long vowels left out, as romaji without macrons writes them: かとうけん →
    かとけん (kato ken), こばやしようこ → こばやしよこ (yoko), ゆうき → ゆき."""
    out: list[str] = []
    for ch in kana:
        if ch == "ー" or (ch == "う" and out and (out[-1] in _O_ROW or out[-1] in _U_ROW)):
            continue
        out.append(ch)
    return "".join(out)


@lru_cache(maxsize=8192)
def romaji_key(token: str) -> str | None:
    """Canonical romaji: one spelling per mora, long vowels and doubled n folded; None when not romaji.

    satoh, satou, sato (and さとう via `kana_to_romaji`) → "sato"; shou/sho → "syo"; ichirou → "itiro";
    kenn → "ken"; jun'ichi/junichi → "zyuniti". Spaces and apostrophes are ignored.
    """
    morae = _morae(token.replace(" ", ""))
    if not morae:
        return None
    out: list[str] = []
    prev_vowel = ""
    geminate = False
    for mora in morae:
        if mora == "Q":
            geminate = True
            continue
        if mora == "N":
            out.append("n")
            prev_vowel, geminate = "", False
            continue
        if len(mora) == 1 and (mora == prev_vowel or (prev_vowel == "o" and mora == "u")):
            continue  # long vowel: aa, ii, uu, ee, oo, ou
        if geminate:
            out.append(mora[0])
            geminate = False
        out.append(mora)
        prev_vowel = mora[-1]
    key = "".join(out)
    while "nn" in key:
        key = key.replace("nn", "n")
    return key


# --- name tokens -------------------------------------------------------------------------------

_JA_RUN = "[" + JA_CLASS + "]+"
_TOKEN = re.compile(r"[a-z0-9](?:[a-z0-9]|'(?=[a-z0-9]))*|" + _JA_RUN)


class Token(NamedTuple):  # a NamedTuple: cheaper to make than a frozen dataclass, and many are made
    """One word of a name or utterance: `text` is its key form, `start`/`end` index the folded text."""

    text: str
    start: int
    end: int
    ja: bool
    variant: bool = False  # a variant kanji was folded (斎 → 斉), so an equal key is not quite exact


def tokens(folded: str) -> list[Token]:
    """Latin words (apostrophes dropped: o'neil → oneil; hyphens split) and runs of Japanese characters."""
    if folded.isascii():
        found = [
            Token(m.group().replace("'", ""), m.start(), m.end(), False) for m in _TOKEN.finditer(folded)
        ]
        return _join_prefixes(folded, found)
    out: list[Token] = []
    for m in _TOKEN.finditer(strip_marks(folded)):
        word = m.group()
        if is_ja_char(word[0]):
            out.append(Token(ja_key(word), m.start(), m.end(), True, has_variant_kanji(word)))
        else:
            out.append(Token(word.replace("'", ""), m.start(), m.end(), False))
    return _join_prefixes(folded, out)


# A surname's prefix said or heard as a word of its own: "o neill" is O'Neill, "mc donald" McDonald.
_PREFIXES = frozenset({"o", "mc"})


def _join_prefixes(folded: str, found: list[Token]) -> list[Token]:
    if not any(t.text in _PREFIXES for t in found):
        return found
    out: list[Token] = []
    for tok in found:
        prev = out[-1] if out else None
        if (
            prev is not None
            and prev.text in _PREFIXES
            and not tok.ja
            and folded[prev.end : tok.start] in (" ", "-")
            and (len(out) < 2 or out[-2].end < prev.start)  # the prefix starts its word
        ):
            out[-1] = Token(prev.text + tok.text, prev.start, tok.end, False)
        else:
            out.append(tok)
    return out
