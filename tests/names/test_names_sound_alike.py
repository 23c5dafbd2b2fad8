"""Issue 9, rule 8: a Japanese name written with other kanji of the same reading matches by sound."""

from __future__ import annotations

from typing import Any

import pytest

from teller.domain.bank import Payee
from teller.names import NameIndex, index_for

from .conftest import snapshots


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("中村桜さんに3000円送って", "p_010"),
        ("高橋岬さんに2000円送って", "p_005"),
        ("渡辺尚美さんに1000円振り込んで", "p_008"),
        ("伊藤将さんに500円送金", "p_006"),
        ("山本大介さんに1万円送って", "p_009"),
        ("小林洋子に3000円", "p_011"),
    ],
)
def test_same_reading_other_kanji_matches_by_sound(text: str, expected: str) -> None:
    """中村桜 is heard for 中村 さくら: matched through the kana reading, by its own rule and score."""
    match = index_for(snapshots()["c_001"]).scan(text, kinds=("payee",))
    assert match.status == "match" and match.candidates[0].id == expected
    best = match.candidates[0]
    assert best.rule == "sound_alike"
    assert best.score < 100.0  # never as strong as the name as written


def test_the_written_name_outranks_a_sound_alike() -> None:
    """A name written as registered keeps its exact rule and full score."""
    match = index_for(snapshots()["c_001"]).scan("中村さくらさんに3000円送って", kinds=("payee",))
    assert (match.status, match.candidates[0].id, match.candidates[0].rule) == ("match", "p_010", "kanji")


def test_several_sound_alikes_clarify() -> None:
    """Two payees read なかむら さくら, neither written as said: clarify, never a pick."""
    index = NameIndex.build(
        [
            Payee("p_a", "中村 さくら", reading_kana="なかむら さくら"),
            Payee("p_b", "中村 咲良", reading_kana="なかむら さくら"),
            Payee("p_c", "田中 花子", reading_kana="たなか はなこ"),
        ],
        [],
    )
    match = index.scan("中村桜さんに3000円送って", kinds=("payee",))
    assert match.status == "clarify"
    assert {c.id for c in match.candidates} == {"p_a", "p_b"}


@pytest.mark.parametrize(
    "text", ["中村隆さんに3000円送って", "田村桜さんに3000円送って", "北村さくらさんに3000円送って"]
)
def test_a_different_reading_is_not_a_sound_alike(text: str) -> None:
    """Another surname or given name sounds different: no confident match on p_010."""
    match = index_for(snapshots()["c_001"]).scan(text, kinds=("payee",))
    assert not (
        match.status == "match" and match.candidates[0].id == "p_010" and match.candidates[0].score >= 95
    )


def test_the_confirmation_shows_the_registered_name(runner: Any) -> None:
    """The turn confirms to the payee and its reply spells the name as registered (中村 さくら)."""
    from tests.understand.conftest import run

    result = run(runner, "中村桜さんに3000円送って", "c_001")
    assert (result.action.value, result.entities.recipient_id) == ("confirm", "p_010")
    assert "中村 さくら" in result.reply
    assert result.candidates[0].rule == "sound_alike"
