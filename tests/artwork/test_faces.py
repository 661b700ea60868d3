"""Specification of the project's own tile drawing (sikwu.artwork): what the page and the synthetic data rely on."""

from __future__ import annotations

import itertools

import numpy as np
import pytest
from PIL import Image
from sikwu.artwork import (
    FACE_IDS,
    FaceStyle,
    cjk_font_path,
    face_png_bytes,
    face_size,
    render_face,
    render_hand_strip,
)
from sikwu.scoring.tiles import TILE_IDS


def _pixels(image: Image.Image) -> np.ndarray:
    return np.asarray(image, dtype=np.float32)


def test_face_ids_are_every_tile_then_the_back():
    assert FACE_IDS == TILE_IDS + ("back",)
    assert len(FACE_IDS) == 43


@pytest.mark.parametrize("tile_id", FACE_IDS)
def test_every_face_renders_as_rgb_at_the_documented_size(tile_id):
    image = render_face(tile_id, 96)
    assert image.mode == "RGB"
    assert image.size == (72, 96)


@pytest.mark.parametrize("height", [20, 37, 64, 150])
def test_width_is_three_quarters_of_height_rounded(height):
    assert render_face("5p", height).size == (round(height * 0.75), height)
    assert face_size(height) == (round(height * 0.75), height)


def test_faces_of_different_tiles_differ_visibly():
    """Every pair of faces must differ by a clear margin, or players and the classifier could confuse them."""
    faces = {t: _pixels(render_face(t, 64)) for t in FACE_IDS}
    closest = min((float(np.mean(np.abs(faces[a] - faces[b]))), a, b) for a, b in itertools.combinations(FACE_IDS, 2))
    assert closest[0] > 4.0, f"{closest[1]} and {closest[2]} are nearly identical (mean abs diff {closest[0]:.2f})"


def test_face_has_an_ivory_centre_area_and_background_corners():
    style = FaceStyle()
    image = render_face("5z", 96, style=style)
    assert image.getpixel((0, 0)) == style.background
    r, g, b = image.getpixel((36, 48))  # inside the white dragon's frame: bare ivory
    assert all(abs(x - y) <= 6 for x, y in zip((r, g, b), style.ivory, strict=True))


def test_back_is_mostly_the_back_colour_not_ivory():
    style = FaceStyle()
    centre = _pixels(render_face("back", 96, style=style))[30:66, 20:52]
    assert np.allclose(centre.mean(axis=(0, 1)), style.back, atol=3)


def test_rendering_is_deterministic():
    assert np.array_equal(_pixels(render_face("1s", 80)), _pixels(render_face("1s", 80)))


def test_returned_face_is_a_private_copy():
    first = render_face("7z", 48)
    first.paste((0, 0, 0), (0, 0, 48, 36))
    assert render_face("7z", 48).getpixel((24, 10)) != (0, 0, 0)


@pytest.mark.parametrize("bad", ["0m", "10p", "8z", "9f", "east", "", "BACK"])
def test_unknown_id_raises_value_error_naming_it(bad):
    with pytest.raises(ValueError, match=repr(bad).replace("(", r"\(")):
        render_face(bad)


def test_hand_strip_grows_with_tile_count():
    widths = [render_hand_strip(["1m"] * n, height=72, gap=4).width for n in (1, 2, 14)]
    step = 54 + 4
    assert widths[1] - widths[0] == step
    assert widths[2] - widths[0] == 13 * step


def test_hand_strip_is_one_tile_row_high():
    strip = render_hand_strip(["1m", "2m", "3m"], height=72, gap=4)
    assert 72 <= strip.height <= 72 + 2 * 8


