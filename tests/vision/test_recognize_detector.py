"""recognize() with the learned tile detector as the candidate source, the union with segmentation, and the
fallback to OpenCV segmentation when the detector model is missing or finds nothing.

Pipeline-logic tests use a stand-in detector that proposes the composed photo's own tile boxes (a pixel loose)
and the nearest-face stand-in classifier; the shipped models are exercised by the last test,
which skips while they are absent.
"""

from __future__ import annotations

import importlib
from collections import Counter

import cv2
import pytest
from sikwu.vision.detector import Detection
from vision_scenes import (
    HAND_SCENE_GROUPS,
    NearestFaceClassifier,
    hand_scene,
    ids_by_group,
    iou,
    require_shipped_models,
)

from sikwu import vision

pipeline_module = importlib.import_module("sikwu.vision.pipeline")
naming_module = importlib.import_module("sikwu.vision.naming")
propose_module = importlib.import_module("sikwu.vision.propose")
quads_module = importlib.import_module("sikwu.vision.quads")


class BoxDetector:
    """Proposes the given boxes, grown by a pixel (the stand-in classifier is sensitive to framing), best first."""

    def __init__(self, boxes, grow: float = 1.0):
        self.boxes = [(x1 - grow, y1 - grow, x2 + grow, y2 + grow) for x1, y1, x2, y2 in boxes]
        self.calls = 0

    def detect(self, image_bgr, score_threshold=None):
        self.calls += 1
        h, w = image_bgr.shape[:2]
        return [
            Detection(box=(max(0.0, a), max(0.0, b), min(float(w), c), min(float(h), d)), score=0.9)
            for a, b, c, d in self.boxes
        ]


class CountingClassifier(NearestFaceClassifier):
    def __init__(self):
        super().__init__()
        self.batches = 0

    def predict(self, crops, k=3):
        self.batches += 1
        return super().predict(crops, k)


@pytest.fixture(scope="module")
def scene():
    return hand_scene("felt")


@pytest.fixture(scope="module")
def fake():
    return CountingClassifier()


def test_detector_path_names_every_tile_of_a_composed_photo(scene, fake):
    img, placed = scene
    rec = vision.recognize(img, classifier=fake, detector=BoxDetector([p.box for p in placed]))
    assert rec.candidates == "detector"
    assert Counter(rec.ids) == Counter(p.id for p in placed)
    for p in placed:  # each tile is reported where it lies, with its own id
        best = max(rec.tiles, key=lambda t: iou(t.box, p.box))
        assert iou(best.box, p.box) > 0.7 and best.id == p.id


def test_detector_path_classifies_all_candidates_in_one_batch(scene, fake):
    img, placed = scene
    fake.batches = 0
    rec = vision.recognize(img, classifier=fake, detector=BoxDetector([p.box for p in placed]))
    assert fake.batches == 1
    assert {"load", "detect", "classify", "layout_decode", "total"} <= set(rec.timings_ms)
    assert "segment" not in rec.timings_ms


def test_detector_path_keeps_groups_and_rows_in_reading_order(scene, fake):
    img, placed = scene
    rec = vision.recognize(img, classifier=fake, detector=BoxDetector([p.box for p in placed]))
    assert ids_by_group(rec) == HAND_SCENE_GROUPS


def test_quad_of_a_tile_turned_a_quarter_turn_starts_on_its_short_side(scene, fake):
    img, placed = scene
    rec = vision.recognize(img, classifier=fake, detector=BoxDetector([p.box for p in placed]))
    turned = next(p for p in placed if p.rotated == 90)
    tile = max(rec.tiles, key=lambda t: iou(t.box, turned.box))
    q = tile.quad
    assert abs(q[1] - q[0]).sum() < abs(q[3] - q[0]).sum()  # first edge (tl -> tr) is the short one


def test_detector_boxes_the_classifier_rejects_are_not_reported(scene, fake):
    img, placed = scene
    table_only = (900.0, 500.0, 960.0, 580.0)  # plain felt, far from every tile
    assert all(iou(table_only, p.box) == 0 for p in placed)
    rec = vision.recognize(img, classifier=fake, detector=BoxDetector([p.box for p in placed] + [table_only]))
    assert len(rec.tiles) == len(placed)


def test_a_box_straddling_two_touching_tiles_is_not_reported(scene):
    """A detector peak between two touching tiles gives a box of half of each; the classifier may still name it
    (measured: a composed 14-tile row on felt was read with a 15th tile this way). The shipped classifier reads: a
    crop of two halves is what it reads unsurely or as a neighbour (the template-matching fake is sure of any crop)."""
    require_shipped_models()
    img, placed = scene
    boxes = [p.box for p in placed]
    straddlers = []
    for k in range(10):  # on each seam of the touching row, a little low: less than half of either tile
        a = boxes[k]
        w, h = a[2] - a[0], a[3] - a[1]
        straddlers.append((a[2] - 0.45 * w, a[1] + 0.15 * h, a[2] + 0.45 * w, a[3] + 0.15 * h))
    rec = vision.recognize(img, detector=BoxDetector(boxes + straddlers))
    assert Counter(rec.ids) == Counter(p.id for p in placed)


def test_union_adds_the_tiles_the_detector_missed(scene, fake):
    img, placed = scene
    missed = {"1f", "6f"}  # the flowers, set apart: a blob no detector box covers
    det = BoxDetector([p.box for p in placed if p.id not in missed])
    only = vision.recognize(img, classifier=fake, detector=det, candidates="detector")
    assert Counter(only.ids) == Counter(p.id for p in placed if p.id not in missed)
    both = vision.recognize(img, classifier=fake, detector=det, candidates="union")
    assert both.candidates == "detector+segmentation"
    assert Counter(both.ids) == Counter(p.id for p in placed)


