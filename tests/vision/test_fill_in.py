"""A second, general detector fills in tiles the first found nothing at, places the boxes of tiles both found with
the first, and decides whether a tile only the first found needs a face to count (vision.fill_in,
vision.propose.detector_proposals, vision.pipeline)."""

from __future__ import annotations

import numpy as np
import pytest
from sikwu.vision import pipeline
from sikwu.vision.detector import Detection
from sikwu.vision.fill_in import fill_in, fuse
from sikwu.vision.io import load_image
from sikwu.vision.naming import filled_faces
from sikwu.vision.propose import detector_proposals
from sikwu.vision.quads import box_quad, quad_box
from vision_scenes import FixedDetector

TILE = (100.0, 100.0, 160.0, 180.0)
ELSEWHERE = (300.0, 100.0, 360.0, 180.0)


def test_a_tile_only_the_second_detector_finds_is_added() -> None:
    added = fill_in([Detection(TILE, 0.9)], [Detection(ELSEWHERE, 0.6)])
    assert [d.box for d in added] == [ELSEWHERE]


def test_a_looser_second_box_around_a_first_detector_tile_is_not_added() -> None:
    loose = (90.0, 95.0, 175.0, 200.0)  # the same tile, boxed with its side: IoU with TILE only about 0.55
    assert fill_in([Detection(TILE, 0.9)], [Detection(loose, 0.95)]) == []


def test_a_tile_half_under_its_neighbour_in_a_pile_is_added() -> None:
    """Its box shares more than SAME_TILE_COVER with the neighbour's, but neither box's centre lies in the other."""
    under = (135.0, 120.0, 195.0, 200.0)  # 0.42 of TILE's area; centre (165, 160) right of TILE
    assert [d.box for d in fill_in([Detection(TILE, 0.9)], [Detection(under, 0.5)])] == [under]


def test_a_first_box_across_two_tiles_does_not_hide_the_tiles_the_second_boxed_one_by_one() -> None:
    across = (100.0, 100.0, 220.0, 180.0)  # two tiles side by side boxed as one: its centre lies between them
    left, right = (100.0, 100.0, 158.0, 180.0), (162.0, 100.0, 220.0, 180.0)
    added = fill_in([Detection(across, 0.6)], [Detection(left, 0.7), Detection(right, 0.7)])
    assert [d.box for d in added] == [left, right]


def test_two_adjacent_loose_second_boxes_are_both_added_its_own_suppression_already_chose() -> None:
    left, right = (300.0, 100.0, 372.0, 180.0), (345.0, 100.0, 417.0, 180.0)  # cover 0.375 of each other
    assert len(fill_in([], [Detection(left, 0.5), Detection(right, 0.45)])) == 2


def test_with_no_first_detector_tile_the_second_detectors_tiles_are_all_added() -> None:
    assert len(fill_in([], [Detection(TILE, 0.5), Detection(ELSEWHERE, 0.5)])) == 2


def test_a_tile_both_detectors_find_is_boxed_between_their_boxes_weighted_by_score() -> None:
    fused, lone, added, own, _ = fuse([Detection(TILE, 0.9)], [Detection((90.0, 90.0, 170.0, 190.0), 0.3)])
    assert fused[0].box == pytest.approx((97.5, 97.5, 162.5, 182.5))
    assert fused[0].score == 0.9 and lone == [] and added == []
    assert own == [TILE]  # the first detector's own framing, for a second look


def test_an_averaged_tile_keeps_the_second_detectors_own_box_as_its_partner() -> None:
    second = (90.0, 90.0, 170.0, 190.0)
    assert fuse([Detection(TILE, 0.9)], [Detection(second, 0.3)]).partners == [second]


def test_unaveraged_the_second_detectors_box_is_the_other_framing() -> None:
    second = (90.0, 90.0, 170.0, 190.0)
    fused, _, _, own, partners = fuse([Detection(TILE, 0.9)], [Detection(second, 0.3)], average=False)
    assert fused == [Detection(TILE, 0.9)] and own == [second] and partners == [None]


def test_a_first_detector_tile_the_second_did_not_find_is_lone_and_unchanged() -> None:
    fused, lone, added, _, _ = fuse([Detection(TILE, 0.9)], [Detection(ELSEWHERE, 0.6)])
    assert fused == [] and lone == [Detection(TILE, 0.9)]
    assert [d.box for d in added] == [ELSEWHERE]


def test_each_second_box_pairs_with_one_first_box_the_other_stays_lone() -> None:
    beside = (160.0, 100.0, 220.0, 180.0)
    wide = (100.0, 100.0, 220.0, 180.0)  # the second detector boxed two tiles as one
    fused, lone, added, _, _ = fuse([Detection(TILE, 0.9), Detection(beside, 0.8)], [Detection(wide, 0.5)])
    assert len(fused) == 1 and [d.box for d in lone] == [beside] and added == []


