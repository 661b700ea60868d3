"""Synthetic table photos (``sikwu.datasets.scenes``): labels inside the photo, what each scene kind holds,
the same bytes for the same seed, and faces only from the art a filter allows (issue 14, item 1).

Faces here are drawn by the test (a numbered card per tile), so these run without ``../shared`` and fast.
"""

from __future__ import annotations

import cv2
import numpy as np
import pytest
from sikwu.datasets.detector_data import load_scene_dir, parse_yolo_labels
from sikwu.datasets.scenes import __main__ as cli
from sikwu.datasets.scenes.art import CROPS, ArtFilter, Face, FaceBank
from sikwu.datasets.scenes.generate import CLASSES, iter_scenes, scene_rng, write, yolo_rows
from sikwu.datasets.scenes.layouts import KINDS, lay_out
from sikwu.datasets.scenes.render import render_scene
from sikwu.datasets.scenes.tiles import BACK, BLANK, HELDOUT_BACK_COLOURS, random_style
from sikwu.scoring.tiles import TILE_IDS

SIDE = 192  # photos this small keep the suite fast; the layout and labels do not depend on size


def _card(tile: str, hue: int) -> np.ndarray:
    img = np.full((80, 60, 3), 235, np.uint8)
    cv2.putText(img, tile, (4, 48), cv2.FONT_HERSHEY_SIMPLEX, 0.9, (hue, 40, 200 - hue), 2)
    return img


def _faces() -> list[Face]:
    """Two tile-crops 'photos' (names a/b) and one artwork per tile."""
    out = []
    for i, t in enumerate(TILE_IDS):
        out.append(Face(t, _card(t, 20), CROPS, f"a{i}.jpg"))
        out.append(Face(t, _card(t, 120), CROPS, f"b{i}.jpg"))
        out.append(Face(t, _card(t, 200), "test-art", t))
    return out


@pytest.fixture(scope="module")
def bank() -> FaceBank:
    return FaceBank(faces=_faces())


@pytest.fixture(scope="module")
def samples(bank: FaceBank) -> dict[str, list]:
    return {k: [s for _, s in iter_scenes([k], 3, 7, bank, SIDE, progress=False)] for k in KINDS}


def test_every_label_box_lies_inside_its_photo(samples) -> None:
    for kind, scenes in samples.items():
        for s in scenes:
            w, h = s.size
            assert s.image().shape[:2] == (h, w)
            for t in s.tiles:
                x1, y1, x2, y2 = t.box
                assert 0 <= x1 < x2 <= w and 0 <= y1 < y2 <= h, (kind, t)


def test_each_kind_draws_tiles(samples) -> None:
    for kind, scenes in samples.items():
        assert sum(len(s.tiles) for s in scenes) >= 3, kind


def test_face_down_tiles_of_row_scenes_are_only_in_concealed_kongs(samples) -> None:
    for kind in ("row", "kong"):
        for s in samples[kind]:
            assert all(t.group == "kong" for t in s.tiles if t.label == BACK)


def test_kong_scenes_show_tiles_face_down(samples) -> None:
    backs = [sum(t.label == BACK for t in s.tiles) for s in samples["kong"]]
    assert sum(backs) >= 2


def test_wall_scenes_are_mostly_backs(samples) -> None:
    tiles = [t for s in samples["wall"] for t in s.tiles]
    assert sum(t.label == BACK for t in tiles) > len(tiles) / 2


def test_standing_scenes_hold_a_standing_hand(samples) -> None:
    assert any(t.group == "standing" for s in samples["standing"] for t in s.tiles)


def test_piles_overlap(bank: FaceBank) -> None:
    piles = [s for _, s in iter_scenes(["pile"], 6, 7, bank, SIDE, progress=False)]  # at this size a far pile is
    assert any(t.visible < 0.95 for s in piles for t in s.tiles)  # too small to label: draw a few more


def test_same_seed_gives_identical_bytes(bank: FaceBank) -> None:
    a = render_scene("pile", bank, scene_rng(3, "pile", 5), SIDE)
    b = render_scene("pile", bank, scene_rng(3, "pile", 5), SIDE)
    assert a.jpeg == b.jpeg and a.tiles == b.tiles


