"""A synthetic scene's label boxes a tile's face, not its side: real photos' labels (hk-photos) box the face, and a
detector taught both conventions drew boxes looser than either (``sikwu.datasets.scenes.render``)."""

from __future__ import annotations

import numpy as np
from sikwu.datasets.scenes.layouts import Placement
from sikwu.datasets.scenes.render import _Canvas, _labels

FLAT = Placement("1m", "1m", "flat", 50, 50, 0.0, 40, "hand")


def _canvas_with_side_below_face() -> _Canvas:
    """One tile: a 30 x 40 face at (20, 20) with a 10 px side showing below it, as a tilted camera sees it."""
    canvas = _Canvas(np.zeros((120, 120, 3), np.uint8))
    body = np.full((40, 30, 3), 128, np.float32)
    alpha = np.full((40, 30), 255, np.uint8)
    canvas.paste(body, alpha, 20, 30, 0)  # the side: the body drawn 10 px lower, under the face
    canvas.paste(body, alpha, 20, 20, 0, face=alpha)
    return canvas


def test_label_box_is_the_face_without_the_side_below_it() -> None:
    canvas = _canvas_with_side_below_face()
    (label,) = _labels(canvas.owner, canvas.face_owner, [FLAT], np.array([1400.0]), ["art|name"])
    assert label.box == (20.0, 20.0, 50.0, 60.0)


def test_side_counts_towards_how_much_of_the_tile_shows() -> None:
    canvas = _canvas_with_side_below_face()
    (label,) = _labels(canvas.owner, canvas.face_owner, [FLAT], np.array([1400.0]), ["art|name"])
    assert label.visible == 1.0  # 1200 face + 200 side pixels of 1400 drawn


def test_a_tile_whose_face_is_covered_by_another_tiles_side_is_not_boxed_there() -> None:
    canvas = _canvas_with_side_below_face()
    cover = np.full((20, 30), 255, np.uint8)
    canvas.paste(np.zeros((20, 30, 3), np.float32), cover, 20, 20, 1)  # a neighbour's side over the face's top half
    boxes = _labels(canvas.owner, canvas.face_owner, [FLAT, FLAT], np.array([1400.0, 1e9]), ["a|b", "a|b"])
    assert boxes[0].box == (20.0, 40.0, 50.0, 60.0)
