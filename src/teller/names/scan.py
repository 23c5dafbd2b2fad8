"""Finding a name inside a whole utterance ("pay sarah johnson fifty bucks", "斉藤健に五千円送金して").

Latin words: stop words (function, command, number, date and family words) split the utterance
into runs, and every word n-gram of a run is matched like a lookup, but more strictly, because a
false match here sends money to the wrong person: a single word may match only by an exact,
romaji, nickname or long Metaphone key, never fuzzily, and never when it is an everyday word
that doubles as a nickname (bill, cat, may); fuzzy words are accepted only next to a word that
matched properly.

Japanese: stored surface keys (佐藤健, さとうけんた, 電気代) are searched in the text with kana
and variant kanji folded, and must end at a word boundary (a particle such as に, the end, a digit),
so さとうけん is not found inside さとうけんた and しょう not inside しましょう.

A hit whose span lies strictly inside a stronger hit's span is dropped ("ken" inside "sato ken"), and
so is one inside an equally strong full name (東京 inside 東京電力: the longest name said wins).
"""

from __future__ import annotations

from functools import lru_cache
from itertools import pairwise

from rapidfuzz import fuzz

from teller.names.keys import Token, has_variant_kanji, is_hiragana, is_ja_char, is_kanji, ja_char_map, tokens
from teller.names.match import (
    PARTIAL,
    TokenHits,
    align,
    compact_hits,
    fuzzy_token_hits,
    is_stop,
    strong_phonetic,
    token_hits,
)
from teller.names.result import Hit, best_per_entry, metaphone
from teller.names.sound import abbreviation_hits, sound_alike_hits
from teller.names.stopwords import AMBIGUOUS_EN, STOP_EN
from teller.names.tables import SHORT_VOWEL_RULE, ScanKey, Tables
from teller.normalize.text import blank_honorifics, fold, is_japanese, strip_honorifics

# A full name heard or typed without its long vowels (かとけん for かとうけん): a sound-alike, below the
# name as written.
SHORT_VOWEL_SCORE = 90.0

# Words that stand before a name without being part of it ("venmo lee", "my cousin lee"); any other word of
# the same run right before a surname is another given name: "daniel lee" is not David Lee.
_BESIDE_A_NAME = frozenset(
    [
        "venmo",
        "zelle",
        "paypal",
        "cashapp",
        "wire",
        "remit",
        "bro",
        "buddy",
        "cousin",
        "pal",
        "friend",
        "mate",
        "dude",
        "pls",
        "plz",
        "hey",
        "yo",
    ]
)

# Hiragana that may follow a name (particles, honorific starts) or precede one. A lone given name
# or surname in kana must be followed by a recipient particle: しょう|が in しょうがない is no name.
_AFTER = frozenset("にへのをがはともでやかさくちま")
_AFTER_PART = frozenset("にへさくち")
_BEFORE = frozenset("にへのをがはともでてやからば")  # ば: 差し支えなければ電気代を
_AFTER_KANJI = frozenset("宛様氏殿君")
_BEFORE_WORDS = (
    "まず",
    "つぎに",
    "次に",
    "最後に",
    "さいごに",
    "それから",
    "あと",
    "じゃあ",
    "じゃ",
    "それなら",
    "だったら",
)


def scan_hits(t: Tables, text: str, allowed: frozenset[int], *, prefolded: bool = False) -> list[Hit]:
    """Every hit in `text`; when `prefolded` (already `fold`ed), hit spans index `text` itself."""
    folded = blank_honorifics(text) if prefolded else strip_honorifics(fold(text))
    hits = _latin_hits(t, folded, allowed)
    if not folded.isascii() and is_japanese(folded):
        hits.extend(_ja_hits(t, folded, allowed))
        hits.extend(sound_alike_hits(t, folded, allowed, hits))
        hits.extend(abbreviation_hits(t, folded, allowed, hits))
    kept = _prune(list(best_per_entry(hits).values()))
    for hit in kept:  # where the entry was said, all of it: "water and sewer" are both the water board
        for other in hits:
            if (
                other.entry == hit.entry
                and other.full
                and other.score >= PARTIAL * 100
                and other.end > other.start
            ):
                hit.start, hit.end = min(hit.start, other.start), max(hit.end, other.end)
    for hit in kept:
        hit.end = _end_with_rest_heard(t, folded, hit, hits)
    return kept


# --- Latin -------------------------------------------------------------------------------------


