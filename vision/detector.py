"""Learned tile proposals: a small CenterNet-style ONNX net that says where tiles are, not which tiles they are.

Why a learned detector next to OpenCV segmentation: touching tiles in a 4x4 tray or a row whose seams vanish in
the light defeat colour/seam heuristics, while a net trained on real photos finds each tile's centre directly.
It is a candidate source only: the classifier still names each crop, and ``vision.segment`` stays as a fallback.

The model (``models/tile_detector.onnx``, trained by ``datasets.train_detector``) takes a letterboxed 320 x 320 RGB
image in [0, 1] (normalisation is inside the graph) and returns, on an 80 x 80 grid (stride 4), a centre heatmap
(already through a sigmoid), the box size in input pixels and the sub-cell centre offset. The three steps below
(pre-process, inference, post-process) are separate functions so each can be tested and reused on its own.
"""

from __future__ import annotations

import functools
import json
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Protocol

import cv2
import numpy as np
from sikwu.models import DETECTOR_PATH
from sikwu.vision.onnx_session import ModelFileError, open_session

DEFAULT_MODEL_PATH = DETECTOR_PATH
INPUT_SIZE = 320
STRIDE = 4
PAD_VALUE = 114
DEFAULT_SCORE_THRESHOLD = 0.4
NMS_IOU = 0.5
#: Fewer detections than this say nothing reliable about a photo's tiles (their shape, place or slant), so the
#: framing fixes (vision.stretch, vision.tilt, vision.zoom) leave such a photo as it is.
MIN_DETECTIONS_TO_JUDGE = 3


class DetectorModelError(ModelFileError):
    """The detector model file is missing or is not a readable ONNX detector."""


@dataclass(frozen=True, slots=True)
class Detection:
    """One proposed tile: an axis-aligned box in the original image's pixels and the heatmap peak score."""

    box: tuple[float, float, float, float]  # x1, y1, x2, y2
    score: float


@dataclass(frozen=True, slots=True)
class Letterbox:
    """How the original image was fitted into the square input, so boxes can be mapped back exactly."""

    scale: float
    pad_x: float
    pad_y: float
    width: int
    height: int


class BoxSource(Protocol):
    """What recognition and the framing fixes need from a tile detector (``TileDetector`` is one)."""

    def detect(self, image_bgr: np.ndarray, score_threshold: float | None = None) -> list[Detection]: ...


def mean_peak_score(detections: Sequence[Detection]) -> float:
    """How sure the detector is of a photo's tiles: the mean peak score, 0 below MIN_DETECTIONS_TO_JUDGE boxes.
    The framing fixes compare it between views of one photo to judge which view shows tiles the detector knows."""
    if len(detections) < MIN_DETECTIONS_TO_JUDGE:
        return 0.0
    return float(np.mean([d.score for d in detections]))


# ------------------------------------------------------------------------------------------------------ pre-process


def letterbox(image_rgb: np.ndarray, size: int = INPUT_SIZE) -> tuple[np.ndarray, Letterbox]:
    """Resize keeping the aspect ratio (tiles must keep their shape) and pad to ``size`` x ``size``, centred."""
    h, w = image_rgb.shape[:2]
    scale = size / max(h, w)
    nw, nh = max(1, round(w * scale)), max(1, round(h * scale))
    interp = cv2.INTER_AREA if scale < 1 else cv2.INTER_LINEAR
    resized = cv2.resize(image_rgb, (nw, nh), interpolation=interp)
    out = np.full((size, size, 3), PAD_VALUE, np.uint8)
    px, py = (size - nw) // 2, (size - nh) // 2
    out[py : py + nh, px : px + nw] = resized
    return out, Letterbox(scale=scale, pad_x=float(px), pad_y=float(py), width=w, height=h)


def preprocess(image_bgr: np.ndarray, size: int = INPUT_SIZE) -> tuple[np.ndarray, Letterbox]:
    """BGR photo -> (1, 3, size, size) float32 RGB tensor in [0, 1] and the letterbox that produced it."""
    if image_bgr.ndim == 2:
        image_bgr = cv2.cvtColor(image_bgr, cv2.COLOR_GRAY2BGR)
    elif image_bgr.shape[2] == 4:
        image_bgr = cv2.cvtColor(image_bgr, cv2.COLOR_BGRA2BGR)
    boxed, lb = letterbox(image_bgr, size)  # resizing works per channel and the pad is grey: swap after, on fewer px
    rgb = cv2.cvtColor(boxed, cv2.COLOR_BGR2RGB)
    tensor = rgb.astype(np.float32).transpose(2, 0, 1)[None] / 255.0
    return np.ascontiguousarray(tensor), lb


# ----------------------------------------------------------------------------------------------------- post-process


def heatmap_peaks(
    heat: np.ndarray, size: np.ndarray, offset: np.ndarray, score_threshold: float, stride: int = STRIDE
) -> tuple[np.ndarray, np.ndarray]:
    """Heatmap peaks -> boxes in input pixels. ``heat`` (H, W), ``size`` and ``offset`` (2, H, W).

    A peak is a cell equal to the maximum of its 3 x 3 neighbourhood (cv2.dilate): each tile has one centre, and
    touching tiles are a whole tile width apart, so a 3 x 3 window never merges two tiles.
    """
    heat = heat.astype(np.float32)
    peaks = (heat >= cv2.dilate(heat, np.ones((3, 3), np.uint8))) & (heat >= score_threshold)
    ys, xs = np.nonzero(peaks)
    scores = heat[ys, xs]
    cx = (xs + offset[0, ys, xs]) * stride
    cy = (ys + offset[1, ys, xs]) * stride
    w, h = size[0, ys, xs], size[1, ys, xs]
    boxes = np.stack([cx - w / 2, cy - h / 2, cx + w / 2, cy + h / 2], axis=1).astype(np.float32)
    return boxes.reshape(-1, 4), scores.astype(np.float32)


