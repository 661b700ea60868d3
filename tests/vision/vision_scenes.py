"""Synthetic table photos for vision tests: project-drawn tile faces on green felt or wood, with known boxes.

Tiles are drawn as ivory faces with a thin darker bevel, so tiles laid touching in a row look like real ones: one
bright block with faint seams.  Every placed tile's axis-aligned box is returned as ground truth.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import cv2
import numpy as np
from sikwu.artwork import render_face
from sikwu.scoring.tiles import TILE_IDS
from sikwu.vision.detector import Detection
from sikwu.vision.naming import CROP_PAD


@dataclass
class PlacedTile:
    id: str
    box: tuple[float, float, float, float]  # x1, y1, x2, y2
    rotated: int = 0  # degrees


ROOT = Path(__file__).resolve().parents[2]


def require_shipped_models() -> None:
    """Skip the calling test while the shipped detector or classifier model is absent."""
    import pytest

    for model in ("tile_detector.onnx", "tile_classifier.onnx"):
        if not (ROOT / "models" / model).exists():
            pytest.skip(f"models/{model} not shipped yet")


def table(width: int, height: int, kind: str = "felt", seed: int = 0) -> np.ndarray:
    rng = np.random.default_rng(seed)
    if kind == "felt":
        base = np.array([60, 140, 45], dtype=np.float32)  # BGR green
        img = np.ones((height, width, 3), np.float32) * base
        img += rng.normal(0, 6, (height, width, 1))
    else:  # wood: orange-brown with grain
        base = np.array([70, 130, 190], dtype=np.float32)
        img = np.ones((height, width, 3), np.float32) * base
        grain = np.sin(np.linspace(0, 60, height))[:, None, None] * 12
        img += grain + rng.normal(0, 4, (height, width, 1))
    # a soft light gradient, like a room lamp
    gx = np.linspace(0.9, 1.08, width)[None, :, None]
    return np.clip(img * gx, 0, 255).astype(np.uint8)


def tile_image(tile_id: str, height: int) -> np.ndarray:
    """BGR tile face with a bevel: the face drawn by sikwu.artwork inside a darker ivory rim."""
    face = np.asarray(render_face(tile_id, height).convert("RGB"))[:, :, ::-1].copy()
    rim = max(2, height // 30)
    h, w = face.shape[:2]
    out = np.empty((h + 2 * rim, w + 2 * rim, 3), np.uint8)
    out[:] = (150, 170, 180)  # darker bevel
    out[rim:-rim, rim:-rim] = face
    return out


def place(canvas: np.ndarray, tile: np.ndarray, x: int, y: int) -> tuple[float, float, float, float]:
    h, w = tile.shape[:2]
    canvas[y : y + h, x : x + w] = tile
    return float(x), float(y), float(x + w), float(y + h)


def hand_scene(kind: str = "felt", tile_h: int = 80, width: int = 1280, height: int = 720, seed: int = 0):
    """A revealed hand: a row of 11 touching tiles, a pung set apart with one tile turned 90 degrees, a second row
    of a chow, and two flowers to the side.  Returns (BGR image, [PlacedTile])."""
    img = table(width, height, kind, seed)
    placed: list[PlacedTile] = []
    row = ["1m", "2m", "3m", "4p", "5p", "6p", "7s", "8s", "9s", "5z", "5z"]
    x, y = 60, 120
    for t in row:
        ti = tile_image(t, tile_h)
        placed.append(PlacedTile(t, place(img, ti, x, y)))
        x += ti.shape[1]
    # exposed pung set apart, the claimed tile turned 90 degrees
    x += tile_h
    for i, t in enumerate(["1z", "1z", "1z"]):
        ti = tile_image(t, tile_h)
        if i == 1:
            ti = cv2.rotate(ti, cv2.ROTATE_90_CLOCKWISE)
            placed.append(PlacedTile(t, place(img, ti, x, y + (tile_h - ti.shape[0])), rotated=90))
        else:
            placed.append(PlacedTile(t, place(img, ti, x, y)))
        x += ti.shape[1]
    # second row: a chow, one tile upside down
    x, y = 60, 120 + tile_h * 2
    for i, t in enumerate(["7p", "8p", "9p"]):
        ti = tile_image(t, tile_h)
        if i == 2:
            ti = cv2.rotate(ti, cv2.ROTATE_180)
        placed.append(PlacedTile(t, place(img, ti, x, y), rotated=180 if i == 2 else 0))
        x += ti.shape[1]
    # flowers to the side, apart from each other
    x += tile_h * 2
    for t in ["1f", "6f"]:
        ti = tile_image(t, tile_h)
        placed.append(PlacedTile(t, place(img, ti, x, y)))
        x += ti.shape[1] + tile_h // 2
    img = cv2.GaussianBlur(img, (3, 3), 0)
    return img, placed


#: The groups `hand_scene()` lays out, in reading order: the concealed row, then the melds and bonus tiles set apart.
HAND_SCENE_GROUPS = [
    ["1m", "2m", "3m", "4p", "5p", "6p", "7s", "8s", "9s", "5z", "5z"],
    ["1z", "1z", "1z"],
    ["7p", "8p", "9p"],
    ["1f"],
    ["6f"],
]


def ids_by_group(rec) -> list[list[str]]:
    """The recognised ids grouped by their layout group, groups in order of first appearance."""
    groups: dict[int, list[str]] = {}
    for t in rec.tiles:
        groups.setdefault(t.group, []).append(t.id)
    return list(groups.values())


def iou(a, b) -> float:
    ix = max(0.0, min(a[2], b[2]) - max(a[0], b[0]))
    iy = max(0.0, min(a[3], b[3]) - max(a[1], b[1]))
    inter = ix * iy
    union = (a[2] - a[0]) * (a[3] - a[1]) + (b[2] - b[0]) * (b[3] - b[1]) - inter
    return inter / union if union > 0 else 0.0


class NearestFaceClassifier:
    """Names a crop by the nearest rendered face (upright or turned 180 degrees), colour pixels, centre part."""

    size = (48, 64)

    def __init__(self):
        refs = []
        for t in TILE_IDS:
            img = cv2.resize(tile_image(t, 96), self.size, interpolation=cv2.INTER_AREA)
            inner = np.ascontiguousarray(img[8:-8, 6:-6])  # the glyph area, slid over the crop below
            refs.append((t, inner))
            refs.append((t, np.ascontiguousarray(inner[::-1, ::-1])))
        self.refs = refs

    def predict(self, crops, k=3):
        out = []
        for c in crops:
            # recognition frames each crop with a margin (CROP_PAD); the references have none
            h, w = c.shape[:2]
            mh, mw = round(h * CROP_PAD / (1 + 2 * CROP_PAD)), round(w * CROP_PAD / (1 + 2 * CROP_PAD))
            c = c[mh : h - mh, mw : w - mw]
            g = cv2.resize(c, self.size, interpolation=cv2.INTER_AREA)
            d = {}
            for t, r in self.refs:
                score = float(cv2.matchTemplate(g, r, cv2.TM_CCOEFF_NORMED).max())
                d[t] = min(d.get(t, 1e18), (1.0 - score) * 1000)
            ranked = sorted(d.items(), key=lambda kv: kv[1])
            w = np.exp(-(np.array([v for _, v in ranked]) - ranked[0][1]) / 50.0)
            w = w / w.sum()  # over every face, as a real classifier's softmax: the top k need not sum to 1
            out.append([(t, float(p)) for (t, _), p in zip(ranked[:k], w[:k], strict=True)])
        return out


class FixedDetector:
    """A detector that always reports the same boxes (in the working image's pixels), each scored 0.9."""

    def __init__(self, *boxes: tuple[float, float, float, float]) -> None:
        self.boxes = boxes

    def detect(self, image_bgr: np.ndarray, score_threshold: float | None = None) -> list[Detection]:
        return [Detection(b, 0.9) for b in self.boxes]


#: Readings of ``PurpleBacks``: a back, and a face.
BACK_READING = [("back", 0.98), ("not-a-tile", 0.01), ("5z", 0.01)]
FACE_READING = [("8m", 0.97), ("2f", 0.01), ("9m", 0.01)]


class PurpleBacks:
    """A classifier that reads purple crops as backs and everything else as 8m (colour decides, not art)."""

    def predict(self, crops: list[np.ndarray], k: int = 3) -> list[list[tuple[str, float]]]:
        return [BACK_READING if crop[..., 0].mean() > crop[..., 1].mean() + 40 else FACE_READING for crop in crops]
