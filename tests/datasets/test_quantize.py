"""The classifier is stored in int8 (``datasets.quantize``): the same float model always gives the same bytes, the
int8 model reads crops as the float one does and says how it was made, and it is never mistaken for a float model
to fine-tune or quantize again (issue 14, "Speed stays")."""

from __future__ import annotations

from pathlib import Path

import cv2
import numpy as np
import pytest

torch = pytest.importorskip("torch", reason="making a float classifier needs the optional 'train' extra (torch)")
pytest.importorskip("onnx", reason="quantizing needs the optional 'train' extra (onnx)")

from sikwu.artwork import render_face  # noqa: E402
from sikwu.datasets import quantize, train  # noqa: E402
from sikwu.datasets.model import TileNet  # noqa: E402
from sikwu.datasets.repeatable import make_repeatable  # noqa: E402
from sikwu.vision.classifier import TileClassifier  # noqa: E402
from sikwu.vision.labels import CLASS_LABELS  # noqa: E402

FACES = ("1m", "5p", "9s", "1z", "7z", "2f")


@pytest.fixture(autouse=True)
def _restore_torch_state():
    threads, deterministic = torch.get_num_threads(), torch.are_deterministic_algorithms_enabled()
    yield
    torch.set_num_threads(threads)
    torch.use_deterministic_algorithms(deterministic)


def _crops() -> list[np.ndarray]:
    faces = [cv2.cvtColor(np.asarray(render_face(t, 60).convert("RGB")), cv2.COLOR_RGB2BGR) for t in FACES]
    return [cv2.resize(f, (80, 80)) for f in faces]


def _float_model(tmp_path: Path) -> Path:
    """A float classifier of a few steps on the project's own faces (no ../shared needed)."""
    make_repeatable(0, 1)
    crops = _crops()
    x = np.stack(crops * 2)
    y = np.array([CLASS_LABELS.index(t) for t in FACES] * 2, np.int64)
    model = TileNet(len(CLASS_LABELS))
    train.fit(model, x, y, train.lr_cycles(6, 3e-3), np.random.default_rng(0), batch_size=6)
    path = tmp_path / "tile_classifier.onnx"
    train.export_onnx(model, path, train.model_metadata({"seed": 0, "steps": [6]}))
    return path


def test_the_same_float_model_quantizes_to_the_same_bytes(tmp_path: Path) -> None:
    src = _float_model(tmp_path)
    a, b = tmp_path / "a.onnx", tmp_path / "b.onnx"
    quantize.quantize_classifier(src, a, _crops())
    quantize.quantize_classifier(src, b, _crops())
    assert a.read_bytes() == b.read_bytes()


def test_the_int8_classifier_names_crops_as_the_float_one_does(tmp_path: Path) -> None:
    src = _float_model(tmp_path)
    dst = tmp_path / "int8.onnx"
    quantize.quantize_classifier(src, dst, _crops() * 4)
    crops = _crops()
    floats, ints = TileClassifier(src).predict(crops), TileClassifier(dst).predict(crops)
    assert [alts[0][0] for alts in ints] == [alts[0][0] for alts in floats]
    assert quantize.is_quantized(dst) and not quantize.is_quantized(src)


def test_replacing_with_int8_keeps_the_float_model_beside_it(tmp_path: Path) -> None:
    src = _float_model(tmp_path)
    float_bytes = src.read_bytes()
    record = quantize.replace_with_int8(src, _crops())
    keep = src.with_name(quantize.FLOAT_NAME)
    assert keep.read_bytes() == float_bytes and quantize.is_quantized(src)
    assert record["bytes"] < record["float_bytes"]


def test_an_int8_classifier_is_not_quantized_again(tmp_path: Path) -> None:
    src = _float_model(tmp_path)
    dst = tmp_path / "int8.onnx"
    quantize.quantize_classifier(src, dst, _crops())
    with pytest.raises(quantize.QuantizeError, match="already quantized"):
        quantize.quantize_classifier(dst, tmp_path / "again.onnx", _crops())


def test_fine_tuning_from_an_int8_classifier_is_refused_with_the_float_model_to_use(tmp_path: Path) -> None:
    src = _float_model(tmp_path)
    dst = tmp_path / "int8.onnx"
    quantize.quantize_classifier(src, dst, _crops())
    with pytest.raises(ValueError, match=quantize.FLOAT_NAME):
        train.load_onnx_weights(TileNet(len(CLASS_LABELS)), dst)
