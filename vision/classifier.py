"""Name tile crops with the shipped ONNX classifier (onnxruntime only: no torch at run time).

Pre-process, inference and post-process are separate steps, Ultralytics-style. The preprocessing (input size,
colour order, mean/std, resize) is read from the model's own metadata, so a retrained model with another input size
keeps working without code changes, and the label list in the model is checked against ``vision.labels``.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from functools import cached_property, lru_cache
from pathlib import Path

import cv2
import numpy as np
from sikwu.models import CLASSIFIER_PATH
from sikwu.models.embedding import EMBEDDING
from sikwu.vision import familiarity
from sikwu.vision.labels import CLASS_LABELS, NOT_A_TILE
from sikwu.vision.onnx_session import ModelFileError, open_session

DEFAULT_MODEL_PATH = CLASSIFIER_PATH
#: Crops are run through the network in chunks of this many, bounding memory for very large batches.
MAX_BATCH = 256
#: A crop named with less than this probability gets a second look turned half-way round, and the two views'
#: probabilities are averaged. Tiles lie either way up on a table and the net was trained on every turn, so the
#: second view is a second opinion on the same tile; asking for it only when the first is unsure keeps the
#: cost to the crops that need it (22% of hk-photos/valid crops, 23% of tile-crops; the measured effect is in the
#: model card).
SECOND_LOOK_BELOW = 0.9


class ModelError(ModelFileError):
    """The classifier model is missing, unreadable or does not match this code; the message says what to do."""


class TileClassifier:
    """A loaded classifier. Create once (or use ``default_classifier()``) and call ``predict`` with many crops."""

    def __init__(
        self,
        model_path: Path | str | None = None,
        threads: int | None = None,
        second_look_below: float | None = SECOND_LOOK_BELOW,
    ) -> None:
        if second_look_below is not None and not 0 <= second_look_below <= 1:
            raise ValueError(f"second_look_below must be a probability in [0, 1] or None, got {second_look_below}")
        self.second_look_below = second_look_below

        self.model_path = Path(model_path) if model_path is not None else DEFAULT_MODEL_PATH
        self._session = open_session(
            self.model_path,
            what="tile classifier",
            fix="it ships with the project in models/ (restore it with git, or train one with `sikwu train`)",
            error=ModelError,
            threads=threads,
        )
        meta = self._session.get_modelmeta().custom_metadata_map
        try:
            self.labels: tuple[str, ...] = tuple(json.loads(meta["labels"]))
            h, w = json.loads(meta["input_size"])
            self.input_size: tuple[int, int] = (int(h), int(w))
            self.color_order: str = meta.get("color_order", "RGB")
            self.mean = np.array(json.loads(meta["mean"]), np.float32)
            self.std = np.array(json.loads(meta["std"]), np.float32)
        except (KeyError, ValueError, TypeError) as exc:
            raise ModelError(
                f"{self.model_path} lacks the classifier metadata (labels, input_size, mean, std): {exc}"
            ) from exc
        if self.labels != CLASS_LABELS:
            raise ModelError(
                f"{self.model_path} was trained for labels {self.labels[:3]}... ({len(self.labels)}), but this code "
                f"expects vision.labels.CLASS_LABELS ({len(CLASS_LABELS)}); retrain or restore the shipped model"
            )
        self._input_name = self._session.get_inputs()[0].name
        self.metadata: dict[str, str] = dict(meta)

    # ---------------------------------------------------------------------------------------------- steps

    def preprocess(self, crops: Sequence[np.ndarray]) -> np.ndarray:
        """BGR uint8 crops of any size -> float32 NCHW batch as the model was trained (stretch, INTER_AREA)."""
        h, w = self.input_size
        batch = np.empty((len(crops), h, w, 3), np.float32)
        for i, crop in enumerate(crops):
            a = np.asarray(crop)
            if a.ndim == 2:
                a = cv2.cvtColor(a, cv2.COLOR_GRAY2BGR)
            elif a.ndim != 3 or a.shape[2] not in (3, 4):
                raise ValueError(f"crop {i} has shape {a.shape}; expected a BGR image (H, W, 3)")
            if a.shape[2] == 4:
                a = cv2.cvtColor(a, cv2.COLOR_BGRA2BGR)
            if a.shape[0] < 2 or a.shape[1] < 2:
                raise ValueError(f"crop {i} is {a.shape[1]}x{a.shape[0]} pixels; too small to classify")
            if a.dtype != np.uint8:
                a = np.clip(a, 0, 255).astype(np.uint8)
            interp = cv2.INTER_AREA if a.shape[0] >= h and a.shape[1] >= w else cv2.INTER_LINEAR
            a = cv2.resize(a, (w, h), interpolation=interp)
            batch[i] = a[..., ::-1] if self.color_order == "RGB" else a
        batch = (batch / 255.0 - self.mean) / self.std
        return np.ascontiguousarray(batch.transpose(0, 3, 1, 2))

    @property
    def output_names(self) -> list[str]:
        """The graph's outputs: ``logits`` first, then any extras (``models.embedding``)."""
        return [o.name for o in self._session.get_outputs()]

    def run_outputs(self, batch: np.ndarray) -> list[np.ndarray]:
        """Every graph output for one preprocessed batch (at most ``MAX_BATCH`` crops), in ``output_names`` order."""
        return list(self._session.run(None, {self._input_name: batch}))

    def infer(self, batch: np.ndarray) -> np.ndarray:
        """Logits (N, len(labels)) for a preprocessed batch, in chunks of ``MAX_BATCH``."""
        return self._infer_all(batch)[0]

    def _infer_all(self, batch: np.ndarray) -> tuple[np.ndarray, np.ndarray | None]:
        """(logits, embeddings or None when the graph has no embedding output), in chunks of ``MAX_BATCH``."""
        outs = [
            self._session.run(None, {self._input_name: batch[i : i + MAX_BATCH]})
            for i in range(0, len(batch), MAX_BATCH)
        ]
        if not outs:
            return np.zeros((0, len(self.labels)), np.float32), None
        logits = np.concatenate([o[0] for o in outs])
        at = self._embedding_at
        return logits, None if at is None else np.concatenate([o[at] for o in outs])

    @cached_property
    def _embedding_at(self) -> int | None:
        names = self.output_names
        return names.index(EMBEDDING) if EMBEDDING in names else None

    @cached_property
    def centroids(self) -> familiarity.Centroids | None:
        """The known faces' centroids fitted for this model file (``vision.familiarity``), or None."""
        from sikwu.vision.calibration import file_sha256

        return familiarity.for_model(file_sha256(self.model_path)) if self._embedding_at is not None else None

    def probabilities(self, crops: Sequence[np.ndarray]) -> np.ndarray:
        """Softmax probabilities (N, 44) in ``labels`` order; unsure crops averaged with their half-turned view."""
        return self.scored(crops)[0]

    def scored(self, crops: Sequence[np.ndarray]) -> tuple[np.ndarray, np.ndarray | None]:
        """(``probabilities``, each crop's distance from every known face or None without centroids), one run."""
        if len(crops) == 0:
            return np.zeros((0, len(self.labels)), np.float32), None
        batch = self.preprocess(crops)
        logits, emb = self._infer_all(batch)
        p = second_look(_softmax(logits), batch, self.second_look_below, lambda b: _softmax(self.infer(b)))
        c = self.centroids
        return p.astype(np.float32), None if c is None or emb is None else c.distance(emb)

    def predict(self, crops: Sequence[np.ndarray], k: int = 3) -> list[list[tuple[str, float]]]:
        """Per crop, the ``k`` most likely labels with their probabilities, best first, as ``Readings`` carrying the
        crop's distance from every known face."""
        if k < 1:
            raise ValueError(f"k must be at least 1, got {k}")
        probs, dist = self.scored(crops)
        return readings(probs, self.labels, k, dist)


