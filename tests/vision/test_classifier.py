"""The shipped tile classifier: loads, speaks the documented label order, and names real and drawn tiles right."""

from __future__ import annotations

import json
from pathlib import Path

import cv2
import numpy as np
import pytest
from sikwu.scoring.tiles import TILE_IDS
from sikwu.vision.classifier import DEFAULT_MODEL_PATH, ModelError, TileClassifier, default_classifier
from sikwu.vision.labels import CLASS_LABELS


@pytest.fixture(scope="module")
def clf() -> TileClassifier:
    return default_classifier()


def _face(tile: str, height: int = 96) -> np.ndarray:
    from sikwu.artwork import render_face

    return cv2.cvtColor(np.asarray(render_face(tile, height).convert("RGB")), cv2.COLOR_RGB2BGR)


def test_shipped_model_is_at_most_5_mb() -> None:
    assert DEFAULT_MODEL_PATH.stat().st_size <= 5_000_000


def test_model_has_44_outputs_in_the_documented_order(clf: TileClassifier) -> None:
    """vision/labels.py: 42 tile ids in canonical order, then back, then not-a-tile."""
    assert clf.labels == CLASS_LABELS and len(clf.labels) == 44
    assert tuple(json.loads(clf.metadata["labels"])) == CLASS_LABELS
    assert clf._session.get_outputs()[0].shape[-1] == 44


def test_preprocessing_is_recorded_in_the_model(clf: TileClassifier) -> None:
    for key in ("input_size", "color_order", "mean", "std", "resize"):
        assert key in clf.metadata


def test_default_classifier_is_loaded_once() -> None:
    assert default_classifier() is default_classifier()


def test_predict_gives_k_alternatives_best_first(clf: TileClassifier) -> None:
    preds = clf.predict([_face("1m"), _face("8s")], k=5)
    assert len(preds) == 2
    for p in preds:
        assert len(p) == 5
        probs = [q for _, q in p]
        assert probs == sorted(probs, reverse=True) and 0 < sum(probs) <= 1.0001
        assert all(lab in CLASS_LABELS for lab, _ in p)


def test_empty_batch_gives_empty_result(clf: TileClassifier) -> None:
    assert clf.predict([]) == []


def _blurry_crops() -> list[np.ndarray]:
    """Crops the net is unsure of (a heavily blurred face, a half face, a plain ivory block) and one it is sure of."""
    half = _face("8s")[:, :40]
    return [cv2.GaussianBlur(_face("9p"), (31, 31), 0), half, np.full((80, 60, 3), 225, np.uint8), _face("3m")]


def test_unsure_crops_average_both_ways_up() -> None:
    """sikwu.vision.classifier.SECOND_LOOK_BELOW: below the threshold, the half-turned view is averaged in."""
    crops = _blurry_crops()
    always = TileClassifier(second_look_below=1.0).probabilities(crops)
    plain = TileClassifier(second_look_below=None)
    turned = [np.ascontiguousarray(c[::-1, ::-1]) for c in crops]
    expected = (plain.probabilities(crops) + plain.probabilities(turned)) / 2
    np.testing.assert_allclose(always, expected, atol=2e-3)


def test_sure_crops_are_looked_at_once(clf: TileClassifier) -> None:
    crops = _blurry_crops()
    first = TileClassifier(second_look_below=None).probabilities(crops)
    sure = first.max(axis=1) >= clf.second_look_below
    assert sure.any() and (~sure).any(), "the sample needs both kinds of crop"
    np.testing.assert_allclose(clf.probabilities(crops)[sure], first[sure], atol=1e-6)
    assert not np.allclose(clf.probabilities(crops)[~sure], first[~sure], atol=1e-6)


def test_second_look_threshold_must_be_a_probability() -> None:
    with pytest.raises(ValueError, match="second_look_below"):
        TileClassifier(second_look_below=1.5)


def test_any_size_and_grayscale_crops_are_accepted(clf: TileClassifier) -> None:
    crops = [np.full((10, 300, 3), 200, np.uint8), np.full((90, 60), 128, np.uint8)]
    assert len(clf.predict(crops, k=1)) == 2


@pytest.mark.parametrize("tile", TILE_IDS)
def test_project_rendered_faces_are_named_right(clf: TileClassifier, tile: str) -> None:
    """The faces the app draws (sikwu.artwork) are read back as the same tile, upright and upside down."""
    face = _face(tile)
    preds = clf.predict([face, np.ascontiguousarray(face[::-1, ::-1])], k=1)
    assert [p[0][0] for p in preds] == [tile, tile]


def test_rotated_faces_are_named_right(clf: TileClassifier) -> None:
    tiles = ["9p", "8p", "7s", "8s", "9s", "5f", "1f", "6z"]
    crops = [np.ascontiguousarray(np.rot90(_face(t), 1)) for t in tiles]
    assert [p[0][0] for p in clf.predict(crops, k=1)] == tiles


def test_real_hk_photo_crops_are_named_right(clf: TileClassifier, shared: Path) -> None:
    """Ground-truth boxes of the first hk-photos/valid photos (never trained on); at least 95% right, below the
    97.0% measured on the whole set (models/MODEL_CARD.md), because that set has label noise."""
    from sikwu.datasets import hk_photos

    crops, truth = [], []
    for path in hk_photos.images("valid")[:3]:
        img = cv2.imread(str(path))
        for b in hk_photos.read_boxes(path, img.shape[1], img.shape[0]):
            crops.append(img[int(b.y0) : int(b.y1), int(b.x0) : int(b.x1)])
            truth.append(b.tile)
    assert len(crops) >= 10
    pred = [p[0][0] for p in clf.predict(crops, k=1)]
    right = sum(p == t for p, t in zip(pred, truth, strict=True))
    assert right / len(truth) >= 0.95, list(zip(truth, pred, strict=True))


def test_real_tile_crops_of_other_sets_are_named_right(clf: TileClassifier, shared: Path) -> None:
    """Held-out tile-crops photos (other tile sets), one per suit kind."""
    from sikwu.datasets import tile_crops

    _, held = tile_crops.split(tile_crops.load(), seed=0)
    picks = {}
    for it in held:
        picks.setdefault(it.tile[1], it)  # first of each suit: m, p, s, z, f
    crops = [cv2.imread(str(it.image)) for it in picks.values()]
    assert [p[0][0] for p in clf.predict(crops, k=1)] == [it.tile for it in picks.values()]


def test_missing_model_is_a_clear_error(tmp_path: Path) -> None:
    with pytest.raises(ModelError, match="not found"):
        TileClassifier(tmp_path / "nope.onnx")


def test_corrupt_model_is_a_clear_error(tmp_path: Path) -> None:
    bad = tmp_path / "bad.onnx"
    bad.write_bytes(b"this is not an onnx file")
    with pytest.raises(ModelError, match="cannot load"):
        TileClassifier(bad)
