"""Where the tile faces are: a whiteness mask of the photo and its bright blobs, each blob one or more tiles.

Why this shape: a tile face is the brightest, least saturated thing on a mahjong table (green or pink felt and wood
are saturated; a grey table is darker than ivory), so a "whiteness" score (value minus saturation) separates faces
from the table with one Otsu threshold, refined once when the table itself is pale.  A bright region running off
the photo is table unless it is full of glyph edges; tiles touching at angles make concave blobs, which are eroded
apart.  Splitting a blob of touching tiles into single tiles is ``vision.blob_split``'s job.
"""

from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np
from sikwu.vision.quads import order_quad

#: Split the 'white' class again when it covers more than this fraction of the photo, its upper part keeps at
#: least REFINE_MIN_UPPER of the photo, and the two parts' mean whiteness differs by more than REFINE_SEPARATION.
REFINE_MIN_BRIGHT = 0.1
REFINE_MIN_UPPER = 0.01
REFINE_SEPARATION = 35.0
#: ...unless the less white part is this many times more edge-rich than the whiter part (it holds the glyphs).
REFINE_INK_RATIO = 3.5
#: Pixels at least this fraction of the local white level (and above LOCAL_FLOOR x the global threshold) are
#: face too, for photos lit unevenly (0 disables).
LOCAL_LEVEL = 0.8
LOCAL_FLOOR = 0.75
#: A bright region touching the image border and larger than this fraction of the photo is table, not tiles...
BACKGROUND_FRACTION = 0.04
#: ...but tiles touching it are recovered by eroding it by this radius (segmentation pixels) and growing back.
BACKGROUND_ERODE = 3
#: Edge density (Canny pixels per pixel) below which such a region is plain table (tile blocks measure > 0.1).
BACKGROUND_MAX_EDGES = 0.06
#: A blob smaller than this fraction of the image cannot be a tile face.
MIN_BLOB_FRACTION = 0.0006
#: A blob less solid than this (area / convex hull area) is split by erosion first (tiles touching at angles).
CONCAVE_SOLIDITY = 0.75
#: ...by at most this radius (segmentation pixels): angled tiles touch at small contacts, grids are thick.
CONCAVE_MAX_ERODE = 4
#: ...and only into pieces of at least this fraction of the blob (not a tile and a crumb of it).
CONCAVE_MIN_PART = 0.15


@dataclass(frozen=True)
class FaceMask:
    """The face pixels of one image and its blob outlines, each with the radius its outline was eroded by."""

    score: np.ndarray  # per-pixel whiteness (uint8)
    filled: np.ndarray  # the kept blobs filled in (glyph holes closed), grown back where they were eroded
    threshold: float
    blobs: list[tuple[np.ndarray, int]]  # (contour, radius to grow its outline back by)
    min_area: float  # the smallest blob that can be a tile, in pixels


