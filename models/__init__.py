"""The shipped ONNX models (data, not code): where recognition finds them, in a checkout and in an installed wheel."""

from pathlib import Path

MODELS_DIR = Path(__file__).resolve().parent
CLASSIFIER_PATH = MODELS_DIR / "tile_classifier.onnx"
DETECTOR_PATH = MODELS_DIR / "tile_detector.onnx"
GENERAL_DETECTOR_PATH = MODELS_DIR / "tile_detector_general.onnx"
