"""The tile classifier as recognition should use it: adapted to the table's taught set, calibrated, with unknowns.

Why a wrapper and not a second model: teaching changes only the last linear layer (``vision.set_head``), so the
shipped ONNX graph runs once per batch and returns logits and embeddings together (``models.embedding``); the
adapted logits are ``embedding @ W'.T + b`` in NumPy. Calibration (``vision.calibration``) turns them into
probabilities whose value can be believed, and the unknown verdict marks things that are no known tile.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
from sikwu.models.embedding import EMBEDDING, HEAD_BIAS, HEAD_WEIGHT
from sikwu.vision import calibration as cal_mod
from sikwu.vision import teach_views
from sikwu.vision.classifier import (
    MAX_BATCH,
    SECOND_LOOK_BELOW,
    ModelError,
    TileClassifier,
    readings,
    second_look,
)
from sikwu.vision.labels import NOT_A_TILE
from sikwu.vision.set_head import PULL, fitted_head
from sikwu.vision.tile_sets import TileSet, TileSetError


@dataclass(frozen=True)
class Reading:
    """One crop's verdict: best label, its calibrated probability, the top three, and whether it is unknown."""

    label: str
    confidence: float
    top3: tuple[tuple[str, float], ...]
    unknown: bool

    def to_dict(self) -> dict[str, object]:
        return {
            "id": self.label,
            "confidence": round(self.confidence, 4),
            "alternatives": [{"id": t, "p": round(p, 4)} for t, p in self.top3],
            "unknown": self.unknown,
        }


class SetClassifier:
    """Names crops with the shipped network, the table's taught set (optional) and the fitted calibration."""

    def __init__(
        self,
        base: TileClassifier | None = None,
        tile_set: TileSet | None = None,
        calibration: cal_mod.Calibration | None = None,
        pull: float = PULL,
        second_look_below: float | None = SECOND_LOOK_BELOW,
    ) -> None:
        self.base = base or TileClassifier(threads=2)
        names = self.base.output_names
        missing = [n for n in (EMBEDDING, HEAD_WEIGHT, HEAD_BIAS) if n not in names]
        if missing:
            raise ModelError(
                f"{self.base.model_path} has no {', '.join(missing)} output; add them with "
                "`python -m sikwu.models.embedding` (needs the train extra) to teach or adapt to a tile set"
            )
        self._index = [names.index(n) for n in ("logits", EMBEDDING, HEAD_WEIGHT, HEAD_BIAS)]
        self.labels = self.base.labels
        self.calibration = calibration or cal_mod.for_model(self.base.model_path)
        self.second_look_below = second_look_below
        self.model_sha256 = cal_mod.file_sha256(self.base.model_path)
        self.centroids = self.base.centroids  # the same model file: the same known faces
        self.tile_set: TileSet | None = None
        _, _, w, b = self._run(np.zeros((1, 3, *self.base.input_size), np.float32))
        self._weight, self._bias = w.astype(np.float64), b.astype(np.float64)
        self._head = (self._weight, self._bias)
        self.use_set(tile_set, pull)

    def use_set(self, tile_set: TileSet | None, pull: float = PULL) -> None:
        """Adapt to ``tile_set`` (None: the shipped classifier as trained)."""
        if tile_set is not None and tile_set.model_sha256 != self.model_sha256:
            raise TileSetError(
                f"tile set {tile_set.name!r} was taught with another classifier model; teach it again "
                "(sikwu teach PHOTO --set NAME)"
            )
        self.tile_set = tile_set
        self._head = (
            fitted_head(
                self._weight,
                self._bias,
                self.labels,
                tile_set.labels,
                tile_set.embeddings,
                pull,
                tile_set.table,
                self.centroids,
            )
            if tile_set is not None
            else (self._weight, self._bias)
        )

    def _run(self, batch: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
        out = self.base.run_outputs(batch)
        logits, emb, w, b = (out[i] for i in self._index)
        return logits, emb, w, b

    def forward(self, batch: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """(adapted logits, embeddings) of a preprocessed batch, in chunks of ``MAX_BATCH``."""
        w, b = self._head
        embs = [self._run(batch[i : i + MAX_BATCH])[1] for i in range(0, len(batch), MAX_BATCH)]
        emb = np.concatenate(embs).astype(np.float64) if embs else np.zeros((0, w.shape[1]))
        return emb @ w.T + b, emb

    def embed_views(self, crops: Sequence[np.ndarray]) -> np.ndarray:
        """Embeddings of each crop's ``teach_views.VIEWS`` views, crop by crop (how teaching examples are stored)."""
        return self.embed([v for c in crops for v in teach_views.views(c)])

    def embed(self, crops: Sequence[np.ndarray]) -> np.ndarray:
        """Embeddings of the crops as they are (no views)."""
        return self.forward(self.base.preprocess(crops))[1] if len(crops) else np.zeros((0, self._weight.shape[1]))

    def logits(self, crops: Sequence[np.ndarray]) -> np.ndarray:
        return self.forward(self.base.preprocess(crops))[0]

    def probabilities(self, crops: Sequence[np.ndarray]) -> np.ndarray:
        """Calibrated probabilities (N, C); crops unsure at first sight averaged with their half-turned view."""
        return self.scored(crops)[0]

    def scored(self, crops: Sequence[np.ndarray]) -> tuple[np.ndarray, np.ndarray | None]:
        """(``probabilities``, each crop's distance from every known face or None without centroids), from one run."""
        if len(crops) == 0:
            return np.zeros((0, len(self.labels))), None
        batch = self.base.preprocess(crops)
        logits, emb = self.forward(batch)
        probs = self.calibration.probabilities
        p = second_look(probs(logits), batch, self.second_look_below, lambda b: probs(self.forward(b)[0]))
        return p, self._distances(emb)

    def _distances(self, emb: np.ndarray) -> np.ndarray | None:
        if self.centroids is None:
            return None
        known = None
        if self.tile_set is not None and self.tile_set.labels:  # a taught face is a known face
            faces = np.array([lab != NOT_A_TILE for lab in self.tile_set.labels])
            known = np.asarray(self.tile_set.embeddings)[faces]
        return self.centroids.distance(emb, known)

    def predict(self, crops: Sequence[np.ndarray], k: int = 3) -> list[list[tuple[str, float]]]:
        """Per crop, the ``k`` most likely labels with calibrated probabilities (``TileClassifier.predict``'s form),
        as ``Readings`` carrying the crop's distance from every known face."""
        if k < 1:
            raise ValueError(f"k must be at least 1, got {k}")
        probs, dist = self.scored(crops)
        return readings(probs, self.labels, k, dist)

    def read(self, crops: Sequence[np.ndarray]) -> list[Reading]:
        """Per crop: best label, calibrated confidence, top three and the unknown verdict."""
        probs, dist = self.scored(crops)
        unknown = self.calibration.is_unknown(probs) | self.calibration.is_foreign(dist, len(probs))
        return [
            Reading(top[0][0], top[0][1], tuple(top), bool(u))
            for top, u in zip(readings(probs, self.labels, 3, dist), unknown, strict=True)
        ]


def for_recognition(tile_set: TileSet | None) -> SetClassifier:
    """The shipped model adapted to ``tile_set``, giving raw probabilities: recognition decides on those (its
    thresholds were set on them) and calibrates what it reports (``vision.assemble``)."""
    from sikwu.vision.classifier import default_classifier

    return SetClassifier(default_classifier(), tile_set=tile_set, calibration=cal_mod.Calibration())
