"""The precomputed keys of one customer's payees and billers, built once and only read afterwards.

An entry (a payee or a biller) has one or more forms: a name as a row of slots (佐藤 | 健), or
an alias (TEPCO). When the display name, the kana reading and the Latin form have the same number
of words they share one form, slot by slot, so 佐藤 ken and sato けん line up too. Every slot
carries keys in a few namespaces; the namespace says how strong an equal key is:

    x:  Latin word as written (apostrophes dropped)           100  exact_latin / alias
    j:  Japanese surface, kana as hiragana                    100  kanji / kana / alias
    r:  canonical romaji (Japanese entries only)               97  romaji_variant
    n:  English nickname group (non-Japanese payees only)      92  nickname
    m:  Metaphone code (non-Japanese entries only)             88  metaphone

Romaji keys are not built for Western names (johnson would fold into jonson) and phonetic keys are
not built for Japanese ones (Metaphone reads sato and saito alike).
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Literal

from teller.domain.bank import Biller, Payee
from teller.names.banks import bank_forms
from teller.names.everyday import abbreviations, everyday_aliases
from teller.names.keys import (
    Token,
    is_all_kana,
    is_hiragana,
    is_kana,
    ja_key,
    kana_to_romaji,
    metaphone,
    romaji_key,
    tokens,
    without_long_vowels,
)
from teller.names.nicknames import name_groups
from teller.names.stopwords import STOP_JA
from teller.normalize.script import HIRAGANA_CLASS, KANJI_CLASS, KATAKANA_CLASS
from teller.normalize.text import fold, is_japanese

Kind = Literal["payee", "biller"]

TIER = {"x": 100.0, "j": 100.0, "r": 97.0, "n": 92.0, "m": 88.0}
NS_RULE = {"r": "romaji_variant", "n": "nickname", "m": "metaphone"}
SHORT_VOWEL_RULE = "kana_short_vowel"

# (entry, form, slot, rule, surface): one slot key of one form.
Posting = tuple[int, int, int, str, str]
# (entry, form, rule, matched): a whole-name key.
CompactPosting = tuple[int, int, str, str]


@dataclass(frozen=True, slots=True)
class Entry:
    id: str
    kind: Kind
    display_name: str
    japanese: bool


@dataclass(frozen=True, slots=True)
class Form:
    entry: int
    roles: tuple[str, ...]  # per slot: "surname" | "given_name" | "name"


@dataclass(frozen=True, slots=True)
class ScanKey:
    """A Japanese surface key to look for inside an utterance."""

    key: str
    entry: int
    form: int
    full: bool
    role: str
    rule: str
    kana: bool


@dataclass(slots=True)
class _Slot:
    keys: list[tuple[str, str, str]] = field(default_factory=list)  # (prefixed key, rule, surface)
    romaji: list[str] = field(default_factory=list)  # raw romaji spellings, for whole-name keys

    def add(self, key: str, rule: str, surface: str) -> None:
        if not any(k == key for k, _, _ in self.keys):
            self.keys.append((key, rule, surface))


@dataclass(slots=True)
class Tables:
    entries: list[Entry] = field(default_factory=list)
    forms: list[Form] = field(default_factory=list)
    tokens: dict[str, list[Posting]] = field(default_factory=dict)
    compacts: dict[str, list[CompactPosting]] = field(default_factory=dict)
    # Fuzzy choices, parallel lists of strings and who owns them.
    token_choices: list[str] = field(default_factory=list)
    token_choice_keys: list[str] = field(default_factory=list)
    latin_choices: list[str] = field(default_factory=list)
    latin_owners: list[CompactPosting] = field(default_factory=list)
    roma_choices: list[str] = field(default_factory=list)
    roma_owners: list[CompactPosting] = field(default_factory=list)
    ja_choices: list[str] = field(default_factory=list)
    ja_owners: list[CompactPosting] = field(default_factory=list)
    ja_scan: list[ScanKey] = field(default_factory=list)
    readings: dict[str, list[int]] = field(default_factory=dict)  # whole kana reading → Japanese payees
    abbreviated: dict[str, list[int]] = field(default_factory=dict)  # 東電 → the billers it abbreviates
    banks: dict[str, tuple[str, ...]] = field(default_factory=dict)  # payee id → how their bank is said
    max_slots: int = 1


def build_tables(payees: Sequence[Payee], billers: Sequence[Biller]) -> Tables:
    tables = Tables()
    for p in payees:
        japanese = p.reading_kana is not None or is_japanese(p.display_name)
        entry = Entry(p.id, "payee", p.display_name, japanese)
        tables.banks[p.id] = bank_forms(p.bank)
        if p.reading_kana:
            tables.readings.setdefault(ja_key(p.reading_kana), []).append(len(tables.entries))
        _add_entry(tables, entry, [p.display_name, p.latin, p.reading_kana], ())
    for b in billers:
        japanese = b.reading_kana is not None or is_japanese(b.display_name)
        entry = Entry(b.id, "biller", b.display_name, japanese)
        others = [o.display_name for o in billers if o.id != b.id]
        aliases = (
            *b.aliases,
            *_script_runs(b.display_name, others),
            *everyday_aliases([b.display_name, b.latin, *b.aliases]),
            *abbreviations(b.display_name),
        )
        for short in abbreviations(b.display_name):  # its kana reading is looked up only when needed
            tables.abbreviated.setdefault(short, []).append(len(tables.entries))
        _add_entry(tables, entry, [b.display_name, b.latin, b.reading_kana], aliases)
    _finish_choices(tables)
    return tables


_RUN = re.compile(f"[A-Za-z0-9]+|[{KATAKANA_CLASS}]+|[{HIRAGANA_CLASS}]+|[{KANJI_CLASS}]+")


def _script_runs(name: str, others: Sequence[str] = ()) -> tuple[str, ...]:
    """The parts of a biller name written in one script (NTTドコモ → NTT, ドコモ): customers say a part.

    A part that another biller's name also contains says nothing about which one is meant:
    東京 of 東京ガス is in 東京電力 and 東京都水道局 too, so it is no alias.
    """
    runs = [r for r in _RUN.findall(name.replace(" ", "")) if len(r) >= 2]
    if len(runs) < 2:
        return ()
    folded_others = [fold(o).replace(" ", "") for o in others]
    return tuple(r for r in runs if not any(fold(r) in o for o in folded_others))


# --- forms -------------------------------------------------------------------------------------


def _words(text: str | None) -> list[Token]:
    return tokens(fold(text)) if text else []


def _add_entry(tables: Tables, entry: Entry, names: list[str | None], aliases: Iterable[str]) -> None:
    index = len(tables.entries)
    tables.entries.append(entry)
    display, latin, reading = (_words(n) for n in names)
    if entry.japanese and latin and reading and len(latin) == len(reading) > 1:
        latin = _align_order(latin, reading)
    name_rows: list[list[Token]] = [row for row in (display, latin, reading) if row]
    for text in names:  # Al-Rashid is also said as one word
        if text and "-" in text:
            name_rows.append(_words(text.replace("-", "")))
    groups: dict[int, list[list[Token]]] = {}
    for row in name_rows:
        groups.setdefault(len(row), []).append(row)
    seen: set[tuple[str, ...]] = set()
    for rows in groups.values():
        _add_form(tables, index, rows, alias=False, seen=seen)
    for alias in aliases:
        if row := _words(alias):
            _add_form(tables, index, [row], alias=True, seen=seen)


def _align_order(latin: list[Token], reading: list[Token]) -> list[Token]:
    """Latin forms may put the given name first (Ken Sato); line them up with the reading's order."""
    first = romaji_key(kana_to_romaji(reading[0].text) or "")
    if romaji_key(latin[0].text) != first and romaji_key(latin[-1].text) == first:
        return latin[::-1]
    return latin


