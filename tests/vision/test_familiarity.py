"""A crop far from every face the classifier knows is reported unknown (vision/familiarity.py; issue 14, item 5:
"a thing that is not a known tile ... is reported as unknown for the user to check")."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from sikwu.vision import calibration, familiarity
from sikwu.vision.classifier import Readings, TileClassifier, distances, mean_distance, readings


def _centroids(sha: str = "abc") -> familiarity.Centroids:
    emb = np.array([[1.0, 0.0, 0.0], [0.9, 0.1, 0.0], [0.0, 1.0, 0.0], [0.0, 0.0, 1.0]])
    return familiarity.centroids(emb, ["1m", "1m", "2m", "not-a-tile"], sha, skip=("not-a-tile",))


def test_centroids_are_unit_means_of_each_class_but_the_skipped_one() -> None:
    c = _centroids()
    assert c.labels == ("1m", "2m")
    assert np.allclose(np.linalg.norm(c.vectors, axis=1), 1.0)


def test_a_crop_on_a_known_face_is_near_and_one_between_them_is_far() -> None:
    d = _centroids().distance(np.array([[2.0, 0.1, 0.0], [0.0, 0.0, 3.0]]))
    assert d[0] < 0.01 and d[1] == pytest.approx(1.0)


def test_a_taught_face_counts_as_known() -> None:
    far = np.array([[0.0, 0.0, 1.0]])
    assert _centroids().distance(far, known=np.array([[0.0, 0.1, 1.0]]))[0] < 0.01


def test_centroids_of_another_model_file_are_not_used(tmp_path: Path) -> None:
    path = tmp_path / "c.npz"
    familiarity.save(_centroids("abc"), path)
    assert familiarity.for_model("abc", path) is not None
    assert familiarity.for_model("other", path) is None
    assert familiarity.for_model("abc", tmp_path / "missing.npz") is None


def test_a_malformed_centroids_file_is_a_clear_error(tmp_path: Path) -> None:
    path = tmp_path / "bad.npz"
    path.write_bytes(b"not a zip")
    with pytest.raises(ValueError, match="not a centroids file"):
        familiarity.for_model("abc", path)


def test_beyond_the_threshold_is_foreign_and_without_one_nothing_is() -> None:
    cal = calibration.Calibration(foreign_beyond=0.3)
    assert cal.is_foreign(np.array([0.1, 0.5]), 2).tolist() == [False, True]
    assert calibration.Calibration().is_foreign(np.array([0.9]), 1).tolist() == [False]
    assert cal.is_foreign(None, 2).tolist() == [False, False]


def test_an_out_of_range_threshold_in_the_calibration_file_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "cal.json"
    path.write_text('{"temperature": 1.0, "foreign_beyond": 5}')
    with pytest.raises(ValueError, match="foreign_beyond"):
        calibration._read(path)


def test_readings_carry_the_crop_distance_and_a_merge_averages_it() -> None:
    probs = np.array([[0.7, 0.2, 0.1], [0.1, 0.1, 0.8]])
    a, b = readings(probs, ["x", "y", "z"], 2, np.array([0.1, 0.3]))
    assert a == [("x", 0.7), ("y", pytest.approx(0.2))] and a.distance == pytest.approx(0.1)
    assert mean_distance(a, b) == pytest.approx(0.2)
    assert mean_distance([("x", 1.0)]) is None
    assert readings(probs, ["x", "y", "z"], 1, None)[0].distance is None


def test_the_distances_readings_carry_are_read_and_none_when_any_lacks_one() -> None:
    assert distances([Readings([("1m", 0.9)], 0.4)]).tolist() == [0.4]
    assert distances([("1m", 0.9)]) is None


def test_the_shipped_centroids_belong_to_the_shipped_classifier_and_each_crop_gets_a_distance() -> None:
    clf = TileClassifier()
    assert clf.centroids is not None  # else refit: python -m sikwu.datasets.calibrate --write
    (top,) = clf.predict([np.full((60, 45, 3), 200, np.uint8)], k=3)
    assert isinstance(top, Readings) and top.distance is not None and 0 <= top.distance <= 2
