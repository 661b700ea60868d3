"""Greedy one-to-one matching of predicted and ground-truth boxes by IoU: the one rule every detector figure uses
(training's evaluation, bench_detector, bench_scenes), so their "found" means the same thing."""

from __future__ import annotations

import numpy as np


def match_pairs(pred: np.ndarray, gt: np.ndarray, iou_threshold: float = 0.5) -> list[tuple[int, int]]:
    """Greedy one-to-one (pred, gt) index pairs by IoU, highest first, each at least ``iou_threshold``.

    Boxes are ``x0, y0, x1, y1`` rows. Ties keep a stable order so the same boxes always give the same pairs.
    """
    if len(pred) == 0 or len(gt) == 0:
        return []
    ix = np.clip(np.minimum(pred[:, None, 2], gt[None, :, 2]) - np.maximum(pred[:, None, 0], gt[None, :, 0]), 0, None)
    iy = np.clip(np.minimum(pred[:, None, 3], gt[None, :, 3]) - np.maximum(pred[:, None, 1], gt[None, :, 1]), 0, None)
    inter = ix * iy
    ap = (pred[:, 2] - pred[:, 0]) * (pred[:, 3] - pred[:, 1])
    ag = (gt[:, 2] - gt[:, 0]) * (gt[:, 3] - gt[:, 1])
    iou = inter / np.maximum(ap[:, None] + ag[None, :] - inter, 1e-6)
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
