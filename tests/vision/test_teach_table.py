"""The players' table taught with their set (vision.teach_table, docs/vision.md "Your set"): crops of the teaching
photo where no tile lies are stored with the set and refit the not-a-tile row; a set laid out in order keeps its
names when the photo shows a few boxes that are not tiles."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from sikwu.vision import set_head
from sikwu.vision.labels import BACK, NOT_A_TILE
from sikwu.vision.quads import box_quad
from sikwu.vision.teach_table import SPARE_BOXES, half_turned, table_crops, table_spares
from sikwu.vision.tile_sets import MAX_TABLE, TileSet
from vision_scenes import FixedDetector

TABLE, TILE = (30, 60, 150), (240, 240, 240)


def photo_with_tiles(boxes: list[tuple[int, int, int, int]], size: tuple[int, int] = (600, 800)) -> np.ndarray:
    img = np.zeros((*size, 3), np.uint8)
    img[:] = TABLE
    for x0, y0, x1, y1 in boxes:
        img[y0:y1, x0:x1] = TILE
    return img


GRID = [(60 + 90 * i, 80 + 130 * j, 120 + 90 * i, 160 + 130 * j) for i in range(3) for j in range(2)]


def test_table_crops_hold_no_part_of_a_tile() -> None:
    crops = table_crops(photo_with_tiles(GRID), [box_quad(b) for b in GRID])
    assert crops and all(not (c == TILE).all(axis=2).any() for c in crops)


def test_table_crops_are_about_a_tiles_size_and_stand_upright() -> None:
    crops = table_crops(photo_with_tiles(GRID), [box_quad(b) for b in GRID])
    assert all(c.shape[0] >= c.shape[1] for c in crops)
    assert all(0.7 * 80 <= c.shape[0] <= 1.4 * 80 for c in crops)  # the tiles are 60 x 80


def test_a_photo_filled_with_tiles_gives_no_table_crops() -> None:
    full = [(x, y, x + 60, y + 80) for x in range(0, 800, 62) for y in range(0, 600, 82)]
    assert table_crops(photo_with_tiles(full), [box_quad(b) for b in full]) == []


def test_one_photo_always_gives_the_same_table_crops() -> None:
    photo = photo_with_tiles(GRID) + np.random.default_rng(0).integers(0, 20, (600, 800, 3), dtype=np.uint8)
    a, b = (table_crops(photo, [box_quad(x) for x in GRID]) for _ in range(2))
    assert len(a) == len(b) and all((x == y).all() for x, y in zip(a, b, strict=True))


def test_a_photo_with_no_tiles_found_gives_no_table_crops() -> None:
    assert table_crops(photo_with_tiles([]), []) == []


def test_each_table_crop_is_kept_half_turned_too() -> None:
    crop = np.arange(24, dtype=np.uint8).reshape(4, 2, 3)
    assert [c.tolist() for c in half_turned([crop])] == [crop.tolist(), crop[::-1, ::-1].tolist()]


def test_a_sets_table_is_stored_and_loaded_with_it(tmp_path: Path) -> None:
    s = TileSet("home", "abc")
    s.add(["1m"], np.ones((1, 4), np.float32))
    s.add_table(np.full((3, 4), 2.0, np.float32))
    loaded = TileSet.load("home", s.save(tmp_path / "home.npz"))
    assert loaded.table.shape == (3, 4) and (loaded.table == 2.0).all()


def test_a_set_stored_without_a_table_loads_with_none(tmp_path: Path) -> None:
    import json

    path = tmp_path / "old.npz"
    meta = json.dumps({"name": "old", "model_sha256": "abc", "version": 2, "views": 1})
    np.savez_compressed(path, embeddings=np.ones((1, 4), np.float32), labels=np.array(["1m"]), meta=meta)
    assert len(TileSet.load("old", path).table) == 0


def test_a_detectors_box_on_the_bare_table_is_an_example_of_the_table() -> None:
    on_cloth = box_quad((400, 40, 460, 120))
    assert [q.tolist() for q in table_spares([box_quad(b) for b in GRID], [on_cloth])] == [on_cloth.tolist()]


def test_a_detectors_box_over_a_tile_found_is_not_the_table() -> None:
    between = box_quad((100, 80, 170, 160))  # the gap between two tiles, with a part of each
    assert table_spares([box_quad(b) for b in GRID], [between]) == []


def test_a_box_on_the_table_is_kept_once_when_both_detectors_put_it_there() -> None:
    one, again = box_quad((400, 40, 460, 120)), box_quad((402, 42, 462, 122))
    assert len(table_spares([box_quad(b) for b in GRID], [one, again])) == 1


def test_no_more_than_the_spare_box_limit_is_kept() -> None:
    many = [box_quad((10 + 15 * i, 500, 20 + 15 * i, 520)) for i in range(SPARE_BOXES + 5)]
    assert len(table_spares([], many)) == SPARE_BOXES


def test_a_set_keeps_the_latest_table_crops_only() -> None:
    s = TileSet("home", "abc")
    s.add_table(np.zeros((MAX_TABLE, 2), np.float32))
    s.add_table(np.ones((10, 2), np.float32))
    assert len(s.table) == MAX_TABLE and (s.table[-10:] == 1).all()


LABELS = ["1m", "2m", BACK, NOT_A_TILE]


W0 = np.eye(4)[:, :3] * 0.1  # a weak trained head over a 3-dimensional embedding


def _head_with(table: np.ndarray | None) -> tuple[np.ndarray, np.ndarray]:
    x = np.array([[1.0, 0, 0]] * 5 + [[0, 1.0, 0]] * 5)
    return set_head.fitted_head(W0, np.zeros(4), LABELS, ["1m"] * 5 + ["2m"] * 5, x, table=table)


def test_the_table_taught_with_a_set_reads_as_not_a_tile() -> None:
    table = np.array([[0.0, 0.0, 1.0]] * 6)
    w, b = _head_with(table)
    assert LABELS[int(np.argmax(w @ table[0] + b))] == NOT_A_TILE


def test_without_a_table_the_not_a_tile_row_stays_as_trained() -> None:
    w, _ = _head_with(None)
    assert np.allclose(w[2:], W0[2:])  # back and not-a-tile as trained


class Stub:
    """A classifier reading a dark crop as not-a-tile and any other as 1m."""

    labels = ["1m", BACK, NOT_A_TILE]

    def probabilities(self, crops):  # noqa: ANN001, ANN201
        return np.array([[0.05, 0.05, 0.9] if c.mean() < 100 else [0.9, 0.05, 0.05] for c in crops])


def test_a_few_boxes_too_many_in_a_set_laid_out_in_order_are_the_least_tile_like() -> None:
    from sikwu.vision.teach import _without_extras

    tiles = [(60 + 90 * i, 80 + 130 * j, 120 + 90 * i, 160 + 130 * j) for j in range(2) for i in range(5)]
    spot = (100, 400, 160, 480)  # a box on the bare table
    quads = [box_quad(b) for b in [*tiles[:3], spot, *tiles[3:]]]
    kept = _without_extras(photo_with_tiles(tiles), quads, 10, Stub())  # type: ignore[arg-type]
    assert [q[0].tolist() for q in kept] == [box_quad(b)[0].tolist() for b in tiles]


def test_many_boxes_too_many_are_left_for_the_count_check_to_refuse() -> None:
    from sikwu.vision.teach import _without_extras

    quads = [box_quad((10 * i, 0, 10 * i + 8, 10)) for i in range(10)]
    assert len(_without_extras(photo_with_tiles([]), quads, 6, Stub())) == 10  # type: ignore[arg-type]


def test_a_box_only_one_detector_saw_across_two_laid_out_tiles_is_no_tile(monkeypatch: pytest.MonkeyPatch) -> None:
    from sikwu.vision import pipeline

    tiles = [(100.0, 100.0, 160.0, 180.0), (180.0, 100.0, 240.0, 180.0)]
    across = (130.0, 100.0, 210.0, 180.0)
    apart = (400.0, 100.0, 460.0, 180.0)  # a tile the second detector missed, alone on the cloth: kept
    monkeypatch.setattr(pipeline, "_default_detector", lambda: (FixedDetector(*tiles, across, apart), None))
    monkeypatch.setattr(pipeline, "_general_detector", lambda: (FixedDetector(*tiles), None))
    laid = pipeline.tile_quads(photo_with_tiles([]))
    assert sorted(q[0].tolist() for q in laid.quads) == sorted(box_quad(b)[0].tolist() for b in [*tiles, apart])
    assert [q[0].tolist() for q in laid.spare] == [box_quad(across)[0].tolist()]  # a detector's box, not a tile


def _set_on_a_table(missing: str | None = None) -> np.ndarray:
    """The 42 faces laid out in order in rows of 9 on a cloth wider than they need, as a table is (``missing``: that
    tile's place left empty, a tile the detector missed)."""
    import cv2
    from sikwu.artwork import render_face
    from sikwu.scoring.tiles import TILE_IDS

    tile_h, w, gap = 96, 72, 24
    photo = np.full((6 * (tile_h + gap) + 3 * tile_h, 9 * (w + gap) + 3 * w, 3), (60, 110, 40), np.uint8)
    for i, t in enumerate(TILE_IDS):
        if t == missing:
            continue
        face = cv2.cvtColor(np.asarray(render_face(t, tile_h).convert("RGB")), cv2.COLOR_RGB2BGR)
        y, x = tile_h + (i // 9) * (tile_h + gap), w + (i % 9) * (w + gap)
        photo[y : y + tile_h, x : x + w] = cv2.resize(face, (w, tile_h), interpolation=cv2.INTER_AREA)
    return photo


def test_teaching_from_a_photo_stores_crops_of_its_table(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from sikwu.vision.set_classifier import SetClassifier
    from sikwu.vision.teach import load_set, teach_from_photo

    monkeypatch.setenv("SIKWU_DATA_DIR", str(tmp_path))
    result = teach_from_photo(_set_on_a_table(), "home", SetClassifier(), in_order=True)
    assert result.table_crops > 0 and result.to_dict()["table_crops"] == result.table_crops
    assert len(load_set("home").table) == 2 * result.table_crops  # each crop and its half turn


def test_a_teaching_photo_with_a_tile_missed_teaches_no_table(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # a crop of "the table" could hold the tile the detector missed
    from sikwu.vision.set_classifier import SetClassifier
    from sikwu.vision.teach import teach_from_photo

    monkeypatch.setenv("SIKWU_DATA_DIR", str(tmp_path))
    result = teach_from_photo(_set_on_a_table(missing="5p"), "home", SetClassifier(), in_order=True)
    assert result.missing == ["5p"] and result.table_crops == 0


def test_what_a_detector_boxed_on_the_bare_table_is_taught_with_the_table(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # a printed cloth's spot boxed as a tile is the likeliest phantom on that table: it is taught as not a tile
    from sikwu.vision import pipeline
    from sikwu.vision.set_classifier import SetClassifier
    from sikwu.vision.teach import teach_from_photo

    monkeypatch.setenv("SIKWU_DATA_DIR", str(tmp_path))
    photo = _set_on_a_table()
    plain = teach_from_photo(photo, "plain", SetClassifier(), in_order=True).table_crops
    laid_out = pipeline.tile_quads
    spot = box_quad((4, 4, 40, 52))  # the cloth's top left corner, away from every tile

    def with_a_spot(image: np.ndarray) -> pipeline.LaidOut:
        laid = laid_out(image)
        return laid._replace(spare=[spot])

    monkeypatch.setattr(pipeline, "tile_quads", with_a_spot)
    assert teach_from_photo(photo, "spotted", SetClassifier(), in_order=True).table_crops == plain + 1


def test_spare_boxes_of_a_levelled_photo_are_mapped_back_to_the_photo_as_loaded(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # a photo taught in any order names recognition's tiles in the photo's own pixels; the spare boxes must be there
    from sikwu.vision import pipeline
    from sikwu.vision.io import load_image
    from sikwu.vision.teach_table import photo_spares
    from sikwu.vision.tilt import turn

    photo = photo_with_tiles(GRID)
    levelled = turn(load_image(photo), 20.0)  # the detectors worked on a levelled copy
    spot = box_quad((300, 40, 340, 100))
    monkeypatch.setattr(pipeline, "tile_quads", lambda image: pipeline.LaidOut(levelled, [], [spot]))
    (mapped,) = photo_spares(photo)
    expected = spot.astype(np.float64) @ levelled.unrotate[:, :2].T + levelled.unrotate[:, 2]
    assert np.allclose(mapped, expected, atol=1e-3)
