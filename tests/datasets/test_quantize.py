"""The classifier is stored in int8 (``datasets.quantize``): the same float model always gives the same bytes, the
int8 model reads crops as the float one does and says how it was made, and it is never mistaken for a float model
to fine-tune or quantize again (issue 14, "Speed stays")."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

pytest.importorskip("torch", reason="making a float classifier needs the optional 'train' extra (torch)")
pytest.importorskip("onnx", reason="quantizing needs the optional 'train' extra (onnx)")

from sikwu.datasets import quantize, train  # noqa: E402
from sikwu.datasets.model import TileNet  # noqa: E402
from sikwu.datasets.repeatable import make_repeatable  # noqa: E402
from sikwu.vision.classifier import TileClassifier  # noqa: E402
from sikwu.vision.labels import CLASS_LABELS  # noqa: E402

pytestmark = pytest.mark.usefixtures("restore_torch_state")


@pytest.fixture
def crops(own_face_crops) -> list[np.ndarray]:
    return list(own_face_crops[0])


@pytest.fixture
def float_model(tmp_path: Path, own_face_crops) -> Path:
    """A float classifier of a few steps on the project's own faces (no ../shared needed)."""
    make_repeatable(0, 1)
    x, y = (np.concatenate([a, a]) for a in own_face_crops)
    model = TileNet(len(CLASS_LABELS))
    train.fit(model, x, y, train.lr_cycles(6, 3e-3), np.random.default_rng(0), batch_size=6)
    path = tmp_path / "tile_classifier.onnx"
    train.export_onnx(model, path, train.model_metadata({"seed": 0, "steps": [6]}))
    return path


def test_the_same_float_model_quantizes_to_the_same_bytes(tmp_path: Path, float_model: Path, crops: list) -> None:
    a, b = tmp_path / "a.onnx", tmp_path / "b.onnx"
    quantize.quantize_classifier(float_model, a, crops)
    quantize.quantize_classifier(float_model, b, crops)
    assert a.read_bytes() == b.read_bytes()


def test_the_int8_classifier_names_crops_as_the_float_one_does(tmp_path: Path, float_model: Path, crops: list) -> None:
    dst = tmp_path / "int8.onnx"
    quantize.quantize_classifier(float_model, dst, crops * 4)
    floats, ints = TileClassifier(float_model).predict(crops), TileClassifier(dst).predict(crops)
    assert [alts[0][0] for alts in ints] == [alts[0][0] for alts in floats]
    assert quantize.is_quantized(dst) and not quantize.is_quantized(float_model)


def test_replacing_with_int8_keeps_the_float_model_beside_it(tmp_path: Path, float_model: Path, crops: list) -> None:
    float_bytes = float_model.read_bytes()
    record = quantize.replace_with_int8(float_model, crops)
    keep = float_model.with_name(quantize.FLOAT_NAME)
    assert keep.read_bytes() == float_bytes and quantize.is_quantized(float_model)
    assert record["bytes"] < record["float_bytes"]


def test_an_int8_classifier_is_not_quantized_again(tmp_path: Path, float_model: Path, crops: list) -> None:
    dst = tmp_path / "int8.onnx"
    quantize.quantize_classifier(float_model, dst, crops)
    with pytest.raises(quantize.QuantizeError, match="already quantized"):
        quantize.quantize_classifier(dst, tmp_path / "again.onnx", crops)


def test_fine_tuning_from_an_int8_classifier_is_refused_with_the_float_model_to_use(
    tmp_path: Path, float_model: Path, crops: list
) -> None:
    dst = tmp_path / "int8.onnx"
    quantize.quantize_classifier(float_model, dst, crops)
    with pytest.raises(ValueError, match=quantize.FLOAT_NAME):
        train.load_onnx_weights(TileNet(len(CLASS_LABELS)), dst)