def test_proposals_fuse_a_shared_tile_and_add_the_second_detectors_new_tile() -> None:
    loaded = load_image(np.full((480, 640, 3), 90, np.uint8))
    loose = (96.0, 96.0, 170.0, 196.0)
    proposals = detector_proposals(loaded, FixedDetector(TILE), FixedDetector(loose, ELSEWHERE))
    assert [tuple(round(v) for v in quad_box(q)) for q in proposals.quads] == [(98, 98, 165, 188)]
    assert [tuple(round(v) for v in quad_box(q)) for q in proposals.filled] == [(300, 100, 360, 180)]
    assert proposals.lone == []


def test_without_a_second_detector_no_first_detector_tile_is_lone() -> None:
    proposals = detector_proposals(load_image(np.full((480, 640, 3), 90, np.uint8)), FixedDetector(TILE))
    assert len(proposals.quads) == 1 and proposals.lone == [] and proposals.framings == [None]


def test_a_fused_tile_keeps_the_first_detectors_framing_for_a_second_look() -> None:
    loaded = load_image(np.full((480, 640, 3), 90, np.uint8))
    proposals = detector_proposals(loaded, FixedDetector(TILE), FixedDetector((96.0, 96.0, 170.0, 196.0)))
    (framing,) = proposals.framings
    assert framing is not None and tuple(round(v) for v in quad_box(framing)) == (100, 100, 160, 180)


class Recording(FixedDetector):
    """A fixed detector that also records the size of every image it is asked about."""

    def __init__(self, *boxes: tuple[float, float, float, float]) -> None:
        super().__init__(*boxes)
        self.sizes: list[tuple[int, int]] = []

    def detect(self, image_bgr: np.ndarray, score_threshold: float | None = None) -> list[Detection]:
        self.sizes.append(image_bgr.shape[:2])
        return super().detect(image_bgr, score_threshold)


class WideUntilSqueezed:
    """Boxes six times wider than a tile on the photo as given (600 px wide), tile-shaped and surer on a copy
    squeezed back to 100 px: a stretched photo."""

    def detect(self, image_bgr: np.ndarray, score_threshold: float | None = None) -> list[Detection]:
        if image_bgr.shape[1] != 100:
            return [Detection((100.0 * i, 0.0, 100.0 * i + 90.0, 20.0), 0.4) for i in range(6)]
        return [Detection((16.0 * i, 0.0, 16.0 * i + 15.0, 20.0), 0.9) for i in range(6)]


def test_with_no_framing_fix_the_second_detector_runs_once_on_the_photo_as_is() -> None:
    loaded = load_image(np.full((480, 640, 3), 90, np.uint8))
    second = Recording(ELSEWHERE)
    proposals = detector_proposals(loaded, FixedDetector(TILE), second)
    assert second.sizes == [(480, 640)] and len(proposals.filled) == 1


def test_the_second_detectors_boxes_come_from_the_photo_the_tiles_are_found_in_after_a_framing_fix() -> None:
    loaded = load_image(np.full((200, 600, 3), 90, np.uint8))
    second = Recording()
    proposals = detector_proposals(loaded, WideUntilSqueezed(), second)
    assert proposals.image.pixels.shape[:2] == (200, 100)  # squeezed back 6:1
    assert second.sizes[-1] == (200, 100)


class ByFraming:
    """Unsure of 8m on a crop that shows table at its edges (a loose framing), sure of it on a tight one."""

    def predict(self, crops, k: int = 3):
        unsure, sure = [("7m", 0.5), ("8m", 0.45), ("9m", 0.05)], [("8m", 0.95), ("7m", 0.03), ("9m", 0.02)]
        return [unsure if crop.mean() < 180 else sure for crop in crops]


def test_an_unsure_reading_is_averaged_with_the_tiles_other_framing() -> None:
    from sikwu.vision.naming import second_framing_look

    pixels = np.full((480, 640, 3), 90, np.uint8)
    pixels[100:180, 100:160] = 235
    loose = box_quad((80.0, 80.0, 180.0, 200.0))
    named = [(loose, [("7m", 0.5), ("8m", 0.45), ("9m", 0.05)])]
    ((q, pred),) = second_framing_look(named, [box_quad(TILE)], pixels, ByFraming())
    assert pred[0][0] == "8m" and pred[0][1] == pytest.approx(0.7)


