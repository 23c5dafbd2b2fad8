"""Word error rate with number-aware normalization ("$1,250" and "one thousand two hundred fifty
dollars" compare equal), so the score counts recognition errors, not formatting; and for Japanese,
character error rate with numbers folded the same way ("五千円" = "5,000円")."""

from __future__ import annotations

import re

_UNITS = [
    *["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"],
    *["eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen", "nineteen"],
]
_TENS = ["_", "_", "twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety"]


def _say(n: int) -> str:
    if n < 20:
        return _UNITS[n]
    if n < 100:
        return _TENS[n // 10] + ("" if n % 10 == 0 else " " + _UNITS[n % 10])
    for size, word in ((1_000_000, "million"), (1000, "thousand"), (100, "hundred")):
        if n >= size:
            rest = n % size
            return f"{_say(n // size)} {word}" + (f" {_say(rest)}" if rest else "")
    raise ValueError(n)


def _number(match: re.Match[str]) -> str:
    dollars, whole, cents = match.group(1), match.group(2).replace(",", ""), match.group(3)
    words = _say(int(whole)) if len(whole) < 10 else " ".join(_UNITS[int(d)] for d in whole)
    if dollars:
        words += " dollars" + (f" {_say(int(cents))} cents" if cents and int(cents) else "")
    elif cents:
        words += " point " + " ".join(_UNITS[int(d)] for d in cents)
    return f" {words} "


def normalize(text: str) -> list[str]:
    """Lower-case words with digits spelled out; "a hundred" and "one hundred" are the same."""
    text = text.lower().replace("-", " ")
    text = re.sub(
        r"(ending(?: in)? )([\d ,]+)",
        lambda m: m.group(1) + " ".join(_UNITS[int(d)] for d in m.group(2) if d.isdigit()) + " ",
        text,
    )
    text = re.sub(r"(\$)?\s?(\d[\d,]*)(?:\.(\d+))?", _number, text)
    text = re.sub(r"\b(\w+) dollars(?= dollars)", r"\1", text)
    words = re.findall(r"[a-z']+", text)
    out: list[str] = []
    for i, w in enumerate(words):
        if (
            w == "and"
            and 0 < i < len(words) - 1
            and words[i - 1] in _NUMBERISH
            and words[i + 1] in _NUMBERISH
        ):
            continue
        if w == "double" and i + 1 < len(words):
            out.append(words[i + 1])
            continue
        w = "zero" if w == "oh" else w
        out.append(
            "one" if w == "a" and i + 1 < len(words) and words[i + 1] in {"hundred", "thousand"} else w
        )
    return [w.replace("'", "") for w in out]


_NUMBERISH = set(_UNITS) | set(_TENS) | {"hundred", "thousand", "million", "dollars", "cents"}


def errors(reference: str, hypothesis: str) -> tuple[int, int]:
    """(word edits, reference words) after normalization."""
    ref, hyp = normalize(reference), normalize(hypothesis)
    row = list(range(len(hyp) + 1))
    for i, r in enumerate(ref, 1):
        prev, row[0] = row[0], i
        for j, h in enumerate(hyp, 1):
            prev, row[j] = row[j], min(row[j] + 1, row[j - 1] + 1, prev + (r != h))
    return row[-1], len(ref)


def wer(pairs: list[tuple[str, str]]) -> float:
    """Corpus WER over (reference, hypothesis) pairs."""
    edits = words = 0
    for ref, hyp in pairs:
        e, n = errors(ref, hyp)
        edits, words = edits + e, words + n
    return edits / max(words, 1)


# -- Japanese: character error rate -----------------------------------------------------------------
_KANJI_DIGITS = {c: i for i, c in enumerate("〇一二三四五六七八九")}
_KANJI_UNITS = {"十": 10, "百": 100, "千": 1000}
_KANJI_BIG = {"万": 10_000, "億": 100_000_000}
_JA_NUMBER = re.compile(r"[0-9〇一二三四五六七八九十百千万億][0-9,〇一二三四五六七八九十百千万億]*")


def _ja_value(token: str) -> int | None:
    """'5000', '5,000', '五千', '1万2千', '１万２千' (after NFKC) → the integer; None if not a number."""
    total = section = digits = 0
    seen_digit = False
    for ch in token.replace(",", ""):
        if ch.isdigit() and ch.isascii():
            digits, seen_digit = digits * 10 + int(ch), True
        elif ch in _KANJI_DIGITS:
            digits, seen_digit = digits * 10 + _KANJI_DIGITS[ch], True
        elif ch in _KANJI_UNITS:
            section += (digits if seen_digit else 1) * _KANJI_UNITS[ch]
            digits, seen_digit = 0, False
        elif ch in _KANJI_BIG:
            total += (section + digits or 1) * _KANJI_BIG[ch]
            section = digits = 0
            seen_digit = False
        else:
            return None
    return total + section + digits


def normalize_ja(text: str) -> str:
    """NFKC, no punctuation or spaces, numbers as Arabic digits ("五千円" and "5,000円" compare equal)."""
    import unicodedata

    text = unicodedata.normalize("NFKC", text)
    text = _JA_NUMBER.sub(lambda m: str(v) if (v := _ja_value(m.group())) is not None else m.group(), text)
    return re.sub(r"[\s、。,.!?！？「」・]", "", text)


def cer(pairs: list[tuple[str, str]]) -> float:
    """Corpus character error rate over (reference, hypothesis) pairs, after `normalize_ja`."""
    edits = chars = 0
    for ref, hyp in pairs:
        r, h = normalize_ja(ref), normalize_ja(hyp)
        row = list(range(len(h) + 1))
        for i, rc in enumerate(r, 1):
            prev, row[0] = row[0], i
            for j, hc in enumerate(h, 1):
                prev, row[j] = row[j], min(row[j] + 1, row[j - 1] + 1, prev + (rc != hc))
        edits, chars = edits + row[-1], chars + len(r)
    return edits / max(chars, 1)
