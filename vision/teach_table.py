"""The players' table, taught with their set: crops of the teaching photo where no tile lies are not tiles.

Why: a printed or patterned cloth the classifier never saw can read as tiles (on synthetic scenes of held-out art, a
tenth of the tables gave most of the phantom tiles: dots of a confetti print read as dot tiles). The teaching photo
shows the table the set is played on; tile-sized crops of it between and around the laid-out tiles are examples of
``not-a-tile`` for the refit of the taught set's head (``vision.set_head``), so with the set in use recognition
calls that table what it is. A photo framed tight on its tiles gives few or no crops, and teaches the table less.
The boxes the detectors themselves put on the bare table of that photo (``table_spares``) are the hardest examples
it has (on a printed cloth, its dots boxed as tiles: what would be read as phantom tiles), so they come first.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import numpy as np
from sikwu.vision.quads import area, intersection, quad_box

if TYPE_CHECKING:
    from sikwu.vision.io import ImageInput, LoadedImage

#: Table crops taken from one teaching photo (each also stored half-turned).
TABLE_CROPS = 24
#: A table crop keeps this share of a tile's size away from every tile found (a tile's edge is not the table).
MARGIN = 0.25
#: Table crops are a tile's size times a factor drawn from this range (tiles nearer and farther in a photo).
SCALES = (0.8, 1.3)
#: Share of table crops cut lying sideways, as a tile on its side is (recognition turns every crop upright).
SIDEWAYS = 0.3
#: Boxes the detectors put on the bare table of the teaching photo kept as table examples, at most.
SPARE_BOXES = 24
#: A detector box with more than this share of its area over a tile found, or over a box already kept, is not the
#: bare table (the gap between two tiles, a box across two) or is one already kept.
SPARE_OVER = 0.1
#: Tries per crop wanted before giving up on a photo with little free table.
TRIES = 40


def table_crops(
    pixels: np.ndarray, quads: Sequence[np.ndarray], count: int = TABLE_CROPS, seed: int = 0
) -> list[np.ndarray]:
    """Up to ``count`` crops of the photo's table, each about a tile's size and shape, none near a tile found
    (``quads``); turned upright like a tile crop. Drawn from ``seed``, so one photo always gives the same crops."""
    if not len(quads):
        return []
    boxes = np.array([quad_box(np.asarray(q, np.float32)) for q in quads], np.float64)
    w = float(np.median(boxes[:, 2] - boxes[:, 0]))
    h = float(np.median(boxes[:, 3] - boxes[:, 1]))
    tw, th = min(w, h), max(w, h)  # a tile's width and height standing up, whatever way the photo's tiles lie
    taken = _taken_area(pixels.shape[:2], boxes, MARGIN * tw)
    rng = np.random.default_rng(seed)
    H, W = pixels.shape[:2]
    out: list[np.ndarray] = []
    for _ in range(count * TRIES):
        if len(out) >= count:
            break
        s = rng.uniform(*SCALES)
        cw, ch = (th * s, tw * s) if rng.random() < SIDEWAYS else (tw * s, th * s)
        if cw >= W or ch >= H:
            continue
        x0, y0 = int(rng.uniform(0, W - cw)), int(rng.uniform(0, H - ch))
        x1, y1 = x0 + int(cw), y0 + int(ch)
        if _covered(taken, x0, y0, x1, y1) == 0:
            crop = pixels[y0:y1, x0:x1]
            out.append(np.ascontiguousarray(np.rot90(crop) if crop.shape[1] > crop.shape[0] else crop))
    return out


def table_spares(
    tiles: Sequence[np.ndarray], spare: Sequence[np.ndarray], count: int = SPARE_BOXES
) -> list[np.ndarray]:
    """Of the boxes the detectors proposed besides the tiles (``pipeline.LaidOut.spare``), up to ``count`` lying on
    the bare table: each over no tile found and no box already kept by more than ``SPARE_OVER`` of its area. On a
    photo whose every tile was found, these are what the detectors take for a tile on this table."""
    kept: list[np.ndarray] = []
    for q in spare:
        if len(kept) >= count:
            break
        q = np.asarray(q, np.float32)
        own = area(q)
        if own > 0 and all(intersection(q, t) <= SPARE_OVER * own for t in [*tiles, *kept]):
            kept.append(q)
    return kept


def photo_spares(photo: ImageInput | LoadedImage) -> list[np.ndarray]:
    """The detectors' boxes besides the tiles (``pipeline.tile_quads``) in the pixels of the photo as loaded
    (``io.load_image``), where recognition's tiles of a photo taught in any order are mapped back to."""
    from sikwu.vision.io import load_image
    from sikwu.vision.pipeline import tile_quads

    loaded = load_image(photo)
    laid = tile_quads(loaded)
    scale = np.asarray(loaded.scale, np.float64)
    return [np.asarray(laid.image.to_original(q) / scale, np.float32) for q in laid.spare]


def _taken_area(shape: tuple[int, ...], boxes: np.ndarray, margin: float) -> np.ndarray:
    """Summed-area table of the pixels within ``margin`` of a tile box (to test a crop in constant time)."""
    H, W = shape[:2]
    mask = np.zeros((H + 1, W + 1), np.int64)
    for x0, y0, x1, y1 in boxes:
        a, b = max(0, int(x0 - margin)), max(0, int(y0 - margin))
        c, d = min(W, int(np.ceil(x1 + margin))), min(H, int(np.ceil(y1 + margin)))
        mask[b + 1 : d + 1, a + 1 : c + 1] = 1
    return mask.cumsum(axis=0).cumsum(axis=1)


def _covered(area: np.ndarray, x0: int, y0: int, x1: int, y1: int) -> int:
    """Pixels of the window [x0, x1) x [y0, y1) within reach of a tile."""
    return int(area[y1, x1] - area[y0, x1] - area[y1, x0] + area[y0, x0])


def half_turned(crops: Sequence[np.ndarray]) -> list[np.ndarray]:
    """Each crop and the crop turned half round (a table has no up)."""
    return [c for crop in crops for c in (crop, np.ascontiguousarray(crop[::-1, ::-1]))]
