"""Faces drawn from fonts of the Mahjong Tiles block (I.Mahjong from ../shared, Symbola and Noto Sans Symbols 2 from
the Debian cache): every tile of every font found, frame cut away, inked per stroke cluster."""

from __future__ import annotations

from pathlib import Path

import numpy as np
from sikwu.datasets import font_faces
from sikwu.datasets.scenes import art
from sikwu.scoring.tiles import TILE_IDS


def test_every_font_found_draws_its_faces(shared: Path) -> None:
    """All 42 faces, except the flowers and seasons of the fonts that draw them without a number."""
    faces = font_faces.font_faces()
    assert sorted(faces) == sorted(TILE_IDS)
    found = list(font_faces.font_files())
    assert found[:4] == ["HK", "TW", "CAN", "JP"]
    drawing = {f.name: f.bonus for f in font_faces.FONTS}
    assert all([v for v, _ in faces[t]] == [f for f in found if drawing[f] or not t.endswith("f")] for t in TILE_IDS)


def test_symbola_and_noto_draw_no_flower_or_season() -> None:
    assert [f.name for f in font_faces.FONTS if not f.bonus] == ["Symbola", "NotoSansSymbols2"]


def test_debian_fonts_are_read_from_the_cache_and_skipped_when_not_fetched(tmp_path: Path, monkeypatch) -> None:
    monkeypatch.setenv("SIKWU_CACHE", str(tmp_path))
    assert not {f.name for f in font_faces.FONTS if f.debian} & set(font_faces.font_files())
    symbola = next(f for f in font_faces.FONTS if f.name == "Symbola")
    assert symbola.path().is_relative_to(tmp_path / "debian-tilesets")


def test_the_tile_set_fetch_also_fetches_the_debian_fonts() -> None:
    from sikwu.datasets.scenes import debian

    assert set(font_faces.DEBIAN_PACKAGES) <= set(debian.PACKAGES)


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
    assert len(faces) == sum(len(drawn) for drawn in font_faces.font_faces().values())