def _roles(entry: Entry, n: int, alias: bool) -> tuple[str, ...]:
    if n == 1 or alias or entry.kind == "biller":
        return ("name",) * n
    # Japanese names put the surname first, except foreign names written in katakana (マリア ガルシア).
    foreign = all(is_kana(ch) and not is_hiragana(ch) for ch in entry.display_name.replace(" ", ""))
    first, last = ("surname", "given_name") if entry.japanese and not foreign else ("given_name", "surname")
    return (first, *(["name"] * (n - 2)), last)


def _add_form(
    tables: Tables, index: int, rows: list[list[Token]], *, alias: bool, seen: set[tuple[str, ...]]
) -> None:
    entry = tables.entries[index]
    n = len(rows[0])
    slots = [_Slot() for _ in range(n)]
    for row in rows:
        for slot, tok in zip(slots, row, strict=True):
            _slot_keys(slot, tok, entry, alias)
    signature = tuple(sorted(k for s in slots for k, _, _ in s.keys))
    if signature in seen:
        return
    seen.add(signature)
    form = len(tables.forms)
    tables.forms.append(Form(index, _roles(entry, n, alias)))
    tables.max_slots = max(tables.max_slots, n)
    for i, slot in enumerate(slots):
        for key, rule, surface in slot.keys:
            tables.tokens.setdefault(key, []).append((index, form, i, rule, surface))
    _add_compacts(tables, index, form, slots, alias)


