"""Candidates covered by other tiles' boxes: a box straddling touching tiles goes, a piled tile showing its own face
stays (vision/assemble.py ``consistent``)."""

from __future__ import annotations

import numpy as np
from sikwu.vision.assemble import STRADDLE_COVER, consistent
from sikwu.vision.assign import LOW_CONFIDENCE


def quad(x: float, y: float, w: float = 60, h: float = 80) -> np.ndarray:
    return np.array([[x, y], [x + w, y], [x + w, y + h], [x, y + h]], np.float32)


#: Four tiles whose boxes together cover the middle box (a tile under them in a pile) far beyond STRADDLE_COVER,
#: each covering under half of it (so no single one is a duplicate of it).
AROUND = [(quad(0, 0), "9m"), (quad(50, 0), "5m"), (quad(0, 70), "8m"), (quad(50, 70), "3s")]
MIDDLE = quad(25, 35)


def read(middle: str, prob: float) -> list[str]:
    tiles = [(q, [(face, 0.99)]) for q, face in AROUND] + [(MIDDLE, [(middle, prob)])]
    return [p[0][0] for _, p in consistent(tiles)]


def test_the_middle_box_is_covered_beyond_the_straddle_share():
    from sikwu.vision.quads import area, intersection

    assert sum(intersection(MIDDLE, q) for q, _ in AROUND) > STRADDLE_COVER * area(MIDDLE)


def test_a_piled_tile_named_surely_as_a_face_no_tile_over_it_shows_is_kept():
    assert "7p" in read("7p", 0.86)


def test_a_covered_box_named_as_a_face_a_tile_over_it_shows_is_a_straddle_and_goes():
    assert read("9m", 0.86) == ["9m", "5m", "8m", "3s"]


def test_a_covered_box_named_unsurely_goes():
    assert "7p" not in read("7p", LOW_CONFIDENCE - 0.01)


def test_a_covered_box_read_as_a_back_goes():
    assert "back" not in read("back", 0.95)
