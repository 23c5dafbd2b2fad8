"""Keys: canonical romaji, kana conversion, Japanese surface keys, tokens, nicknames."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from teller.names.keys import ja_key, kana_to_romaji, romaji_key, tokens
from teller.names.match import strong_phonetic
from teller.names.nicknames import name_groups
from teller.normalize.text import fold


@pytest.mark.parametrize(
    ("variants", "key"),
    [
        (["sato", "satoh", "satou", "satoo"], "sato"),
        (["ichiro", "ichirou", "itiro"], "itiro"),
        (["sho", "shou", "syo", "syou"], "syo"),
        (["shi", "si"], "si"),
        (["tsu", "tu"], "tu"),
        (["chi", "ti"], "ti"),
        (["fu", "hu"], "hu"),
        (["ji", "zi"], "zi"),
        (["ken", "kenn"], "ken"),
        (["shin'ichi", "shinichi", "shinnichi"], "siniti"),
        (["yuko", "yuuko"], "yuko"),
        (["shimbashi", "shinbashi"], "sinbasi"),
    ],
)
def test_romaji_spellings_share_one_key(variants: list[str], key: str) -> None:
    """Hepburn, Kunrei, passport and wapuro spellings of one reading give the same key."""
    assert {romaji_key(v) for v in variants} == {key}


@pytest.mark.parametrize(
    ("a", "b"), [("sato", "saito"), ("ken", "kenta"), ("kato", "sato"), ("hattori", "hatori")]
)
def test_different_readings_keep_different_keys(a: str, b: str) -> None:
    """Names that differ by a mora stay apart."""
    assert romaji_key(a) != romaji_key(b)


@pytest.mark.parametrize("word", ["garcia", "sarah", "phillips", "xfinity", "12ab"])
def test_non_romaji_words_have_no_romaji_key(word: str) -> None:
    """A word that cannot be read as romaji gets no key, so it is never folded like one."""
    assert romaji_key(word) is None


@pytest.mark.parametrize(
    ("kana", "key"),
    [
        ("さとう", "sato"),
        ("サトウ", "sato"),
        ("サトー", "sato"),
        ("いちろう", "itiro"),
        ("しょう", "syo"),
        ("まっちゃ", "mattya"),
    ],
)
def test_kana_reads_into_the_romaji_key(kana: str, key: str) -> None:
    """Hiragana, katakana and the long-vowel mark all reach the same romaji key as typed romaji."""
    assert romaji_key(kana_to_romaji(kana) or "") == key


def test_kana_to_romaji_refuses_kanji() -> None:
    """Kanji have no reading here (guessing one would turn 健 into takeshi)."""
    assert kana_to_romaji("佐藤") is None


@pytest.mark.parametrize(
    ("text", "key"),
    [("佐藤 健", "佐藤健"), ("サトウケン", "さとうけん"), ("斎藤", "斉藤"), ("ｻﾄｳ", "さとう")],
)
def test_ja_key_folds_script_spacing_and_variants(text: str, key: str) -> None:
    """Spaces go, katakana becomes hiragana, old kanji forms fold to the common one."""
    assert ja_key(fold(text)) == key


def test_tokens_drop_apostrophes_and_split_hyphens() -> None:
    """O'Neil is one word (oneil); Al-Rashid is two; diacritics fall away."""
    assert [t.text for t in tokens(fold("Chris O'Neil"))] == ["chris", "oneil"]
    assert [t.text for t in tokens(fold("Mohammed Al-Rashid"))] == ["mohammed", "al", "rashid"]
    assert [t.text for t in tokens(fold("Satō"))] == ["sato"]


def test_tokens_split_latin_from_japanese() -> None:
    """A change of script starts a new word (NTTドコモ)."""
    assert [(t.text, t.ja) for t in tokens(fold("NTTドコモ"))] == [("ntt", False), ("どこも", True)]


@pytest.mark.parametrize(
    ("nick", "group"),
    [
        ("cathy", "catherine"),
        ("kate", "catherine"),
        ("steve", "steven"),
        ("steve", "stephen"),
        ("mike", "michael"),
        ("dave", "david"),
        ("bob", "robert"),
        ("bill", "william"),
        ("liz", "elizabeth"),
        ("sara", "sarah"),
        ("jon", "john"),
        ("mo", "mohammed"),
        ("mohamed", "mohammed"),
    ],
)
def test_nicknames_belong_to_their_formal_name(nick: str, group: str) -> None:
    """Common English nicknames and spellings map to the formal name's group."""
    assert group in name_groups(nick)


def test_unknown_word_has_no_nickname_group() -> None:
    """Words outside the table belong to no group."""
    assert name_groups("sato") == ()


def test_short_metaphone_codes_are_weak() -> None:
    """Two-letter codes (more/maria: MR) are too common to match a lone word."""
    assert not strong_phonetic("more")
    assert strong_phonetic("verizon")


@settings(max_examples=200, deadline=None)
@given(
    st.text(alphabet="あいうえおかきくけこさしすせそたちつてとなにぬねのんゃゅょっー", min_size=1, max_size=8)
)
def test_romaji_key_of_kana_is_stable(kana: str) -> None:
    """Any kana run reads into a key, and keying that key again changes nothing."""
    roma = kana_to_romaji(kana)
    assert roma is not None
    key = romaji_key(roma)
    if key:
        assert romaji_key(key) == key
