"""Issue 9, rule 10: TELLER_NAMES__SCORE_CUTOFF and …CLARIFY_MARGIN reach the name index."""

from __future__ import annotations

from typing import Any

from tests.understand.conftest import NOW

from teller.config import NamesSettings, Settings, StoreSettings
from teller.domain.turn import TurnRequest
from teller.pipeline.turn import TurnRunner


def _runner(db_url: str, names: NamesSettings) -> Any:
    settings = Settings(store=StoreSettings(url=db_url), names=names)
    settings.llm.enabled = False
    return TurnRunner.from_settings(settings)


def _turn(runner: Any, text: str) -> Any:
    return runner.run(TurnRequest(id="s", customer_id="c_002", text=text, now=NOW["c_002"]))


def test_a_higher_score_cutoff_drops_a_fuzzy_name(db_url: str) -> None:
    """A misspelled payee found at the default cutoff is not a candidate at cutoff 99."""
    text = "send 20 dollars to davd lee"
    default = _turn(_runner(db_url, NamesSettings()), text)
    strict = _turn(_runner(db_url, NamesSettings(score_cutoff=99.0)), text)
    assert default.entities.recipient_id == "p_104"
    assert strict.entities.recipient_id is None


def test_a_wider_clarify_margin_turns_a_pick_into_a_question(db_url: str) -> None:
    """With a margin of 20 points, Kristen (82.8) is 'close' to Chris (90) for 'chris'."""
    text = "send 20 dollars to chris"
    default = _turn(_runner(db_url, NamesSettings()), text)
    wide = _turn(_runner(db_url, NamesSettings(clarify_margin=20.0)), text)
    assert (default.action.value, default.entities.recipient_id) == ("confirm", "p_105")
    assert wide.action.value == "clarify"
