"""``sikwu train`` fits the new classifier's calibration and known-face centroids beside it, so its output folder
holds everything recognition reads (issue 14, item 4: the committed models are the command's output)."""

from __future__ import annotations

from pathlib import Path

from sikwu.datasets import calibrate, train_stages


def test_training_calibrates_the_classifier_it_made_beside_it_and_records_the_figures(monkeypatch) -> None:
    seen: dict[str, object] = {}

    def fake(write: bool = False, model: Path | None = None, seed: int = 0) -> dict[str, object]:
        seen.update(write=write, model=model, seed=seed)
        report = {"accuracy": 0.99, "ece_calibrated": 0.02, "real_tiles_called_unknown": 3, "n": 100, "errors": 1}
        return {"calibration": {"temperature": 0.4}, "report": report}

    monkeypatch.setattr(calibrate, "run_calibration", fake)
    got = train_stages.calibrate_beside(Path("out/tile_classifier.onnx"), 7)
    assert seen == {"write": True, "model": Path("out/tile_classifier.onnx"), "seed": 7}
    assert got["fitted"] == {"temperature": 0.4}
    assert got["report_part"] == {"accuracy": 0.99, "ece_calibrated": 0.02, "real_tiles_called_unknown": 3, "n": 100}