class Readings(list[tuple[str, float]]):
    """A crop's top readings (label, probability), best first, with the crop's distance from every known face
    (``vision.familiarity``; None without centroids for the model): a list, so code that reads readings is
    unchanged, and the distance travels with them to where the unknown verdict is made (``vision.assemble``).
    A step that merges two readings carries the mean distance on (``mean_distance``); readings rebuilt as a plain
    list carry none, and their crop is not judged by distance. ``tile``: 1 - P(not-a-tile) over all 44 labels,
    whether the crop is any tile at all (``naming.tile_mass``); merged readings carry the mean (``mean_tile``)."""

    def __init__(
        self, items: Sequence[tuple[str, float]] = (), distance: float | None = None, tile: float | None = None
    ) -> None:
        super().__init__(items)
        self.distance = distance
        self.tile = tile


def mean_distance(*preds: Sequence[tuple[str, float]]) -> float | None:
    """The mean distance from every known face of readings combined into one (None when none carries one)."""
    ds = [d for d in (getattr(p, "distance", None) for p in preds) if d is not None]
    return sum(ds) / len(ds) if ds else None


def mean_tile(*preds: Sequence[tuple[str, float]]) -> float | None:
    """The probability of being any tile of readings combined into one by averaging their distributions: the mean
    of theirs (None when any lacks it: its top three alone would understate it)."""
    ts = [getattr(p, "tile", None) for p in preds]
    return None if not ts or None in ts else sum(t for t in ts if t is not None) / len(ts)


