"""``sikwu train`` makes both of recognition's detectors in one run: the general one from scratch, then the main one
fine-tuned from it on real photos and own-faces tables alone (issue 14, item 4: one command makes the shipped
models)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from sikwu.datasets import train, train_all, train_detector, train_stages
from sikwu.datasets.scenes import art


def _fake_training(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> list[dict[str, object]]:
    """Record every ``train_detector.train`` call instead of training; data loading records its scene folders."""
    calls: list[dict[str, object]] = []
    monkeypatch.setattr(train_detector, "load_data", lambda seed, scene_dirs=(): {"scene_dirs": scene_dirs})

    def fake_train(data, steps, seed, out, recipe, init=None, extra=None):
        calls.append({"data": data, "steps": steps, "out": out, "recipe": recipe, "init": init})
        return {"model": str(out), "steps": steps}

    monkeypatch.setattr(train_detector, "train", fake_train)
    return calls


def test_the_main_detector_is_the_general_one_fine_tuned_without_the_synthetic_scenes(tmp_path, monkeypatch) -> None:
    calls = _fake_training(monkeypatch, tmp_path)
    args = train_all.parse_args(["--out", str(tmp_path), "--detector-steps", "7", "--main-steps", "5"])
    train_stages.train_general(args, tmp_path / "scenes", [])
    train_stages.train_main(args, [])
    general, main = calls
    assert general["out"] == tmp_path / "tile_detector_general.onnx" and general["steps"] == 7
    assert general["data"] == {"scene_dirs": (tmp_path / "scenes",)} and general["init"] is None
    assert main["out"] == tmp_path / "tile_detector.onnx" and main["steps"] == 5
    assert main["init"] == general["out"] and main["data"] == {"scene_dirs": ()}
    assert main["recipe"] == train_detector.MAIN_RECIPE


def test_the_main_detector_keeps_the_heads_the_general_one_was_made_with(tmp_path, monkeypatch) -> None:
    calls = _fake_training(monkeypatch, tmp_path)
    args = train_all.parse_args(["--out", str(tmp_path), "--detector-heads", "light"])
    train_stages.train_main(args, [])
    assert calls[0]["recipe"].heads == "light"  # type: ignore[attr-defined]


def test_the_main_recipe_trains_at_full_size_with_real_photos_foremost() -> None:
    recipe = train_detector.MAIN_RECIPE
    assert recipe.small_share == 0 and recipe.synth_share == recipe.final_synth_share < 0.5
    assert recipe.lr < train_detector.Recipe().lr


def test_a_detector_run_records_both_detectors_and_their_durations(tmp_path, monkeypatch) -> None:
    pytest.importorskip("torch", reason="sikwu train records its torch version (the train extra)")
    from sikwu.datasets import repeatable

    seen: list[str] = []
    monkeypatch.setattr(repeatable, "make_repeatable", lambda seed, threads, numerics=None: None)
    monkeypatch.setattr(art, "training_excluded_crops", lambda: (frozenset(), "test list"))
    monkeypatch.setattr(train_all, "training_files", lambda: [])
    monkeypatch.setattr(train_all, "scene_folder", lambda *a: (tmp_path, []))
    monkeypatch.setattr(train_stages, "train_general", lambda args, scenes, sets: seen.append("general") or {"g": 1})
    monkeypatch.setattr(train_stages, "train_main", lambda args, sets: seen.append("main") or {"m": 1})
    record = train_all.train_all(train_all.parse_args(["--only", "detector", "--out", str(tmp_path / "models")]))
    assert seen == ["general", "main"]
    written = json.loads((tmp_path / "models" / train_all.RECORD_NAME).read_text())
    assert written["general_detector"] == {"g": 1} and written["detector"] == {"m": 1} == record["detector"]
    assert {"general_detector", "detector"} <= set(written["durations_seconds"])
    assert written["steps"]["main_detector"] == train_all.DEFAULT_MAIN_STEPS
    assert written["numerics"] == "fp32"


def test_the_main_detector_steps_are_checked_with_the_others_before_any_work(tmp_path, monkeypatch, capsys) -> None:
    checked: list[int] = []
    monkeypatch.setattr(train, "training_error", lambda threads, steps: checked.append(steps) or "--steps too few")
    assert train_all.main(["--main-steps", "0", "--out", str(tmp_path / "m")]) == 2
    assert checked == [0] and "--steps too few" in capsys.readouterr().err
    assert not (tmp_path / "m").exists()
