"""Japanese typed in romaji ("kenta ni ichiman en okutte kudasai") read as the kana it spells.

The rest of the pipeline reads Japanese in kana and kanji (bill words by reading, names by reading,
kana numerals), so a romaji turn is handed on as kana: けんた に いちまん えん おくって ください.

An ASCII turn is romaji only on enough evidence, because English read as kana is understood as nothing
(or worse, as something): every word must be a string of Hepburn or kunrei syllables ("send", "pay",
"tomorrow" are not), and the Japanese in it must outweigh the English, with at least two pieces of
evidence: a word of the banking lexicon below (zandaka, denki, kaado, furikomi ...), a politeness or
question word (ikura, onegai, kudasai, desu), a particle (ni, wo, ga, wa, de, kara), an honorific after a
word (naomi san), a predicate ending (-te, -tte, -tai, -ta, -masu) on a word that is not English, or a
romaji numeral said with en, or digits with en ("yen" is English too). "take a note" and "i hate rain"
are all syllables, and English.

Banking words are written as the rules read them (zandaka → 残高, kaado → カード, en after a number → 円),
adjacent nouns as one compound (denki dai → 電気代, kurejitto kaado → クレジットカード). Names are
transliterated like every other word: "naomi" is なおみ, which matches what なおみ would (the payee's
reading), and "sato" is さと, which matches only what さと would.
"""

from __future__ import annotations

import re
from functools import lru_cache

import jaconv

from teller.normalize import spelling
from teller.normalize.numbers_ja import KANA_NUMERALS

__all__ = ["read_romaji"]

# One mora: an optional doubled consonant (the small っ), then a syllable, or the moraic n. Loose on
# purpose about which consonant goes with which vowel (si/shi, tu/tsu, zya/ja are all in use).
_MORA = (
    r"(?:(?:([bcdfghjkmprstz])(?=\1)|t(?=ch))?"
    r"(?:[aiueo]|(?:[kgsztdnhbpmr]y?|sh|ch|jy?|ts|dz|f|w|y|v)[aiueo]|n'?(?![aiueoy])))"
)
_WORD = re.compile(f"(?:{_MORA})+")
_TOKEN = re.compile(r"[a-z']+|[0-9]+(?:[.,][0-9]+)*|[,.!?、。]+")
# Banking nouns, written as the rules (and the name matcher's list of non-names) read them: account
# kinds and bill words in kanji, loanwords in katakana (かあど, what kaado spells, is no カード).
_LEXICON = {
    "futsuu": "普通", "futsu": "普通", "futuu": "普通", "yokin": "預金", "chochiku": "貯蓄",
    "tyotiku": "貯蓄", "kouza": "口座", "teiki": "定期", "touza": "当座", "zandaka": "残高",
    "okane": "お金", "kinri": "金利", "denki": "電気", "gasu": "ガス", "suidou": "水道", "suido": "水道",
    "keitai": "携帯", "denwa": "電話", "dai": "代", "ryoukin": "料金", "ryokin": "料金", "seikyuu": "請求",
    "seikyu": "請求", "shiharai": "支払い", "furikomi": "振込", "furikae": "振替", "soukin": "送金",
    "sokin": "送金", "tesuuryou": "手数料", "torihiki": "取引", "meisai": "明細", "rireki": "履歴",
    "nyuukin": "入金", "shukkin": "出金", "nyuushukkin": "入出金", "riyou": "利用", "kaado": "カード",
    "kurejitto": "クレジット", "kurejito": "クレジット", "debitto": "デビット", "debito": "デビット",
    "kyasshu": "キャッシュ", "rokku": "ロック", "kaijo": "解除", "teishi": "停止", "funshitsu": "紛失",
    "tounan": "盗難", "tantousha": "担当者", "operetaa": "オペレーター", "opereetaa": "オペレーター",
    "docomo": "ドコモ", "dokomo": "ドコモ",
}  # fmt: skip
# Nouns that only ever follow another (denki dai): alone they are no evidence ("dai" is also a name).
_SUFFIXES = frozenset({"dai"})
# Particles said on their own: は, を, へ are written as they sound in romaji (wa, o, e).
_PARTICLE_KANA = {"wa": "は", "wo": "を", "o": "を", "e": "へ"}
_PARTICLES = frozenset({"ni", "wo", "ga", "wa", "de", "kara", "o", "e"})
# Particles that are also English words or letters count only beside a word that is not English.
_WEAK_PARTICLES = frozenset({"o", "e"})
# Politeness, wanting and asking the price: said of nothing but Japanese.
_POLITE = frozenset(
    {"kudasai", "onegai", "onegaishimasu", "shimasu", "desu", "masu", "kudasaimasenka", "ikura", "tai"}
    | {"shitai"}
)
_HONORIFICS = frozenset({"san", "sama", "kun", "chan", "sensei"})
_ENDING = re.compile(r"(?:te|de|tai|nai|ta|da|teru|masu|mashita|masen|naide|kamo)$")
_HONORIFIC_HYPHEN = re.compile(r"-(?=(?:san|sama|kun|chan|sensei)\b)")
# Hepburn writes ん as m before b, p, m (shimbun) and ん before a vowel as n' (or nn, IME style).
_M_AS_N = re.compile(r"m(?=[bp])")
_NN_VOWEL = re.compile(r"nn(?=[aiueoy])")
# Kana numerals typed as separate words ("ichi man", "2 man") are one number; not after さん or に,
# which are as often an honorific and a particle ("sato san sen en" is not ¥3,000).
_KANA_NUMERAL = "|".join(sorted(KANA_NUMERALS, key=len, reverse=True))
_NUMERAL_WORD = re.compile(f"(?=.)[0-9]*(?:{_KANA_NUMERAL})*")
_NUMERAL_PART = re.compile(f"[0-9]+|{_KANA_NUMERAL}")
_MAGNITUDES = ("まん", "せん", "ぜん", "ひゃく", "びゃく", "ぴゃく", "おく", "じゅう")


