"""Faces drawn from the I.Mahjong fonts: every tile of every font, frame cut away, inked per stroke cluster."""

from __future__ import annotations

from pathlib import Path

import numpy as np
from sikwu.datasets import font_faces
from sikwu.datasets.scenes import art
from sikwu.scoring.tiles import TILE_IDS


def test_every_font_draws_all_42_faces(shared: Path) -> None:
    faces = font_faces.font_faces()
    assert sorted(faces) == sorted(TILE_IDS)
    assert all([v for v, _ in faces[t]] == list(font_faces.VARIANTS) for t in TILE_IDS)


def test_the_drawn_tile_frame_is_cut_away(shared: Path) -> None:
    for tile in ("1p", "5z", "1f"):
        for _, img in font_faces.font_faces()[tile]:
            border = np.concatenate([img[0], img[-1], img[:, 0], img[:, -1]])
            assert border.min() > 200, f"{tile}: frame ink left on the face's edge"


def test_the_fonts_face_order_matches_the_tile_ids(shared: Path) -> None:
    """Unicode puts the bamboo flower before the chrysanthemum; the canonical ids are plum, orchid, chrysanthemum,
    bamboo (1f-4f), so the code points 1F024 and 1F025 map to 4f and 3f."""
    assert font_faces.CODEPOINTS[0x1F024] == "4f" and font_faces.CODEPOINTS[0x1F025] == "3f"
    assert font_faces.CODEPOINTS[0x1F004] == "7z" and font_faces.CODEPOINTS[0x1F006] == "5z"


def test_each_cluster_of_strokes_takes_one_ink() -> None:
    mask = np.zeros((100, 100), np.uint8)
    mask[10:30, 10:30] = 255
    mask[60:90, 60:90] = 255
    out = font_faces.ink_in_colour(mask, np.random.default_rng(0))
    for y0, y1, x0, x1 in ((10, 30, 10, 30), (60, 90, 60, 90)):
        colours = {tuple(int(c) for c in px) for px in out[y0:y1, x0:x1].reshape(-1, 3)}
        assert len(colours) == 1 and colours.pop() in font_faces.INKS
    assert (out[40:50, 40:50] == 255).all()  # the ground stays white


def test_inking_is_the_same_for_a_seed() -> None:
    mask = np.zeros((60, 60), np.uint8)
    mask[5:20, 5:55] = 255
    mask[30:50, 5:55] = 255
    a = font_faces.ink_in_colour(mask, np.random.default_rng(7))
    b = font_faces.ink_in_colour(mask, np.random.default_rng(7))
    assert np.array_equal(a, b)


def test_the_fonts_are_a_training_art_set(shared: Path) -> None:
    assert font_faces.SOURCE in art.SHARED_ART_SETS
    faces = art.source_faces(font_faces.SOURCE)
    assert len(faces) == 42 * len(font_faces.VARIANTS)
