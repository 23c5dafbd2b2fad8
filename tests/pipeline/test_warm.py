"""TurnRunner.warm: what the first turn would load is loaded before any turn."""

from __future__ import annotations

from typing import Any

from teller.names import sound
from teller.normalize import calendar, spelling, text


def test_warm_loads_the_encoder_word_list_readings_and_holidays(runner: Any) -> None:
    """After warm() the intent encoder, the English word list, both kana readers and the holiday
    tables of every customer's country are in memory."""
    runner.warm()
    model = runner.fast_path._classifier
    if hasattr(model, "warm"):  # the learned model (the `intent` extra); the linear one has nothing to load
        assert model._encoder is not None
    assert spelling._lexicon is not None and "pending" in spelling._lexicon
    assert sound._kakasi.cache_info().currsize == 1
    assert text._kakasi.cache_info().currsize == 1
    assert calendar._named_day_table.cache_info().currsize >= 2  # Japan and the United States


def test_warm_twice_is_harmless(runner: Any) -> None:
    """A second warm() loads nothing again and turns still run."""
    runner.warm()
    runner.warm()
    assert spelling.warm() is spelling.warm()


def test_warm_builds_no_customer_snapshot(runner: Any) -> None:
    """warm() finds the customers' countries with one query, not a snapshot per customer (a 100k bank)."""
    runner.bank.invalidate()
    runner.warm()
    assert runner.bank._cache == {}
    assert calendar._named_day_table.cache_info().currsize >= 2  # still Japan and the United States
