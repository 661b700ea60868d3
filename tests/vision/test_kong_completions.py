"""Which of the filling-in detector's face-down boxes count (vision.kong_backs.kong_completions, docs/vision.md
"Propose"): only those lying face down among four touching tiles of a row shaped like a Hong Kong concealed kong
(two equal faces shown, the two others face down, in the middle or at the ends), or as a concealed kong's middle
pair beside one of its faces (the other face misread or lost). That detector also boxes the felt between spaced
tiles, which the classifier reads as a green back, so a back of its own proves nothing.
"""

from __future__ import annotations

import numpy as np
from sikwu.vision.kong_backs import kong_completions
from sikwu.vision.quads import box_quad
from vision_scenes import FixedDetector, PurpleBacks

BACK = [("back", 0.98), ("not-a-tile", 0.01), ("5z", 0.01)]
FACE = [("8m", 0.97), ("2f", 0.01), ("9m", 0.01)]
OTHER = [("3p", 0.97), ("2p", 0.01), ("4p", 0.01)]
W, H = 60.0, 80.0


def tile(slot: float, pred: list[tuple[str, float]], y: float = 100.0) -> tuple[np.ndarray, list[tuple[str, float]]]:
    """A tile at ``slot`` tile widths along a row (touching neighbours one slot apart)."""
    x = 100.0 + slot * W
    return box_quad((x, y, x + W - 2, y + H)), pred


def kept_slots(accepted: list, backs: list) -> list[float]:
    return sorted(round((q[0][0] - 100.0) / W, 1) for q, _ in kong_completions(accepted, backs))


def test_two_backs_between_two_equal_faces_complete_a_concealed_kong() -> None:
    assert kept_slots([tile(0, FACE), tile(3, FACE)], [tile(1, BACK), tile(2, BACK)]) == [1, 2]


def test_two_backs_at_the_ends_of_two_equal_faces_complete_a_concealed_kong() -> None:
    assert kept_slots([tile(1, FACE), tile(2, FACE)], [tile(0, BACK), tile(3, BACK)]) == [0, 3]


def test_one_back_with_an_accepted_back_completes_a_concealed_kong() -> None:
    assert kept_slots([tile(0, FACE), tile(1, BACK), tile(3, FACE)], [tile(2, BACK)]) == [2]


def test_a_kong_laid_edge_to_edge_with_another_meld_still_counts() -> None:
    chow = [tile(s, OTHER) for s in (0, 1, 2)]
    assert kept_slots([*chow, tile(3, FACE), tile(6, FACE)], [tile(4, BACK), tile(5, BACK)]) == [4, 5]


def test_two_sure_backs_beside_a_face_are_a_concealed_kongs_middle_pair() -> None:
    # the kong's other face was lost (glare, an art the classifier does not know): its face-down pair still counts
    assert kept_slots([tile(0, FACE)], [tile(1, BACK), tile(2, BACK)]) == [1, 2]


def test_a_middle_pair_counts_when_its_two_faces_read_differently() -> None:
    assert kept_slots([tile(0, FACE), tile(3, OTHER)], [tile(1, BACK), tile(2, BACK)]) == [1, 2]


def test_two_backs_at_the_ends_count_when_the_two_faces_read_differently() -> None:
    # the shown faces are one tile, but an art the classifier does not know can read them apart
    assert kept_slots([tile(1, FACE), tile(2, OTHER)], [tile(0, BACK), tile(3, BACK)]) == [0, 3]


def test_an_accepted_back_read_unsurely_is_a_kongs_end_with_a_sure_candidate() -> None:
    # both detectors boxed it and the classifier's first reading is back, if not by much
    unsure = [("back", 0.46), ("5z", 0.38), ("not-a-tile", 0.07)]
    assert kept_slots([tile(0, unsure), tile(1, FACE), tile(2, OTHER)], [tile(3, BACK)]) == [3]


def test_an_accepted_back_read_unsurely_makes_a_middle_pair_with_a_sure_candidate() -> None:
    unsure = [("back", 0.46), ("5z", 0.38), ("not-a-tile", 0.07)]
    assert kept_slots([tile(0, FACE), tile(1, unsure)], [tile(2, BACK)]) == [2]


def test_unsure_candidate_backs_at_the_ends_of_two_faces_reading_differently_are_left_out() -> None:
    unsure = [("back", 0.57), ("not-a-tile", 0.36), ("5z", 0.01)]
    assert kept_slots([tile(1, FACE), tile(2, OTHER)], [tile(0, unsure), tile(3, BACK)]) == []


