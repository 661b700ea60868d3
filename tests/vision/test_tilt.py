"""A photo whose tile rows run at a slant (a phone held at an angle) is levelled before its tiles are found, when
the detector is surer of the tiles in the levelled copy or its boxes there stop overlapping (the tiles stand
upright); quads map back onto the slanted tiles (vision.tilt)."""

from __future__ import annotations

from collections import Counter

import cv2
import numpy as np
import pytest
from sikwu.vision.detector import Detection
from sikwu.vision.io import LoadedImage
from sikwu.vision.tilt import LOST_TILES, MIN_TILT, level, overlap_share, slant, turn
from vision_scenes import hand_scene, require_shipped_models

from sikwu import vision


def turned_scene(degrees: float):
    img, placed = hand_scene("felt")
    h, w = img.shape[:2]
    m = cv2.getRotationMatrix2D((w / 2, h / 2), degrees, 1.0)
    out = cv2.warpAffine(img, m, (w, h), borderValue=tuple(float(v) for v in img[2, 2]))
    return out, placed, m


def as_loaded(pixels: np.ndarray) -> LoadedImage:
    h, w = pixels.shape[:2]
    return LoadedImage(pixels=pixels, original_size=(w, h), scale=(1.0, 1.0))


class ScoreByLevel:
    """Surer of its (made-up) tiles the more level the image it is given is, judged by vision.tilt.slant."""

    def __init__(self):
        self.calls = 0

    def detect(self, image_bgr, score_threshold=None):
        self.calls += 1
        score = 0.9 - abs(slant(image_bgr)[0]) / 100
        return [Detection(box=(10.0 * i, 0.0, 10.0 * i + 8, 12.0), score=score) for i in range(5)]


@pytest.mark.parametrize("degrees", [0.0, 12.0, -20.0, 30.0])
def test_slant_of_a_composed_hand_is_the_turn_it_was_given(degrees):
    img, _, _ = turned_scene(degrees)
    # a counter-clockwise turn of d puts the rows' edges at -d degrees in image coordinates (y down)
    assert slant(img)[0] == pytest.approx(-degrees, abs=2.5)


def test_a_flat_image_with_a_few_upright_rectangles_has_a_level_slant_not_nan():
    # most pixels have no gradient at all, so the strongest share includes zero gradients (division by zero)
    image = np.full((480, 640, 3), (40, 110, 40), np.uint8)
    image[200:280, 100:160] = 235
    degrees, agreement = slant(image)
    assert np.isfinite(degrees) and np.isfinite(agreement)
    assert abs(degrees) < 1


def test_turned_points_map_back_to_the_same_original_pixels():
    img, _, _ = turned_scene(0.0)
    loaded = as_loaded(img)
    turned = turn(loaded, 25.0)
    h, w = img.shape[:2]
    m = cv2.getRotationMatrix2D((w / 2, h / 2), 25.0, 1.0)
    nw, nh = turned.pixels.shape[1], turned.pixels.shape[0]
    m[0, 2] += nw / 2 - w / 2
    m[1, 2] += nh / 2 - h / 2
    point = np.array([[40.0, 70.0]])
    moved = point @ m[:, :2].T + m[:, 2]
    assert turned.to_original(moved) == pytest.approx(point, abs=1e-6)


def test_a_level_photo_is_not_turned_and_costs_no_detector_run():
    img, _, _ = turned_scene(0.0)
    det = ScoreByLevel()
    out = level(as_loaded(img), det, det.detect(img), 0.3)
    assert out.degrees == 0.0 and out.note is None and det.calls == 1


def test_a_slanted_photo_is_levelled_when_the_detector_is_surer_there():
    img, _, _ = turned_scene(20.0)
    det = ScoreByLevel()
    out = level(as_loaded(img), det, det.detect(img), 0.3)
    assert abs(out.degrees) > MIN_TILT and "slant of about" in out.note
    assert abs(slant(out.loaded.pixels)[0]) < 2.5


def test_a_levelled_copy_the_detector_likes_no_better_is_not_kept():
    img, _, _ = turned_scene(20.0)

    class Indifferent:
        def detect(self, image_bgr, score_threshold=None):
            return [Detection(box=(10.0 * i, 0.0, 10.0 * i + 8, 12.0), score=0.6) for i in range(5)]

    det = Indifferent()
    out = level(as_loaded(img), det, det.detect(img), 0.3)
    assert out.degrees == 0.0 and out.loaded.unrotate is None


