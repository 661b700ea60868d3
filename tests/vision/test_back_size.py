"""Backs far smaller than the faces beside them are no tiles (vision.back_size, docs/vision.md "Name"): a face-down
tile has its set's outline, and neighbours are seen at about one distance."""

from __future__ import annotations

import numpy as np
from sikwu.vision.back_size import undersized_backs, without_undersized_backs
from sikwu.vision.quads import box_quad
from vision_scenes import FixedDetector, PurpleBacks

BACK = [("back", 0.99), ("not-a-tile", 0.01), ("5z", 0.0)]
FACE = [("8m", 0.97), ("2f", 0.01), ("9m", 0.01)]


def tile(x: float, y: float, pred: list[tuple[str, float]], side: float = 60.0) -> tuple[np.ndarray, list]:
    """A tile of width ``side`` (and 4/3 of it tall) with its top-left corner at (x, y)."""
    return box_quad((x, y, x + side, y + side * 4 / 3)), pred


ROW = [tile(100 + 62 * i, 100, FACE) for i in range(4)]


def test_a_back_a_tenth_of_the_faces_area_beside_them_is_no_tile() -> None:
    assert undersized_backs([*ROW, tile(400, 100, BACK, side=18)]) == [4]


def test_a_back_the_size_of_the_faces_beside_it_is_a_tile() -> None:
    assert undersized_backs([*ROW, tile(348, 100, BACK)]) == []


def test_a_far_back_is_judged_against_the_far_faces_beside_it() -> None:
    # the hand near the camera, a small far meld with a back in it: perspective, not a patch of cloth
    far = [tile(100 + 22 * i, 600, FACE, side=20) for i in range(3)]
    assert undersized_backs([*ROW, *far, tile(166, 600, BACK, side=20)]) == []


def test_a_small_face_keeps_its_reading() -> None:
    assert undersized_backs([*ROW, tile(400, 100, FACE, side=18)]) == []


def test_backs_are_not_judged_beside_fewer_than_three_faces() -> None:
    assert undersized_backs([*ROW[:2], tile(400, 100, BACK, side=18)]) == []


def test_the_undersized_backs_are_left_out_of_the_tiles() -> None:
    tiles = [*ROW, tile(400, 100, BACK, side=18), tile(348, 300, BACK)]
    assert [p[0][0] for _, p in without_undersized_backs(tiles)] == ["8m"] * 4 + ["back"]


def test_recognition_leaves_out_small_squares_of_cloth_read_as_backs(monkeypatch) -> None:
    from sikwu.vision import pipeline

    image = np.full((480, 640, 3), (40, 110, 40), np.uint8)  # green felt
    tiles = [(40.0 + 170 * i, 20.0, 200.0 + 170 * i, 234.0) for i in range(3)]
    squares = [(60.0 + 80 * i, 300.0, 124.0 + 80 * i, 364.0) for i in range(6)]  # an eighth of a tile's area
    for x0, y0, x1, y1 in tiles:
        image[int(y0) : int(y1), int(x0) : int(x1)] = (235, 235, 235)
    for x0, y0, x1, y1 in squares:
        image[int(y0) : int(y1), int(x0) : int(x1)] = (150, 40, 120)
    both = FixedDetector(*tiles, *squares)
    monkeypatch.setattr(pipeline, "_default_detector", lambda: (both, None))
    monkeypatch.setattr(pipeline, "_general_detector", lambda: (both, None))
    assert [t.id for t in pipeline.recognize(image, classifier=PurpleBacks()).tiles] == ["8m"] * 3