def _runs(folded: str) -> list[list[Token]]:
    """Maximal runs of name-like words separated only by spaces or hyphens."""
    runs: list[list[Token]] = []
    current: list[Token] = []
    prev_end = -1
    for tok in tokens(folded):
        joined = current and folded[prev_end : tok.start].strip(" -") == ""
        if tok.ja or is_stop(tok):
            if current:
                runs.append(current)
            current = []
        elif joined:
            current.append(tok)
        else:
            if current:
                runs.append(current)
            current = [tok]
        prev_end = tok.end
    if current:
        runs.append(current)
    return runs


def _heard_as(word: str, display_name: str, surname: str) -> bool:
    """Whether `word` may be the rest of the registered name heard or spelt another way ("eefa brennan"
    for Aoife Brennan, "kathryn wright"): close in letters, or the same consonants."""
    others = [w for w in fold(display_name).split() if w != surname]
    return any(fuzz.ratio(word, other) >= 60 or _consonants(word) == _consonants(other) for other in others)


def _consonants(word: str) -> str:
    """The word's sound without its leading vowels: "leigh" and "lee" are both L, "garsia" is "garcia"."""
    return metaphone(word).lstrip("AEIOU")


def _end_with_rest_heard(t: Tables, folded: str, hit: Hit, hits: list[Hit]) -> int:
    """Where a part of a Latin name ends once the word right after it is counted, when that word is the
    rest of the registered name heard another way: "david leigh" (David Lee) and "maria garsia" by the same
    consonants, "aoife brenna" as close letters the full-name scorer also took for the name. Not "catherine
    kowalski" for Catherine Wright: that is someone else, and stays for the customer to be asked about."""
    name = t.entries[hit.entry].display_name
    after = None if hit.full or not name.isascii() else _word_after(folded, hit.end)
    if after is None:
        return hit.end
    rest = [w for w in fold(name).split() if w not in hit.matched.split()]
    same_sound = any(_consonants(after.text) and _consonants(after.text) == _consonants(w) for w in rest)
    scored = any(o.entry == hit.entry and o.full and (o.start, o.end) == (hit.start, after.end) for o in hits)
    return after.end if same_sound or (scored and _heard_as(after.text, name, hit.matched)) else hit.end


def _word_after(folded: str, end: int) -> Token | None:
    """The word of the same run (no stop word between) right after position `end`, if any."""
    for run in _runs(folded):
        for tok, nxt in pairwise(run):
            if tok.end == end:
                return nxt
    return None


def _single_word_ok(tok: Token, hit: tuple[float, str, str]) -> bool:
    if hit[1] == "fuzzy":
        return False
    return hit[1] != "metaphone" or strong_phonetic(tok.text)


@lru_cache(maxsize=1024)
def _common_words(display_name: str) -> tuple[str, ...]:
    """The words of a Latin name made only of common words ("Only Payee"); () for any other name."""
    words = tuple(tok.text for tok in tokens(fold(display_name)))
    return words if len(words) >= 2 and all(w in STOP_EN for w in words) else ()


def _common_word_names(t: Tables, folded: str, allowed: frozenset[int]) -> list[Hit]:
    """A registered name made only of common words ("Only Payee"), said in full: the scan's runs break at
    common words, so such a name is found by its whole spelling alone."""
    names = [
        (entry, words)
        for entry in allowed
        if not t.entries[entry].japanese and (words := _common_words(t.entries[entry].display_name))
    ]
    if not names:
        return []
    toks = tokens(folded)
    out: list[Hit] = []
    for entry, words in names:
        for i in range(len(toks) - len(words) + 1):
            gram = toks[i : i + len(words)]
            if tuple(tok.text for tok in gram) == words:
                out += [
                    _span(h, gram[0], gram[-1])
                    for h in compact_hits(t, gram, fuzzy=False)
                    if h.entry == entry
                ]
    return out


def _latin_hits(t: Tables, folded: str, allowed: frozenset[int]) -> list[Hit]:
    out: list[Hit] = _common_word_names(t, folded, allowed)
    for run in _runs(folded):
        exact = [token_hits(t, tok) for tok in run]
        loose: list[TokenHits | None] = [None] * len(run)
        for i, tok in enumerate(run):
            if tok.text not in AMBIGUOUS_EN:
                single = {
                    ef: kept
                    for ef, slots in exact[i].items()
                    if ef[0] in allowed
                    and (kept := {s: h for s, h in slots.items() if _single_word_ok(tok, h)})
                }
                alone = _aligned(t, [tok], [single])
                if i > 0 and run[i - 1].text not in _BESIDE_A_NAME:
                    for hit in alone:  # "daniel lee": a surname after another given name
                        hit.doubtful = hit.rule == "partial_surname" and not _heard_as(
                            run[i - 1].text, t.entries[hit.entry].display_name, hit.matched
                        )
                out.extend(alone)
                for hit in compact_hits(t, [tok], fuzzy=False):
                    if hit.entry in allowed:
                        out.append(_span(hit, tok, tok))
            for n in range(2, min(t.max_slots, len(run) - i) + 1):
                gram = run[i : i + n]
                per = []
                for k in range(i, i + n):
                    if loose[k] is None:
                        merged = {ef: dict(slots) for ef, slots in exact[k].items()}
                        fuzzy_token_hits(t, run[k], merged)
                        loose[k] = merged
                    per.append(loose[k] or {})
                anchored = {ef for k in range(i, i + n) for ef in exact[k]}
                common = set(per[0]).intersection(*per[1:]) & anchored
                out.extend(_aligned(t, gram, [{ef: p[ef] for ef in common if ef[0] in allowed} for p in per]))
                for hit in compact_hits(t, gram, fuzzy=False):
                    if hit.entry in allowed:
                        out.append(_span(hit, gram[0], gram[-1]))
    return out