def test_two_unsure_backs_beside_a_face_are_left_out() -> None:
    unsure = [("back", 0.5), ("5z", 0.4), ("not-a-tile", 0.1)]
    assert kept_slots([tile(0, FACE)], [tile(1, unsure), tile(2, unsure)]) == []


def test_three_backs_side_by_side_are_a_wall_not_a_kong() -> None:
    assert kept_slots([tile(0, FACE)], [tile(1, BACK), tile(2, BACK), tile(3, BACK)]) == []


def test_two_backs_with_no_face_beside_them_are_left_out() -> None:
    assert kept_slots([tile(5, FACE)], [tile(1, BACK), tile(2, BACK)]) == []


def test_felt_read_as_a_back_beside_a_whole_kong_is_left_out() -> None:
    # back, 8m, 8m, back is a whole kong; the felt between it and the next meld is no second face-down tile
    accepted = [tile(1, FACE), tile(2, FACE), tile(5, OTHER)]
    assert kept_slots(accepted, [tile(0, BACK), tile(3, BACK), tile(4, BACK)]) == [0, 3]


def test_a_lone_back_in_a_gap_of_a_row_is_left_out() -> None:
    assert kept_slots([tile(0, FACE), tile(2, OTHER), tile(3, OTHER)], [tile(1, BACK)]) == []


def test_backs_beside_a_pair_set_apart_from_its_neighbours_are_left_out() -> None:
    # felt read as backs on both sides of a spaced pair: the run's tiles do not touch
    row = [tile(0, OTHER), tile(3, FACE), tile(4, FACE), tile(7, OTHER)]
    assert kept_slots(row, [tile(1.5, BACK), tile(5.5, BACK)]) == []


def test_backs_in_a_different_row_from_the_faces_are_left_out() -> None:
    faces = [tile(0, FACE), tile(3, FACE)]
    assert kept_slots(faces, [tile(1, BACK, y=400.0), tile(2, BACK, y=400.0)]) == []


def down(slot: float, pred: list[tuple[str, float]], x: float = 100.0) -> tuple[np.ndarray, list[tuple[str, float]]]:
    """A tile turned sideways at ``slot`` tile lengths down a column (a meld running down the photo)."""
    y = 100.0 + slot * W
    return box_quad((x, y, x + H, y + W - 2)), pred


def test_a_concealed_kong_running_down_the_photo_counts_too() -> None:
    backs = [down(1, BACK), down(2, BACK)]
    kept = kong_completions([down(0, FACE), down(3, FACE), down(1, OTHER, x=400.0)], backs)
    assert sorted(round((q[0][1] - 100.0) / W) for q, _ in kept) == [1, 2]


def test_a_face_down_wall_down_a_column_is_left_out() -> None:
    assert kong_completions([down(0, FACE)], [down(s, BACK) for s in (1, 2, 3, 4)]) == []


def test_no_candidates_means_nothing_is_added() -> None:
    assert kong_completions([tile(0, FACE)], []) == []


def test_recognition_counts_the_second_detectors_backs_of_a_concealed_kong(monkeypatch) -> None:
    from sikwu.vision import pipeline

    image = np.full((480, 640, 3), (40, 110, 40), np.uint8)  # green felt
    slots = [(100.0 + 62 * i, 200.0, 160.0 + 62 * i, 280.0) for i in range(4)]
    for i, (x0, y0, x1, y1) in enumerate(slots):
        image[int(y0) : int(y1), int(x0) : int(x1)] = (150, 40, 120) if i in (0, 3) else (235, 235, 235)
    monkeypatch.setattr(pipeline, "_default_detector", lambda: (FixedDetector(slots[1], slots[2]), None))
    monkeypatch.setattr(pipeline, "_general_detector", lambda: (FixedDetector(*slots), None))  # its backs: fill-ins
    tiles = pipeline.recognize(image, classifier=PurpleBacks()).tiles
    assert [t.id for t in tiles] == ["back", "8m", "8m", "back"]


def test_tiles_laid_side_by_side_make_one_run_apart_from_the_row_just_below() -> None:
    # a meld's own tiles give its run, where the layout's rows can mix a slanted meld with the hand below it
    from sikwu.vision.kong_backs import line_runs

    meld = [tile(s, FACE, y=100.0 - 9 * s)[0] for s in range(4)]
    hand = [tile(s, OTHER, y=185.0 - 9 * s)[0] for s in range(-2, 6)]
    runs = line_runs([*hand, *meld])
    assert [8, 9, 10, 11] in runs and list(range(8)) in runs