def row(n: int, step: float, score: float = 0.6) -> list[Detection]:
    """n boxes 10 wide, each starting ``step`` after the last (step 10: touching; 5: half under the next)."""
    return [Detection(box=(step * i, 0.0, step * i + 10, 12.0), score=score) for i in range(n)]


def test_boxes_in_a_touching_row_do_not_overlap():
    assert overlap_share(row(6, 10.0)) == 0.0


def test_overlap_share_is_the_mean_share_of_a_box_under_the_others():
    # step 5: the end boxes are half covered, the inner ones fully (two halves): (0.5 + 1 + 1 + 0.5) / 4
    assert overlap_share(row(4, 5.0)) == pytest.approx(0.75)


class OverlapByLevel:
    """As sure of its tiles at any slant, but its upright boxes overlap more the more the rows slant, as a real
    detector's boxes around turned tiles do; ``lose`` boxes go missing in the levelled view."""

    def __init__(self, lose: int = 0):
        self.lose = lose

    def detect(self, image_bgr, score_threshold=None):
        tilted = abs(slant(image_bgr)[0]) > 5
        return row(8, 5.0) if tilted else row(8 - self.lose, 10.0)


def test_a_levelled_copy_whose_boxes_stop_overlapping_is_kept_though_the_detector_is_no_surer():
    img, _, _ = turned_scene(20.0)
    det = OverlapByLevel()
    out = level(as_loaded(img), det, det.detect(img), 0.3)
    assert abs(out.degrees) > MIN_TILT
    assert abs(slant(out.loaded.pixels)[0]) < 2.5


def test_a_levelled_copy_that_loses_tiles_is_not_kept_for_its_overlap_alone():
    img, _, _ = turned_scene(20.0)
    det = OverlapByLevel(lose=LOST_TILES + 1)
    out = level(as_loaded(img), det, det.detect(img), 0.3)
    assert out.degrees == 0.0 and out.loaded.unrotate is None


class SurerWhenTurned:
    """A detector surer of the turned copy: what chance gives on a table of tiles lying every way."""

    def detect(self, image_bgr, score_threshold=None):
        return row(8, 10.0, score=0.5) if abs(slant(image_bgr)[0]) > 5 else row(8, 10.0, score=0.9)


@pytest.mark.parametrize("detector", [OverlapByLevel, SurerWhenTurned], ids=["boxes-stop-overlapping", "surer"])
def test_tiles_lying_every_way_are_not_levelled_whatever_the_detector_says_of_the_turned_copy(monkeypatch, detector):
    """Tiles lying every way (gradients barely agree on a slant): no turn stands them upright, so neither a drop in
    overlap nor a surer detector on the turned copy is reason to level; both are chance."""
    import sikwu.vision.tilt as tilt

    img, _, _ = turned_scene(20.0)
    monkeypatch.setattr(tilt, "slant", lambda pixels: (-20.0, tilt.MIN_AGREEMENT / 2))
    det = detector()
    out = level(as_loaded(img), det, det.detect(img), 0.3)
    assert out.degrees == 0.0 and out.loaded.unrotate is None


@pytest.mark.parametrize("enlarge", [1, 3])
def test_shipped_models_read_a_composed_hand_photographed_at_a_20_degree_slant(enlarge):
    require_shipped_models()
    img, placed, m = turned_scene(20.0)
    if enlarge != 1:  # a big photo: the levelled view is judged on a smaller copy, then the working copy is turned
        img = cv2.resize(img, None, fx=enlarge, fy=enlarge, interpolation=cv2.INTER_CUBIC)
    rec = vision.recognize(img)
    assert any("slant" in n for n in rec.notes)
    assert Counter(rec.ids) == Counter(p.id for p in placed)
    for p in placed:  # each reported quad lies on its slanted tile
        x1, y1, x2, y2 = p.box
        centre = enlarge * (np.array([(x1 + x2) / 2, (y1 + y2) / 2]) @ m[:, :2].T + m[:, 2])
        nearest = min(rec.tiles, key=lambda t: np.linalg.norm(t.quad.mean(axis=0) - centre))
        assert nearest.id == p.id and np.linalg.norm(nearest.quad.mean(axis=0) - centre) < 0.25 * enlarge * (y2 - y1)
