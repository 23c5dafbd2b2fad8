"""One error tree: every Teller error lives in teller.errors and its drawing; the store maps its failures."""

from __future__ import annotations

import importlib
import pkgutil
import re
import sqlite3
from pathlib import Path

import httpx
import pytest
from tests.api.conftest import api_for_tests, serve

import teller
from teller import errors
from teller.api.handlers import status_for
from teller.config import Settings, StoreSettings


def _all_subclasses(cls: type) -> set[type]:
    found: set[type] = set()
    for sub in cls.__subclasses__():
        found |= {sub, *_all_subclasses(sub)}
    return found


def test_every_error_class_is_in_errors_py_and_its_drawing() -> None:
    """Importing every module finds no TellerError subclass outside teller.errors or its docstring."""
    for module in pkgutil.walk_packages(teller.__path__, "teller."):
        try:
            importlib.import_module(module.name)
        except ImportError:  # an optional extra that is not installed
            continue
    classes = {c for c in _all_subclasses(errors.TellerError) if c.__module__.startswith("teller")}
    assert classes
    outside = sorted(f"{c.__module__}.{c.__name__}" for c in classes if c.__module__ != "teller.errors")
    assert outside == []
    doc = errors.__doc__ or ""
    drawn = set(re.findall(r"[├└]── (\w+)", doc))
    assert sorted(c.__name__ for c in classes if c.__name__ not in drawn) == []


def test_configuration_errors_are_permanent_and_not_backend_unavailable() -> None:
    """A configuration error is not transient (no Retry-After) and not a 503."""
    exc = errors.ConfigError("unknown model 'qwen-typo'")
    assert not exc.transient and not isinstance(exc, errors.BackendUnavailable)
    assert status_for(exc) == 500
    assert status_for(errors.StoreUnavailable("locked")) == 503 and errors.StoreUnavailable("x").transient


def test_a_locked_database_answers_503_with_retry_after(tmp_path: Path) -> None:
    """While another process holds SQLite's write lock, a turn that must write answers 503 +
    Retry-After (`store_unavailable`), not a 500."""
    url = f"sqlite:///{tmp_path / 'locked.sqlite3'}"
    settings = Settings(store=StoreSettings(url=url, busy_timeout_ms=50))
    settings.llm.enabled = False
    with serve(url, api_for_tests(), settings=settings) as s:
        warm = httpx.post(f"{s.url}/v1/turns", json={"text": "what's my balance"}, headers=s.auth())
        assert warm.status_code == 200
        holder = sqlite3.connect(tmp_path / "locked.sqlite3", isolation_level=None)
        holder.execute("BEGIN IMMEDIATE")
        try:
            r = httpx.post(f"{s.url}/v1/turns", json={"text": "send 5000 yen to Sato Ken"}, headers=s.auth())
        finally:
            holder.execute("ROLLBACK")
            holder.close()
        after = httpx.post(f"{s.url}/v1/turns", json={"text": "send 5000 yen to Sato Ken"}, headers=s.auth())
    assert r.status_code == 503, r.text
    assert r.json()["error"]["code"] == "store_unavailable" and r.headers["retry-after"]
    assert after.status_code == 200 and after.json()["action"] == "confirm"


@pytest.mark.parametrize("name", ["qwen-typo"])
def test_unknown_bundled_model_is_a_config_error(name: str) -> None:
    """An unknown bundled model profile is a ConfigError naming the known ones."""
    from teller.llm.models import ensure_model

    with pytest.raises(errors.ConfigError, match="known"):
        ensure_model(name)
