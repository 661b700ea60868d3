"""Look again, closer, when the tiles are small in the photo.

Why: the detector sees the whole photo shrunk to its 320-pixel input, so a hand photographed from across the table
(or a 12-megapixel photo of the whole table) leaves each tile a dozen pixels tall there, and the detector misses
tiles it finds easily up close: hk-photos/valid photos placed in the middle of a canvas twice their size lost 7% of
their tiles, three times their size 29%.  When the median detected tile is small, the detector runs again on the
part of the photo that holds the tiles (with a margin for the ones it missed), which the input then shows larger.
Crops for the classifier always come from the working image itself, so only the proposals need this.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

import numpy as np
from sikwu.vision.detector import MIN_DETECTIONS_TO_JUDGE, BoxSource, Detection

#: Zoom in when the median detected tile's long side, in the detector's input pixels, is below this.  Tiles in
#: hk-photos/valid measure 28-45 pixels there (5th-75th percentile) and are found 99% of the time; below 20 the
#: detector starts to miss them.
ZOOM_BELOW = 30.0
#: The region looked at again extends this many median tile lengths beyond the detected tiles on every side.
MARGIN_TILES = 1.0
#: Zooming that enlarges the region by less than this does not change what the detector sees enough to repeat it.
MIN_GAIN = 1.4
#: At most this many ever-closer looks.
MAX_LOOKS = 2


@dataclass(frozen=True)
class Region:
    """A window of the working image, in its pixels: x1, y1 inclusive, x2, y2 exclusive."""

    x1: int
    y1: int
    x2: int
    y2: int


def _long_sides(detections: Sequence[Detection]) -> np.ndarray:
    return np.array([max(d.box[2] - d.box[0], d.box[3] - d.box[1]) for d in detections], np.float64)


def zoom_region(detections: Sequence[Detection], width: int, height: int, input_size: int) -> Region | None:
    """The window to look at again, or None when the tiles are already big enough in the detector's input (or
    the window would not be much smaller than the photo)."""
    if len(detections) < MIN_DETECTIONS_TO_JUDGE:
        return None
    fit = input_size / max(width, height)
    tile = float(np.median(_long_sides(detections)))
    if tile * fit >= ZOOM_BELOW:
        return None
    boxes = np.array([d.box for d in detections], np.float64)
    margin = MARGIN_TILES * tile
    x1 = int(max(0, np.floor(boxes[:, 0].min() - margin)))
    y1 = int(max(0, np.floor(boxes[:, 1].min() - margin)))
    x2 = int(min(width, np.ceil(boxes[:, 2].max() + margin)))
    y2 = int(min(height, np.ceil(boxes[:, 3].max() + margin)))
    if x2 - x1 < 8 or y2 - y1 < 8 or max(width, height) / max(x2 - x1, y2 - y1) < MIN_GAIN:
        return None
    return Region(x1, y1, x2, y2)


def zoom_in(
    pixels: np.ndarray, detector: BoxSource, detections: list[Detection], score_threshold: float | None
) -> tuple[list[Detection], Region | None]:
    """The detections of a closer look at the tiles' region (boxes in ``pixels`` coordinates) and the region, or
    the given detections and None when the tiles are big enough already.  A second, closer look follows when the
    first still shows the tiles small (a hand far away in a big photo)."""
    h, w = pixels.shape[:2]
    size = int(getattr(detector, "input_size", 320))
    frame, chosen = Region(0, 0, w, h), None
    for _ in range(MAX_LOOKS):
        # the current frame's own detections, in its coordinates, decide whether to look closer still
        inner = [_shift(d, -frame.x1, -frame.y1) for d in detections]
        sub = zoom_region(inner, frame.x2 - frame.x1, frame.y2 - frame.y1, size)
        if sub is None:
            break
        region = Region(sub.x1 + frame.x1, sub.y1 + frame.y1, sub.x2 + frame.x1, sub.y2 + frame.y1)
        window = np.ascontiguousarray(pixels[region.y1 : region.y2, region.x1 : region.x2])
        found = detector.detect(window, score_threshold=score_threshold)
        if len(found) < MIN_DETECTIONS_TO_JUDGE:
            break
        detections, chosen = [_shift(d, region.x1, region.y1) for d in found], region
        frame = region
    return detections, chosen


def _shift(d: Detection, dx: float, dy: float) -> Detection:
    return replace(d, box=(d.box[0] + dx, d.box[1] + dy, d.box[2] + dx, d.box[3] + dy))
