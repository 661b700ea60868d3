"""Training data for the tile detector: real hk-photos boxes plus synthetic tables drawn with the project's faces.

Why both: hk-photos (CC BY 4.0, "Chinese Mahjong Detection" v4) has real light, bevels and trays but every photo
is squashed to 640 x 640 and shot in one style; synthetic scenes (rows of touching tiles, melds set apart, tiles
turned 90 degrees, felt / wood / white / dark tables) teach the net layouts and aspect ratios the dataset lacks.
``valid`` is never read here: it is the measurement set of ``benchmarks/bench_detector.py``.

Everything is decoded once and cached as arrays under ``.cache/detector/`` (gitignored); samples are produced on
the fly by :class:`DetectorSampler` with random 90-degree turns, flips, scale/aspect jitter, colour and blur. The
synthetic tables are drawn by :mod:`sikwu.datasets.detector_synth`.
"""

from __future__ import annotations

import pickle
from dataclasses import dataclass
from pathlib import Path

import cv2
import numpy as np
from sikwu.datasets.paths import PROJECT_ROOT, shared_path

CACHE_DIR = PROJECT_ROOT / ".cache" / "detector"
SOURCE_LONG_SIDE = 384  # sources are cached at this size; samples are 320 x 320
PAD_VALUE = 114


@dataclass
class Scene:
    image: np.ndarray  # RGB uint8
    boxes: np.ndarray  # (N, 4) float32 x1 y1 x2 y2 in image pixels
    kind: str  # "hk" or "synth"


# --------------------------------------------------------------------------------------------------------- hk-photos


def parse_yolo_labels(text: str, width: int, height: int) -> np.ndarray:
    """YOLO rows ``cls xc yc w h`` (normalised) -> pixel boxes; rows with more numbers are polygons: take the bbox."""
    boxes = []
    for line in text.splitlines():
        parts = line.split()
        if len(parts) < 5:
            continue
        vals = [float(v) for v in parts[1:]]
        if len(vals) == 4:
            xc, yc, w, h = vals
            x1, y1, x2, y2 = xc - w / 2, yc - h / 2, xc + w / 2, yc + h / 2
        else:
            xs, ys = vals[0::2], vals[1::2]
            x1, y1, x2, y2 = min(xs), min(ys), max(xs), max(ys)
        boxes.append([x1 * width, y1 * height, x2 * width, y2 * height])
    return np.asarray(boxes, np.float32).reshape(-1, 4)


def load_hk_split(split: str = "train", long_side: int = SOURCE_LONG_SIDE) -> list[Scene]:
    """Decode one hk-photos split (resized so the long side is ``long_side``), cached after the first call."""
    if split == "valid":
        raise ValueError("hk-photos/valid is the measurement set: the detector never trains on it")
    cache = CACHE_DIR / f"hk_{split}_{long_side}.pkl"
    if cache.is_file():
        with cache.open("rb") as fh:
            return pickle.load(fh)
    root = shared_path("datasets", "hk-photos", split)
    if not (root / "images").is_dir():
        raise FileNotFoundError(f"hk-photos split not found at {root}: set SIKWU_SHARED to the shared folder")
    scenes = []
    for img_path in sorted((root / "images").iterdir()):
        bgr = cv2.imread(str(img_path))
        if bgr is None:
            continue
        h, w = bgr.shape[:2]
        label = root / "labels" / (img_path.stem + ".txt")
        boxes = parse_yolo_labels(label.read_text() if label.is_file() else "", w, h)
        s = long_side / max(h, w)
        size = (round(w * s), round(h * s))
        rgb = cv2.resize(cv2.cvtColor(bgr, cv2.COLOR_BGR2RGB), size, interpolation=cv2.INTER_AREA)
        scenes.append(Scene(rgb, boxes * s, "hk"))
    CACHE_DIR.mkdir(parents=True, exist_ok=True)
    with cache.open("wb") as fh:
        pickle.dump(scenes, fh, protocol=pickle.HIGHEST_PROTOCOL)
    return scenes


# ------------------------------------------------------------------------------------------- scenes of many sets


