"""How far a crop lies from every face the classifier knows: the second test of the "unknown" verdict.

Why: the calibrated confidence alone (``vision.calibration``) lets most playing cards through as tiles: a court
card reads as a flower with confidence, because the classifier must share all its probability among the faces it
knows. Its embedding (the features its last layer reads, ``models.embedding``) has no such constraint: a known face
lies near the mean embedding of that face's training crops, a card or a coin lies far from all of them.

The measure is the cosine distance to the nearest centroid of the tile classes (faces and ``back``; ``not-a-tile``
has no shape to be near). It was chosen over Mahalanobis distance, relative Mahalanobis, the energy score and the
best probability by one test that no benchmark reads: how many cards of the training-only decks
(``datasets.card_negatives``) each catches at a threshold passing 99% of the held-out fit part's real tiles (of the
718 such cards the classifier names a tile: cosine 516, Mahalanobis 381, relative Mahalanobis 338, best probability
246, energy 158). The centroids are fitted on the
classifier's training crops (``datasets.centroids``) and stored beside the model they belong to; the threshold is
fitted with the calibration (``Calibration.foreign_beyond``) on the fit part of the held-out split. A taught set's
examples count as known faces too.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from pathlib import Path

import numpy as np
from sikwu.models import MODELS_DIR

CENTROIDS_PATH = MODELS_DIR / "face_centroids.npz"


@dataclass(frozen=True)
class Centroids:
    """Unit mean embeddings of the tile classes, for one model file (``model_sha256``)."""

    labels: tuple[str, ...]
    vectors: np.ndarray  # (C, D), unit rows
    model_sha256: str

    def distance(self, embeddings: np.ndarray, known: np.ndarray | None = None) -> np.ndarray:
        """Per embedding (N, D): cosine distance to the nearest centroid or ``known`` embedding (a taught set's)."""
        emb = _unit(np.asarray(embeddings, np.float64))
        rows = self.vectors if known is None or not len(known) else np.vstack([self.vectors, _unit(known)])
        if not len(emb):
            return np.zeros(0)
        return 1.0 - (emb @ rows.T).max(axis=1)


def _unit(x: np.ndarray) -> np.ndarray:
    x = np.asarray(x, np.float64)
    return x / np.maximum(np.linalg.norm(x, axis=1, keepdims=True), 1e-12)


def centroids(embeddings: np.ndarray, labels: list[str], model_sha256: str, skip: tuple[str, ...]) -> Centroids:
    """The mean embedding of each label not in ``skip``, as unit rows."""
    names = sorted({lab for lab in labels if lab not in skip})
    y = np.array(labels)
    means = np.stack([np.asarray(embeddings, np.float64)[y == n].mean(axis=0) for n in names])
    return Centroids(tuple(names), _unit(means), model_sha256)


def save(c: Centroids, path: Path = CENTROIDS_PATH) -> None:
    np.savez(
        path, labels=np.array(c.labels), vectors=c.vectors.astype(np.float32), model_sha256=np.array(c.model_sha256)
    )


@functools.cache
def _read(path: Path, mtime_ns: int) -> Centroids:
    try:
        with np.load(path, allow_pickle=False) as data:
            c = Centroids(tuple(str(s) for s in data["labels"]), data["vectors"].astype(np.float64),
                          str(data["model_sha256"]))  # fmt: skip
    except (OSError, ValueError, KeyError) as exc:
        raise ValueError(f"{path} is not a centroids file ({exc}); restore it with git or refit it") from exc
    if c.vectors.ndim != 2 or len(c.vectors) != len(c.labels) or not np.isfinite(c.vectors).all():
        raise ValueError(f"{path}: one finite vector per label expected; restore it with git or refit it")
    return c


def for_model(model_sha256: str, path: Path = CENTROIDS_PATH) -> Centroids | None:
    """The centroids fitted for this model file, or None (missing, or fitted for another model)."""
    if not path.is_file():
        return None
    c = _read(path, path.stat().st_mtime_ns)
    return c if c.model_sha256 == model_sha256 else None
