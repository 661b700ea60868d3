"""Fit ``models/face_centroids.npz``: the mean embedding of each tile class over the classifier's training crops.

Why training crops: the centroids say where the faces the classifier learnt lie (``vision.familiarity``); the
held-out sets stay for fitting the threshold and reporting. The crops are ``prepare.training_set`` of the training
run's seed (the cached hk-photos/train, tile-crops and synthetic crops the classifier trained on), their training
margin cut away so they are framed as recognition frames a tile, at most ``PER_CLASS`` of each class drawn with a
fixed seed. ``python -m sikwu.datasets.calibrate --write`` and ``sikwu train`` refit them before the calibration.
"""

from __future__ import annotations

import numpy as np
from sikwu.vision import familiarity
from sikwu.vision.labels import NOT_A_TILE

#: Training crops per class averaged (a sample: the mean settles long before all 30,000 crops).
PER_CLASS = 300
SEED = 0


def training_sample(per_class: int = PER_CLASS, seed: int = SEED) -> tuple[list[np.ndarray], list[str]]:
    """Up to ``per_class`` training crops of each class, framed without the training margin, and their labels."""
    from sikwu.datasets.prepare import CACHE_SIZE, PAD, training_set
    from sikwu.vision.labels import CLASS_LABELS

    x, y, _ = training_set(seed, 150)
    rng = np.random.default_rng(seed)
    m = int(round(CACHE_SIZE * PAD / (1 + 2 * PAD)))
    keep = np.sort(np.concatenate([rng.permutation(np.flatnonzero(y == c))[:per_class] for c in np.unique(y)]))
    return [np.ascontiguousarray(x[i][m:-m, m:-m]) for i in keep], [CLASS_LABELS[int(y[i])] for i in keep]


def fit(clf, seed: int = SEED) -> familiarity.Centroids:
    """Centroids of ``clf``'s (a ``SetClassifier``) tile classes over the training sample of ``seed``'s crops."""
    crops, labels = training_sample(seed=seed)
    return familiarity.centroids(clf.embed(crops), labels, clf.model_sha256, skip=(NOT_A_TILE,))
