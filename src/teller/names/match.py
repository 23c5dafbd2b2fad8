"""Scoring a name query against the tables: per-word keys, word-to-slot alignment, whole-name keys.

Scores: an equal key scores its namespace's tier (100 exact, 97 romaji variant, 92 nickname,
88 Metaphone); a RapidFuzz ratio scores 0.9 x ratio, so a typo never outranks a real key.
A name matched word by word scores its weakest word; matching only some of a name's words
(a surname, a given name) scores 0.9 x that, so a unique surname still clears the cutoff
but two people sharing it land within the clarify margin of each other.
"""

from __future__ import annotations

import re
from functools import lru_cache

from rapidfuzz import fuzz, process

from teller.names.keys import Token, is_all_kana, is_kanji, kana_to_romaji, metaphone, romaji_key, tokens
from teller.names.nicknames import name_groups
from teller.names.result import Hit
from teller.names.stopwords import STOP_EN, STOP_JA
from teller.names.tables import TIER, Tables
from teller.normalize.text import fold, strip_honorifics

PARTIAL = 0.9
FUZZY = 0.9
TOKEN_FUZZY_CUTOFF = 80.0  # raw ratio; below this two words are not the same word misspelled
NAME_FUZZY_CUTOFF = 75.0
# A formal given name borne by one payee reaches another registered by its short form only this surely
# (below a Metaphone key by more than the clarify margin).
BORNE_ELSEWHERE = 80.0

# An id such as p_101 is never a name, even when a customer reads one out.
_ID = re.compile(r"[a-z]{1,3}_\d+")

SlotHit = tuple[float, str, str]  # (score, rule, surface)
TokenHits = dict[tuple[int, int], dict[int, SlotHit]]  # (entry, form) → slot → best hit


@lru_cache(maxsize=8192)
def token_keys(text: str, ja: bool, variant: bool) -> tuple[tuple[str, float, str | None], ...]:
    """The keys a query word is looked up by: (prefixed key, score cap, rule override)."""
    if ja:
        keys = [("j:" + text, 97.0, "kanji_variant") if variant else ("j:" + text, 100.0, None)]
        if is_all_kana(text) and (rk := romaji_key(kana_to_romaji(text) or "")):
            keys.append(("r:" + rk, 100.0, None))
        return tuple(keys)
    keys = [("x:" + text, 100.0, None)]
    if rk := romaji_key(text):
        keys.append(("r:" + rk, 100.0, None))
    keys.extend(("n:" + group, 100.0, None) for group in name_groups(text))
    if len(text) >= 3 and len(code := metaphone(text)) >= 2:
        keys.append(("m:" + code, 100.0, None))
    return tuple(keys)


def strong_phonetic(text: str) -> bool:
    """Metaphone codes of short words collide with everyday words (more/maria), so alone they need length."""
    return len(text) >= 4 and len(metaphone(text)) >= 3


def _put(out: TokenHits, entry: int, form: int, slot: int, hit: SlotHit) -> None:
    slots = out.setdefault((entry, form), {})
    old = slots.get(slot)
    if old is None or hit[0] > old[0]:
        slots[slot] = hit


def token_hits(t: Tables, tok: Token) -> TokenHits:
    out: TokenHits = {}
    borne = _bearers(t, tok)
    for key, cap, rule_override in token_keys(tok.text, tok.ja, tok.variant):
        postings = t.tokens.get(key)
        if postings:
            score = min(TIER[key[0]], cap)
            for entry, form, slot, rule, surface in postings:
                weak = (
                    bool(borne)
                    and key[0] == "n"
                    and entry not in borne
                    and metaphone(surface) != metaphone(tok.text)
                )
                _put(
                    out,
                    entry,
                    form,
                    slot,
                    (min(score, BORNE_ELSEWHERE) if weak else score, rule_override or rule, surface),
                )
    return out


def _bearers(t: Tables, tok: Token) -> frozenset[int]:
    """The entries that bear a formal given name said as it is ("kristen"): another entry registered by a
    short form of it that sounds otherwise ("Chris"; not "Sara" for "sarah") is a weaker reading than a
    letter misspelt in the bearer's surname."""
    if tok.ja or tok.text not in name_groups(tok.text):
        return frozenset()
    return frozenset(entry for entry, *_ in t.tokens.get("x:" + tok.text, ()))


def fuzzy_token_hits(t: Tables, tok: Token, into: TokenHits) -> None:
    """Add misspelled-word hits (phillip/phillips) into `into`."""
    if tok.ja or len(tok.text) < 4 or not t.token_choices:
        return
    found = process.extract(
        tok.text, t.token_choices, scorer=fuzz.ratio, score_cutoff=TOKEN_FUZZY_CUTOFF, limit=None
    )
    for _choice, ratio, i in found:
        for entry, form, slot, _rule, surface in t.tokens[t.token_choice_keys[i]]:
            _put(into, entry, form, slot, (FUZZY * ratio, "fuzzy", surface))


