"""A second detector fills in tiles the first found nothing at.

Why two detectors: the first (``models/tile_detector.onnx``) was fitted longest to real phone photos and places
its boxes where their labels do; the second (``models/tile_detector_general.onnx``, made by ``sikwu train``) has
also seen thousands of composed table photos of many tile sets, back colours and layouts (scattered, piled,
standing, walls), and finds tiles of sets and tables the first never met, with looser boxes on real close-ups.
Keeping the first detector's boxes wherever it found a tile and adding the second's only where the first found
nothing keeps the real-photo figures of the first while finding what only the second sees. The classifier still
names (or rejects) every added box.
"""

from __future__ import annotations

from collections.abc import Sequence

from sikwu.vision.detector import Detection
from sikwu.vision.quads import box_quad, overlap

#: A second-detector box sharing more than this share of the smaller box's area with a first-detector box is the
#: same tile seen twice (the two detectors size boxes differently, so IoU would undercount the overlap).
SAME_TILE_COVER = 0.3


def fill_in(first: Sequence[Detection], second: Sequence[Detection]) -> list[Detection]:
    """The second detector's boxes that no first-detector box already holds (``SAME_TILE_COVER``), and that do not
    repeat one another; the first detector's own boxes are not returned."""
    held = [box_quad(d.box) for d in first]
    kept: list[Detection] = []
    for d in sorted(second, key=lambda d: -d.score):
        quad = box_quad(d.box)
        if all(overlap(quad, h) <= SAME_TILE_COVER for h in held):
            kept.append(d)
            held.append(quad)
    return kept
