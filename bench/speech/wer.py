"""Word error rate with number-aware normalization ("$1,250" and "one thousand two hundred fifty
dollars" compare equal), so the score counts recognition errors, not formatting."""

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
