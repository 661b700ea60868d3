"""Store the tile classifier in 8-bit integers (onnxruntime static quantization), the last step of making it.

Why: recognition runs the classifier on every box of every photo, several times for doubtful ones, and on two CPU
cores it was the largest model cost per photo. Weights and activations in int8 (per-channel weights, QDQ format)
run the same crops about 1.5x faster, and the file is a quarter of the size. The last, linear layer stays in float:
it is tiny, and teaching a tile set refits it on the embedding (``models.embedding``), which needs the model's
logits to be exactly that layer applied to the embedding. The ranges the activations are
quantized to are read from a fixed sample of training crops (``calibration_crops``), so the same float model always
gives the same bytes. Whether the readings changed is measured, not assumed (``bench_recognition``,
``sikwu.datasets.evaluate --heldout``); the calibration of confidences (``calibrate``) is fitted on the quantized
model, the one recognition runs.

The detectors stay in float: the same treatment cost them 0.2-0.3 points of recall on hk-photos/valid whatever the
calibration (min-max, percentile, entropy; first and last layers left in float), and on the held-out IMG_27xx photos
recall fell from 99.3% to 98.8%.

    python -m sikwu.datasets.quantize FLOAT_MODEL --out INT8_MODEL [--json]

Needs the ``train`` extra (``onnx``); recognition needs only onnxruntime.
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
from pathlib import Path

import numpy as np

#: Crops the activation ranges are read from: hk-photos/train crops and tile-crops training photos, a fixed sample.
CALIBRATION_CROPS = 512
#: Seed of that sample (and of the cached hk-photos/train crops it is drawn from).
CALIBRATION_SEED = 0
#: Crops per calibration batch.
BATCH = 64
#: Model metadata key saying how the model was quantized (absent on a float model).
QUANTIZED_KEY = "quantized"
#: Name ``sikwu train`` keeps the float classifier under, beside the int8 one.
FLOAT_NAME = "tile_classifier_float.onnx"


class QuantizeError(RuntimeError):
    """The model cannot be quantized (not a float ONNX classifier, or the ``onnx`` package is missing)."""


def calibration_crops(n: int = CALIBRATION_CROPS, seed: int = CALIBRATION_SEED) -> list[np.ndarray]:
    """A fixed sample of training crops (BGR): three quarters hk-photos/train, a quarter tile-crops training photos,
    so the ranges cover the photos users take and other sets' faces. Never a held-out crop."""
    from sikwu.datasets import prepare

    hk, _ = prepare.hk_train(seed)
    crops, _ = prepare.tile_crops_train(seed)
    rng = np.random.default_rng(seed)
    n_crops = min(len(crops), n // 4)
    pick_hk = np.sort(rng.choice(len(hk), min(len(hk), n - n_crops), replace=False))
    pick_crops = np.sort(rng.choice(len(crops), n_crops, replace=False))
    return [np.asarray(hk[i]) for i in pick_hk] + [np.asarray(crops[i]) for i in pick_crops]


def is_quantized(path: Path) -> bool:
    """Whether the ONNX model at ``path`` says it was quantized here (its ``quantized`` metadata)."""
    import onnxruntime as ort

    session = ort.InferenceSession(str(path), providers=["CPUExecutionProvider"])
    return QUANTIZED_KEY in session.get_modelmeta().custom_metadata_map


def quantize_classifier(src: Path, dst: Path, crops: list[np.ndarray] | None = None) -> dict[str, object]:
    """Write the int8 version of the float classifier at ``src`` to ``dst`` (``dst`` may be ``src``); returns what
    was done, also recorded in the model's ``quantized`` metadata. ``crops`` default to ``calibration_crops()``."""
    try:
        import onnx
        import onnxruntime
        from onnxruntime.quantization import CalibrationDataReader, QuantFormat, QuantType, quantize_static
        from onnxruntime.quantization.shape_inference import quant_pre_process
    except ImportError as exc:
        raise QuantizeError(f"quantizing needs the onnx package: pip install -e '.[train]' ({exc})") from exc
    from sikwu.vision.classifier import TileClassifier

    clf = TileClassifier(src)
    if QUANTIZED_KEY in clf.metadata:
        raise QuantizeError(f"{src} is already quantized; quantize the float model it was made from")
    float_bytes = src.stat().st_size
    graph = onnx.load(str(src)).graph
    # the last layer stays in float: teaching a tile set refits it on the embedding (models.embedding), and the
    # untaught reading must equal embedding @ weight.T + bias exactly, which a quantized layer would not
    last = [n.name for n in graph.node if graph.output[0].name in n.output]
    sample = calibration_crops() if crops is None else crops
    batches = [clf.preprocess(sample[i : i + BATCH]) for i in range(0, len(sample), BATCH)]

    class Reader(CalibrationDataReader):
        def __init__(self) -> None:
            self.pending = iter(batches)

        def get_next(self) -> dict[str, np.ndarray] | None:
            batch = next(self.pending, None)
            return None if batch is None else {clf._input_name: batch}

    note = {
        "method": "onnxruntime static quantization, QDQ, int8 weights per channel, uint8 activations, min-max; "
        "the last (linear) layer in float",
        "calibration_crops": len(sample),
        "onnxruntime": onnxruntime.__version__,
    }
    with tempfile.TemporaryDirectory() as tmp:
        pre, out = Path(tmp) / "pre.onnx", Path(tmp) / "int8.onnx"
        quant_pre_process(str(src), str(pre))
        quantize_static(
            str(pre), str(out), Reader(), quant_format=QuantFormat.QDQ, per_channel=True,
            activation_type=QuantType.QUInt8, weight_type=QuantType.QInt8, nodes_to_exclude=last,
        )  # fmt: skip
        model = onnx.load(str(out))
        for prop in list(model.metadata_props):  # the pre-processor's own notes are not the model's
            if prop.key.startswith("onnx."):
                model.metadata_props.remove(prop)
        entry = model.metadata_props.add()
        entry.key, entry.value = QUANTIZED_KEY, json.dumps(note)
        onnx.save(model, str(dst))
    return {**note, "bytes": dst.stat().st_size, "float_bytes": float_bytes}


def replace_with_int8(model: Path, crops: list[np.ndarray] | None = None) -> dict[str, object]:
    """Quantize the float classifier at ``model`` in its place, keeping the float one beside it as ``FLOAT_NAME``
    (fine-tuning and a later quantization read floats); returns ``quantize_classifier``'s record."""
    keep = model.with_name(FLOAT_NAME)
    model.replace(keep)
    return quantize_classifier(keep, model, crops)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m sikwu.datasets.quantize", description=__doc__.splitlines()[0])
    ap.add_argument("model", type=Path, help="the float tile classifier (ONNX)")
    ap.add_argument("--out", type=Path, required=True, help="where to write the int8 model")
    ap.add_argument("--json", action="store_true", help="print what was done as JSON")
    args = ap.parse_args(argv)
    if not args.model.is_file():
        print(f"error: no model at {args.model}", file=sys.stderr)
        return 2
    try:
        done = quantize_classifier(args.model, args.out)
    except QuantizeError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    print(json.dumps(done, indent=2) if args.json else f"wrote {args.out} ({done['bytes']:,} bytes)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