def test_highlight_draws_an_outline_only_around_the_chosen_tile():
    plain = _pixels(render_hand_strip(["1m", "2m", "3m"], height=72))
    marked = _pixels(render_hand_strip(["1m", "2m", "3m"], height=72, highlight={1: "#ff00ff"}))
    changed_columns = np.nonzero(np.any(plain != marked, axis=(0, 2)))[0]
    assert changed_columns.size > 0
    width, gap, pad = 54, 4, 4
    second_start = pad + (width + gap)
    assert changed_columns.min() >= second_start - gap
    assert changed_columns.max() <= second_start + width + gap


def test_highlight_index_outside_strip_raises():
    with pytest.raises(ValueError, match="outside"):
        render_hand_strip(["1m"], highlight={3: "red"})


def test_png_bytes_decode_to_the_face_and_are_cached():
    data = face_png_bytes("9p", 64)
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    assert face_png_bytes("9p", 64) is data
    import io

    decoded = Image.open(io.BytesIO(data)).convert("RGB")
    assert np.array_equal(_pixels(decoded), _pixels(render_face("9p", 64)))


def test_a_cjk_font_is_available_for_the_chinese_glyphs():
    """The project depends on a CJK font package; without it faces fall back to Latin labels (still usable)."""
    assert cjk_font_path() is not None


@pytest.mark.parametrize("bad", [0, 7, -96, 96.5, "96"])
def test_height_must_be_a_whole_number_of_at_least_eight_pixels(bad):
    with pytest.raises(ValueError, match="height"):
        render_face("1m", bad)


def test_without_a_cjk_font_faces_fall_back_to_distinct_latin_labels(monkeypatch):
    """A machine with no Chinese font must still draw every face (never crash) and keep them apart."""
    import sikwu.artwork.faces as faces
    import sikwu.artwork.fonts as fonts

    faces._render_cached.cache_clear()
    monkeypatch.setattr(fonts, "cjk_font_path", lambda: None)
    try:
        drawn = {t: _pixels(faces.render_face(t, 48)) for t in FACE_IDS}
        assert "Latin" in fonts.font_description()
    finally:
        faces._render_cached.cache_clear()
    for a, b in itertools.combinations(FACE_IDS, 2):
        assert np.mean(np.abs(drawn[a] - drawn[b])) > 1.0, f"{a} and {b} look the same without a CJK font"


def test_a_style_font_draws_the_glyphs_in_that_font():
    """Training draws the faces in several hands; a style's own font must be the one the glyphs come from."""
    from sikwu.artwork.fonts import latin_font as _latin_font

    other = getattr(_latin_font(20), "path", None)  # a Latin font: its tofu boxes differ from any CJK glyph
    if not other:
        pytest.skip("no TrueType Latin font on this machine to draw with")
    assert not np.array_equal(
        _pixels(render_face("7m", 64)), _pixels(render_face("7m", 64, style=FaceStyle(font=str(other))))
    )


def test_a_style_font_leaves_the_dots_alone(tmp_path):
    default = cjk_font_path()
    assert default is not None
    style = FaceStyle(font=str(default))
    assert np.array_equal(_pixels(render_face("8p", 64)), _pixels(render_face("8p", 64, style=style)))


def test_picture_style_bonus_faces_differ_between_every_flower_and_season():
    """Painted flowers and seasons differ in their corners; every pair must still be told apart."""
    bonus = [t for t in FACE_IDS if t.endswith("f")]
    style = FaceStyle(bonus_picture=True)
    faces = {t: _pixels(render_face(t, 64, style=style)) for t in bonus}
    for a, b in itertools.combinations(bonus, 2):
        assert np.mean(np.abs(faces[a] - faces[b])) > 1.0, f"{a} and {b} look the same as pictures"


def test_picture_style_changes_only_the_flowers_and_seasons():
    style = FaceStyle(bonus_picture=True)
    assert not np.array_equal(_pixels(render_face("5f", 64)), _pixels(render_face("5f", 64, style=style)))
    assert np.array_equal(_pixels(render_face("5m", 64)), _pixels(render_face("5m", 64, style=style)))
