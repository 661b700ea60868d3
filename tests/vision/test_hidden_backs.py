"""A concealed kong's face-down tiles no detector boxed (vision.hidden_backs, docs/vision.md "Propose"): a Hong Kong
concealed kong shows two equal faces, its two face-down tiles at both ends or between them, so where the faces lie
says where the backs must be; those places count when the classifier is sure each is a back."""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
from sikwu.vision.hidden_backs import hidden_backs
from sikwu.vision.quads import box_quad

BACK = [("back", 0.95), ("not-a-tile", 0.03), ("5z", 0.02)]
TABLE = [("not-a-tile", 0.9), ("back", 0.08), ("5z", 0.02)]
FACE = [("8m", 0.97), ("2f", 0.01), ("9m", 0.01)]
OTHER = [("3p", 0.97), ("2p", 0.01), ("4p", 0.01)]
W, H = 60.0, 80.0
TABLE_SHADE, BACK_SHADE = 40, 150


def photo(*back_slots: float, table: int = TABLE_SHADE, width: int = 900) -> np.ndarray:
    """A dark table with unboxed backs (a lighter shade) at these slots."""
    img = np.full((400, width, 3), table, np.uint8)
    for slot in back_slots:
        x = int(200 + slot * W)
        img[100 : 100 + int(H), x : x + int(W) - 2] = BACK_SHADE
    return img


class ByShade:
    """A classifier stub: a crop mostly of the backs' shade reads as a sure back, else as the table; counts crops."""

    def __init__(self) -> None:
        self.shown = 0

    def predict(self, crops: Sequence[np.ndarray], k: int = 3) -> list[list[tuple[str, float]]]:
        self.shown += len(crops)
        return [(BACK if float(c.mean()) > (TABLE_SHADE + BACK_SHADE) / 2 else TABLE)[:k] for c in crops]


def tile(slot: float, pred: list[tuple[str, float]]) -> tuple[np.ndarray, list[tuple[str, float]]]:
    """A tile at ``slot`` tile widths along a row (touching neighbours one slot apart)."""
    x = 200.0 + slot * W
    return box_quad((x, 100.0, x + W - 2, 100.0 + H)), pred


def slots(found: list) -> list[float]:
    return sorted(round((float(q[:, 0].min()) - 200.0) / W, 1) for q, _ in found)


def test_backs_at_both_ends_of_two_equal_faces_are_found_where_no_box_was() -> None:
    found = hidden_backs([tile(1, FACE), tile(2, FACE)], photo(0, 3), ByShade())
    assert slots(found) == [0, 3] and all(p[0][0] == "back" for _, p in found)


def test_backs_between_two_equal_faces_two_places_apart_are_found() -> None:
    assert slots(hidden_backs([tile(0, FACE), tile(3, FACE)], photo(1, 2), ByShade())) == [1, 2]


def test_the_bare_table_beside_a_pair_is_no_kong() -> None:
    assert hidden_backs([tile(1, FACE), tile(2, FACE)], photo(), ByShade()) == []


def test_a_cloth_that_reads_as_backs_beyond_the_kong_too_is_no_kong() -> None:
    # green felt can read as a green back: then the places beyond the kong's ends read so as well
    felt = photo(table=BACK_SHADE)
    assert hidden_backs([tile(1, FACE), tile(2, FACE)], felt, ByShade()) == []


def test_a_pair_in_a_row_of_tiles_is_not_looked_at() -> None:
    clf = ByShade()
    assert hidden_backs([tile(0, OTHER), tile(1, FACE), tile(2, FACE), tile(3, OTHER)], photo(), clf) == []
    assert clf.shown == 0


def test_two_different_faces_show_no_kong() -> None:
    assert hidden_backs([tile(1, FACE), tile(2, OTHER)], photo(0, 3), ByShade()) == []


def test_a_place_outside_the_photo_is_no_tile() -> None:
    narrow = photo(0, 3, width=330)  # the right end's place runs off the photo
    assert hidden_backs([tile(1, FACE), tile(2, FACE)], narrow, ByShade()) == []


def test_an_end_read_unsurely_as_another_face_still_shows_the_kong_when_its_readings_hold_the_other_end() -> None:
    # a face of unfamiliar art: an 8m read unsurely as a flower, with 8m among its first three readings
    misread = [("2f", 0.45), ("8m", 0.3), ("4f", 0.1)]
    assert slots(hidden_backs([tile(1, FACE), tile(2, misread)], photo(0, 3), ByShade())) == [0, 3]


def test_a_back_the_detectors_boxed_leaves_only_the_other_place_to_read() -> None:
    found = hidden_backs([tile(0, BACK), tile(1, FACE), tile(2, FACE)], photo(0, 3), ByShade())
    assert slots(found) == [3]


def test_a_white_dragon_read_with_back_second_is_no_place_of_a_kong() -> None:
    # hk-photos: a blank white dragon beside a pung's pair took a phantom back at the pair's other end, and one
    # between two equal faces a phantom back on a tray's dark divider beside it
    white = [("5z", 0.76), ("back", 0.21), ("not-a-tile", 0.01)]
    assert hidden_backs([tile(0, white), tile(1, FACE), tile(2, FACE)], photo(3), ByShade()) == []
    assert hidden_backs([tile(0, FACE), tile(1, white), tile(3, FACE)], photo(2), ByShade()) == []


def test_faces_sharing_only_a_fourth_reading_are_not_one_tile() -> None:
    # the classifier's fourth and fifth readings are near zero and shared by unrelated tiles
    six = [("6s", 0.97), ("9s", 0.01), ("4s", 0.01), ("2p", 0.001)]
    two = [("2p", 0.97), ("3p", 0.01), ("4p", 0.01), ("6s", 0.001)]
    assert hidden_backs([tile(1, six), tile(2, two)], photo(0, 3), ByShade()) == []


class BacksReadAsBlanks(ByShade):
    """Backs of a colour the classifier never learnt: read as a blank white dragon first, ``back`` second."""

    def predict(self, crops: Sequence[np.ndarray], k: int = 3) -> list[list[tuple[str, float]]]:
        blank = [("5z", 0.72), ("back", 0.23), ("not-a-tile", 0.05)]
        return [blank[:k] if p[0][0] == "back" else p for p in super().predict(crops, k)]


def test_backs_read_as_blanks_with_back_second_are_not_enough() -> None:
    # a blank white dragon reads so too: on hk-photos a tray's dark divider beside one took a phantom back
    assert hidden_backs([tile(0, FACE), tile(3, FACE)], photo(1, 2), BacksReadAsBlanks()) == []
    assert hidden_backs([tile(1, FACE), tile(2, FACE)], photo(0, 3), BacksReadAsBlanks()) == []


def test_a_face_read_surely_is_that_face_even_with_the_other_end_among_its_readings() -> None:
    # at 640 px a 7m read surely, 9m second, beside a 9m two places on took a phantom back between them
    seven = [("7m", 0.98), ("9m", 0.014), ("6m", 0.004)]
    nine = [("9m", 0.99), ("6m", 0.005), ("8m", 0.003)]
    assert hidden_backs([tile(0, seven), tile(3, nine)], photo(1, 2), ByShade()) == []