def face_score(bgr: np.ndarray) -> np.ndarray:
    """Per-pixel whiteness: value minus 1.2 x saturation (uint8); ivory faces score high, felt and wood low."""
    hsv = cv2.cvtColor(bgr, cv2.COLOR_BGR2HSV)
    s = hsv[:, :, 1].astype(np.int16)
    v = hsv[:, :, 2].astype(np.int16)
    f = np.clip(v - (s * 6) // 5, 0, 255).astype(np.uint8)
    return cv2.GaussianBlur(f, (3, 3), 0)


def face_threshold(score: np.ndarray, edges: np.ndarray | None = None) -> float:
    """Otsu on the whiteness; when the 'white' class is itself two populations (a pale table, a wooden frame or a
    white rack beside ivory faces), split it again and keep the whiter one, unless the less white one is the one
    full of glyph edges (ivory tiles beside a whiter plastic rack)."""
    t, _ = cv2.threshold(score, 0, 255, cv2.THRESH_BINARY + cv2.THRESH_OTSU)
    bright = score[score > t]
    if bright.size > REFINE_MIN_BRIGHT * score.size:
        t2, _ = cv2.threshold(bright.reshape(-1, 1), 0, 255, cv2.THRESH_BINARY + cv2.THRESH_OTSU)
        hi = bright[bright > t2]
        lo = bright[bright <= t2]
        # Only when the bright pixels really are two populations, not shading on faces.
        if (
            hi.size > REFINE_MIN_UPPER * score.size
            and lo.size > 0.3 * bright.size
            and float(hi.mean()) - float(lo.mean()) > REFINE_SEPARATION
        ):
            if edges is None:
                return float(t2)
            near = cv2.dilate(edges, np.ones((3, 3), np.uint8)) > 0
            inky_lo = float(near[(score > t) & (score <= t2)].mean())
            inky_hi = float(near[score > t2].mean())
            if inky_lo <= REFINE_INK_RATIO * inky_hi:
                t = t2
    return float(t)


def _is_background(contour: np.ndarray, w: int, h: int, edges: np.ndarray | None = None) -> bool:
    """A large bright region running off the photo is table when it is plain (few edges); a block of tiles
    running off the photo is full of glyph edges."""
    x, y, cw, ch = cv2.boundingRect(contour)
    touches = x <= 1 or y <= 1 or x + cw >= w - 1 or y + ch >= h - 1
    if not touches or cv2.contourArea(contour) <= BACKGROUND_FRACTION * w * h:
        return False
    if edges is None:
        return True
    region = np.zeros(edges.shape, np.uint8)
    cv2.drawContours(region, [contour], -1, 255, thickness=cv2.FILLED)
    return float((edges[region > 0] > 0).mean()) < BACKGROUND_MAX_EDGES


def _split_background(
    mask: np.ndarray, contour: np.ndarray, grown: np.ndarray, min_area: float
) -> list[tuple[np.ndarray, int]]:
    """Tiles hidden in a pale-table region: erode the region so thin joins break, keep the parts that are not
    themselves table (not touching the border, not huge), and remember them grown back by the erosion radius."""
    h, w = mask.shape
    region = np.zeros_like(mask)
    cv2.drawContours(region, [contour], -1, 255, thickness=cv2.FILLED)
    region = cv2.bitwise_and(region, mask)
    k = BACKGROUND_ERODE
    kernel = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (2 * k + 1, 2 * k + 1))
    parts, _ = cv2.findContours(cv2.erode(region, kernel), cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
    out = []
    for c in parts:
        if cv2.contourArea(c) < min_area * 0.6 or _is_background(c, w, h):
            continue
        x, y, cw, ch = cv2.boundingRect(c)
        if x <= 1 or y <= 1 or x + cw >= w - 1 or y + ch >= h - 1:
            continue
        piece = np.zeros_like(mask)
        cv2.drawContours(piece, [c], -1, 255, thickness=cv2.FILLED)
        cv2.bitwise_or(grown, cv2.dilate(piece, kernel), dst=grown)
        out.append((c, k))
    return out


def _split_concave(contour: np.ndarray, min_area: float, depth: int = 0) -> list[tuple[np.ndarray, int]]:
    """Tiles lying at different angles that touch make a concave blob no grid can split: erode it step by step
    until it falls apart into tile-sized pieces (each remembered with the erosion radius to grow back by)."""
    area = cv2.contourArea(contour)
    hull = cv2.contourArea(cv2.convexHull(contour))
    if depth >= 2 or hull <= 0 or area / hull >= CONCAVE_SOLIDITY:
        return [(contour, 0)]
    x, y, w, h = cv2.boundingRect(contour)
    pad = 2
    canvas = np.zeros((h + 2 * pad, w + 2 * pad), np.uint8)
    cv2.drawContours(canvas, [contour - np.array([x - pad, y - pad])], -1, 255, thickness=cv2.FILLED)
    for r in range(1, CONCAVE_MAX_ERODE + 1):
        kernel = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (2 * r + 1, 2 * r + 1))
        parts, _ = cv2.findContours(cv2.erode(canvas, kernel), cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
        big = [p for p in parts if cv2.contourArea(p) >= 0.4 * min_area]
        if len(big) >= 2 and all(cv2.contourArea(p) >= CONCAVE_MIN_PART * area for p in big):
            out: list[tuple[np.ndarray, int]] = []
            for p in big:
                p = p + np.array([x - pad, y - pad])
                out.extend((q, rr + r) for q, rr in _split_concave(p, min_area, depth + 1))
            return out
    return [(contour, 0)]


def blob_quad(contour: np.ndarray) -> np.ndarray:
    """Four corners of a blob: a 4-gon fitted to the hull when it fits well (keeps perspective), else minAreaRect."""
    hull = cv2.convexHull(contour)
    hull_area = cv2.contourArea(hull)
    peri = cv2.arcLength(hull, True)
    for eps in (0.02, 0.035, 0.05):
        approx = cv2.approxPolyDP(hull, eps * peri, True)
        if len(approx) == 4 and cv2.isContourConvex(approx):
            a = cv2.contourArea(approx)
            if 0.93 * hull_area <= a <= 1.12 * hull_area:
                return order_quad(approx.reshape(4, 2))
            break
    box = cv2.boxPoints(cv2.minAreaRect(contour))
    return order_quad(box)


def estimate_tile_shape(contours: list[np.ndarray], default: float = 0.75) -> tuple[float, float | None]:
    """Short/long side ratio of a single tile in this photo, from blobs that look like lone tiles.

    Photos may be stretched (the reference set is 4:3 squeezed to square), so the ratio is measured, not assumed:
    lone tiles are compact, well-filled blobs no bigger than the typical blob.  Returns (aspect, area or None).
    """
    cands = []
    for c in contours:
        rect = cv2.minAreaRect(c)
        (rw, rh) = rect[1]
        if rw < 4 or rh < 4:
            continue
        r = min(rw, rh) / max(rw, rh)
        fill = cv2.contourArea(c) / (rw * rh)
        if 0.45 <= r <= 0.95 and fill > 0.85:
            cands.append((rw * rh, r))
    if len(cands) < 2:
        return default, None
    areas = np.array([a for a, _ in cands])
    med = np.median(areas)
    kept = [(a, r) for a, r in cands if 0.5 * med <= a <= 1.6 * med]
    if len(kept) < 2:
        return default, None
    return float(np.median([r for _, r in kept])), float(np.median([a for a, _ in kept]))


def _whiteness_mask(small: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray, float]:
    """(whiteness score, Canny edges, face mask, threshold) of an image at segmentation size."""
    h, w = small.shape[:2]
    score = face_score(small)
    edges = cv2.Canny(cv2.cvtColor(small, cv2.COLOR_BGR2GRAY), 80, 160)
    t = face_threshold(score, edges)
    raw = (score > t).astype(np.uint8) * 255
    if LOCAL_LEVEL:
        # Uneven light: a face in the shadow end of the table can fall below one global threshold although it is
        # nearly as white as the brightest thing around it.  Also accept pixels close to the local white level.
        k = max(15, int(max(h, w) * 0.08)) | 1
        local = cv2.blur(cv2.dilate(score, cv2.getStructuringElement(cv2.MORPH_RECT, (k, k))), (k, k))
        near_white = (score.astype(np.float32) >= LOCAL_LEVEL * local) & (score > LOCAL_FLOOR * t)
        raw = np.where(near_white, 255, raw).astype(np.uint8)
    return score, edges, raw, t


def face_mask(small: np.ndarray) -> FaceMask:
    """The face mask of an image (already at segmentation size) and its tile-sized bright blobs."""
    h, w = small.shape[:2]
    score, edges, raw, t = _whiteness_mask(small)
    opened = cv2.morphologyEx(raw, cv2.MORPH_OPEN, cv2.getStructuringElement(cv2.MORPH_RECT, (3, 3)))
    contours, _ = cv2.findContours(opened, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
    min_area = MIN_BLOB_FRACTION * h * w
    filled = np.zeros_like(raw)
    grown = np.zeros_like(raw)
    blobs: list[tuple[np.ndarray, int]] = []
    for c in contours:
        if cv2.contourArea(c) < min_area:
            continue
        if _is_background(c, w, h, edges):
            blobs.extend(_split_background(opened, c, grown, min_area))
        else:
            for part, r in _split_concave(c, min_area):
                blobs.append((part, r))
                cv2.drawContours(filled, [part], -1, 255, thickness=cv2.FILLED)
                if r:
                    cv2.drawContours(filled, [part], -1, 255, thickness=2 * r)
    filled = cv2.bitwise_or(filled, grown)
    return FaceMask(score=score, filled=filled, threshold=t, blobs=blobs, min_area=min_area)
