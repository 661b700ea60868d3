"""A tile read as a back between two faces is a face (vision.lone_backs): in a Hong Kong hand laid out to score, the
only face-down tiles are a concealed kong's two, at its ends (back, face, face, back) or in its middle (face, back,
back, face), so a back with a face on each side and no pair of equal faces beside it is a face misread, such as a
blank white dragon (hk-photos/valid)."""

from __future__ import annotations

import numpy as np
from sikwu.vision.lone_backs import as_face, faces_between
from sikwu.vision.quads import box_quad

BLANK_READ_AS_BACK = [("back", 0.59), ("5z", 0.41), ("not-a-tile", 0.0)]
PINK_BACK_READ_AS_BLANK = [("5z", 0.59), ("back", 0.41), ("not-a-tile", 0.0)]
W, H = 60.0, 80.0


def face(tile: str) -> list[tuple[str, float]]:
    return [(tile, 0.98), ("not-a-tile", 0.01), ("9s", 0.01)]


def row(*preds: list[tuple[str, float]]) -> tuple[list[np.ndarray], list[list[tuple[str, float]]]]:
    """Touching tiles left to right."""
    quads = [box_quad((200.0 + i * W, 100.0, 200.0 + i * W + W - 2, 100.0 + H)) for i in range(len(preds))]
    return quads, list(preds)


def test_a_back_between_two_faces_of_a_hand_is_a_face() -> None:
    quads, preds = row(face("2p"), face("7z"), BLANK_READ_AS_BACK, face("3m"), face("4m"))
    assert faces_between(quads, preds) == [2]
    assert as_face(BLANK_READ_AS_BACK)[0][0] == "5z"


def blank(p_back: float = 0.1) -> list[tuple[str, float]]:
    """A blank white dragon read as one, with ``back`` its second reading."""
    return [("5z", 0.9 - p_back), ("back", p_back), ("not-a-tile", 0.0)]


def test_a_back_between_two_blank_white_dragons_of_a_laid_out_set_is_a_face() -> None:
    # hk-photos/valid IMG_20231106: a set laid out in a grid, its three blank dragons side by side, the middle one
    # read back; no second back stands beside it, so no concealed kong holds it
    quads, preds = row(face("9p"), blank(), BLANK_READ_AS_BACK, blank(), face("9s"))
    assert faces_between(quads, preds) == [2]


def test_a_back_beside_a_pair_with_a_face_past_the_pair_is_a_face() -> None:
    # hk-photos/valid IMG_20231222: blank, West, West, Four of characters; a kong's end back would have its other
    # back past the pair
    quads, preds = row(face("8p"), BLANK_READ_AS_BACK, face("3z"), face("3z"), face("4m"))
    assert faces_between(quads, preds) == [1]


def test_the_end_of_a_kong_whose_other_back_is_out_of_the_row_stays_a_back() -> None:
    quads, preds = row(face("3m"), BLANK_READ_AS_BACK, face("8p"), face("8p"))
    assert faces_between(quads, preds) == []


def test_the_end_of_a_concealed_kong_laid_against_the_hand_stays_a_back() -> None:
    quads, preds = row(face("3m"), face("4m"), BLANK_READ_AS_BACK, face("8p"), face("8p"), BLANK_READ_AS_BACK)
    assert faces_between(quads, preds) == []


def test_a_kong_middle_back_beside_a_back_read_as_a_blank_stays_a_back() -> None:
    # face, back, back, face with the second back of an unfamiliar colour read as a blank white dragon
    quads, preds = row(face("2p"), BLANK_READ_AS_BACK, PINK_BACK_READ_AS_BLANK, face("2p"))
    assert faces_between(quads, preds) == []


def test_a_back_with_no_face_on_one_side_stays_a_back() -> None:
    quads, preds = row(face("2p"), BLANK_READ_AS_BACK, BLANK_READ_AS_BACK, BLANK_READ_AS_BACK)
    assert faces_between(quads, preds) == []


def test_a_sure_back_with_no_face_among_its_readings_stays_a_back() -> None:
    sure = [("back", 0.99), ("not-a-tile", 0.01)]
    quads, preds = row(face("2p"), face("7z"), sure, face("3m"), face("4m"))
    assert faces_between(quads, preds) == []


def test_a_blank_read_as_a_back_at_the_end_of_a_row_stays_a_back() -> None:
    # a kong's end back has its pair beside it, often misread on an unfamiliar set: the row's end is left alone
    quads, preds = row(face("2s"), face("7z"), face("1z"), BLANK_READ_AS_BACK)
    assert faces_between(quads, preds) == []


def test_two_backs_side_by_side_between_faces_that_are_not_a_pair_are_faces() -> None:
    # hk-photos/valid IMG_20231222: two blanks side by side in a laid-out set; a kong's middle backs lie between a pair
    quads, preds = row(face("1p"), face("3p"), BLANK_READ_AS_BACK, BLANK_READ_AS_BACK, face("2m"))
    assert faces_between(quads, preds) == [2, 3]


def test_two_backs_side_by_side_read_as_another_face_second_stay_backs() -> None:
    # only a blank white dragon looks like a back; a kong's middle backs whose pair was misread stay backs
    back_then_2p = [("back", 0.6), ("2p", 0.39), ("not-a-tile", 0.01)]
    quads, preds = row(face("1p"), face("3p"), back_then_2p, back_then_2p, face("2m"))
    assert faces_between(quads, preds) == []


def test_a_kongs_middle_backs_between_a_pair_stay_backs() -> None:
    quads, preds = row(face("3m"), face("2p"), BLANK_READ_AS_BACK, BLANK_READ_AS_BACK, face("2p"))
    assert faces_between(quads, preds) == []


def test_the_end_back_of_a_kong_at_the_row_end_stays_a_back() -> None:
    quads, preds = row(BLANK_READ_AS_BACK, face("8p"), face("8p"), BLANK_READ_AS_BACK, face("3m"))
    assert faces_between(quads, preds) == []
