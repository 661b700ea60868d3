"""Flowers and seasons drawn at random around their marks (``datasets.bonus_faces``): the picture never names the
tile, the marks do, and the same seed draws the same faces (issue 14: bonus tiles of held-out art)."""

from __future__ import annotations

import numpy as np
from sikwu.datasets import bonus_faces, synth


def test_every_flower_and_season_gets_its_faces() -> None:
    faces = bonus_faces.bonus_faces()
    assert sorted(faces) == sorted(bonus_faces.BONUS_TILES)
    assert all(len(v) == bonus_faces.PER_TILE and v[0].shape[0] == bonus_faces.HEIGHT for v in faces.values())


def test_the_same_seed_draws_the_same_faces() -> None:
    fonts = synth.glyph_fonts()
    a = bonus_faces.draw_face("3f", np.random.default_rng(5), fonts)
    b = bonus_faces.draw_face("3f", np.random.default_rng(5), fonts)
    assert np.array_equal(a, b)


def test_the_picture_is_the_same_whichever_bonus_tile_it_is_drawn_for() -> None:
    # the same draws give 1f (plum) and 5f (spring) the same picture; only the corners and the bottom line, where
    # the number and the character or name go, may differ
    fonts = synth.glyph_fonts()
    plum = bonus_faces.draw_face("1f", np.random.default_rng(11), fonts)
    spring = bonus_faces.draw_face("5f", np.random.default_rng(11), fonts)
    h = plum.shape[0]
    middle = slice(int(0.26 * h), int(0.76 * h))
    assert np.array_equal(plum[middle], spring[middle])
    assert not np.array_equal(plum, spring)


def test_the_training_renders_draw_from_them() -> None:
    faces = synth.all_faces()
    drawn = bonus_faces.bonus_faces()
    assert all(any(f is d for f in faces[t]) for t, ds in drawn.items() for d in ds[:1])
