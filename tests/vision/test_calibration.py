"""Calibrated confidence and the unknown verdict (vision/calibration.py), fitted and checked on separate parts."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest
from sikwu.vision import calibration as cal


def _sampled(temperature: float, n: int = 4000, seed: int = 0) -> tuple[np.ndarray, np.ndarray]:
    """Logits whose labels are drawn from softmax(logits / temperature): that temperature is the calibrated one."""
    rng = np.random.default_rng(seed)
    logits = rng.normal(0, 3, (n, 6))
    p = cal.softmax(logits / temperature)
    targets = np.array([rng.choice(6, p=row) for row in p])
    return logits, targets


def test_fitted_temperature_recovers_the_one_labels_were_drawn_with() -> None:
    logits, targets = _sampled(2.0)
    assert cal.fit_temperature(logits, targets) == pytest.approx(2.0, rel=0.1)


def test_temperature_fitted_to_top_readings_recovers_the_one_labels_were_drawn_with() -> None:
    logits, targets = _sampled(0.5, n=3000, seed=3)
    raw = cal.softmax(logits)
    labels = [str(i) for i in range(6)]
    top = [sorted(zip(labels, row, strict=True), key=lambda r: -r[1])[:5] for row in raw]
    assert cal.fit_temperature_to_readings(top, [str(t) for t in targets]) == pytest.approx(0.5, rel=0.15)


def test_calibrated_probabilities_have_a_small_expected_calibration_error() -> None:
    logits, targets = _sampled(0.6, seed=1)
    fitted = cal.Calibration(temperature=cal.fit_temperature(logits, targets))
    held_logits, held_targets = _sampled(0.6, seed=2)
    p = fitted.probabilities(held_logits)
    raw = cal.softmax(held_logits)
    ece = cal.expected_calibration_error(p.max(1), p.argmax(1) == held_targets)
    ece_raw = cal.expected_calibration_error(raw.max(1), raw.argmax(1) == held_targets)
    assert ece < 0.03 < ece_raw


def test_temperature_keeps_the_ranking_so_the_top_three_do_not_change() -> None:
    logits = np.array([[3.0, 1.0, 2.0, -1.0]])
    order = np.argsort(-cal.Calibration(temperature=0.5).probabilities(logits), axis=1)
    assert order.tolist() == np.argsort(-logits, axis=1).tolist()


def test_unknown_threshold_rejects_the_stated_share_of_real_tiles() -> None:
    conf = np.linspace(0.01, 1.0, 100)
    t = cal.unknown_threshold(conf, target=0.05)
    assert (conf < t).mean() <= 0.05


def test_a_thing_below_the_threshold_is_unknown() -> None:
    c = cal.Calibration(unknown_below=0.5)
    assert c.is_unknown(np.array([[0.4, 0.3, 0.3], [0.9, 0.05, 0.05]])).tolist() == [True, False]


def test_no_threshold_means_nothing_is_unknown() -> None:
    assert not cal.Calibration().is_unknown(np.array([[0.1, 0.1]])).any()


def test_calibration_of_another_model_file_is_not_applied(tmp_path: Path) -> None:
    path = tmp_path / "calibration.json"
    cal.save(cal.Calibration(temperature=0.5, unknown_below=0.4, model_sha256="0" * 64), path)
    model = tmp_path / "model.onnx"
    model.write_bytes(b"another model")
    got = cal.for_model(model, path)
    assert got.temperature == 1.0 and got.unknown_below is None and "another model" in got.fitted_on


def test_a_malformed_calibration_file_is_a_clear_error(tmp_path: Path) -> None:
    path = tmp_path / "calibration.json"
    path.write_text(json.dumps({"temperature": -1}))
    with pytest.raises(ValueError, match="temperature must be > 0"):
        cal.for_model(tmp_path / "m.onnx", path)


def test_shipped_calibration_belongs_to_the_shipped_classifier() -> None:
    from sikwu.models import CLASSIFIER_PATH

    shipped = json.loads(cal.CALIBRATION_PATH.read_text())
    assert shipped["model_sha256"] == cal.file_sha256(CLASSIFIER_PATH)
    assert 0 < shipped["temperature"] and 0 < shipped["unknown_below"] < 1


def test_fitting_on_nothing_is_an_error() -> None:
    with pytest.raises(ValueError, match="no examples"):
        cal.fit_temperature(np.zeros((0, 3)), np.zeros(0, int))