def distances(preds: Sequence[Sequence[tuple[str, float]]]) -> np.ndarray | None:
    """Each crop's distance from every known face as its readings carry it (``Readings``); None when any lacks one
    (no centroids for the model, or readings rebuilt as a plain list)."""
    ds = [getattr(p, "distance", None) for p in preds]
    return None if None in ds else np.array(ds, float)


def readings(
    probs: np.ndarray, labels: Sequence[str], k: int, dist: np.ndarray | None
) -> list[list[tuple[str, float]]]:
    """Per row of ``probs``, the ``k`` most likely labels as ``Readings`` with the row's distance (if any)."""
    k = min(k, len(labels))
    top = np.argsort(-probs, axis=1, kind="stable")[:, :k]
    ds: list[float | None] = [None] * len(probs) if dist is None else [float(d) for d in dist]
    no = list(labels).index(NOT_A_TILE) if NOT_A_TILE in labels else None
    tiles = [None if no is None else 1.0 - float(row[no]) for row in probs]
    return [
        Readings([(labels[j], float(row[j])) for j in idx], d, t)
        for row, idx, d, t in zip(probs, top, ds, tiles, strict=True)
    ]


def second_look(
    p: np.ndarray, batch: np.ndarray, below: float | None, probabilities: Callable[[np.ndarray], np.ndarray]
) -> np.ndarray:
    """``p`` with each crop read under ``below`` averaged with ``probabilities`` of it turned half a turn (NCHW
    ``batch``): a tile upside down to the camera is read at least as well one way or the other."""
    if below is None:
        return p
    unsure = p.max(axis=1) < below
    if unsure.any():
        p[unsure] = (p[unsure] + probabilities(np.ascontiguousarray(batch[unsure][:, :, ::-1, ::-1]))) / 2
    return p


def _softmax(logits: np.ndarray) -> np.ndarray:
    z = logits.astype(np.float64)
    z -= z.max(axis=1, keepdims=True)
    e = np.exp(z)
    return e / e.sum(axis=1, keepdims=True)


@lru_cache(maxsize=1)
def default_classifier() -> TileClassifier:
    """The shipped model, loaded once per process and reused."""
    return TileClassifier()
