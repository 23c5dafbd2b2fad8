"""Native runtimes are told to let idle threads sleep, unless the environment already decided."""

from __future__ import annotations

import os

import pytest

from teller.cpu import passive_threads


def test_unset_policy_becomes_passive(monkeypatch: pytest.MonkeyPatch) -> None:
    """With no OMP_WAIT_POLICY, passive_threads sets PASSIVE."""
    monkeypatch.delenv("OMP_WAIT_POLICY", raising=False)
    passive_threads()

    assert os.environ["OMP_WAIT_POLICY"] == "PASSIVE"


def test_an_explicit_policy_is_kept(monkeypatch: pytest.MonkeyPatch) -> None:
    """An operator's OMP_WAIT_POLICY=ACTIVE (a dedicated machine) is left alone."""
    monkeypatch.setenv("OMP_WAIT_POLICY", "ACTIVE")
    passive_threads()

    assert os.environ["OMP_WAIT_POLICY"] == "ACTIVE"