def align(t: Tables, form: int, per_token: list[dict[int, SlotHit]], optional: list[bool]) -> Hit | None:
    """Give each query word its own slot of the form, best pairs first; every required word must land."""
    roles = t.forms[form].roles
    if len(per_token) == 1:  # the common case, a single word: its best slot
        if not per_token[0]:
            return None
        slot, best = max(per_token[0].items(), key=lambda item: item[1][0])
        if len(roles) == 1:
            return Hit(t.forms[form].entry, best[0], best[1], best[2], True)
        return Hit(t.forms[form].entry, PARTIAL * best[0], "partial_" + roles[slot], best[2], False)
    pairs = sorted(
        ((hit[0], ti, slot) for ti, slots in enumerate(per_token) for slot, hit in slots.items()),
        reverse=True,
    )
    used_tokens: set[int] = set()
    chosen: dict[int, SlotHit] = {}
    for _score, ti, slot in pairs:
        if ti not in used_tokens and slot not in chosen:
            used_tokens.add(ti)
            chosen[slot] = per_token[ti][slot]
    if not chosen or any(not opt and ti not in used_tokens for ti, opt in enumerate(optional)):
        return None
    weakest = min(chosen.values())
    matched = " ".join(chosen[s][2] for s in sorted(chosen))
    if len(chosen) == len(roles):
        return Hit(t.forms[form].entry, weakest[0], weakest[1], matched, True)
    role = roles[next(iter(chosen))] if len(chosen) == 1 else "name"
    return Hit(t.forms[form].entry, PARTIAL * weakest[0], "partial_" + role, matched, False)


def word_hits(t: Tables, per_token: list[TokenHits], optional: list[bool]) -> list[Hit]:
    """Word-by-word matches of the whole token list against every form all required words hit."""
    required = [hits for hits, opt in zip(per_token, optional, strict=True) if not opt]
    if not required:
        return []
    common = set(required[0]).intersection(*required[1:])
    out = []
    for entry_form in common:
        hit = align(t, entry_form[1], [hits.get(entry_form, {}) for hits in per_token], optional)
        if hit is not None:
            out.append(hit)
    return out


def compact_hits(t: Tables, toks: list[Token], *, fuzzy: bool) -> list[Hit]:
    """Whole-name matches of the words run together (satoken, さとうけん, coned, 佐藤健), exact then fuzzy."""
    if not toks or len({tok.ja for tok in toks}) > 1:
        return []
    joined = "".join(tok.text for tok in toks)
    ja = toks[0].ja
    variant = any(tok.variant for tok in toks)
    keys: list[tuple[str, float, str | None]] = []
    roma: str | None = None
    if ja:
        keys.append(("j:" + joined, 97.0 if variant else 100.0, "kanji_variant" if variant else None))
        if is_all_kana(joined):
            roma = romaji_key(kana_to_romaji(joined) or "")
    else:
        keys.append(("x:" + joined, 100.0, None))
        roma = romaji_key(joined)
    if roma:
        keys.append(("r:" + roma, TIER["r"], None))
    out = [
        Hit(entry, score, rule_override or rule, matched, True)
        for key, score, rule_override in keys
        for entry, _form, rule, matched in t.compacts.get(key, ())
    ]
    if fuzzy and len(joined) >= 3:
        choices, owners = (t.ja_choices, t.ja_owners) if ja else (t.latin_choices, t.latin_owners)
        runs = [(joined, choices, owners)]
        if roma:
            runs.append((roma, t.roma_choices, t.roma_owners))
        for text, run_choices, run_owners in runs:
            found = process.extract(
                text, run_choices, scorer=fuzz.ratio, score_cutoff=NAME_FUZZY_CUTOFF, limit=None
            )
            for _choice, ratio, i in found:
                entry, _form, _rule, matched = run_owners[i]
                if ja and _longer_given_name(joined, matched):
                    continue
                out.append(Hit(entry, FUZZY * ratio, "fuzzy", matched, True))
    return out


def _longer_given_name(said: str, registered: str) -> bool:
    """佐藤健二 for 佐藤 健: the whole registered name and more kanji after it is another person's name."""
    whole = registered.replace(" ", "")
    return said.startswith(whole) and len(said) > len(whole) and is_kanji(said[len(whole)])


def is_stop(tok: Token) -> bool:
    if tok.ja:
        return tok.text in STOP_JA
    return len(tok.text) < 2 or not tok.text.isalpha() or tok.text in STOP_EN


@lru_cache(maxsize=4096)
def query_tokens(query: str) -> tuple[Token, ...]:
    """The words of a name query, honorifics and ids removed (memoized: callers repeat names)."""
    text = strip_honorifics(fold(query))
    if not text or _ID.fullmatch(text):
        return ()
    return tuple(tokens(text))


def lookup_hits(t: Tables, query: str) -> list[Hit]:
    """Every candidate hit for a query that is meant to be a name (not a whole sentence)."""
    toks = list(query_tokens(query))
    if not toks:
        return []
    optional = [is_stop(tok) for tok in toks]
    if all(optional):
        # Only a name spelled out in full may consist of common words ("Only Payee").
        return [h for h in compact_hits(t, toks, fuzzy=False) if h.score >= 100.0]
    per_token = []
    for tok, opt in zip(toks, optional, strict=True):
        hits = token_hits(t, tok)
        if opt:  # a common word may complete a name ("will smith") but only by a strong key
            hits = {
                ef: s
                for ef, slots in hits.items()
                if (s := {k: h for k, h in slots.items() if h[0] >= TIER["n"]})
            }
        else:
            fuzzy_token_hits(t, tok, hits)
        per_token.append(hits)
    required = [tok for tok, opt in zip(toks, optional, strict=True) if not opt]
    found = word_hits(t, per_token, optional)
    if len(required) < len(toks):
        found.extend(compact_hits(t, toks, fuzzy=False))
    found.extend(compact_hits(t, required, fuzzy=True))
    return found
