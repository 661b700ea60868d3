"""Scene layouts (``sikwu.datasets.scenes.layouts``) never fail for lack of room: a crowded area gets fewer tiles.

Issue 14, item 1 asks for the wall among the scene kinds; a wall scene fills most of its area with rows of face-down
tiles, and the strip left below them can be thinner than the margins a loose discard needs. Faces are the numbered
cards tests/datasets/test_scenes.py draws, so these run without ``../shared``.
"""

from __future__ import annotations

import numpy as np
import pytest
from sikwu.datasets.scenes.art import CROPS, Face, FaceBank
from sikwu.datasets.scenes.layouts import _free_spots, lay_out
from sikwu.datasets.scenes.tiles import random_style
from sikwu.scoring.tiles import TILE_IDS


@pytest.fixture(scope="module")
def bank() -> FaceBank:
    return FaceBank(faces=[Face(t, np.full((80, 60, 3), 230, np.uint8), CROPS, f"{t}.jpg") for t in TILE_IDS])


def test_an_area_narrower_than_its_margins_holds_no_spot() -> None:
    rng = np.random.default_rng(0)
    assert _free_spots(rng, (0.0, 0.0, 100.0, 10.0), 5, min_dist=4.0, margin=6.0) == []
    assert _free_spots(rng, (0.0, 50.0, 100.0, 40.0), 5, min_dist=4.0, margin=1.0) == []  # nothing left at all


def test_spots_keep_their_margin_inside_the_area() -> None:
    spots = _free_spots(np.random.default_rng(1), (0.0, 0.0, 100.0, 40.0), 6, min_dist=5.0, margin=10.0)
    assert spots and all(10.0 <= x <= 90.0 and 10.0 <= y <= 30.0 for x, y in spots)


def test_wall_scenes_lay_out_for_every_seed(bank: FaceBank) -> None:
    """Seeds 47, 51, 96... raised 'high - low < 0' before: the walls left too thin a strip for discards."""
    for seed in range(200):
        rng = np.random.default_rng(seed)
        placed = lay_out("wall", bank, random_style(rng), rng, (0.0, 0.0, 400.0, 300.0))
        assert placed, seed
