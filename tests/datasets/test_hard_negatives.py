"""Hard negatives (``datasets.hard_negatives``): the boxes recognition's detectors put on a scene's bare table become
``not-a-tile`` training crops; boxes on or against a labelled tile never do (issue 14, "Honest uncertainty": a
thing that is not a tile is reported as such, and face-down tiles must still be counted)."""

from __future__ import annotations

from pathlib import Path

import cv2
import numpy as np
import pytest
from sikwu.datasets import hard_negatives, train, train_all, train_stages
from sikwu.datasets.scenes.render import SceneSample, TileLabel

TILE = (100.0, 100.0, 140.0, 150.0)  # a face box 40 x 50 px
PAIR = hard_negatives.Detectors(Path("main.onnx"), Path("general.onnx"))


def test_a_box_on_the_bare_table_is_a_negative() -> None:
    assert hard_negatives.on_table(np.array([[300, 300, 340, 350]]), np.array([TILE])).tolist() == [True]


def test_a_box_over_a_labelled_tile_is_not_a_negative() -> None:
    assert hard_negatives.on_table(np.array([[105, 105, 145, 155]]), np.array([TILE])).tolist() == [False]


def test_a_box_against_a_tiles_face_is_not_a_negative() -> None:
    """Just above the face box lies a standing tile's top, beside it a flat tile's side: the tile's body, with its
    back colour, which a face-down tile shows too."""
    above = [100, 65, 140, 99]  # touches nothing labelled, but lies on the tile's top
    assert hard_negatives.on_table(np.array([above]), np.array([TILE])).tolist() == [False]


def test_with_no_labelled_tile_every_box_is_bare_table() -> None:
    boxes = np.array([[0, 0, 10, 10], [20, 20, 40, 40]])
    assert hard_negatives.on_table(boxes, np.zeros((0, 4))).tolist() == [True, True]


def _scene() -> SceneSample:
    img = np.full((400, 400, 3), 90, np.uint8)
    img[100:150, 100:140] = 240
    ok, jpeg = cv2.imencode(".jpg", img)
    assert ok
    label = TileLabel("1m", TILE, "row", "test", "1m", 1.0)
    return SceneSample("row", jpeg.tobytes(), (400, 400), (label,))


def test_mining_cuts_one_crop_per_bare_table_box(monkeypatch: pytest.MonkeyPatch) -> None:
    boxes = np.array([[300, 300, 340, 350], [100, 100, 140, 150], [20, 300, 60, 350]], np.float64)
    monkeypatch.setattr(hard_negatives, "proposed_boxes", lambda jpeg, detectors: boxes)
    crops = hard_negatives.mine([("row_0", _scene())], size=32, detectors=PAIR)
    assert crops.shape == (2, 32, 32, 3)


def test_a_photo_whose_framing_was_fixed_gives_no_crops(monkeypatch: pytest.MonkeyPatch) -> None:
    """Its boxes are in the fixed photo's pixels, not the scene's: cutting them would cut the wrong places."""
    monkeypatch.setattr(hard_negatives, "proposed_boxes", lambda jpeg, detectors: None)
    assert hard_negatives.mine([("row_0", _scene())], size=32, detectors=PAIR).shape == (0, 32, 32, 3)


def test_training_mines_hard_negatives_by_default_and_zero_turns_them_off() -> None:
    assert train_all.parse_args([]).negative_scenes == hard_negatives.PER_KIND
    assert train_all.parse_args(["--negative-scenes", "0"]).negative_scenes == 0


def test_a_negative_count_of_negative_scenes_is_refused(tmp_path, monkeypatch, capsys) -> None:
    monkeypatch.setattr(train, "training_error", lambda threads, steps: None)
    assert train_all.main(["--negative-scenes", "-1", "--out", str(tmp_path / "m")]) == 2
    assert "--negative-scenes" in capsys.readouterr().err
    assert not (tmp_path / "m").exists()


def test_training_without_the_shipped_detector_says_how_to_go_on(tmp_path, monkeypatch, capsys) -> None:
    """Hard negatives are the shipped detector's boxes: without it the run stops before any work, saying so."""
    from sikwu.vision import detector

    monkeypatch.setattr(train, "training_error", lambda threads, steps: None)
    monkeypatch.setattr(detector, "DEFAULT_MODEL_PATH", tmp_path / "none.onnx")
    assert train_all.main(["--only", "classifier", "--out", str(tmp_path / "m")]) == 2
    err = capsys.readouterr().err
    assert "none.onnx" in err and "--negative-scenes 0" in err
    assert not (tmp_path / "m").exists()


def test_a_run_that_trains_the_detectors_mines_with_them_not_the_shipped_ones(tmp_path) -> None:
    """A full ``sikwu train`` depends on nothing committed before it: the classifier's negatives are the boxes of
    the detectors it will be shipped beside (issue 14, item 4)."""
    args = train_all.parse_args(["--out", str(tmp_path)])
    made = train_stages.mining_detectors(args)
    assert made == hard_negatives.Detectors(tmp_path / "tile_detector.onnx", tmp_path / "tile_detector_general.onnx")
    alone = train_stages.mining_detectors(train_all.parse_args(["--only", "classifier", "--out", str(tmp_path)]))
    assert alone == hard_negatives.shipped_detectors()


def test_the_negatives_cache_follows_the_detectors_mined_with(tmp_path) -> None:
    one, other = tmp_path / "a.onnx", tmp_path / "b.onnx"
    one.write_bytes(b"one")
    other.write_bytes(b"other")
    digest = hard_negatives.detectors_digest
    assert digest(hard_negatives.Detectors(one, None)) != digest(hard_negatives.Detectors(other, None))
    assert digest(hard_negatives.Detectors(one, None)) != digest(hard_negatives.Detectors(one, other))
