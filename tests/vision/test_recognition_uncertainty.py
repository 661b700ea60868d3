"""Honest uncertainty in the recognition JSON: calibrated top-3 alternatives and the unknown verdict (issue 14,
item 5), and recognition with a taught set (`sikwu recognize --set`)."""

from __future__ import annotations

import json
from pathlib import Path

import cv2
import numpy as np
import pytest
from sikwu.artwork import render_face
from sikwu.scoring.tiles import TILE_IDS
from sikwu.vision import pipeline
from sikwu.vision.calibration import for_model
from sikwu.vision.set_classifier import SetClassifier
from sikwu.vision.teach import add_examples
from vision_scenes import hand_scene

from sikwu.cli import main as sikwu


@pytest.fixture(scope="module")
def scene():
    return hand_scene("felt")


@pytest.fixture(scope="module")
def rec(scene):
    return pipeline.recognize(scene[0], candidates="segmentation")


def test_recognition_uses_the_calibrated_classifier_by_default() -> None:
    clf = pipeline._default_classifier()
    assert isinstance(clf, SetClassifier)
    assert clf.calibration == for_model(clf.base.model_path)
    assert clf.calibration.unknown_below is not None
    assert pipeline._unknown_below(clf) == clf.calibration.unknown_below


def test_every_tile_has_three_alternatives_with_falling_probabilities(rec) -> None:
    for t in json.loads(json.dumps(rec.to_dict()))["tiles"]:
        probs = [p for _, p in t["top3"]]
        assert len(probs) == 3 and probs == sorted(probs, reverse=True) and sum(probs) <= 1.0001
        assert isinstance(t["unknown"], bool)


def test_a_tile_is_unknown_exactly_when_its_best_reading_is_under_the_threshold(rec) -> None:
    threshold = pipeline._unknown_below(pipeline._default_classifier())
    for t in rec.tiles:
        assert t.unknown == (t.top3[0][1] < threshold)


def test_drawn_faces_are_read_as_known_tiles(rec) -> None:
    assert not any(t.unknown for t in rec.tiles)
    assert all(t.id in TILE_IDS for t in rec.tiles)


def test_recognize_with_a_taught_set(tmp_path: Path, scene, monkeypatch, capsys) -> None:
    monkeypatch.setenv("SIKWU_DATA_DIR", str(tmp_path))
    faces = [cv2.cvtColor(np.asarray(render_face(t, 72).convert("RGB")), cv2.COLOR_RGB2BGR) for t in TILE_IDS]
    add_examples("club", faces, list(TILE_IDS))
    photo = tmp_path / "hand.png"
    cv2.imwrite(str(photo), scene[0])
    assert sikwu(["recognize", str(photo), "--set", "club", "--json"]) == 0
    tiles = json.loads(capsys.readouterr().out)["tiles"]
    assert tiles and all("unknown" in t for t in tiles)


def test_recognize_with_a_set_never_taught_exits_2(tmp_path: Path, scene, monkeypatch, capsys) -> None:
    monkeypatch.setenv("SIKWU_DATA_DIR", str(tmp_path))
    photo = tmp_path / "hand.png"
    cv2.imwrite(str(photo), scene[0])
    assert sikwu(["recognize", str(photo), "--set", "club"]) == 2
    err = capsys.readouterr().err
    assert "no tile set named 'club'" in err and "Traceback" not in err
