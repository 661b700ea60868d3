"""Photos stretched along one axis (a thumbnail squeezed to a square, a dataset export) are squeezed back to tile
shape before their tiles are found, and every box still maps to the original photo's pixels (vision.stretch)."""

from __future__ import annotations

from collections import Counter

import cv2
import numpy as np
import pytest
from sikwu.vision.detector import Detection
from sikwu.vision.io import LoadedImage
from sikwu.vision.stretch import (
    FRAME_ASPECT_LIMIT,
    STRETCH_TRIGGER,
    frame_axis,
    median_aspect,
    squeeze,
    stretched_axis,
    unstretch,
)
from vision_scenes import hand_scene, iou, require_shipped_models

from sikwu import vision


def boxes_of_aspect(aspect: float, n: int = 6, score: float = 0.5) -> list[Detection]:
    return [Detection(box=(10.0 * i, 0.0, 10.0 * i + 30.0 * aspect, 30.0), score=score) for i in range(n)]


class WidthLikingDetector:
    """Most sure of its boxes when the image it is given is ``liked_width`` pixels wide; counts its calls."""

    def __init__(self, liked_width: int):
        self.liked_width = liked_width
        self.calls = 0

    def detect(self, image_bgr, score_threshold=None):
        self.calls += 1
        w = image_bgr.shape[1]
        score = 0.9 - abs(np.log(w / self.liked_width))
        return boxes_of_aspect(0.75, score=max(0.31, score))


def loaded(w: int = 600, h: int = 200) -> LoadedImage:
    return LoadedImage(pixels=np.full((h, w, 3), 200, np.uint8), original_size=(w * 2, h * 2), scale=(2.0, 2.0))


def test_median_aspect_is_the_typical_box_shape():
    assert median_aspect(boxes_of_aspect(0.75)) == pytest.approx(0.75)
    assert median_aspect(boxes_of_aspect(5.0)[:3] + boxes_of_aspect(0.2)[:2]) == pytest.approx(5.0)


def test_tile_shaped_boxes_do_not_mean_a_stretched_photo():
    for aspect in (0.55, 0.75, 1.33, 1.8):
        assert stretched_axis(boxes_of_aspect(aspect)) is None


def test_boxes_far_wider_than_a_tile_mean_the_photo_is_stretched_across():
    assert stretched_axis(boxes_of_aspect(STRETCH_TRIGGER * 1.6)) == "x"


def test_boxes_far_taller_than_a_tile_mean_the_photo_is_stretched_down():
    assert stretched_axis(boxes_of_aspect(1 / (STRETCH_TRIGGER * 1.6))) == "y"


def test_two_boxes_say_nothing_about_stretch():
    assert stretched_axis(boxes_of_aspect(6.0, n=2)) is None


def test_a_squeezed_point_maps_back_to_the_same_original_pixel():
    image = loaded(600, 200)
    squeezed = squeeze(image, "x", 4.0)
    assert squeezed.pixels.shape[:2] == (200, 150)
    assert squeezed.to_original(np.array([[75.0, 100.0]])) == pytest.approx(image.to_original(np.array([[300, 100]])))


def test_an_ordinary_photo_passes_unchanged_without_asking_the_detector_again():
    image, det = loaded(400, 300), WidthLikingDetector(400)
    out = unstretch(image, det, boxes_of_aspect(0.75), 0.3)
    assert out.loaded is image and out.factor == 1.0 and out.note is None and det.calls == 0


def test_the_squeeze_the_detector_is_surest_of_wins():
    image, det = loaded(600, 200), WidthLikingDetector(liked_width=100)  # 6:1 stretched across
    out = unstretch(image, det, boxes_of_aspect(6.0, score=0.35), 0.3)
    assert (out.axis, out.factor) == ("x", 6.0)
    assert out.loaded.pixels.shape[1] == 100 and out.detections
    assert "stretched about 6:1" in out.note


def test_a_squeeze_the_detector_likes_less_than_the_photo_as_is_is_not_taken():
    image, det = loaded(600, 200), WidthLikingDetector(liked_width=600)
    out = unstretch(image, det, boxes_of_aspect(6.0, score=0.95), 0.3)
    assert out.loaded is image and out.axis is None and det.calls > 0


@pytest.mark.parametrize("times", [2, 5])
def test_shipped_models_read_a_composed_photo_stretched_across(times: int):
    require_shipped_models()
    img, placed = hand_scene("felt")
    h, w = img.shape[:2]
    stretched = cv2.resize(img, (w * times, h), interpolation=cv2.INTER_LINEAR)
    rec = vision.recognize(stretched)
    assert any("stretched" in n for n in rec.notes)
    assert Counter(rec.ids) == Counter(p.id for p in placed)
    for p in placed:  # boxes are in the stretched photo's own pixels
        want = (p.box[0] * times, p.box[1], p.box[2] * times, p.box[3])
        assert max(iou(t.box, want) for t in rec.tiles) > 0.6


