"""Which candidates are tiles, and which tiles lie face down: the name and assemble stages' rules
(docs/vision.md, "Name" and "Assemble").

A candidate the classifier is sure is some tile, though unsure which, is still a tile (the player checks its
top-3); a group of four laid like a Hong Kong concealed kong (two equal faces shown, the other two face down, in
the middle or at the ends) has its two odd tiles read as backs when the classifier itself reads ``back`` first or
second there.
"""

from __future__ import annotations

import numpy as np
from sikwu.vision.assemble import assemble
from sikwu.vision.classifier import Readings, readings
from sikwu.vision.io import LoadedImage
from sikwu.vision.kong_backs import kong_backs
from sikwu.vision.naming import is_tile

UNSURE_FLOWER = [("1f", 0.26), ("6f", 0.16), ("8f", 0.09), ("5f", 0.08), ("3p", 0.08)]
BACK_SECOND = [("5z", 0.80), ("back", 0.12), ("1s", 0.03), ("7z", 0.02), ("2z", 0.01)]
BACK_THIRD = [("5z", 0.80), ("7z", 0.12), ("back", 0.03), ("1s", 0.02), ("2z", 0.01)]
FACE = [("8m", 0.97), ("2f", 0.01), ("9m", 0.01), ("7m", 0.005), ("back", 0.001)]


def test_a_crop_surely_some_tile_but_unsure_which_is_a_tile():
    assert is_tile(UNSURE_FLOWER)


def test_a_crop_with_little_belief_in_any_tile_is_not_a_tile():
    assert not is_tile([("1m", 0.2), ("not-a-tile", 0.19), ("2m", 0.05), ("3m", 0.04), ("4m", 0.03)])


def test_a_face_of_unfamiliar_art_spread_thin_over_many_faces_is_a_tile_when_not_a_tile_gets_little():
    """Which face it is and whether it is a tile are different questions: the whole distribution answers the second
    (1 - P(not-a-tile)), which the top three alone understate for a face read 0.13 / 0.12 / 0.1."""
    spread = Readings([("2p", 0.13), ("5m", 0.12), ("3f", 0.1)], tile=0.93)
    assert is_tile(spread)
    assert not is_tile(Readings([("2p", 0.13), ("5m", 0.12), ("3f", 0.1)], tile=0.45))


def test_readings_carry_the_probability_of_being_any_tile_from_the_whole_distribution():
    labels = ("1m", "2m", "back", "not-a-tile")
    (one,) = readings(np.array([[0.3, 0.25, 0.25, 0.2]]), labels, 2, None)
    assert one == [("1m", 0.3), ("2m", 0.25)] and one.tile == 0.8


def test_a_crop_named_not_a_tile_first_is_not_a_tile_whatever_the_rest_adds_up_to():
    assert not is_tile([("not-a-tile", 0.35), ("1m", 0.3), ("2m", 0.2), ("3m", 0.1), ("4m", 0.05)])


def test_a_face_named_surely_is_a_tile():
    assert is_tile(FACE)


def test_the_middle_two_of_face_odd_odd_face_are_the_backs_of_a_concealed_kong():
    assert sorted(kong_backs([0, 0, 0, 0], [FACE, BACK_SECOND, BACK_SECOND, FACE])) == [1, 2]


def test_the_end_two_of_odd_face_face_odd_are_the_backs_of_a_concealed_kong():
    assert sorted(kong_backs([0, 0, 0, 0], [BACK_SECOND, FACE, FACE, BACK_SECOND])) == [0, 3]


def test_one_back_already_read_leaves_only_the_other_to_turn():
    back = [("back", 0.6), ("5z", 0.3), ("1s", 0.05), ("7z", 0.03), ("2z", 0.01)]
    assert kong_backs([0, 0, 0, 0], [FACE, back, BACK_SECOND, FACE]) == [2]


def test_odd_tiles_the_classifier_does_not_read_back_first_or_second_stay_faces():
    assert kong_backs([0, 0, 0, 0], [FACE, BACK_THIRD, BACK_SECOND, FACE]) == []


def test_four_equal_faces_are_an_exposed_kong_not_a_concealed_one():
    assert kong_backs([0, 0, 0, 0], [FACE] * 4) == []


def test_only_groups_of_exactly_four_are_read_as_concealed_kongs():
    assert kong_backs([0, 0, 0, 1, 1], [FACE, BACK_SECOND, FACE, BACK_SECOND, FACE]) == []
    assert kong_backs([0] * 5, [FACE, BACK_SECOND, BACK_SECOND, FACE, FACE]) == []


def _quad(x: float) -> np.ndarray:
    return np.array([[x, 0], [x + 60, 0], [x + 60, 80], [x, 80]], np.float32)


def test_assemble_reports_a_concealed_kongs_backs_as_backs_the_player_should_check():
    image = LoadedImage(pixels=np.zeros((100, 400, 3), np.uint8), original_size=(400, 100), scale=(1.0, 1.0))
    chosen = [(_quad(62 * i), p) for i, p in enumerate([FACE, BACK_SECOND, BACK_SECOND, FACE])]
    tiles = assemble(chosen, image, winning=False).tiles
    assert [t.id for t in tiles] == ["8m", "back", "back", "8m"]
    assert [t.changed for t in tiles] == [False, True, True, False]


def test_a_concealed_kongs_backs_stay_backs_when_the_tile_set_counts_are_put_right():
    image = LoadedImage(pixels=np.zeros((100, 800, 3), np.uint8), original_size=(800, 100), scale=(1.0, 1.0))
    five_whites = [FACE, BACK_SECOND, BACK_SECOND, FACE] + [[("5z", 0.9), ("6z", 0.1)]] * 3
    chosen = [(_quad(62 * i + (40 if i > 3 else 0)), p) for i, p in enumerate(five_whites)]
    tiles = assemble(chosen, image, winning=False).tiles
    assert [t.id for t in tiles][:4] == ["8m", "back", "back", "8m"]
    assert tiles[1].top3[0][0] == "5z"