def load_scene_dir(folder: Path, long_side: int = SOURCE_LONG_SIDE) -> list[Scene]:
    """A YOLO folder (``images/``, ``labels/``; e.g. written by ``python -m sikwu.datasets.scenes``) as scenes for
    :class:`DetectorSampler`, resized so the long side is ``long_side``. Every class is a tile to the detector
    (faces, backs and blank white dragons alike)."""
    images = folder / "images"
    if not images.is_dir():
        raise FileNotFoundError(f"{folder} has no images/ folder: make scenes with python -m sikwu.datasets.scenes")
    scenes = []
    for img_path in sorted(p for p in images.iterdir() if p.suffix.lower() in (".jpg", ".jpeg", ".png")):
        bgr = cv2.imread(str(img_path))
        if bgr is None:
            continue
        h, w = bgr.shape[:2]
        label = folder / "labels" / (img_path.stem + ".txt")
        boxes = parse_yolo_labels(label.read_text() if label.is_file() else "", w, h)
        s = long_side / max(h, w)
        rgb = cv2.resize(
            cv2.cvtColor(bgr, cv2.COLOR_BGR2RGB), (round(w * s), round(h * s)), interpolation=cv2.INTER_AREA
        )
        scenes.append(Scene(rgb, boxes * s, "scenes"))
    return scenes


# ------------------------------------------------------------------------------------------------------ augmentation


def _turn_and_flip(img: np.ndarray, boxes: np.ndarray, rng: np.random.Generator) -> tuple[np.ndarray, np.ndarray]:
    """Quarter turns (none twice as often as each other) and a mirror half the time: tiles lie every way round."""
    h, w = img.shape[:2]
    k = int(rng.choice([0, 0, 1, 2, 3]))
    for _ in range(k):  # 90 degrees counter-clockwise: (x, y) -> (y, w - x)
        img = np.rot90(img)
        boxes = np.stack([boxes[:, 1], w - boxes[:, 2], boxes[:, 3], w - boxes[:, 0]], axis=1)
        h, w = w, h
    if rng.random() < 0.5:
        img = img[:, ::-1]
        boxes = np.stack([w - boxes[:, 2], boxes[:, 1], w - boxes[:, 0], boxes[:, 3]], axis=1)
    return img, boxes


def _placement(
    boxes: np.ndarray,
    shape: tuple[int, int],
    rng: np.random.Generator,
    size: int,
    close_up: bool,
    squashed: bool,
    max_zoom: float,
    close_up_max_stretch: float,
) -> np.ndarray:
    """The 2x3 affine matrix that scales (with aspect jitter) and places an image of ``shape`` in the sample."""
    h, w = shape
    if close_up:
        # a close-up of a few tiles, stretched to a square the way dataset exports do: tiles far taller (or wider)
        # than a real tile, running off the sample's edge; hk-photos/valid holds such photos, stretched up to ~13x
        aspect = np.exp(rng.choice([-1, 1]) * rng.uniform(0.3, np.log(close_up_max_stretch)))
        zoom = rng.uniform(1.8, 4.5)
    else:
        # hk-photos are 4:3 photos squashed to a square: undo that (either way) as often as not
        aspect = np.exp(rng.uniform(-0.35, 0.35)) if squashed else np.exp(rng.uniform(-0.1, 0.1))
        zoom = np.exp(rng.uniform(np.log(0.45), np.log(max_zoom)))
    fit = size / max(h * np.sqrt(1 / aspect), w * np.sqrt(aspect))
    sx, sy = fit * zoom * np.sqrt(aspect), fit * zoom / np.sqrt(aspect)
    nw, nh = w * sx, h * sy
    if close_up:  # centre on a random tile so the sample shows tiles, not the table
        focus = boxes[rng.integers(0, len(boxes))]
        tx = rng.uniform(0.2, 0.8) * size - (focus[0] + focus[2]) / 2 * sx
        ty = rng.uniform(0.2, 0.8) * size - (focus[1] + focus[3]) / 2 * sy
    else:
        tx = rng.uniform(min(0, size - nw), max(0, size - nw))
        ty = rng.uniform(min(0, size - nh), max(0, size - nh))
    return np.float32([[sx, 0, tx], [0, sy, ty]])


def _boxes_in_sample(boxes: np.ndarray, M: np.ndarray, tilted: bool, size: int, min_visible: float) -> np.ndarray:
    """``boxes`` mapped through ``M`` (a turned box becomes the upright box around its corners), clipped to the
    sample; a box keeps only while ``min_visible`` of it shows and it is at least 3 px each way."""
    if tilted:
        corners = boxes[:, [0, 1, 2, 1, 2, 3, 0, 3]].reshape(-1, 4, 2) @ M[:, :2].T + M[:, 2]
        b = np.concatenate([corners.min(axis=1), corners.max(axis=1)], axis=1).astype(np.float32)
    else:
        sx, sy, tx, ty = M[0, 0], M[1, 1], M[0, 2], M[1, 2]
        b = boxes * np.float32([sx, sy, sx, sy]) + np.float32([tx, ty, tx, ty])
    area = (b[:, 2] - b[:, 0]) * (b[:, 3] - b[:, 1])
    bc = b.clip(0, size)
    vis = (bc[:, 2] - bc[:, 0]).clip(0) * (bc[:, 3] - bc[:, 1]).clip(0) / np.maximum(area, 1e-6)
    return bc[(vis >= min_visible) & ((bc[:, 2] - bc[:, 0]) >= 3) & ((bc[:, 3] - bc[:, 1]) >= 3)]


