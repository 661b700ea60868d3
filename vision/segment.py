"""Tile candidates without the detector: bright blobs of tile faces, each with ways to split it into single tiles.

Why: OpenCV segmentation needs no model, so recognition still works when the detector model is missing or finds
nothing, and it finds tiles the detector missed (``candidates="union"``).  ``vision.face_mask`` finds the blobs,
``vision.blob_split`` proposes how each one splits into tiles, and the classifier later chooses between a blob's
splits (``vision.split_choice``).

Everything here works in the coordinates of the image it is given; ``segment`` downsizes internally for speed and
maps quadrilaterals back.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import cv2
import numpy as np
from sikwu.vision.blob_split import ROW_MIN_ELONGATION, Split, split_blob
from sikwu.vision.face_mask import blob_quad, estimate_tile_shape, face_mask
from sikwu.vision.quads import grow_quad, quad_size

#: Segmentation runs at most at this longer side (pixels); tiles stay >= ~20 px even in a full-table photo.
SEG_MAX_SIDE = 800

__all__ = ["SEG_MAX_SIDE", "Blob", "Segmentation", "Split", "segment"]


@dataclass
class Blob:
    """A connected bright region: its outline quad and its split hypotheses, best first."""

    quad: np.ndarray
    area: float
    splits: list[Split] = field(default_factory=list)

    @property
    def row_like(self) -> bool:
        """One long row of touching tiles (its count is a question for the classifier)."""
        w, h = quad_size(self.quad)
        return max(w, h) >= ROW_MIN_ELONGATION * max(min(w, h), 1e-6)


@dataclass
class Segmentation:
    blobs: list[Blob]
    threshold: float
    mask: np.ndarray | None = None  # face mask at segmentation resolution (debugging / annotation)


def segment(bgr: np.ndarray, *, keep_mask: bool = False) -> Segmentation:
    """Blobs of tile faces with split hypotheses; quads are in ``bgr``'s pixel coordinates."""
    h0, w0 = bgr.shape[:2]
    f = min(1.0, SEG_MAX_SIDE / max(h0, w0))
    small = cv2.resize(bgr, (round(w0 * f), round(h0 * f)), interpolation=cv2.INTER_AREA) if f < 1 else bgr
    mask = face_mask(small)
    min_side = max(8.0, np.sqrt(mask.min_area) * 0.8)
    tile_aspect, tile_area = estimate_tile_shape([c for c, _ in mask.blobs])
    blobs = []
    for c, k in mask.blobs:
        quad = grow_quad(blob_quad(c), k)
        splits = split_blob(mask.score, mask.filled, quad, min_side, tile_aspect, tile_area)
        if not splits:
            continue
        if f < 1:
            for s in splits:
                s.quads = [q / f for q in s.quads]
            quad = quad / f
        blobs.append(Blob(quad=quad, area=float(cv2.contourArea(c)) / (f * f), splits=splits))
    return Segmentation(blobs=blobs, threshold=mask.threshold, mask=mask.filled if keep_mask else None)
