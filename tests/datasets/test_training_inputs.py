"""What ``sikwu train`` reads and records, checked without torch (these run in CI, which installs only .[dev]).

Issue 14 items 2 and 4: training never reads the held-out split; the data version follows the inputs; the old
wall-clock flags are refused with the reason; the scenes' tiles become classifier crops as the classifier names them.
"""

from __future__ import annotations

import json
from pathlib import Path

import cv2
import numpy as np
import pytest
from sikwu.datasets import prepare, train, train_all, train_detector


def test_old_budget_flags_say_what_replaced_them(capsys: pytest.CaptureFixture[str]) -> None:
    """--minutes gave a different step count on every run; the refusal names --steps."""
    with pytest.raises(SystemExit) as exit_info:
        train_detector.main(["--minutes", "25"])
    assert exit_info.value.code == 2 and "--steps" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        train.main(["--epochs", "14"])
    assert "--steps" in capsys.readouterr().err


def test_data_version_follows_the_input_files_and_the_generator(tmp_path: Path, monkeypatch) -> None:
    monkeypatch.setenv("SIKWU_SHARED", str(tmp_path))
    a, b = tmp_path / "a.jpg", tmp_path / "b.jpg"
    a.write_bytes(b"1")
    b.write_bytes(b"22")
    base = train_all.data_version([a, b], "gen1")
    assert train_all.data_version([a, b], "gen1") == base
    assert train_all.data_version([a], "gen1") != base
    assert train_all.data_version([a, b], "gen2") != base
    b.write_bytes(b"333")
    assert train_all.data_version([a, b], "gen1") != base


def _scene_folder(tmp_path: Path, tiles: list[dict]) -> Path:
    img = np.full((200, 300, 3), 90, np.uint8)
    (tmp_path / "images").mkdir()
    cv2.imwrite(str(tmp_path / "images" / "row_00000.jpg"), img)
    lines = [json.dumps({"generator": {}}), json.dumps({"image": "images/row_00000.jpg", "tiles": tiles})]
    (tmp_path / "scenes.jsonl").write_text("\n".join(lines) + "\n")
    return tmp_path


def test_scene_crops_keep_well_visible_tiles_named_as_the_classifier_names_them(tmp_path: Path) -> None:
    from sikwu.datasets.scene_crops import scene_crops

    tiles = [
        {"label": "3p", "box": [10, 10, 40, 50], "visible": 1.0},
        {"label": "blank", "box": [50, 10, 80, 50], "visible": 0.95},
        {"label": "7s", "box": [90, 10, 120, 50], "visible": 0.4},  # buried in a pile: not nameable
        {"label": "2m", "box": [130, 10, 138, 18], "visible": 1.0},  # too small to read
    ]
    x, y = scene_crops(_scene_folder(tmp_path, tiles))
    assert y == ["3p", "5z"] and x.shape == (2, prepare.CACHE_SIZE, prepare.CACHE_SIZE, 3)


def test_scene_crops_keep_backs_to_a_tenth(tmp_path: Path) -> None:
    from sikwu.datasets.scene_crops import scene_crops

    faces = [{"label": "1m", "box": [10 + 20 * i, 10, 28 + 20 * i, 40], "visible": 1.0} for i in range(9)]
    backs = [{"label": "back", "box": [10 + 20 * i, 100, 28 + 20 * i, 130], "visible": 1.0} for i in range(9)]
    _, y = scene_crops(_scene_folder(tmp_path, faces + backs))
    assert y.count("1m") == 9 and y.count("back") == 1


def test_training_inputs_hold_no_held_out_photo() -> None:
    """Issue 14 item 2: the held-out split is never trained on (tile-crops groups and hk-photos/valid)."""
    from sikwu.datasets.paths import shared_path
    from sikwu.datasets.scenes.art import training_excluded_crops

    if not shared_path("datasets", "tile-crops", "labels.csv").is_file():
        pytest.skip("../shared/datasets not found (set SIKWU_SHARED): the input list is read from it")
    held, _ = training_excluded_crops()
    files = train_all.training_files()
    assert held and not any(p.parent.name == "images" and p.name in held for p in files if "tile-crops" in p.parts)
    assert not any("valid" in p.parts for p in files if "hk-photos" in p.parts)


def test_sikwu_train_defaults_are_the_trainers_defaults() -> None:
    assert train_all.DEFAULT_DETECTOR_STEPS == train_detector.DEFAULT_STEPS
    assert train_detector.Recipe().batch == 16  # as the --detector-steps help says
