"""Classifier crops of what it confused on held-out scenes: pale backs and bare table texture.

Why: the failure analysis of held-out scenes found the classifier reading pale and pink backs as a blank white
dragon (``5z``: it learns about 400 bare-ivory crops, ``prepare.BLANK_WHITE_DRAGONS``, and few pale backs), and
every back it reported where no tile lay was table texture (woven cloth, stone). So (counts in ``prepare``):

- ``pale_back_crops``: synthetic ``back`` crops (``synth.render_scene``) whose back is pale
  (``back_colours.pale``: low saturation, bright, outside the held-out bands and the ivory of a tile face);
- ``table_crops``: ``not-a-tile`` crops cut from every table kind the scene generator draws
  (``scenes.tables.KINDS``), drawn at a scene's table size and cut at the size of a tile's box there, with the
  box's padding, then lit and compressed like the other synthetic crops.
"""

from __future__ import annotations

import cv2
import numpy as np
from sikwu.datasets import back_colours, synth
from sikwu.datasets.scenes import tables
from sikwu.datasets.tile_render import jpeg_roundtrip, photometric

#: Table tops are drawn at this side (table px, as a scene's table holds about a million pixels per panel of
#: texture), and this many crops cut from each.
TABLE_SIDE = 1000
CROPS_PER_TABLE = 8
#: A tile's long side on a scene's table (table px), near to far.
TILE_PX = (50, 260)
TILE_ASPECT = (0.68, 0.8)


def pale_back_crops(n: int, size: int, seed: int) -> tuple[np.ndarray, list[str]]:
    """``n`` synthetic crops of face-down tiles with pale backs, framed like the other training crops."""
    faces = synth.all_faces()
    rng = np.random.default_rng(seed)
    xs = [synth.render_scene(faces, "back", rng, size, back=back_colours.pale(rng)) for _ in range(n)]
    return (np.stack(xs) if xs else np.zeros((0, size, size, 3), np.uint8)), ["back"] * n


def _cut(top: np.ndarray, rng: np.random.Generator, size: int, pad: float) -> np.ndarray:
    """A tile-sized box (lying either way) with ``pad`` per side, cut from a table top and resized square."""
    th = rng.uniform(*TILE_PX)
    tw = th * rng.uniform(*TILE_ASPECT)
    if rng.random() < 0.5:
        th, tw = tw, th
    h, w = round(th * (1 + 2 * pad)), round(tw * (1 + 2 * pad))
    y0, x0 = int(rng.integers(0, top.shape[0] - h + 1)), int(rng.integers(0, top.shape[1] - w + 1))
    crop = cv2.resize(top[y0 : y0 + h, x0 : x0 + w], (size, size), interpolation=cv2.INTER_AREA)
    return jpeg_roundtrip(photometric(crop, rng), rng)


def table_crops(per_kind: int, size: int, seed: int) -> tuple[np.ndarray, list[str], list[str]]:
    """(crops, ``not-a-tile`` labels, the table kind of each): ``per_kind`` bare-table crops of every kind."""
    rng = np.random.default_rng(seed)
    xs, kinds = [], []
    for kind in sorted(tables.KINDS):
        left = per_kind
        while left > 0:
            top, _ = tables.table(rng, TABLE_SIDE, TABLE_SIDE, kind)
            for _ in range(min(CROPS_PER_TABLE, left)):
                xs.append(_cut(top, rng, size, synth.PAD))
                kinds.append(kind)
            left -= CROPS_PER_TABLE
    x = np.stack(xs) if xs else np.zeros((0, size, size, 3), np.uint8)
    return x, ["not-a-tile"] * len(xs), kinds