def _colour_jitter(out: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """Brightness, contrast, per-channel gain, gamma, and sometimes noise and blur: lamps and phones differ."""
    f = out.astype(np.float32)
    f = f * rng.uniform(0.6, 1.35) * rng.uniform(0.85, 1.15, 3) + rng.uniform(-25, 25)
    mean = f.mean()
    f = (f - mean) * rng.uniform(0.7, 1.3) + mean
    f = 255 * (np.clip(f, 0, 255) / 255) ** rng.uniform(0.75, 1.3)
    if rng.random() < 0.25:
        f = f + rng.normal(0, rng.uniform(2, 8), f.shape)
    out = np.clip(f, 0, 255).astype(np.uint8)
    if rng.random() < 0.25:
        kk = int(rng.choice([3, 5]))
        out = cv2.GaussianBlur(out, (kk, kk), 0)
    return out


def augment(
    scene: Scene,
    rng: np.random.Generator,
    size: int = 320,
    min_visible: float = 0.6,
    max_zoom: float = 1.6,
    close_up_share: float = 0.0,
    close_up_max_stretch: float = 13.0,
    tilt_share: float = 0.0,
    max_tilt: float = 35.0,
) -> tuple[np.ndarray, np.ndarray]:
    """One training sample: (size x size RGB uint8, boxes) with turns, flips, scale/aspect jitter, colour, blur.

    A box cut by the sample's border stays a tile (clipped) while at least ``min_visible`` of it shows: hk-photos
    label tiles running off the photo's edge by their visible part, and so must the detector.  With probability
    ``tilt_share`` the sample is also turned up to ``max_tilt`` degrees (a phone held at a slant); a turned tile's
    box is the upright box around its turned corners, as hk-photos labels slanted tiles.
    """
    img, boxes = _turn_and_flip(scene.image, scene.boxes.copy(), rng)
    close_up = len(boxes) > 0 and rng.random() < close_up_share
    if close_up:  # a close-up's tiles run off the sample's edge
        min_visible = min(min_visible, 0.3)
    squashed = scene.kind == "hk"
    M = _placement(boxes, img.shape[:2], rng, size, close_up, squashed, max_zoom, close_up_max_stretch)
    tilted = len(boxes) > 0 and rng.random() < tilt_share
    if tilted:
        R = cv2.getRotationMatrix2D((size / 2, size / 2), float(rng.uniform(-max_tilt, max_tilt)), 1.0)
        M = np.float32(np.vstack([R, [0, 0, 1]]) @ np.vstack([M, [0, 0, 1]]))[:2]
    pad = PAD_VALUE if rng.random() < 0.7 else int(rng.integers(0, 255))
    out = cv2.warpAffine(
        np.ascontiguousarray(img), M, (size, size), flags=cv2.INTER_LINEAR, borderValue=(pad, pad, pad)
    )
    b = _boxes_in_sample(boxes, M, tilted, size, min_visible)
    return _colour_jitter(out, rng), b.astype(np.float32)


class DetectorSampler:
    """Draws augmented samples, mixing real and synthetic scenes with a fixed share of synthetic ones."""

    def __init__(
        self, real: list[Scene], synth: list[Scene], synth_share: float, seed: int, **augment_options: float
    ) -> None:
        self.real, self.synth, self.synth_share = real, synth, synth_share
        self.augment_options = augment_options
        self.rng = np.random.default_rng(seed)

    def batch(self, n: int, size: int = 320) -> tuple[np.ndarray, list[np.ndarray]]:
        images, boxes = [], []
        for _ in range(n):
            pool = self.synth if (self.synth and self.rng.random() < self.synth_share) or not self.real else self.real
            img, b = augment(pool[self.rng.integers(0, len(pool))], self.rng, size, **self.augment_options)
            images.append(img)
            boxes.append(b)
        return np.stack(images), boxes


def cache_root() -> Path:
    return CACHE_DIR