def test_two_framings_averaged_say_a_tile_as_their_mean_distribution_does() -> None:
    """Whether the crop is a tile at all (1 - P(not-a-tile), ``naming.tile_mass``) is averaged with the readings."""
    from sikwu.vision.classifier import Readings
    from sikwu.vision.naming import second_framing_look, tile_mass

    class Spread:
        def predict(self, crops, k: int = 3):
            return [Readings([("2p", 0.2), ("5m", 0.1), ("3f", 0.1)], None, 0.9 if crop.mean() < 180 else 0.7)
                    for crop in crops]  # fmt: skip

    pixels = np.full((480, 640, 3), 90, np.uint8)
    pixels[100:180, 100:160] = 235
    loose = box_quad((80.0, 80.0, 180.0, 200.0))
    named = [(loose, Readings([("2p", 0.2), ("5m", 0.1), ("3f", 0.1)], None, 0.9))]
    ((_, pred),) = second_framing_look(named, [box_quad(TILE)], pixels, Spread())
    assert tile_mass(pred) == pytest.approx(0.8)


def test_a_sure_reading_gets_no_second_look() -> None:
    from sikwu.vision.naming import second_framing_look

    named = [(box_quad(TILE), [("8m", 0.95), ("7m", 0.03), ("9m", 0.02)])]
    assert second_framing_look(named, [box_quad(ELSEWHERE)], np.zeros((480, 640, 3), np.uint8), ByFraming()) == named


class TileWhereBright:
    """Names a crop 8m when it is mostly the bright tile, and not a tile when it is mostly table."""

    def predict(self, crops, k: int = 3):
        face, table = [("8m", 0.9), ("7m", 0.05), ("9m", 0.05)], [("not-a-tile", 0.9), ("8m", 0.05), ("7m", 0.05)]
        return [face if crop.mean() > 170 else table for crop in crops]


def bright_tile_photo() -> np.ndarray:
    pixels = np.full((480, 640, 3), 40, np.uint8)
    pixels[100:180, 100:160] = 235
    return pixels


def test_a_mean_box_read_as_no_tile_is_read_again_at_the_second_detectors_own_box() -> None:
    from sikwu.vision.naming import partner_look

    off = box_quad((60.0, 60.0, 260.0, 260.0))  # the mean of a right box and a far-off one: mostly table
    named = [(off, [("not-a-tile", 0.9), ("8m", 0.05), ("7m", 0.05)])]
    ((q, pred),) = partner_look(named, [box_quad((98.0, 98.0, 162.0, 182.0))], bright_tile_photo(), TileWhereBright())
    assert pred[0][0] == "8m" and q.tolist() == box_quad((98.0, 98.0, 162.0, 182.0)).tolist()


def test_a_rejected_mean_box_stays_rejected_when_the_second_box_shows_no_face_either() -> None:
    from sikwu.vision.naming import partner_look

    named = [(box_quad((300.0, 300.0, 360.0, 380.0)), [("not-a-tile", 0.9), ("8m", 0.05), ("7m", 0.05)])]
    partner = [box_quad((310.0, 300.0, 370.0, 380.0))]
    assert partner_look(named, partner, bright_tile_photo(), TileWhereBright()) == named


def test_a_tile_named_at_its_mean_box_is_not_read_again() -> None:
    from sikwu.vision.naming import partner_look

    named = [(box_quad(TILE), [("8m", 0.6), ("7m", 0.3), ("9m", 0.1)])]
    assert partner_look(named, [box_quad(ELSEWHERE)], bright_tile_photo(), TileWhereBright()) == named


class ByShade:
    """Reads bright crops as 8m and dark ones as a back."""

    def predict(self, crops, k: int = 3):
        face, back = [("8m", 0.9), ("7m", 0.05), ("9m", 0.01)], [("back", 0.9), ("5z", 0.05), ("not-a-tile", 0.01)]
        return [face if crop.mean() > 150 else back for crop in crops]


def test_a_tile_only_the_first_detector_finds_counts_when_named_a_face_not_as_a_back(monkeypatch) -> None:
    image = np.full((480, 640, 3), 90, np.uint8)
    image[100:180, 100:160] = 235  # a face at TILE; ELSEWHERE stays dark (table read as a back)
    both = (170.0, 100.0, 230.0, 180.0)  # the tile beside it, both detectors found
    image[100:180, 170:230] = 235
    monkeypatch.setattr(pipeline, "_default_detector", lambda: (FixedDetector(TILE, ELSEWHERE, both), None))
    monkeypatch.setattr(pipeline, "_general_detector", lambda: (FixedDetector(both), None))
    tiles = pipeline.recognize(image, classifier=ByShade()).tiles
    assert sorted(t.id for t in tiles) == ["8m", "8m"]


