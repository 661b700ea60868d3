"""The shipped classifier exposes its embedding and last layer (models/embedding.py) without changing its logits."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import onnxruntime as ort
import pytest
from sikwu.models import CLASSIFIER_PATH
from sikwu.models.embedding import EMBEDDING, HEAD_BIAS, HEAD_WEIGHT


def test_logits_stay_the_first_output_and_equal_the_last_layer_of_the_embedding() -> None:
    session = ort.InferenceSession(str(CLASSIFIER_PATH), providers=["CPUExecutionProvider"])
    names = [o.name for o in session.get_outputs()]
    assert names[0] == "logits" and {EMBEDDING, HEAD_WEIGHT, HEAD_BIAS} <= set(names)
    x = np.random.default_rng(0).normal(size=(2, 3, 64, 64)).astype(np.float32)
    out = dict(zip(names, session.run(None, {session.get_inputs()[0].name: x}), strict=True))
    assert np.allclose(out[EMBEDDING] @ out[HEAD_WEIGHT].T + out[HEAD_BIAS], out["logits"], atol=1e-4)


def test_shipped_classifier_stays_under_five_megabytes() -> None:
    assert CLASSIFIER_PATH.stat().st_size < 5_000_000


def test_adding_the_outputs_twice_changes_nothing(tmp_path: Path) -> None:
    pytest.importorskip("onnx", reason="the onnx package comes with the train extra")
    from sikwu.models.embedding import add_embedding_outputs

    copy = tmp_path / "m.onnx"
    copy.write_bytes(CLASSIFIER_PATH.read_bytes())
    add_embedding_outputs(copy)
    assert copy.read_bytes() == CLASSIFIER_PATH.read_bytes()


def test_a_model_without_the_outputs_cannot_be_taught(tmp_path: Path) -> None:
    onnx = pytest.importorskip("onnx", reason="the onnx package comes with the train extra")
    from sikwu.vision.classifier import ModelError, TileClassifier
    from sikwu.vision.set_classifier import SetClassifier

    model = onnx.load(str(CLASSIFIER_PATH))
    del model.graph.output[1:]
    bare = tmp_path / "bare.onnx"
    onnx.save(model, str(bare))
    with pytest.raises(ModelError, match="python -m sikwu.models.embedding"):
        SetClassifier(TileClassifier(bare))
