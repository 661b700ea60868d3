"""Classifier crops cut from synthetic table photos (``datasets.scenes``): tiles standing, scattered, piled, turned.

Why: the classifier's other crops are upright faces (tile-crops, art renders) or hk-photos' one style; players' photos
show tiles standing on their side, lying at any angle and half hidden in piles. The scenes' labels say where each tile
is and how much of it shows, so crops of tiles mostly in view are cut exactly as a detector box would frame them,
with the padding the training augmentation re-frames from (``prepare.CACHE_SIZE``, ``synth.PAD``).
"""

from __future__ import annotations

import json
from pathlib import Path

import cv2
import numpy as np
from sikwu.datasets.hk_photos import crop_box
from sikwu.datasets.prepare import CACHE_SIZE, PAD, Progress

#: A tile is a training crop when at least this share of it shows (a pile's buried tiles are not nameable).
MIN_VISIBLE = 0.85
#: ...and its box is at least this many pixels on its short side in the drawn photo.
MIN_SIDE = 16
#: Scene labels that are not tile ids, as the classifier names them.
LABELS = {"blank": "5z", "back": "back"}
#: Walls and kongs make a third of scene tiles face down; one kind of crop should not outweigh 42 faces, so at most
#: this share of the scene crops are backs (every n-th back kept, in scene order).
MAX_BACK_SHARE = 0.1


def scene_crops(folder: Path, size: int = CACHE_SIZE) -> tuple[np.ndarray, list[str]]:
    """(padded BGR crops, tile ids) of every well-visible tile in a scene folder written by ``datasets.scenes``."""
    records = [json.loads(line) for line in (folder / "scenes.jsonl").read_text().splitlines()[1:] if line.strip()]
    bar = Progress("scene crops", len(records))
    xs, ys = [], []
    for rec in records:
        img = cv2.imread(str(folder / rec["image"]), cv2.IMREAD_COLOR)
        bar.update(1)
        if img is None:
            continue
        for tile in rec["tiles"]:
            x0, y0, x1, y1 = tile["box"]
            if tile["visible"] < MIN_VISIBLE or min(x1 - x0, y1 - y0) < MIN_SIDE:
                continue
            xs.append(crop_box(img, x0, y0, x1, y1, size, PAD))
            ys.append(LABELS.get(tile["label"], tile["label"]))
    keep = _fewer_backs(ys)
    x = np.stack([xs[i] for i in keep]) if keep else np.zeros((0, size, size, 3), np.uint8)
    return x, [ys[i] for i in keep]


def _fewer_backs(labels: list[str]) -> list[int]:
    """Indices to keep: every face, and evenly spaced backs up to ``MAX_BACK_SHARE`` of the result."""
    backs = [i for i, v in enumerate(labels) if v == "back"]
    faces = len(labels) - len(backs)
    allowed = int(faces * MAX_BACK_SHARE / (1 - MAX_BACK_SHARE))
    step = max(1, -(-len(backs) // max(1, allowed)))
    kept = set(backs[::step][:allowed])
    return [i for i, v in enumerate(labels) if v != "back" or i in kept]