def _spelled(word: str) -> str:
    """The word with Hepburn's ん spellings made plain for the converter (shimbun → shinbun)."""
    return _NN_VOWEL.sub("n'n", _M_AS_N.sub("n", word))


def _is_romaji(word: str) -> bool:
    return _WORD.fullmatch(_spelled(word)) is not None


def _is_english(word: str) -> bool:
    return word in spelling.warm()


def _evidence(words: list[str]) -> int:
    """How many words are Japanese evidence (see the module docstring); none when English outweighs it."""
    found = sum(_is_evidence(words, i) for i in range(len(words)))
    english = sum(
        len(w) >= 3 and w not in _PARTICLES | _HONORIFICS and _is_english(w) and not _is_evidence(words, i)
        for i, w in enumerate(words)
    )
    return found if found > english else 0


def _is_evidence(words: list[str], i: int) -> bool:
    word, after = words[i], (words[i + 1] if i + 1 < len(words) else "")
    if word in _POLITE or (word in _PARTICLES and word not in _WEAK_PARTICLES):
        return True
    if (word in _LEXICON and word not in _SUFFIXES) or (word in _HONORIFICS and i > 0):
        return True  # an honorific after a word: naomi san
    if (after == "en" and word.isdigit()) or (after in ("en", "yen") and _is_numeral(word)):
        return True  # "500 yen" is English too
    return len(word) >= 4 and _ENDING.search(word) is not None and not _is_english(word)


def _is_numeral(word: str) -> bool:
    return word.isalpha() and _NUMERAL_WORD.fullmatch(str(jaconv.alphabet2kana(word))) is not None


def _kana(word: str) -> str:
    if word in _PARTICLE_KANA:
        return _PARTICLE_KANA[word]
    if word == "yen":
        return "えん"
    if word in _LEXICON:
        return _LEXICON[word]
    return str(jaconv.alphabet2kana(_spelled(word)))


@lru_cache(maxsize=1024)
def read_romaji(folded: str) -> str | None:
    """The kana `folded` spells when it is Japanese typed in romaji, else None (see the module docstring).

    >>> read_romaji("zandaka oshiete kudasai")
    'ざんだか おしえて ください'
    """
    if not folded.isascii():
        return None
    text = _HONORIFIC_HYPHEN.sub(" ", folded)
    tokens = _TOKEN.findall(text)
    if "".join(tokens) != text.replace(" ", ""):
        return None  # something other than words, numbers and sentence punctuation
    words = [t for t in tokens if t[0].isalpha() or t[0] == "'"]
    if len(words) < 2 or not all(w == "yen" or w in _LEXICON or _is_romaji(w) for w in words):
        return None
    if _evidence(tokens) < 2:
        return None
    out: list[str] = []
    last = ""
    for token in tokens:
        kana = _kana(token) if token in words else token
        if not token[0].isalnum() and out:
            out[-1] += kana  # punctuation stays on the word before it
        elif out and token in ("en", "yen") and _NUMERAL_WORD.fullmatch(out[-1]):
            # The words told where the number starts and ends; in kanji it stays one number (さんぜん → 三千).
            out[-1] = "".join(KANA_NUMERALS.get(p, p) for p in _NUMERAL_PART.findall(out[-1])) + "円"
        elif out and _NUMERAL_WORD.fullmatch(kana) and _glues(out[-1], kana):
            out[-1] += kana
        elif out and token in _LEXICON and last in _LEXICON:
            out[-1] += kana  # one compound noun, as Japanese writes it (電気代, クレジットカード)
        else:
            out.append(kana)
        last = token
    return " ".join(out)


def _glues(before: str, numeral: str) -> bool:
    """Whether a numeral word continues the number before it: いち まん, いちまん ごせん (not after さん
    or に, which are as often an honorific and a particle)."""
    if before in ("さん", "に") or _NUMERAL_WORD.fullmatch(before) is None:
        return False
    return numeral.startswith(_MAGNITUDES) or before.endswith(_MAGNITUDES)