@pytest.mark.parametrize(("w", "h", "axis"), [(1600, 900, None), (2000, 900, None), (900, 2000, None)])
def test_camera_frames_and_phone_screenshots_are_not_suspect(w: int, h: int, axis: str | None):
    assert frame_axis(loaded(w, h)) is axis


def test_a_frame_far_wider_or_taller_than_a_camera_frame_is_suspect():
    side = round(100 * FRAME_ASPECT_LIMIT) + 10
    assert (frame_axis(loaded(side, 100)), frame_axis(loaded(100, side))) == ("x", "y")


def wide_frame_of_square_pieces(first_score: float, second_score: float, second_liked_width: int):
    """A 3:1 frame whose boxes are tile-shaped to both detectors; the first is surest of it squeezed to 100 px wide."""
    image = loaded(600, 200)
    out = unstretch(
        image,
        WidthLikingDetector(liked_width=100),
        boxes_of_aspect(0.75, score=first_score),
        0.3,
        second=lambda: boxes_of_aspect(0.75, score=second_score),
        second_detector=WidthLikingDetector(liked_width=second_liked_width),
    )
    return image, out


def test_a_wide_frame_with_square_pieces_is_squeezed_when_both_detectors_are_surer():
    """A detector may box the pieces of a tile stretched five times as squares: the frame raises the question."""
    _, out = wide_frame_of_square_pieces(0.35, 0.35, second_liked_width=100)
    assert (out.axis, out.factor) == ("x", 6.0)


def test_the_second_detectors_boxes_on_an_accepted_squeeze_are_handed_on_not_found_again():
    """Recognition places its tiles with the second detector's boxes on the squeezed photo: the squeeze's check has
    them already, so the second detector runs once there, not twice."""
    from sikwu.vision.propose import detector_proposals

    second = WidthLikingDetector(liked_width=100)
    out = detector_proposals(loaded(600, 200), SquareThenWidthLiking(liked_width=100), second)
    assert out.image.pixels.shape[1] == 100  # squeezed six times, as with unstretch alone
    assert second.calls == 2  # the photo as it is, then the squeezed photo once


class SquareThenWidthLiking(WidthLikingDetector):
    """The first detector: boxes a tile's stretched pieces as squares (so only the frame asks for a squeeze)."""

    def detect(self, image_bgr, score_threshold=None):
        found = super().detect(image_bgr, score_threshold)
        return found if image_bgr.shape[1] != 600 else boxes_of_aspect(0.75, score=0.35)


def test_a_wide_frame_squeeze_the_second_detector_is_less_sure_of_is_not_taken():
    """A panorama: one detector likes a squeeze, the other does not."""
    image, out = wide_frame_of_square_pieces(0.6, 0.9, second_liked_width=600)
    assert out.loaded is image and out.axis is None


def test_a_second_detector_boxing_tile_shapes_keeps_the_photo_as_it_is():
    """The stripes of a striped cloth are long boxes to one detector; the other boxes the tiles, tile-shaped."""
    image, det = loaded(400, 300), WidthLikingDetector(liked_width=100)
    out = unstretch(image, det, boxes_of_aspect(6.0, score=0.35), 0.3, second=lambda: boxes_of_aspect(0.75))
    assert out.loaded is image and out.axis is None and det.calls == 0


def test_a_second_detector_boxing_long_shapes_too_confirms_the_stretch():
    image, det = loaded(600, 200), WidthLikingDetector(liked_width=100)
    out = unstretch(image, det, boxes_of_aspect(6.0, score=0.35), 0.3, second=lambda: boxes_of_aspect(5.0))
    assert (out.axis, out.factor) == ("x", 6.0)


def test_a_second_detector_with_too_few_boxes_leaves_the_judgement_to_the_first():
    image, det = loaded(600, 200), WidthLikingDetector(liked_width=100)
    out = unstretch(image, det, boxes_of_aspect(6.0, score=0.35), 0.3, second=lambda: boxes_of_aspect(0.75, n=2))
    assert out.axis == "x"


def test_the_second_detector_is_not_waited_for_on_an_ordinary_photo():
    asked: list[int] = []

    def second() -> list[Detection]:
        asked.append(1)
        return []

    out = unstretch(loaded(), WidthLikingDetector(600), boxes_of_aspect(0.75), 0.3, second=second)
    assert out.axis is None and not asked
