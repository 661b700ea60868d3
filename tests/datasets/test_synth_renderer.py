"""Synthetic renderer: framed crops of the right size and type for tiles, backs and negatives."""

from __future__ import annotations

import numpy as np
from sikwu.datasets import synth


def _faces() -> dict[str, list[np.ndarray]]:
    faces = synth.own_faces(64)
    assert len(faces) == 42  # the project's own faces exist for every tile
    return faces


def test_scene_crop_is_square_bgr_uint8() -> None:
    out = synth.render_scene(_faces(), "8s", np.random.default_rng(0), 48)
    assert out.shape == (48, 48, 3) and out.dtype == np.uint8


def test_same_seed_renders_the_same_crop() -> None:
    faces = _faces()
    a = synth.render_scene(faces, "9p", np.random.default_rng(3), 40)
    b = synth.render_scene(faces, "9p", np.random.default_rng(3), 40)
    assert np.array_equal(a, b)


def test_back_is_mostly_one_colour_not_ivory_glyphs() -> None:
    out = synth.render_scene(_faces(), "back", np.random.default_rng(1), 48)
    assert out.shape == (48, 48, 3)


def test_negative_crops_render() -> None:
    rng = np.random.default_rng(2)
    for _ in range(8):
        assert synth.render_negative(_faces(), rng, 40).shape == (40, 40, 3)


def test_own_face_crops_cover_tiles_and_back() -> None:
    x, y = synth.own_face_crops(32, 1, seed=0)
    assert x.shape == (43, 32, 32, 3)
    assert y[-1] == "back" and len(set(y)) == 43


def test_glyph_fonts_start_with_the_faces_own_font() -> None:
    from sikwu.artwork import cjk_font_path

    fonts = synth.glyph_fonts()
    assert fonts[0] == str(cjk_font_path())
    assert len(fonts) == len(set(fonts))


def test_glyph_tiles_are_drawn_once_per_font_and_the_rest_once() -> None:
    """Real sets engrave characters, winds and bonus glyphs in many hands, so those faces come in every font."""
    faces = _faces()
    fonts = len(synth.glyph_fonts())
    for tile in ("7m", "1z", "7z"):
        assert len(faces[tile]) == fonts, tile
    for tile in ("1f", "5f"):  # and flowers and seasons once more per font, painted as pictures
        assert len(faces[tile]) == 2 * fonts, tile
    for tile in ("8p", "9s", "5z"):
        assert len(faces[tile]) == 1, tile


def test_each_font_draws_a_different_face_when_there_are_several() -> None:
    faces = _faces()["9m"]
    if len(faces) < 2:
        import pytest

        pytest.skip("only one Chinese font on this machine (install fonts-arphic-ukai to train on more hands)")
    assert all(not np.array_equal(faces[0], other) for other in faces[1:])


def test_blank_tiles_laid_as_tiles_are_white_dragons_and_repeat_for_a_seed() -> None:
    x, y = synth.blank_tile_crops(3, 40, seed=5)
    assert x.shape == (3, 40, 40, 3) and y == ["5z"] * 3
    assert np.array_equal(x, synth.blank_tile_crops(3, 40, seed=5)[0])


def test_a_blank_centre_tile_has_no_art_where_its_face_would_carry_it() -> None:
    faces = {"1m": [np.zeros((64, 48, 3), np.uint8)]}  # black art: any art shows as dark strokes
    out = synth.render_scene(faces, "1m", np.random.default_rng(4), 60, blank=True)
    assert out[25:35, 25:35].min() > 60
