"""Keyboard typos of the words a command hinges on: "blance" → balance, "unlcok" → unlock.

Only the intent and slot keywords are corrected, into a separate text (`NormalizedTurn.keywords`);
names, amounts and dates are read from the folded text as typed, so a payee called Freese is never
turned into a verb. A word is corrected when it is one keystroke from exactly one keyword family:
a letter missing, extra or wrong, or two neighbours swapped (or, in a keyword of seven letters or
more, its letters in another order between the same first and last: "blanace"). Keywords shorter
than six letters have
too many real words one letter away (water/later, cable/table), so for them only a swap counts
("crad", "debti"). A word of English is never touched ("pending" is not "spending", "resent" not
"recent"): English is pyspellchecker's word list (160k words, loaded with `warm()` or on the first
word that is one slip from a keyword).
"""

from __future__ import annotations

import re
import threading
from functools import lru_cache

# Words whose misspelling changes what a turn is understood to be. Inflections are listed when a
# rule spells them out (payees, transactions).
KEYWORDS: frozenset[str] = frozenset(
    {
        "balance", "balances", "transfer", "transfers", "transaction", "transactions", "statement",
        "purchases", "payees", "payee", "recipient", "recipients", "beneficiary", "beneficiaries",
        "account", "accounts", "checking", "savings", "unlock", "unfreeze", "unblock", "freeze",
        "reactivate", "deactivate", "suspend", "disable", "stolen", "missing", "debit", "credit",
        "card", "cards", "lock", "send", "wire", "bill", "bills", "payment", "payments", "dollars",
        "representative", "operator", "person", "someone", "customer", "service", "support",
        "electric", "electricity", "internet", "history", "activity", "recent", "spending",
        "registered", "contacts", "interest", "branch", "branches", "exchange", "limit", "limits",
        "available", "remaining", "transferred", "received", "deposit", "deposits",
    }
)  # fmt: skip

# Words the English word list lacks that are still not typos of a keyword.
_REAL_WORDS = frozenset({"checkin", "history's"})
_lexicon: frozenset[str] | None = None
_lexicon_lock = threading.Lock()


def warm() -> frozenset[str]:
    """The English word list, loaded now if it was not (~0.4 s, once per process)."""
    global _lexicon
    if _lexicon is None:
        with _lexicon_lock:
            if _lexicon is None:
                from spellchecker import SpellChecker

                _lexicon = frozenset(SpellChecker(language="en", distance=1).word_frequency.keys())
    return _lexicon


_WORD = re.compile(r"[a-z]{4,}")
_LONG = 6  # keywords at least this long also take a missing, extra or wrong letter


def _deletes(word: str) -> set[str]:
    return {word[:i] + word[i + 1 :] for i in range(len(word))}


def _swaps(word: str) -> set[str]:
    return {word[:i] + word[i + 1] + word[i] + word[i + 2 :] for i in range(len(word) - 1)}


def _index() -> tuple[dict[str, set[str]], dict[str, set[str]]]:
    by_delete: dict[str, set[str]] = {}
    by_swap: dict[str, set[str]] = {}
    for word in KEYWORDS:
        for variant in _swaps(word) - {word}:
            by_swap.setdefault(variant, set()).add(word)
        if len(word) >= _LONG:
            for variant in _deletes(word) | {word}:
                by_delete.setdefault(variant, set()).add(word)
    return by_delete, by_swap


_BY_DELETE, _BY_SWAP = _index()
# Two slips in a long word that keep its letters, its first and its last ("blanace", "trasnfer"): the
# keyword by its letters, when only one keyword has them.
_BY_LETTERS: dict[str, set[str]] = {}
for _keyword in KEYWORDS:
    if len(_keyword) >= _LONG + 1:
        _BY_LETTERS.setdefault("".join(sorted(_keyword)), set()).add(_keyword)


def _one_edit(a: str, b: str) -> bool:
    """Exactly one insertion, deletion or substitution turns `a` into `b` (swaps are found apart)."""
    if abs(len(a) - len(b)) > 1 or a == b:
        return False
    if len(a) > len(b):
        a, b = b, a
    i = 0
    while i < len(a) and a[i] == b[i]:
        i += 1
    return a[i + (len(a) == len(b)) :] == b[i + 1 :]


def _family(word: str) -> str:
    return word.rstrip("s")


@lru_cache(maxsize=8192)
def correct_word(word: str) -> str:
    """The keyword `word` was meant to be, or `word` itself when it is none or could be several."""
    if word in KEYWORDS or word in _REAL_WORDS or len(word) < 4:
        return word
    found = set(_BY_SWAP.get(word, ()))
    for variant in _deletes(word) | {word}:
        found.update(k for k in _BY_DELETE.get(variant, ()) if _one_edit(word, k))
    if not found:
        found = {
            k for k in _BY_LETTERS.get("".join(sorted(word)), ()) if k[0] == word[0] and k[-1] == word[-1]
        }
    # An inflection of a keyword (balanced, transferring) is a word of its own, not a typo.
    found = {k for k in found if not word.startswith(_family(k))}
    if not found or len({_family(k) for k in found}) > 1 or word in warm():
        return word
    return max(found, key=len)


# Banking words written in kana (by a customer, or a recognizer without the kanji): the keyword
# text carries the usual kanji so the same rules read both (ざんだか → 残高, ふつうよきん → 普通預金).
_KANA_KEYWORDS: dict[str, str] = {
    "ざんだか": "残高", "ふつうよきん": "普通預金", "ちょきん": "貯金", "よきん": "預金", "こうざ": "口座",
    "にゅうしゅっきん": "入出金", "とりひき": "取引", "めいさい": "明細", "りれき": "履歴",
    "さいきん": "最近",
    "ふりこみ": "振込み", "ふりこん": "振り込ん", "ふりこま": "振り込ま", "そうきん": "送金",
    "おくって": "送って", "おくる": "送る", "おくり": "送り", "はらって": "払って", "はらう": "払う",
    "はらい": "払い", "しはらい": "支払い", "かーど": "カード", "ろっく": "ロック", "でびっと": "デビット",
    "くれじっと": "クレジット", "かいじょ": "解除", "とめて": "止めて", "みせて": "見せて",
    "おしえて": "教えて",
}  # fmt: skip
# Kana that make a keyword's letters part of another word: まとめて (put together), もとめて, うけとめて
_NOT_AFTER: dict[str, str] = {"とめて": "まもけつきせ"}
_KANA_KEYWORD = re.compile(
    "|".join(
        (f"(?<![{_NOT_AFTER[k]}])" if k in _NOT_AFTER else "") + k
        for k in sorted(_KANA_KEYWORDS, key=len, reverse=True)
    )
)


def correct_keywords(folded: str) -> str:
    """`folded` with misspelled keywords replaced; identical to `folded` when nothing was misspelled.

    >>> correct_keywords("whats my blance")
    'whats my balance'
    """
    if not folded.isascii():
        folded = _KANA_KEYWORD.sub(lambda m: _KANA_KEYWORDS[m.group(0)], folded)
    return _WORD.sub(lambda m: correct_word(m.group(0)), folded)
