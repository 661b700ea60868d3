"""Greedy one-to-one matching of predicted and ground-truth boxes by IoU: the one rule every detector figure uses
(training's evaluation, bench_detector, bench_scenes), so their "found" means the same thing."""

from __future__ import annotations

import numpy as np


def overlaps(a: np.ndarray, b: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """(intersection area of every ``a`` box with every ``b`` box (len(a), len(b)), areas of ``a``, areas of ``b``):
    what IoU, the share of a box another covers and box-size ratios are all made of."""
    ix = np.clip(np.minimum(a[:, None, 2], b[None, :, 2]) - np.maximum(a[:, None, 0], b[None, :, 0]), 0, None)
    iy = np.clip(np.minimum(a[:, None, 3], b[None, :, 3]) - np.maximum(a[:, None, 1], b[None, :, 1]), 0, None)
    return ix * iy, (a[:, 2] - a[:, 0]) * (a[:, 3] - a[:, 1]), (b[:, 2] - b[:, 0]) * (b[:, 3] - b[:, 1])


def iou_matrix(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """IoU of every ``a`` box with every ``b`` box, (len(a), len(b))."""
    inter, area_a, area_b = overlaps(a, b)
    return inter / np.maximum(area_a[:, None] + area_b[None, :] - inter, 1e-6)


def match_pairs(pred: np.ndarray, gt: np.ndarray, iou_threshold: float = 0.5) -> list[tuple[int, int]]:
    """Greedy one-to-one (pred, gt) index pairs by IoU, highest first, each at least ``iou_threshold``.

    Boxes are ``x0, y0, x1, y1`` rows. Ties keep a stable order so the same boxes always give the same pairs.
    """
    if len(pred) == 0 or len(gt) == 0:
        return []
    iou = iou_matrix(pred, gt)
    pairs = np.argwhere(iou >= iou_threshold)
    order = np.argsort(-iou[pairs[:, 0], pairs[:, 1]], kind="stable")
    used_p: set[int] = set()
    used_g: set[int] = set()
    out = []
    for k in order:
        p, g = (int(v) for v in pairs[k])
        if p not in used_p and g not in used_g:
            used_p.add(p)
            used_g.add(g)
            out.append((p, g))
    return out


def match_count(pred: np.ndarray, gt: np.ndarray, iou_threshold: float = 0.5) -> int:
    """How many boxes :func:`match_pairs` pairs up."""
    return len(match_pairs(pred, gt, iou_threshold))
