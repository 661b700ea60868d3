"""Two detectors vote: where both find a tile its box is placed between theirs, where one alone finds it the
classifier must name a face.

Why two detectors: the first (``models/tile_detector.onnx``) was fitted longest to real phone photos and places
its boxes where their labels do; the second (``models/tile_detector_general.onnx``, made by ``sikwu train``) has
also seen thousands of composed table photos of many tile sets, back colours and layouts (scattered, piled,
standing, walls), and finds tiles of sets and tables the first never met, with looser boxes on real close-ups.
They err differently: the first's boxes that the second does not confirm are almost never tiles on table photos
unlike its training photos, and either one's boxes of a shared tile sit nearer the tile once averaged. So a
shared tile gets the score-weighted mean box (``fuse``), a tile only one of them found counts when the classifier
names it as a face (not a back: felt between spaced tiles reads as a green back), and the backs only one found
count where they complete a concealed kong (``vision.kong_backs.kong_completions``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

import numpy as np
from sikwu.vision.detector import Detection

#: A second-detector box sharing more than this share of the smaller box's area with a first-detector box is the
#: same tile seen twice (the two detectors size boxes differently, so IoU would undercount the overlap).
SAME_TILE_COVER = 0.3
Box = tuple[float, float, float, float]


def fill_in(first: Sequence[Detection], second: Sequence[Detection]) -> list[Detection]:
    """The second detector's boxes that no first-detector box already holds (``_holds``); the first detector's own
    boxes are not returned. The second's boxes are not weighed against one another again: its own
    non-maximum suppression did that, and two adjacent face-down tiles of a concealed kong, boxed a little loose,
    share more than ``SAME_TILE_COVER`` of one box."""
    held = np.array([d.box for d in first], np.float64).reshape(-1, 4)
    if not len(held):
        return list(second)
    return [d for d in second if not _holds(held, np.array(d.box, np.float64)).any()]


def _holds(held: np.ndarray, box: np.ndarray) -> np.ndarray:
    """For each held box, whether it holds the tile ``box`` frames: they share more than ``SAME_TILE_COVER`` of the
    smaller box and each box's centre lies inside the other (a tile half under its neighbour in a pile shares
    that much with the neighbour's box, and its centre lies outside it)."""
    centre = (box[:2] + box[2:]) / 2
    centres = (held[:, :2] + held[:, 2:]) / 2
    inside = (held[:, :2] <= centre).all(axis=1) & (centre <= held[:, 2:]).all(axis=1)
    back_inside = ((box[:2] <= centres) & (centres <= box[2:])).all(axis=1)
    return (_cover(held, box) > SAME_TILE_COVER) & inside & back_inside


class Fusion(NamedTuple):
    """What two detectors' boxes make together (``fuse``)."""

    #: The first detector's boxes the second also found, each averaged with its partner (or kept, unaveraged).
    fused: list[Detection]
    #: The first's boxes the second did not find.
    lone: list[Detection]
    #: The second's boxes where the first found nothing (``fill_in``).
    filled: list[Detection]
    #: For each of ``fused``, the other framing of that tile: the first's own box where the boxes were averaged,
    #: the second's where they were not.
    own: list[Box]
    #: For each of ``fused``, the second detector's own box where the boxes were averaged (None where not).
    partners: list[Box | None]


def fuse(first: Sequence[Detection], second: Sequence[Detection], average: bool = True) -> Fusion:
    """The two detectors' boxes together (``Fusion``).

    Why average: two detectors trained on different photos misplace a shared tile's box in different ways, so the
    score-weighted mean of the pair sits nearer the tile than either (weighted box fusion, Solovyev et al. 2021).
    Each first box, surest first, pairs with the unpaired second box it shares most of a tile with
    (``SAME_TILE_COVER``); a first box alone stays as it is. ``average=False`` keeps the first's boxes where they
    are (the first looked closer, ``vision.zoom``: the second's boxes of the same tiles are coarser)."""
    boxes = np.array([d.box for d in second], np.float64).reshape(-1, 4)
    free = np.ones(len(boxes), bool)
    fused: list[Detection] = []
    own: list[Box] = []
    partners: list[Box | None] = []
    lone: list[Detection] = []
    for d in sorted(first, key=lambda d: -d.score):
        cover = np.where(free, _cover(boxes, np.array(d.box, np.float64)), 0.0) if len(boxes) else np.zeros(0)
        j = int(cover.argmax()) if len(cover) else -1
        if j < 0 or cover[j] <= SAME_TILE_COVER:
            lone.append(d)
            continue
        free[j] = False
        if not average:
            fused.append(d)
            own.append(second[j].box)
            partners.append(None)
            continue
        w = np.array([d.score, second[j].score], np.float64)
        box = (w[0] * np.array(d.box) + w[1] * boxes[j]) / max(w.sum(), 1e-9)
        fused.append(Detection((float(box[0]), float(box[1]), float(box[2]), float(box[3])), d.score))
        own.append(d.box)
        partners.append(second[j].box)
    filled = fill_in(fused + lone, [e for e, f in zip(second, free, strict=True) if f])
    return Fusion(fused, lone, filled, own, partners)


def _cover(boxes: np.ndarray, box: np.ndarray) -> np.ndarray:
    """Intersection over the smaller area (``quads.overlap`` for upright boxes, vectorised: this runs for every
    second-detector box against every box held, on every photo) of ``box`` with each of ``boxes`` (n, 4)."""
    iw = np.clip(np.minimum(boxes[:, 2], box[2]) - np.maximum(boxes[:, 0], box[0]), 0, None)
    ih = np.clip(np.minimum(boxes[:, 3], box[3]) - np.maximum(boxes[:, 1], box[1]), 0, None)
    areas = (boxes[:, 2] - boxes[:, 0]) * (boxes[:, 3] - boxes[:, 1])
    smaller = np.minimum(areas, (box[2] - box[0]) * (box[3] - box[1]))
    return iw * ih / np.maximum(smaller, 1e-9)