def _slot_keys(slot: _Slot, tok: Token, entry: Entry, alias: bool) -> None:
    word = tok.text
    if tok.ja:
        kana = is_all_kana(word)
        rule = "alias" if alias else ("kana" if kana else "kanji")
        slot.add("j:" + word, rule, word)
        if kana and (roma := kana_to_romaji(word)):
            slot.romaji.append(roma)
            if rk := romaji_key(roma):
                slot.add("r:" + rk, NS_RULE["r"], word)
        return
    slot.add("x:" + word, "alias" if alias else "exact_latin", word)
    slot.romaji.append(word)
    if entry.japanese:
        if rk := romaji_key(word):
            slot.add("r:" + rk, NS_RULE["r"], word)
        return
    if entry.kind == "biller" or alias:
        return  # nicknames and sound-alike spellings belong to people; coned must not sound like kenta
    for group in name_groups(word):
        slot.add("n:" + group, NS_RULE["n"], word)
    if len(word) >= 3 and len(code := metaphone(word)) >= 2:
        slot.add("m:" + code, NS_RULE["m"], word)


def _add_compacts(tables: Tables, index: int, form: int, slots: list[_Slot], alias: bool) -> None:
    """Whole-name keys (spaces removed, both word orders) and the fuzzy choices built from them."""
    n = len(slots)
    orders = [slots, slots[::-1]] if n > 1 else [slots]
    for ns in ("x", "j"):
        per_slot = [[(k[2:], rule) for k, rule, _ in s.keys if k[0] == ns] for s in slots]
        if not all(per_slot):
            continue
        for combo in itertools.islice(itertools.product(*per_slot), 16):
            rules = {rule for _, rule in combo}
            rule = rules.pop() if len(rules) == 1 else ("alias" if alias else "kanji")
            words = [w for w, _ in combo]
            for ordered in (words, words[::-1]) if n > 1 and ns == "x" else (words,):
                posting = (index, form, rule, " ".join(ordered))
                _append(tables.compacts, ns + ":" + "".join(ordered), posting)
                if ns == "x":
                    _choice(tables.latin_choices, tables.latin_owners, "".join(ordered), posting)
                else:
                    _choice(tables.ja_choices, tables.ja_owners, "".join(ordered), posting)
            if ns == "j" and len("".join(words)) >= 2:
                _add_scan_key(tables, "".join(words), index, form, True, "name", rule)
                short = without_long_vowels("".join(words))
                if n > 1 and rule == "kana" and short != "".join(words):
                    # かとう けん said or typed as "kato ken": the full name with its long vowels left out
                    _add_scan_key(tables, short, index, form, True, "name", SHORT_VOWEL_RULE)
    if tables.entries[index].japanese:
        for slot_order in orders:
            spellings = [s.romaji for s in slot_order]
            if not all(spellings):
                continue
            for romaji in itertools.islice(itertools.product(*spellings), 16):
                if rk := romaji_key("".join(romaji)):
                    posting = (index, form, NS_RULE["r"], " ".join(romaji))
                    _append(tables.compacts, "r:" + rk, posting)
                    _choice(tables.roma_choices, tables.roma_owners, rk, posting)
    if n > 1:
        roles = tables.forms[form].roles
        for i, slot in enumerate(slots):
            for key, rule, _ in slot.keys:
                if key[0] == "j" and len(key) >= 4:
                    _add_scan_key(tables, key[2:], index, form, False, roles[i], rule)


def _add_scan_key(tables: Tables, key: str, index: int, form: int, full: bool, role: str, rule: str) -> None:
    if key in STOP_JA:
        return
    for i, existing in enumerate(tables.ja_scan):
        if existing.key == key and existing.entry == index:
            if full and not existing.full:  # ドコモ is part of NTTドコモ and also a name of its own
                tables.ja_scan[i] = ScanKey(key, index, form, full, role, rule, is_all_kana(key))
            return
    tables.ja_scan.append(ScanKey(key, index, form, full, role, rule, is_all_kana(key)))


def _append(index: dict[str, list[CompactPosting]], key: str, posting: CompactPosting) -> None:
    postings = index.setdefault(key, [])
    if not any(p[0] == posting[0] and p[1] == posting[1] for p in postings):
        postings.append(posting)


def _choice(choices: list[str], owners: list[CompactPosting], text: str, posting: CompactPosting) -> None:
    """One fuzzy choice per (text, entry): duplicates only cost time."""
    if not any(c == text and o[0] == posting[0] for c, o in zip(choices, owners, strict=True)):
        choices.append(text)
        owners.append(posting)


def _finish_choices(tables: Tables) -> None:
    """Token fuzzy choices: every distinct Latin and romaji slot key, mapped back to its posting list."""
    for key in tables.tokens:
        if key[0] in "xr" and len(key) >= 5:
            tables.token_choices.append(key[2:])
            tables.token_choice_keys.append(key)
