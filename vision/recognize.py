"""Photo -> recognised tiles: load, segment, classify (and let the classifier choose between splits), lay out,
decode with the tile-set and (optionally) winning-hand constraints.

The stages are separate modules (``io``, ``segment``, ``layout``, ``decode``) so each can be measured and tested on
its own; this module only wires them and keeps per-stage timings, the way a detector separates pre-process,
inference and post-process.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

import numpy as np

from vision.decode import decode
from vision.io import ImageInput, NoTilesFoundError, load_image
from vision.labels import NOT_A_TILE
from vision.layout import layout
from vision.segment import quad_box, rectify, segment

#: How many classifier alternatives each tile keeps for decoding.
TOP_K = 5
#: Split hypotheses whose seam/shape score is this far below the best are not shown to the classifier.
HYPOTHESIS_MARGIN = 2.0


class Classifier(Protocol):
    """What recognition needs from a tile classifier (``vision.classifier.TileClassifier`` is one)."""

    def predict(self, crops: Sequence[np.ndarray], k: int = 3) -> list[list[tuple[str, float]]]: ...


@dataclass(frozen=True)
class RecognizedTile:
    id: str
    confidence: float
    top3: tuple[tuple[str, float], ...]
    quad: np.ndarray  # 4x2, original image pixels, corners tl, tr, br, bl of the upright tile
    box: tuple[float, float, float, float]  # axis-aligned x1, y1, x2, y2 in original image pixels
    group: int
    row: int
    changed: bool = False
    low_confidence: bool = False

    def to_dict(self, index: int) -> dict[str, Any]:
        return {
            "index": index,
            "id": self.id,
            "confidence": round(self.confidence, 4),
            "top3": [[label, round(p, 4)] for label, p in self.top3],
            "box": [round(v, 1) for v in self.box],
            "quad": [[round(float(x), 1), round(float(y), 1)] for x, y in self.quad],
            "group": self.group,
            "row": self.row,
            "changed": self.changed,
            "low_confidence": self.low_confidence,
        }


@dataclass(frozen=True)
class Recognition:
    tiles: tuple[RecognizedTile, ...]
    image_size: tuple[int, int]  # (width, height) of the upright original photo
    timings_ms: dict[str, float]
    method: str = "classifier"
    notes: tuple[str, ...] = field(default=())

    @property
    def ids(self) -> list[str]:
        return [t.id for t in self.tiles]

    def to_dict(self) -> dict[str, Any]:
        return {
            "image_size": list(self.image_size),
            "tiles": [t.to_dict(i) for i, t in enumerate(self.tiles)],
            "decoding": self.method,
            "notes": list(self.notes),
            "timings_ms": {k: round(v, 1) for k, v in self.timings_ms.items()},
        }


class ClassifierUnavailableError(FileNotFoundError):
    """The shipped tile classifier cannot be loaded (missing or broken model file)."""


def _default_classifier() -> Classifier:
    try:
        from vision.classifier import ModelError, default_classifier
    except ImportError as exc:
        raise ClassifierUnavailableError(f"the tile classifier module is not available ({exc})") from exc
    try:
        return default_classifier()
    except ModelError as exc:
        raise ClassifierUnavailableError(str(exc)) from exc


def _choose_splits(seg, crops_for, predictions) -> list[tuple[np.ndarray, list[tuple[str, float]]]]:
    """Per blob keep the split whose crops the classifier finds most tile-like and confident."""
    chosen = []
    for b, blob in enumerate(seg.blobs):
        best, best_q = None, None
        for s, split in enumerate(blob.splits):
            idx = crops_for.get((b, s))
            if idx is None:
                continue
            preds = [predictions[i] for i in idx]
            quality = 0.0
            for p in preds:
                label, prob = p[0]
                quality += -0.5 * prob if label == NOT_A_TILE else prob
            quality = quality / max(len(preds), 1) + 0.01 * split.score
            # more real tiles explained is better when the per-tile quality is equal
            quality += 0.02 * sum(1 for p in preds if p[0][0] != NOT_A_TILE) / max(len(preds), 1)
            if best_q is None or quality > best_q:
                best, best_q = (split, preds), quality
        if best is None:
            continue
        split, preds = best
        for q, p in zip(split.quads, preds, strict=True):
            chosen.append((q, p))
    return chosen


def recognize(
    image: ImageInput, *, winning: bool = False, classifier: Classifier | None = None
) -> Recognition:
    """Find and name every tile in a photo.

    ``image`` is a path, encoded bytes, a PIL image or a NumPy array (OpenCV BGR order; convert an RGB array with
    ``arr[:, :, ::-1]`` or pass ``PIL.Image.fromarray(rgb)``).  ``winning=True`` prefers the most probable reading
    that is a legal winning hand.  Raises ``vision.io.ImageInputError`` subclasses for unusable input and
    ``NoTilesFoundError`` when nothing tile-like is found.
    """
    timings: dict[str, float] = {}
    t0 = time.perf_counter()
    loaded = load_image(image)
    t1 = time.perf_counter()
    timings["load"] = (t1 - t0) * 1000
    seg = segment(loaded.pixels)
    t2 = time.perf_counter()
    timings["segment"] = (t2 - t1) * 1000
    if not seg.blobs:
        raise NoTilesFoundError(
            "no tiles found in the photo: lay the tiles face up on a plain table, fill the frame and avoid glare"
        )
    clf = classifier if classifier is not None else _default_classifier()
    crops: list[np.ndarray] = []
    crops_for: dict[tuple[int, int], list[int]] = {}
    for b, blob in enumerate(seg.blobs):
        top = blob.splits[0].score
        for s, split in enumerate(blob.splits):
            if s > 0 and split.score < top - HYPOTHESIS_MARGIN:
                continue
            crops_for[(b, s)] = list(range(len(crops), len(crops) + len(split.quads)))
            crops.extend(rectify(loaded.pixels, q) for q in split.quads)
    predictions = clf.predict(crops, k=TOP_K) if crops else []
    t3 = time.perf_counter()
    timings["classify"] = (t3 - t2) * 1000
    chosen = [(q, p) for q, p in _choose_splits(seg, crops_for, predictions) if p[0][0] != NOT_A_TILE]
    if not chosen:
        raise NoTilesFoundError(
            "no tiles found in the photo (candidates were not tiles): lay the tiles face up, fill the frame"
        )
    placements = layout([q for q, _ in chosen])
    order = sorted(range(len(chosen)), key=lambda i: placements[i].order)
    chosen = [chosen[i] for i in order]
    placements = [placements[i] for i in order]
    decoding = decode([p for _, p in chosen], winning=winning)
    tiles = []
    for (q, _), place, dec in zip(chosen, placements, decoding.tiles, strict=True):
        q_orig = loaded.to_original(q)
        tiles.append(
            RecognizedTile(
                id=dec.id,
                confidence=dec.confidence,
                top3=dec.top3,
                quad=q_orig,
                box=quad_box(q_orig),
                group=place.group,
                row=place.row,
                changed=dec.changed,
                low_confidence=dec.low_confidence,
            )
        )
    t4 = time.perf_counter()
    timings["layout_decode"] = (t4 - t3) * 1000
    timings["total"] = (t4 - t0) * 1000
    return Recognition(
        tiles=tuple(tiles),
        image_size=loaded.original_size,
        timings_ms=timings,
        method=decoding.method,
        notes=decoding.notes,
    )
