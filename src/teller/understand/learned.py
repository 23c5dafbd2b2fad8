"""The learned intent model: sentence embedding → trained head, mixed with the linear model, calibrated.

    logits = embedding @ W + b  +  mix · log p_linear(text)
    p      = softmax(logits / temperature)

`embedding` is the 512-d USE multilingual vector (`teller.understand.encoder`); `W`, `b` are a
multinomial logistic regression trained by `scripts/train_intent.py`; `p_linear` is the bag-of-words
model (`teller.understand.classifier.IntentClassifier`), which knows the exact command words and
Japanese character n-grams the encoder blurs. `mix` and `temperature` are fitted together on a
calibration split that neither model was trained on (the held-out sets are never used), so the top
probability is a calibrated confidence. `out_of_scope` is one of the classes, trained on CLINC150's
other domains and out-of-scope queries plus our own off-topic requests in both languages: "this is
not banking" is an explicit decision of the model, not the absence of one.

The head file (`src/teller/data/intent_head.npz`):

    format_version, classes [C], weights [512, C] float32, bias [C] float32,
    mix, temperature (float64), encoder (the package==version and weights digest it was trained on),
    command_floor, command_margin (the `decision.Thresholds` chosen on the development folds),
    calibration [B, 4] float64 (bucket low, high, mean confidence, accuracy) and calibration_n [B]:
    the out-of-fold calibration of the development data that chose them (`calibration` property).

The encoder loads on the first `predict` (or `warm`), once per process; `load_ms` says what it cost.
"""

from __future__ import annotations

import math
import threading
import time
from collections.abc import Callable, Sequence
from importlib import resources
from operator import itemgetter
from pathlib import Path
from typing import IO

import numpy as np
import numpy.typing as npt

from teller.domain.intents import Intent
from teller.understand.classifier import IntentClassifier
from teller.understand.decision import DEFAULT_THRESHOLDS, Thresholds
from teller.understand.encoder import PACKAGE, RESOURCES, VERSION, SentenceEncoder

FORMAT_VERSION = 2
PACKAGED_HEAD = "intent_head.npz"
ENCODER_ID = f"{PACKAGE}=={VERSION} weights.npz sha256:{RESOURCES['weights.npz']}"

Floats = npt.NDArray[np.float32]


