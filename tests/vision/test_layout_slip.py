"""A set laid out in order whose names slipped by a tile is told apart from an unfamiliar set's misreadings
(vision/layout_slip.py)."""

from __future__ import annotations

from sikwu.vision.layout_slip import MAX_SHIFT, SLIP_RUN, Slip, slipped

FACES = [f"{n}m" for n in range(1, 10)]


def test_a_run_of_tiles_each_read_as_the_face_before_its_own_is_a_slip():
    sure = [None, "1m", "2m", "3m", None, None, None, None, None]
    assert slipped(FACES, sure) == Slip(first="2m", last="4m", shift=-1)


def test_a_run_of_tiles_each_read_as_the_face_after_its_own_is_a_slip():
    sure = ["2m", "3m", "4m", "5m", "6m", None, None, None, None]
    assert slipped(FACES, sure) == Slip(first="1m", last="5m", shift=1)


def test_tiles_read_as_their_own_faces_are_no_slip():
    assert slipped(FACES, list(FACES)) is None


def test_two_neighbours_read_as_each_others_neighbours_are_a_misreading_not_a_slip():
    sure = [None, "1m", "2m", None, None, None, None, None, None]
    assert SLIP_RUN > 2 and slipped(FACES, sure) is None


def test_a_run_broken_by_an_unsure_tile_is_two_runs():
    sure = [None, "1m", "2m", None, "4m", "5m", None, None, None]
    assert slipped(FACES, sure) is None


def test_misreadings_off_by_different_places_are_no_slip():
    sure = [None, "1m", "1m", "2m", None, None, None, None, None]  # -1, -2, -2: not one shift
    assert slipped(FACES, sure) is None


def test_faces_read_far_from_their_place_are_misreadings_not_a_slip():
    far = MAX_SHIFT + 1
    sure = [FACES[k + far] if k + far < len(FACES) else None for k in range(len(FACES))]
    assert slipped(FACES, sure) is None


def test_the_longest_run_is_reported():
    sure = ["2m", "3m", "4m", None, "3m", "4m", "5m", "6m", None]
    assert slipped(FACES, sure) == Slip(first="5m", last="8m", shift=-2)