def test_scenes_of_one_table_seed_are_on_one_table_of_the_kind_asked(bank: FaceBank) -> None:
    scenes = [s for _, s in iter_scenes(["row", "pile"], 2, 3, bank, SIDE, False, table_seed=11, table_kind="wood")]
    assert {s.meta["table"] for s in scenes} == {"wood"}


def test_another_seed_gives_another_scene(bank: FaceBank) -> None:
    a = render_scene("row", bank, scene_rng(3, "row", 0), SIDE)
    b = render_scene("row", bank, scene_rng(4, "row", 0), SIDE)
    assert a.jpeg != b.jpeg


def test_written_folders_are_identical_for_a_seed(bank: FaceBank, tmp_path) -> None:
    for out in (tmp_path / "a", tmp_path / "b"):
        write(out, iter_scenes(["row", "scattered"], 2, 11, bank, SIDE, progress=False), {"seed": 11})
    files = sorted(p.relative_to(tmp_path / "a") for p in (tmp_path / "a").rglob("*") if p.is_file())
    assert len(files) == 2 * 4 + 2
    for f in files:
        assert (tmp_path / "a" / f).read_bytes() == (tmp_path / "b" / f).read_bytes(), f


def test_heldout_filter_keeps_other_photos_out(samples) -> None:
    only_b = FaceBank(ArtFilter(sets=frozenset({CROPS}), crops=frozenset(f"b{i}.jpg" for i in range(42))), _faces())
    for kind in KINDS:
        for _, s in iter_scenes([kind], 2, 5, only_b, SIDE, progress=False):
            assert all(t.name.startswith("b") for t in s.tiles if t.label not in (BACK, BLANK)), kind


def test_excluded_photos_never_appear() -> None:
    flt = ArtFilter(exclude_crops=frozenset(f"a{i}.jpg" for i in range(42)))
    bank = FaceBank(flt, _faces())
    assert all(f.name[0] != "a" for fs in bank.by_tile.values() for f in fs)


def test_a_filter_allowing_nothing_is_a_clear_error() -> None:
    with pytest.raises(ValueError, match="no tile faces allowed"):
        FaceBank(ArtFilter(sets=frozenset({"no-such-set"})), _faces())


def test_blank_white_dragons_and_backs_are_labelled_apart(bank: FaceBank) -> None:
    rng = np.random.default_rng(0)
    style = random_style(rng)
    while not style.blank_white:
        style = random_style(rng)
    area = (0, 0, 900, 700)
    placements = [p for i in range(30) for p in lay_out("kong", bank, style, np.random.default_rng(i), area)]
    assert not any(p.label == "5z" for p in placements)  # in a blank-white set every white dragon is a blank
    assert {BACK, BLANK} <= {p.label for p in placements}
    assert CLASSES.index(BACK) != CLASSES.index(BLANK) and CLASSES.index(BLANK) == len(TILE_IDS) + 1


def test_concealed_kongs_use_the_given_back_colours(bank: FaceBank) -> None:
    for i in range(3):
        s = render_scene("kong", bank, scene_rng(1, "kong", i), SIDE, HELDOUT_BACK_COLOURS)
        assert s.meta["back_colour"] in HELDOUT_BACK_COLOURS


def test_yolo_rows_read_back_as_the_same_boxes(samples) -> None:
    s = samples["row"][0]
    w, h = s.size
    boxes = parse_yolo_labels(yolo_rows(s), w, h)
    assert np.allclose(boxes, np.array([t.box for t in s.tiles]), atol=0.01)


def test_written_scenes_feed_the_detector_sampler(bank: FaceBank, tmp_path) -> None:
    write(tmp_path, iter_scenes(["row"], 2, 0, bank, SIDE, progress=False), {})
    scenes = load_scene_dir(tmp_path, long_side=96)
    assert len(scenes) == 2 and max(scenes[0].image.shape[:2]) == 96
    assert len(scenes[0].boxes) == len((tmp_path / "labels" / "row_00000.txt").read_text().splitlines())


def test_cli_rejects_a_zero_scene_count(tmp_path) -> None:
    assert cli.main([str(tmp_path), "--per-kind", "0"]) == 2


def test_unknown_scene_kind_is_a_clear_error(bank: FaceBank) -> None:
    with pytest.raises(ValueError, match="unknown scene kind"):
        list(iter_scenes(["heap"], 1, 0, bank, SIDE, progress=False))