def test_falls_back_to_segmentation_when_the_detector_model_is_missing(scene, fake, tmp_path, monkeypatch):
    img, placed = scene
    monkeypatch.setattr(pipeline_module, "DETECTOR_MODEL_PATH", tmp_path / "no_detector.onnx")
    rec = vision.recognize(img, classifier=fake)
    assert rec.candidates == "segmentation"
    assert any("detector model not found" in n for n in rec.notes)
    assert Counter(rec.ids) == Counter(p.id for p in placed)
    assert rec.to_dict()["candidates"] == "segmentation"


def test_falls_back_to_segmentation_when_the_detector_finds_nothing(scene, fake):
    img, placed = scene
    rec = vision.recognize(img, classifier=fake, detector=BoxDetector([]))
    assert rec.candidates == "segmentation"
    assert any("found no tiles" in n for n in rec.notes)
    assert Counter(rec.ids) == Counter(p.id for p in placed)


def test_detector_boxes_are_in_original_pixels_for_a_large_photo(fake):
    img, placed = hand_scene("wood")
    big = cv2.resize(img, (img.shape[1] * 3, img.shape[0] * 3), interpolation=cv2.INTER_LINEAR)

    class ScaledDetector(BoxDetector):
        """Proposes the tiles at whatever resolution recognize() hands it (the photo is downscaled for work)."""

        def detect(self, image_bgr, score_threshold=None):
            s = image_bgr.shape[1] / img.shape[1]
            self.boxes = [tuple(v * s for v in p.box) for p in placed]
            return super().detect(image_bgr, score_threshold)

    rec = vision.recognize(big, classifier=fake, detector=ScaledDetector([]))
    assert rec.candidates == "detector"
    for p in placed:
        want = tuple(v * 3 for v in p.box)
        assert max(iou(t.box, want) for t in rec.tiles) > 0.8


def test_shipped_detector_and_classifier_read_a_composed_photo(scene):
    require_shipped_models()
    img, placed = scene
    rec = vision.recognize(img)
    assert rec.candidates.startswith("detector")
    assert Counter(rec.ids) == Counter(p.id for p in placed)


# ----------------------------------------------------------------------------------------- faint boxes in a row


def _tile_at(x: float, y: float = 0.0, w: float = 30.0, h: float = 40.0):
    return quads_module.box_quad((x, y, x + w, y + h))


def _named(label: str, p: float):
    return [(label, p), ("not-a-tile", 1 - p)]


def test_a_faint_box_continuing_a_row_of_tiles_is_kept():
    taken = [_tile_at(0), _tile_at(31)]
    faint = [(_tile_at(62), _named("5z", 0.8))]  # a blank white dragon at the row's end
    assert naming_module.row_continuations(faint, taken) == faint


def test_a_faint_box_continuing_a_column_is_kept():
    """A row photographed lying on its side runs down the photo."""
    taken = [_tile_at(0, 0, 40, 30), _tile_at(0, 31, 40, 30)]
    faint = [(_tile_at(0, 62, 40, 30), _named("5z", 0.8))]
    assert naming_module.row_continuations(faint, taken) == faint


def test_a_faint_box_out_on_the_table_is_left_out_however_sure_the_classifier_is():
    taken = [_tile_at(0), _tile_at(31)]
    assert naming_module.row_continuations([(_tile_at(200, 150), _named("3p", 0.99))], taken) == []


def test_a_faint_box_over_the_gap_between_two_tiles_is_left_out():
    taken = [_tile_at(0), _tile_at(31)]
    assert naming_module.row_continuations([(_tile_at(16), _named("2p", 0.95))], taken) == []


@pytest.mark.parametrize("label,p", [("back", 0.95), ("not-a-tile", 0.95), ("4m", 0.5)])
def test_a_faint_box_is_kept_only_for_a_sure_face(label, p):
    """Felt between tiles reads as a green back; a faint box needs a face named with FAINT_MIN_PROB."""
    taken = [_tile_at(0), _tile_at(31)]
    assert naming_module.row_continuations([(_tile_at(62), _named(label, p))], taken) == []


class FaintRowEndDetector(BoxDetector):
    """Sure of every tile but the blank white dragon ending the scene's first row, which it scores below the
    threshold (as the shipped detector does blank faces)."""

    ROW_END = len(HAND_SCENE_GROUPS[0]) - 1

    def detect(self, image_bgr, score_threshold=None):
        found = super().detect(image_bgr)
        found[self.ROW_END] = Detection(box=found[self.ROW_END].box, score=0.2)
        threshold = 0.0 if score_threshold is None else score_threshold
        return [d for d in found if d.score >= threshold]


def test_recognition_keeps_a_faintly_detected_tile_at_the_end_of_a_row(scene, fake):
    img, placed = scene
    assert placed[FaintRowEndDetector.ROW_END].id == "5z"
    rec = vision.recognize(img, classifier=fake, detector=FaintRowEndDetector([p.box for p in placed]))
    assert Counter(rec.ids) == Counter(p.id for p in placed)


def test_without_faint_boxes_that_tile_is_missed(scene, fake, monkeypatch):
    monkeypatch.setattr(propose_module, "FAINT_SCORE", None)
    img, placed = scene
    rec = vision.recognize(img, classifier=fake, detector=FaintRowEndDetector([p.box for p in placed]))
    assert Counter(rec.ids) == Counter(p.id for p in placed) - Counter(["5z"])
