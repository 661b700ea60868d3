"""The scene generator deals tiles as a real set holds them (``datasets/scenes/layouts.py``, ``_Dealer``).

A Hong Kong set holds one of each flower and season and four of every other face, and flowers are never melded
(../shared/rules/mahjong-basics-and-hk-old-style-scoring.md, "Equipment", "Seasons": "There is one each bonus
tile"; "you cannot chow, pung, or kong flowers"). The failure analysis on held-out scenes found scenes holding
2-4 copies of one bonus tile, drawn with replacement; a model trained on them learns counts no table shows. Faces
are numbered cards, so these run without ``../shared``.
"""

from __future__ import annotations

from collections import Counter

import numpy as np
import pytest
from sikwu.datasets.scenes.art import CROPS, Face, FaceBank
from sikwu.datasets.scenes.layouts import KINDS, lay_out
from sikwu.datasets.scenes.tiles import random_style
from sikwu.scoring.tiles import TILE_IDS

AREA = (0.0, 0.0, 900.0, 700.0)
SEEDS = range(60)


@pytest.fixture(scope="module")
def bank() -> FaceBank:
    return FaceBank(faces=[Face(t, np.full((80, 60, 3), 230, np.uint8), CROPS, f"{t}.jpg") for t in TILE_IDS])


def _scene(kind: str, seed: int, bank: FaceBank):
    rng = np.random.default_rng([seed, KINDS.index(kind)])
    return lay_out(kind, bank, random_style(rng), rng, AREA)


@pytest.mark.parametrize("kind", KINDS)
def test_a_scene_never_holds_two_copies_of_one_bonus_tile(kind: str, bank: FaceBank) -> None:
    for seed in SEEDS:
        bonus = Counter(p.tile for p in _scene(kind, seed, bank) if p.tile.endswith("f"))
        assert all(n == 1 for n in bonus.values()), (kind, seed, bonus)


def test_bonus_tiles_are_still_set_apart_in_row_scenes(bank: FaceBank) -> None:
    flowers = [p for seed in SEEDS for p in _scene("row", seed, bank) if p.group == "flowers"]
    assert flowers and all(p.tile.endswith("f") for p in flowers)


@pytest.mark.parametrize("kind", ["row", "kong", "standing"])
def test_melds_and_concealed_kongs_never_hold_a_bonus_tile(kind: str, bank: FaceBank) -> None:
    for seed in SEEDS:
        melded = [p.tile for p in _scene(kind, seed, bank) if p.group in ("meld", "kong") and p.tile]
        assert not any(t.endswith("f") for t in melded), (kind, seed, melded)


def test_a_pung_takes_its_copies_from_the_deck(bank: FaceBank) -> None:
    """Four of a face in a set: a scene with a pung or kong of a tile holds no more of it than four."""
    for seed in SEEDS:
        placed = _scene("kong", seed, bank)
        melded = Counter(p.tile for p in placed if p.group in ("meld", "kong") and p.tile)
        everywhere = Counter(p.tile for p in placed if p.tile)
        assert all(everywhere[t] <= 4 for t in melded), (seed, everywhere)
