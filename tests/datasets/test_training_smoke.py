"""Training smoke test (issue 14, "Bad input, tests"): a few steps on a few images give models the app can load.

No ../shared needed: the classifier trains on the project's own rendered faces, the detector on its own-faces tables.
CI never trains a full model; these runs take seconds. Torch is the optional ``train`` extra CI does not install.
"""

from __future__ import annotations

import json
from pathlib import Path

import cv2
import numpy as np
import pytest

torch = pytest.importorskip("torch", reason="training needs the optional 'train' extra (torch); CI installs .[dev]")
pytest.importorskip("onnx", reason="exporting needs the optional 'train' extra (onnx)")

from sikwu.datasets import detector_data, detector_synth, train, train_detector  # noqa: E402
from sikwu.datasets.detector_net import build_model, export_onnx  # noqa: E402
from sikwu.datasets.model import TileNet  # noqa: E402
from sikwu.datasets.repeatable import make_repeatable  # noqa: E402
from sikwu.vision.classifier import TileClassifier  # noqa: E402
from sikwu.vision.detector import TileDetector  # noqa: E402
from sikwu.vision.labels import CLASS_LABELS  # noqa: E402

pytestmark = pytest.mark.usefixtures("restore_torch_state")


def test_a_few_classifier_steps_export_a_model_the_app_loads(tmp_path: Path, own_face_crops) -> None:
    make_repeatable(0, 1)
    x, y = (np.concatenate([a, a]) for a in own_face_crops)
    model = TileNet(len(CLASS_LABELS))
    history = train.fit(model, x, y, train.lr_cycles(4, 3e-3), np.random.default_rng(0), batch_size=6)
    assert history[-1]["step"] == 4 and np.isfinite(history[-1]["loss"])
    path = tmp_path / "tile_classifier.onnx"
    train.export_onnx(model, path, train.model_metadata({"seed": 0, "steps": [4]}))
    top3 = TileClassifier(path).predict(list(x[:3]))
    assert len(top3) == 3 and all(len(alts) == 3 and alts[0][0] in CLASS_LABELS for alts in top3)


def test_a_few_detector_steps_export_a_model_the_app_loads(tmp_path: Path) -> None:
    make_repeatable(0, 1)
    scenes = [detector_synth.synth_scene(np.random.default_rng(i), long_side=128) for i in range(3)]
    sampler = detector_data.DetectorSampler(scenes, scenes, 0.5, 0)
    model = build_model()
    history = train_detector.fit(model, sampler, 2, train_detector.Recipe(batch=2, warmup=1), size=64)
    assert history[-1]["step"] == 2 and np.isfinite(history[-1]["heat"])
    path = tmp_path / "tile_detector.onnx"
    export_onnx(model, path, train_detector.metadata({"steps": 2, "seed": 0}))
    detector = TileDetector(path)
    assert json.loads(detector.metadata["training"]) == {"steps": 2, "seed": 0}
    assert isinstance(detector.detect(cv2.cvtColor(scenes[0].image, cv2.COLOR_RGB2BGR)), list)


def test_a_detector_with_light_heads_exports_a_model_the_app_loads_and_reloads_for_fine_tuning(tmp_path: Path) -> None:
    from sikwu.datasets.detector_net import load_onnx_weights

    make_repeatable(0, 1)
    model = build_model("light").eval()
    path = tmp_path / "tile_detector.onnx"
    export_onnx(model, path, train_detector.metadata({"steps": 0, "seed": 0}))
    again = build_model("light").eval()
    load_onnx_weights(again, path)
    x = torch.rand(1, 3, 64, 64)
    with torch.no_grad():
        assert torch.allclose(model(x)[0], again(x)[0], atol=1e-4)
    image = (np.random.default_rng(0).random((90, 120, 3)) * 255).astype(np.uint8)
    assert isinstance(TileDetector(path).detect(image), list)


def test_a_detector_with_light_heads_has_fewer_weights_and_unknown_heads_are_refused() -> None:
    def weights(heads: str) -> int:
        return sum(p.numel() for p in build_model(heads).parameters())

    assert weights("light") < weights("full")
    with pytest.raises(ValueError, match="unknown detector heads"):
        build_model("tiny")