class EncoderIntentModel:
    """Scores a folded utterance against the ten Teller intents (same interface as the linear model)."""

    def __init__(
        self,
        *,
        classes: Sequence[Intent],
        weights: Floats,
        bias: Floats,
        mix: float,
        temperature: float,
        linear: IntentClassifier,
        encoder: Callable[[], SentenceEncoder] = SentenceEncoder.load,
        thresholds: Thresholds = DEFAULT_THRESHOLDS,
        calibration: Sequence[dict[str, float]] = (),
    ) -> None:
        if weights.shape != (512, len(classes)) or bias.shape != (len(classes),):
            raise ValueError("head weights, bias and classes disagree")
        if tuple(linear.classes) != tuple(classes):
            raise ValueError("the linear model's classes differ from the head's")
        if temperature <= 0:
            raise ValueError("temperature must be positive")
        self._classes = tuple(classes)
        self._weights = np.asarray(weights, dtype=np.float32)
        self._bias = np.asarray(bias, dtype=np.float64)
        self._mix = mix
        self._temperature = temperature
        self._linear = linear
        self._make_encoder = encoder
        self.thresholds = thresholds
        self.calibration = tuple(calibration)
        self._encoder: SentenceEncoder | None = None
        self._load_lock = threading.Lock()
        self.load_ms: float | None = None

    @classmethod
    def load(cls, linear: IntentClassifier, path: Path | None = None) -> EncoderIntentModel:
        """Read a head file (default: the packaged one); the encoder itself loads on first use."""
        if path is not None:
            with path.open("rb") as fh:
                return cls._from_npz(fh, linear)
        with (resources.files("teller") / "data" / PACKAGED_HEAD).open("rb") as fh:
            return cls._from_npz(fh, linear)

    @classmethod
    def _from_npz(cls, fh: IO[bytes], linear: IntentClassifier) -> EncoderIntentModel:
        with np.load(fh, allow_pickle=False) as npz:
            version = int(npz["format_version"])
            if version != FORMAT_VERSION:
                raise ValueError(f"intent head format {version}, this code reads {FORMAT_VERSION}")
            trained_on = str(npz["encoder"])
            if trained_on != ENCODER_ID:
                raise ValueError(f"intent head was trained on {trained_on}, this encoder is {ENCODER_ID}")
            table = [
                {"low": lo, "high": hi, "confidence": conf, "accuracy": acc, "n": int(n)}
                for (lo, hi, conf, acc), n in zip(
                    npz["calibration"].tolist(), npz["calibration_n"].tolist(), strict=True
                )
            ]
            return cls(
                classes=[Intent(str(c)) for c in npz["classes"]],
                weights=npz["weights"],
                bias=npz["bias"],
                mix=float(npz["mix"]),
                temperature=float(npz["temperature"]),
                linear=linear,
                thresholds=Thresholds(float(npz["command_floor"]), float(npz["command_margin"])),
                calibration=table,
            )

    @property
    def classes(self) -> tuple[Intent, ...]:
        """Intents in the model's column order."""
        return self._classes

    @property
    def weights(self) -> Floats:
        """The head's [512, C] weights."""
        return self._weights

    @property
    def bias(self) -> npt.NDArray[np.float64]:
        """The head's [C] bias."""
        return self._bias

    @property
    def mix(self) -> float:
        """How much of the linear model's log-probability is added to the head's logits."""
        return self._mix

    @property
    def temperature(self) -> float:
        """The calibration temperature dividing the mixed logits."""
        return self._temperature

    def warm(self) -> SentenceEncoder:
        """The encoder, loaded now if it was not (once per process; `load_ms` records the cost)."""
        encoder = self._encoder
        if encoder is not None:
            return encoder
        with self._load_lock:
            if self._encoder is None:
                start = time.perf_counter()
                self._encoder = self._make_encoder()
                self.load_ms = (time.perf_counter() - start) * 1e3
            return self._encoder

    def predict(self, folded_text: str) -> list[tuple[Intent, float]]:
        """Every intent with its probability, most likely first; the probabilities sum to 1."""
        pairs = zip(self._classes, self.probabilities(folded_text), strict=True)
        return sorted(pairs, key=itemgetter(1), reverse=True)

    def probabilities(self, folded_text: str) -> list[float]:
        """Probabilities in `classes` order."""
        embedding = self.warm().encode([folded_text])[0]
        return self.combine(embedding, self._linear.probabilities(folded_text))

    def combine(self, embedding: Floats, linear_probs: Sequence[float]) -> list[float]:
        """The calibrated mixture for one precomputed embedding and linear distribution."""
        head = (embedding @ self._weights).astype(np.float64) + self._bias
        logits = [
            (h + self._mix * math.log(max(p, 1e-12))) / self._temperature
            for h, p in zip(head.tolist(), linear_probs, strict=True)
        ]
        top = max(logits)
        exps = [math.exp(x - top) for x in logits]
        total = sum(exps)
        return [e / total for e in exps]


def export_head(
    path: Path,
    *,
    classes: Sequence[str],
    weights: npt.ArrayLike,
    bias: npt.ArrayLike,
    mix: float,
    temperature: float,
    thresholds: Thresholds,
    calibration: Sequence[dict[str, float]],
) -> None:
    """Write a head that `EncoderIntentModel.load` reads; `weights` is [512, n_classes];
    `calibration`: buckets with low, high, confidence, accuracy and n."""
    keys = ("low", "high", "confidence", "accuracy")
    table = np.array([[float(b[k]) for k in keys] for b in calibration], dtype=np.float64).reshape(-1, 4)
    np.savez_compressed(
        path,
        format_version=np.int64(FORMAT_VERSION),
        classes=np.array([str(c) for c in classes]),
        weights=np.asarray(weights, dtype=np.float32),
        bias=np.asarray(bias, dtype=np.float32),
        mix=np.float64(mix),
        temperature=np.float64(temperature),
        encoder=np.array(ENCODER_ID),
        command_floor=np.float64(thresholds.floor),
        command_margin=np.float64(thresholds.margin),
        calibration=table,
        calibration_n=np.array([int(b["n"]) for b in calibration], dtype=np.int64),
    )
