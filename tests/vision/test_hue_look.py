"""A crop that may be a face-down tile of a colour the classifier never learnt is read again with its hue turned
(vision.hue_look): a back of any colour reads as a back, a white tile is left alone."""

from __future__ import annotations

import cv2
import numpy as np
import pytest
from sikwu.vision.hue_look import HUE_TURNS, hue_look, saturation, turn_hue

PURPLE, WHITE, GREEN_HUE = (130, 50, 110), (235, 238, 240), 60  # BGR, BGR, OpenCV hue of green (0-179)
QUAD = np.array([[20, 20], [80, 20], [80, 100], [20, 100]], np.float32)


def photo(colour: tuple[int, int, int]) -> np.ndarray:
    img = np.full((120, 100, 3), (40, 40, 40), np.uint8)
    img[15:105, 15:85] = colour
    return img


def hue_of(crop: np.ndarray) -> float:
    return float(np.median(cv2.cvtColor(crop, cv2.COLOR_BGR2HSV)[30:-30, 30:-30, 0]))


class KnowsGreenBacks:
    """Reads a green crop as a back (sure), anything else as ``first``; counts the crops it is shown."""

    def __init__(self, first: list[tuple[str, float]], green_back: float = 0.9):
        self.first, self.green_back, self.shown = first, green_back, 0

    def predict(self, crops, k=3):
        self.shown += len(crops)
        out = []
        for c in crops:
            green = abs(hue_of(c) - GREEN_HUE) < 20 and saturation(c) > 0.25
            out.append([("back", self.green_back), ("not-a-tile", 0.05)] if green else list(self.first))
        return out


def test_turning_the_hue_moves_a_purple_half_way_round_the_colour_circle():
    crop = photo(PURPLE)[15:105, 15:85]
    assert abs(hue_of(turn_hue(crop, 180)) - (hue_of(crop) + 90) % 180) <= 1


def test_turning_the_hue_leaves_a_white_crop_white():
    crop = photo(WHITE)
    for degrees in HUE_TURNS:  # a near-white keeps its brightness; its faint tint moves a few levels at most
        assert np.abs(turn_hue(crop, degrees).astype(int) - crop.astype(int)).max() <= 6


def test_a_purple_back_read_as_not_a_tile_reads_as_a_back_once_its_hue_is_turned():
    first = [("not-a-tile", 0.48), ("back", 0.47), ("1m", 0.01)]
    clf = KnowsGreenBacks(first)
    ((quad, pred),) = hue_look(photo(PURPLE), [(QUAD, first)], clf)
    assert pred[0] == ("back", 0.9) and quad is QUAD


@pytest.mark.parametrize(
    ("colour", "first"),
    [
        (WHITE, [("5z", 0.51), ("back", 0.44)]),
        (PURPLE, [("7z", 0.6), ("6z", 0.3), ("1m", 0.05), ("back", 0.02)]),
        (PURPLE, [("back", 0.7), ("not-a-tile", 0.2)]),
    ],
    ids=["white-crop-its-hue-is-noise", "back-not-among-the-first-three", "back-already-first"],
)
def test_a_crop_that_is_no_doubtful_coloured_back_is_not_read_again(colour, first):
    clf = KnowsGreenBacks(first)
    assert hue_look(photo(colour), [(QUAD, first)], clf)[0][1] == first and clf.shown == 0


def test_a_turned_view_less_sure_than_the_crops_own_reading_does_not_replace_it():
    first = [("5z", 0.8), ("back", 0.15)]
    clf = KnowsGreenBacks(first, green_back=0.6)
    assert hue_look(photo(PURPLE), [(QUAD, first)], clf)[0][1] == first


def test_every_turn_is_read_once_per_doubtful_crop():
    first = [("not-a-tile", 0.6), ("back", 0.3)]
    clf = KnowsGreenBacks(first)
    hue_look(photo(PURPLE), [(QUAD, first), (QUAD, first)], clf)
    assert clf.shown == 2 * len(HUE_TURNS)