def test_a_face_only_the_first_detector_finds_out_on_its_own_is_left_out(monkeypatch) -> None:
    # on a table the first detector never saw, its unconfirmed boxes away from every tile are the table's pattern
    image = np.full((480, 640, 3), 90, np.uint8)
    image[100:180, 100:160] = 235  # a face-like patch at TILE, far from the tile both detectors found
    both = (100.0, 300.0, 160.0, 380.0)
    image[300:380, 100:160] = 235
    monkeypatch.setattr(pipeline, "_default_detector", lambda: (FixedDetector(TILE, both), None))
    monkeypatch.setattr(pipeline, "_general_detector", lambda: (FixedDetector(both), None))
    tiles = pipeline.recognize(image, classifier=ByShade()).tiles
    assert [t.box[1] for t in tiles] == [300.0]


def test_a_filled_in_box_named_a_face_becomes_a_tile() -> None:
    quad = box_quad(ELSEWHERE)
    assert filled_faces([(quad, [("7m", 0.9), ("8m", 0.05), ("9m", 0.01)])]) == [
        (quad, [("7m", 0.9), ("8m", 0.05), ("9m", 0.01)])
    ]


def test_a_filled_in_box_read_as_a_back_is_dropped_felt_between_spaced_tiles_reads_so() -> None:
    assert filled_faces([(box_quad(ELSEWHERE), [("back", 0.95), ("5z", 0.03), ("not-a-tile", 0.01)])]) == []


def test_a_filled_in_box_called_not_a_tile_is_dropped() -> None:
    assert filled_faces([(box_quad(ELSEWHERE), [("not-a-tile", 0.9), ("1m", 0.05), ("2m", 0.01)])]) == []


def test_a_broken_general_detector_file_is_named_and_recognition_goes_on(tmp_path, monkeypatch) -> None:
    from sikwu import models

    broken = tmp_path / "tile_detector_general.onnx"
    broken.write_bytes(b"not an onnx model")
    monkeypatch.setattr(models, "GENERAL_DETECTOR_PATH", broken)
    second, why = pipeline._general_detector()
    assert second is None
    assert why is not None and "only the main detector" in why


def test_fill_in_can_be_turned_off_to_measure_one_detector(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(pipeline, "FILL_IN", False)
    assert pipeline._general_detector() == (None, None)


def test_cover_agrees_with_quads_overlap_on_upright_boxes() -> None:
    from sikwu.vision.fill_in import _cover
    from sikwu.vision.quads import overlap

    boxes = [TILE, ELSEWHERE, (90.0, 95.0, 175.0, 200.0), (150.0, 120.0, 320.0, 150.0)]
    for a in boxes:
        got = _cover(np.array(boxes), np.array(a))
        want = [overlap(box_quad(b), box_quad(a)) for b in boxes]
        assert got == pytest.approx(want, abs=1e-6)


def test_a_forked_process_still_runs_the_second_detector() -> None:
    """The second detector runs on a thread; a child forked after it started must get its own (none is inherited).
    Run in a fresh interpreter: a child forked from the whole test session inherits OpenCV's thread pool from earlier
    tests, and OpenCV is not fork-safe (opencv/opencv#5150; its own advice: spawn, or no OpenCV threads in the
    child), which hung this test once in CI although the executor under test was fine."""
    import subprocess
    import sys
    from pathlib import Path

    script = f"""
import multiprocessing, sys
import numpy as np
sys.path.insert(0, {str(Path(__file__).parent)!r})
from sikwu.vision.io import load_image
from sikwu.vision.propose import detector_proposals
from vision_scenes import FixedDetector

def filled():
    loaded = load_image(np.full((480, 640, 3), 90, np.uint8))
    return len(detector_proposals(loaded, FixedDetector({TILE}), FixedDetector({ELSEWHERE})).filled)

if __name__ == "__main__":
    filled()  # the thread exists in this process now
    with multiprocessing.get_context("fork").Pool(1) as pool:
        print(pool.apply_async(filled).get(timeout=30))
"""
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=90, check=False)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "1"


def test_a_tile_diagonally_next_to_a_box_is_beside_it() -> None:
    from sikwu.vision.naming import beside_a_tile

    assert beside_a_tile(box_quad((100, 100, 160, 180)), [box_quad((165, 185, 225, 265))])  # a pile's neighbour


def test_a_much_smaller_box_next_to_a_tile_is_not_beside_a_tile_of_its_size() -> None:
    from sikwu.vision.naming import beside_a_tile

    assert not beside_a_tile(box_quad((100, 100, 120, 125)), [box_quad((122, 100, 182, 180))])  # a spot on the cloth