def nms(boxes: np.ndarray, scores: np.ndarray, iou_threshold: float = NMS_IOU) -> np.ndarray:
    """Indices kept by greedy non-maximum suppression (two peaks on one tile, e.g. a tile seen at 90 degrees).

    The overlaps of every pair are computed at once (a photo has tens of peaks, not thousands); the greedy pass
    then only reads them."""
    order = np.argsort(-scores)
    b = boxes[order]
    areas = (b[:, 2] - b[:, 0]).clip(0) * (b[:, 3] - b[:, 1]).clip(0)
    ix = (np.minimum(b[:, None, 2], b[None, :, 2]) - np.maximum(b[:, None, 0], b[None, :, 0])).clip(0)
    iy = (np.minimum(b[:, None, 3], b[None, :, 3]) - np.maximum(b[:, None, 1], b[None, :, 1])).clip(0)
    inter = ix * iy
    suppresses = inter / np.maximum(areas[:, None] + areas[None, :] - inter, 1e-6) >= iou_threshold
    gone = np.zeros(len(order), bool)
    keep: list[int] = []
    for i in range(len(order)):
        if not gone[i]:
            keep.append(int(order[i]))
            gone |= suppresses[i]
    return np.asarray(keep, dtype=np.int64)


def unletterbox(boxes: np.ndarray, lb: Letterbox) -> np.ndarray:
    """Input-pixel boxes -> original-image pixels, clipped to the image."""
    out = boxes.copy()
    out[:, [0, 2]] = ((out[:, [0, 2]] - lb.pad_x) / lb.scale).clip(0, lb.width)
    out[:, [1, 3]] = ((out[:, [1, 3]] - lb.pad_y) / lb.scale).clip(0, lb.height)
    return out


def postprocess(
    outputs: list[np.ndarray], lb: Letterbox, score_threshold: float, stride: int = STRIDE
) -> list[Detection]:
    heat, size, offset = outputs[0][0, 0], outputs[1][0], outputs[2][0]
    boxes, scores = heatmap_peaks(heat, size, offset, score_threshold, stride)
    keep = nms(boxes, scores)
    boxes, scores = unletterbox(boxes[keep], lb), scores[keep]
    good = ((boxes[:, 2] - boxes[:, 0]) > 1) & ((boxes[:, 3] - boxes[:, 1]) > 1)
    return [
        Detection(box=(float(b[0]), float(b[1]), float(b[2]), float(b[3])), score=float(s))
        for b, s in zip(boxes[good], scores[good], strict=True)
    ]


# -------------------------------------------------------------------------------------------------------- inference


class TileDetector:
    """Loads the ONNX detector once; ``detect`` turns a BGR photo into tile boxes."""

    def __init__(self, model_path: str | Path | None = None) -> None:
        self.model_path = Path(model_path) if model_path is not None else DEFAULT_MODEL_PATH
        self.session = open_session(
            self.model_path,
            what="tile detector",
            fix="train it with `python -m sikwu.datasets.train_detector` or restore models/tile_detector.onnx",
            error=DetectorModelError,
        )
        self.metadata: dict[str, str] = dict(self.session.get_modelmeta().custom_metadata_map)
        if len(self.session.get_outputs()) != 3:
            raise DetectorModelError(
                f"{self.model_path} is not a tile detector: expected 3 outputs (heatmap, size, offset), "
                f"found {len(self.session.get_outputs())}"
            )
        self.input_size = int(self.metadata.get("input_size", INPUT_SIZE))
        self.stride = int(self.metadata.get("stride", STRIDE))
        self.score_threshold = float(self.metadata.get("score_threshold", DEFAULT_SCORE_THRESHOLD))
        self.input_name = self.session.get_inputs()[0].name

    def infer(self, tensor: np.ndarray) -> list[np.ndarray]:
        return self.session.run(None, {self.input_name: tensor})

    def detect(self, image_bgr: np.ndarray, score_threshold: float | None = None) -> list[Detection]:
        """Tile boxes in ``image_bgr``'s pixels, best first."""
        if not isinstance(image_bgr, np.ndarray) or image_bgr.ndim not in (2, 3) or min(image_bgr.shape[:2]) < 1:
            raise ValueError("detect() expects a non-empty BGR image as a NumPy array (H, W, 3)")
        threshold = self.score_threshold if score_threshold is None else float(score_threshold)
        tensor, lb = preprocess(image_bgr, self.input_size)
        detections = postprocess(self.infer(tensor), lb, threshold, self.stride)
        return sorted(detections, key=lambda d: -d.score)

    def training_info(self) -> dict[str, object]:
        """The training record stored in the model's metadata (data, licence, figures), if present."""
        try:
            return json.loads(self.metadata.get("training", "{}"))
        except json.JSONDecodeError:
            return {}


@functools.cache
def default_detector() -> TileDetector:
    """The shipped detector, loaded once per process."""
    return TileDetector()