def _aligned(t: Tables, gram: list[Token], per: list[TokenHits]) -> list[Hit]:
    out = []
    for entry_form in set(per[0]).intersection(*per[1:]):
        hit = align(t, entry_form[1], [p[entry_form] for p in per], [False] * len(gram))
        if hit is not None:
            out.append(_span(hit, gram[0], gram[-1]))
    return out


def _span(hit: Hit, first: Token, last: Token) -> Hit:
    hit.start, hit.end = first.start, last.end
    return hit


# --- Japanese ----------------------------------------------------------------------------------


def _ja_text(folded: str) -> tuple[str, list[int]]:
    """Folded text with kana/variant kanji normalized and spaces inside Japanese runs removed.

    Returns the text and, for each of its characters, the index it came from in `folded`.
    """
    mapped = ja_char_map(folded)
    chars: list[str] = []
    where: list[int] = []
    for i, ch in enumerate(mapped):
        if (
            ch == " "
            and chars
            and is_ja_char(chars[-1])
            and i + 1 < len(mapped)
            and is_ja_char(mapped[i + 1])
        ):
            continue
        chars.append(ch)
        where.append(i)
    return "".join(chars), where


def _bounded(norm: str, start: int, end: int, sk: ScanKey, payee: bool, said_first: str) -> bool:
    """The key found at [start, end) of the normalized text is a whole name there; `said_first` is the
    first character of it as written (kanji, katakana or kana)."""
    after = norm[end] if end < len(norm) else ""
    before = norm[start - 1] if start else ""
    if after and is_hiragana(after) and after not in (_AFTER if sk.full or not sk.kana else _AFTER_PART):
        return False
    if after and payee and is_kanji(after) and after not in _AFTER_KANJI:
        return False  # 佐藤健|太: a longer name goes on
    # Short keys need a clean start too: しょう must not match inside しましょう.
    if norm.endswith(_BEFORE_WORDS, 0, start):
        return True  # まず電気代を…: an adverb that opens the order
    if not is_hiragana(said_first) and before not in ("お", "ご"):
        return (
            True  # 同じくガス代, …だけど伊藤翔さんに: a name in kanji or katakana starts where the kana ends
        )
    return not (len(sk.key) < 4 and before and is_hiragana(before) and before not in _BEFORE)


def _ja_hits(t: Tables, folded: str, allowed: frozenset[int]) -> list[Hit]:
    norm, where = _ja_text(folded)
    out: list[Hit] = []
    for sk in t.ja_scan:
        if sk.entry not in allowed:
            continue
        payee = t.entries[sk.entry].kind == "payee"
        start = norm.find(sk.key)
        while start != -1:
            end = start + len(sk.key)
            if _bounded(norm, start, end, sk, payee, folded[where[start]]):
                lo, hi = where[start], where[end - 1] + 1
                variant = has_variant_kanji(folded[lo:hi])
                score, rule = (97.0, "kanji_variant") if variant else (100.0, sk.rule)
                if sk.rule == SHORT_VOWEL_RULE:
                    score = SHORT_VOWEL_SCORE  # a sound-alike: かとけん for かとうけん
                if not sk.full:
                    score, rule = PARTIAL * score, "partial_" + sk.role
                out.append(Hit(sk.entry, score, rule, sk.key, sk.full, lo, hi))
            start = norm.find(sk.key, start + 1)
    return out


def _prune(hits: list[Hit]) -> list[Hit]:
    def inside(h: Hit, o: Hit) -> bool:
        # A full name said in full outranks a part of it at the same score: 東京電力 over 東京.
        stronger = o.score > h.score or (o.full and o.score >= h.score)
        return o.start <= h.start and h.end <= o.end and o.end - o.start > h.end - h.start and stronger

    return [h for h in hits if not any(inside(h, o) for o in hits if o is not h)]
