"""The learned head of the intent model: embeddings, the logistic regression, mix and temperature.

Used by `scripts/train_intent.py` (training) and `bench/intent_eval.py`; scikit-learn only here.
Embeddings of the training texts are cached per text in `~/.cache/teller-intent/` (keyed by the
encoder id), so re-training a head does not re-encode 30,000 sentences (~1–2 min on this machine).
"""

from __future__ import annotations

import hashlib
import math
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

import numpy as np
from sklearn.linear_model import LogisticRegression

from teller.understand.encoder import SentenceEncoder
from teller.understand.learned import ENCODER_ID

CACHE = Path.home() / ".cache" / "teller-intent"
HEAD_C = 4.0
MIX_GRID = (0.0, 0.25, 0.5, 0.75, 1.0, 1.25, 1.5, 2.0)

_encoder: SentenceEncoder | None = None


def embed(texts: Sequence[str]) -> np.ndarray:
    """[len(texts), 512] embeddings of folded texts, cached on disk one text at a time.

    The cache (`~/.cache/teller-intent/emb-<encoder digest>.npz`, outside the repository) maps each
    text to its vector, so adding phrasings to the training data encodes only the new ones.
    """
    global _encoder
    tag = hashlib.sha256(ENCODER_ID.encode("utf-8")).hexdigest()[:16]
    path = CACHE / f"emb-{tag}.npz"
    known: dict[str, int] = {}
    vectors = np.zeros((0, 512), dtype=np.float32)
    if path.exists():
        with np.load(path, allow_pickle=False) as npz:
            known = {str(t): i for i, t in enumerate(npz["texts"])}
            vectors = npz["vectors"]
    missing = list(dict.fromkeys(t for t in texts if t not in known))
    if missing:
        if _encoder is None:
            _encoder = SentenceEncoder.load()
        new = np.concatenate([_encoder.encode(missing[i : i + 256]) for i in range(0, len(missing), 256)])
        known |= {t: len(vectors) + i for i, t in enumerate(missing)}
        vectors = np.concatenate([vectors, new.astype(np.float32)])
        CACHE.mkdir(parents=True, exist_ok=True)
        tmp = path.with_suffix(".tmp.npz")
        np.savez(tmp, texts=np.array(list(known)), vectors=vectors)
        tmp.replace(path)
    return vectors[[known[t] for t in texts]]


@dataclass
class Head:
    classes: list[str]
    weights: np.ndarray  # [512, C]
    bias: np.ndarray  # [C]

    def logits(self, x: np.ndarray) -> np.ndarray:
        return np.asarray(x @ self.weights + self.bias)


def fit_head(
    x: np.ndarray, labels: Sequence[str], weights: np.ndarray, order: Sequence[str], c: float = HEAD_C
) -> Head:
    """Multinomial logistic regression on the embeddings, columns in `order`."""
    model = LogisticRegression(C=c, max_iter=5000, tol=1e-6)
    model.fit(x, list(labels), sample_weight=weights)
    classes = [str(k) for k in model.classes_]
    idx = [classes.index(k) for k in order]
    return Head(list(order), model.coef_.T[:, idx].copy(), model.intercept_[idx].copy())


def mixed_log_probs(
    head_logits: np.ndarray, linear_probs: np.ndarray, mix: float, temperature: float
) -> np.ndarray:
    """Log-softmax of (head logits + mix · log p_linear) / temperature, row-wise."""
    z = (head_logits + mix * np.log(np.maximum(linear_probs, 1e-12))) / temperature
    z = z - z.max(axis=1, keepdims=True)
    return z - np.log(np.exp(z).sum(axis=1, keepdims=True))


def fit_mix_and_temperature(
    head_logits: np.ndarray, linear_probs: np.ndarray, labels: np.ndarray, weights: np.ndarray
) -> tuple[float, float, float]:
    """(mix, temperature, weighted NLL) minimising the weighted NLL on a calibration split."""
    best = (0.0, 1.0, math.inf)
    for mix in MIX_GRID:
        for t in np.exp(np.linspace(np.log(0.25), np.log(4.0), 121)):
            log_p = mixed_log_probs(head_logits, linear_probs, mix, float(t))
            nll = -float((weights * log_p[np.arange(len(labels)), labels]).sum() / weights.sum())
            if nll < best[2]:
                best = (mix, float(t), nll)
    return best
