"""When the tiles are small in the photo (a hand photographed from across the table, a whole-table 12 MP photo),
the detector looks again, closer, at the part of the photo that holds them (vision.zoom)."""

from __future__ import annotations

from collections import Counter

import numpy as np
import pytest
from sikwu.vision.detector import Detection
from sikwu.vision.zoom import MARGIN_TILES, ZOOM_BELOW, zoom_in, zoom_region
from vision_scenes import hand_scene, iou, require_shipped_models

from sikwu import vision


def row_of_tiles(x0: float, y0: float, tile: float, n: int = 5, score: float = 0.8) -> list[Detection]:
    """n touching portrait tiles whose long side is ``tile`` pixels."""
    w = 0.75 * tile
    return [Detection(box=(x0 + i * w, y0, x0 + (i + 1) * w, y0 + tile), score=score) for i in range(n)]


class WindowDetector:
    """Reports where the tiles of a known row lie inside whatever window it is given; records the window sizes."""

    input_size = 320

    def __init__(self, row: list[Detection]):
        self.row = row
        self.seen: list[tuple[int, int]] = []
        self.origins: list[tuple[int, int]] = []

    def detect(self, image_bgr, score_threshold=None):
        h, w = image_bgr.shape[:2]
        self.seen.append((w, h))
        ox, oy = self.origins.pop(0) if self.origins else (0, 0)
        return [
            Detection(box=(b[0] - ox, b[1] - oy, b[2] - ox, b[3] - oy), score=0.9) for b in (d.box for d in self.row)
        ]


def test_tiles_big_enough_in_the_detector_input_are_not_looked_at_again():
    # a 640-pixel photo shown at 320: a 70-pixel tile is 35 pixels there
    assert zoom_region(row_of_tiles(100, 100, tile=70), 640, 640, 320) is None


def test_small_tiles_are_looked_at_again_in_the_region_that_holds_them():
    row = row_of_tiles(1000, 1200, tile=30)  # 30 px in a 3000 px photo: 3.2 px in the detector input
    region = zoom_region(row, 3000, 3000, 320)
    assert region is not None
    assert region.x1 == pytest.approx(1000 - MARGIN_TILES * 30, abs=1)
    assert region.y2 == pytest.approx(1230 + MARGIN_TILES * 30, abs=1)
    assert 30 * 320 / max(region.x2 - region.x1, region.y2 - region.y1) >= ZOOM_BELOW


def test_small_tiles_spread_over_the_whole_photo_are_not_looked_at_again():
    spread = row_of_tiles(0, 0, tile=12) + row_of_tiles(2900, 2900, tile=12)
    assert zoom_region(spread, 3000, 3000, 320) is None


def test_two_detections_say_nothing_about_where_the_tiles_are():
    assert zoom_region(row_of_tiles(1000, 1200, tile=30, n=2), 3000, 3000, 320) is None


def test_the_closer_look_reports_boxes_in_the_photo_coordinates():
    row = row_of_tiles(1000, 1200, tile=30)
    det = WindowDetector(row)
    region = zoom_region(row, 3000, 3000, 320)
    det.origins = [(region.x1, region.y1)]
    found, used = zoom_in(np.zeros((3000, 3000, 3), np.uint8), det, row, 0.3)
    assert used == region and det.seen[0] == (region.x2 - region.x1, region.y2 - region.y1)
    for got, want in zip(found, row, strict=True):
        assert got.box == pytest.approx(want.box)


def test_a_closer_look_that_finds_nothing_keeps_the_first_detections():
    row = row_of_tiles(1000, 1200, tile=30)

    class Blind(WindowDetector):
        def detect(self, image_bgr, score_threshold=None):
            return []

    found, used = zoom_in(np.zeros((3000, 3000, 3), np.uint8), Blind(row), row, 0.3)
    assert found is row and used is None


def test_shipped_models_read_a_composed_hand_photographed_from_three_times_further():
    require_shipped_models()
    img, placed = hand_scene("felt")
    h, w = img.shape[:2]
    canvas = np.empty((3 * h, 3 * w, 3), np.uint8)
    canvas[:] = img[2, 2]
    canvas[h : 2 * h, w : 2 * w] = img
    rec = vision.recognize(canvas)
    assert Counter(rec.ids) == Counter(p.id for p in placed)
    for p in placed:
        want = (p.box[0] + w, p.box[1] + h, p.box[2] + w, p.box[3] + h)
        assert max(iou(t.box, want) for t in rec.tiles) > 0.6
