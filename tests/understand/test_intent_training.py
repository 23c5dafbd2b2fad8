"""The intent model's experiment helpers: NLU++ slot-value copies, their weights and their folds."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType

import numpy as np
import pytest

ROOT = Path(__file__).resolve().parents[2]
SCRIPTS = ROOT / "scripts"

ROW = {
    "text": "send 700£ to guy kephart tomorrow please",
    "slots": {
        "amount_of_money": {"text": "700£", "span": [5, 9]},
        "person_name": {"text": "guy kephart", "span": [13, 24]},
        "date": {"text": "tomorrow", "span": [25, 33]},
    },
}
OTHER = {
    "text": "how much did i pay mesha chung on friday",
    "slots": {
        "person_name": {"text": "mesha chung", "span": [19, 30]},
        "date": {"text": "friday", "span": [34, 40]},
    },
}


@pytest.fixture(scope="module")
def scripts() -> Iterator[dict[str, ModuleType]]:
    """The training scripts, imported as modules (they live in scripts/, outside the package)."""
    sys.path[:0] = [str(SCRIPTS), str(SCRIPTS / "intent_data")]
    try:
        import intent_encoder_oof
        import nlupp_augment
        import train_intent

        yield {"augment": nlupp_augment, "train": train_intent, "oof": intent_encoder_oof}
    finally:
        del sys.path[:2]


def test_a_copy_keeps_the_words_around_the_slots_and_swaps_each_value(scripts: dict[str, ModuleType]) -> None:
    """Every copy keeps the words outside the spans and puts another value of the same kind in each."""
    copies = scripts["augment"].swapped_copies([ROW, OTHER], copies=3, seed=1)
    mine = [text for index, text in copies if index == 0]
    assert len(mine) == 3
    for text in mine:
        assert text.startswith("send ") and " to " in text and text.endswith(" please")
        assert text != ROW["text"]
        assert "700£" not in text and "guy kephart" not in text and "tomorrow" not in text


def test_copies_are_deterministic_and_rows_without_slots_give_none(scripts: dict[str, ModuleType]) -> None:
    """The same rows and seed give the same copies; a row without slots is not copied."""
    plain = {"text": "how do i order a new card", "slots": {}}
    first = scripts["augment"].swapped_copies([ROW, plain], copies=2, seed=5)
    assert first == scripts["augment"].swapped_copies([ROW, plain], copies=2, seed=5)
    assert {index for index, _ in first} == {0}


def test_a_row_and_its_copies_share_its_weight(scripts: dict[str, ModuleType]) -> None:
    """Copies split their row's weight: the total per row, and every other row's weight, are unchanged."""
    ti = scripts["train"]
    rows = [
        ti.Example("send 5 to bob", "transfer_money", "en", "nlupp"),
        ti.Example("hello", "qna", "en", "own"),
    ]
    copies = [
        ti.Example(f"send {n} to ann", "transfer_money", "en", "nlupp", parent="send 5 to bob")
        for n in (6, 7)
    ]
    base = ti.training_weights(rows)
    both = ti.training_weights(rows + copies)
    assert both[0] + both[2] + both[3] == pytest.approx(base[0])
    assert both[1] == pytest.approx(base[1])


def test_a_copy_is_in_the_fold_of_its_row(scripts: dict[str, ModuleType]) -> None:
    """No row is scored by a model that saw a copy of it: copies take their row's fold."""
    ti = scripts["train"]
    rows = [ti.Example(f"row {i}", "qna" if i % 2 else "transfer_money", "en", "nlupp") for i in range(20)]
    copies = [ti.Example(f"copy {i}", r.intent, "en", "nlupp", parent=r.text) for i, r in enumerate(rows)]
    folds = scripts["oof"]._folds(rows + copies, 13)
    assert np.array_equal(folds[:20], folds[20:])
