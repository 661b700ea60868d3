"""Tile quadrilaterals: corner order, size, overlap and the upright crop the classifier sees.

A tile candidate anywhere in vision is a 4 x 2 float array of corners tl, tr, br, bl of the upright tile, in the
pixels of the image it was found in.  The first edge is the tile's top (short) side, so a quad alone says how to
warp the tile upright; these helpers keep that convention in one place.
"""

from __future__ import annotations

from collections.abc import Sequence

import cv2
import numpy as np

#: Height of the rectified crop handed to the classifier (width follows the tile's aspect).
CROP_HEIGHT = 96


def order_quad(pts: np.ndarray) -> np.ndarray:
    """Order 4 points tl, tr, br, bl with the first edge the one closest to the image x axis."""
    pts = np.asarray(pts, dtype=np.float32).reshape(4, 2)
    c = pts.mean(axis=0)
    ang = np.arctan2(pts[:, 1] - c[1], pts[:, 0] - c[0])
    pts = pts[np.argsort(ang)]  # clockwise in image coordinates (y down), starting anywhere
    best, best_cost = 0, None
    for k in range(4):
        q = np.roll(pts, -k, axis=0)
        e = q[1] - q[0]
        # prefer the edge pointing +x, and tl being upper-left
        cost = -e[0] / (np.hypot(*e) + 1e-6)
        if best_cost is None or cost < best_cost - 1e-6:
            best, best_cost = k, cost
    return np.roll(pts, -best, axis=0)


def quad_size(q: np.ndarray) -> tuple[float, float]:
    """(width, height) of a quad: the mean lengths of its top/bottom and left/right edges."""
    w = (np.linalg.norm(q[1] - q[0]) + np.linalg.norm(q[2] - q[3])) / 2
    h = (np.linalg.norm(q[3] - q[0]) + np.linalg.norm(q[2] - q[1])) / 2
    return float(w), float(h)


def portrait_quad(q: np.ndarray) -> np.ndarray:
    """Re-start the corner order so the quad's first edge is its short side (tiles are taller than wide)."""
    w, h = quad_size(q)
    return np.roll(q, -1, axis=0) if w > h * 1.02 else q


def box_quad(box: Sequence[float]) -> np.ndarray:
    """Corners of an axis-aligned box as the quad of an upright tile: a landscape box is a tile turned a quarter
    turn, so its corner order starts on a short side (like segmentation's quads).  Which quarter turn is unknown;
    the classifier was trained on all four."""
    x1, y1, x2, y2 = (float(v) for v in box)
    return portrait_quad(np.array([[x1, y1], [x2, y1], [x2, y2], [x1, y2]], np.float32))


def quad_box(q: np.ndarray) -> tuple[float, float, float, float]:
    """Axis-aligned [x1, y1, x2, y2] of a quad."""
    return float(q[:, 0].min()), float(q[:, 1].min()), float(q[:, 0].max()), float(q[:, 1].max())


def grow_quad(q: np.ndarray, d: float) -> np.ndarray:
    """Move every edge of a (roughly rectangular) quad outward by ``d`` pixels."""
    if d <= 0:
        return q
    ax = (q[1] - q[0] + q[2] - q[3]) / 2
    ay = (q[3] - q[0] + q[2] - q[1]) / 2
    ux = ax / (np.linalg.norm(ax) + 1e-6)
    uy = ay / (np.linalg.norm(ay) + 1e-6)
    signs = np.array([[-1, -1], [1, -1], [1, 1], [-1, 1]], dtype=np.float32)
    out = q.copy()
    for i in range(4):
        out[i] = q[i] + d * (signs[i, 0] * ux + signs[i, 1] * uy)
    return out.astype(np.float32)


def area(q: np.ndarray) -> float:
    """Area of a convex quad in square pixels."""
    return abs(float(cv2.contourArea(q.astype(np.float32))))


def intersection(a: np.ndarray, b: np.ndarray) -> float:
    """Area shared by two convex quads."""
    inter, _ = cv2.intersectConvexConvex(a.astype(np.float32), b.astype(np.float32))
    return float(inter)


def overlap(a: np.ndarray, b: np.ndarray) -> float:
    """Intersection over the smaller of two convex quads."""
    inter, _ = cv2.intersectConvexConvex(a.astype(np.float32), b.astype(np.float32))
    small = min(abs(cv2.contourArea(a.astype(np.float32))), abs(cv2.contourArea(b.astype(np.float32))))
    return float(inter) / small if small > 0 else 0.0


def rectify(image: np.ndarray, quad: np.ndarray, height: int = CROP_HEIGHT, pad: float = 0.0) -> np.ndarray:
    """Warp the quad (tl, tr, br, bl) to an upright rectangle of the given height, optionally with a margin of
    ``pad`` x its size on every side (the classifier was trained on boxes with a little table around them)."""
    if pad:
        c = quad.mean(axis=0)
        quad = (c + (quad - c) * (1 + 2 * pad)).astype(np.float32)
    w, h = quad_size(quad)
    out_h = height
    out_w = max(8, int(round(height * w / max(h, 1e-6))))
    dst = np.array([[0, 0], [out_w - 1, 0], [out_w - 1, out_h - 1], [0, out_h - 1]], dtype=np.float32)
    m = cv2.getPerspectiveTransform(quad.astype(np.float32), dst)
    return cv2.warpPerspective(image, m, (out_w, out_h), flags=cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE)
