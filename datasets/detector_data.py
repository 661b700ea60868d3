"""Training data for the tile detector: real hk-photos boxes plus synthetic tables drawn with the project's faces.

Why both: hk-photos (CC BY 4.0, "Chinese Mahjong Detection" v4) has real light, bevels and trays but every photo
is squashed to 640 x 640 and shot in one style; synthetic scenes (rows of touching tiles, melds set apart, tiles
turned 90 degrees, felt / wood / white / dark tables) teach the net layouts and aspect ratios the dataset lacks.
``valid`` is never read here: it is the measurement set of ``benchmarks/bench_detector.py``.

Everything is decoded once and cached as arrays under ``.cache/detector/`` (gitignored); samples are produced on
the fly by :class:`DetectorSampler` with random 90-degree turns, flips, scale/aspect jitter, colour and blur.
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


# ------------------------------------------------------------------------------------------------ synthetic scenes


def _background(kind: str, w: int, h: int, rng: np.random.Generator) -> np.ndarray:
    """RGB table surface with texture and a lamp gradient."""
    if kind == "felt":
        base = np.array([45, 120 + rng.integers(-25, 25), 60 + rng.integers(-20, 30)], np.float32)
    elif kind == "wood":
        base = np.array(
            [170 + rng.integers(-40, 30), 115 + rng.integers(-30, 20), 65 + rng.integers(-20, 20)], np.float32
        )
    elif kind == "white":
        base = np.full(3, 225 + rng.integers(-20, 25), np.float32)
    else:  # dark
        base = np.full(3, 30 + rng.integers(0, 40), np.float32) + rng.integers(-10, 10, 3)
    img = np.ones((h, w, 3), np.float32) * base
    img += rng.normal(0, rng.uniform(2, 9), (h, w, 1))
    if kind == "wood":
        freq = rng.uniform(20, 90)
        img += np.sin(np.linspace(0, freq, h) + rng.uniform(0, 6))[:, None, None] * rng.uniform(5, 18)
    gx = np.linspace(rng.uniform(0.8, 1.0), rng.uniform(1.0, 1.15), w)[None, :, None]
    gy = np.linspace(rng.uniform(0.85, 1.0), rng.uniform(1.0, 1.1), h)[:, None, None]
    return np.clip(img * gx * gy, 0, 255).astype(np.uint8)


_FACE_CACHE: dict[str, np.ndarray] = {}
#: Stands for a blank white dragon (many sets leave 5z plain ivory): the detector must box a tile with no marks.
BLANK = "blank"
#: Bumped when synth_scene draws differently, so cached scenes are rebuilt.
SYNTH_SCENE_VERSION = 2


def _face(tile_id: str) -> np.ndarray:
    """RGBA face at 96 px with rounded corners made transparent (the table shows through, as on a real tile)."""
    if tile_id not in _FACE_CACHE:
        from sikwu.artwork import render_face

        rgb = np.asarray(render_face("5z" if tile_id == BLANK else tile_id, 96).convert("RGB"))
        if tile_id == BLANK:
            rgb = np.broadcast_to(np.median(rgb.reshape(-1, 3), axis=0).astype(np.uint8), rgb.shape).copy()
        h, w = rgb.shape[:2]
        mask = np.zeros((h, w), np.uint8)
        r = max(2, round(0.11 * w))
        cv2.rectangle(mask, (r, 0), (w - 1 - r, h - 1), 255, -1)
        cv2.rectangle(mask, (0, r), (w - 1, h - 1 - r), 255, -1)
        for cx, cy in ((r, r), (w - 1 - r, r), (r, h - 1 - r), (w - 1 - r, h - 1 - r)):
            cv2.circle(mask, (cx, cy), r, 255, -1)
        _FACE_CACHE[tile_id] = np.dstack([rgb, mask])
    return _FACE_CACHE[tile_id]


def _tile_sprite(tile_id: str, height: int, rot: int, rng: np.random.Generator, bevel: np.ndarray) -> np.ndarray:
    """RGBA tile: the face, a darker bevel rim and sometimes the tile's side (thickness) below it."""
    face = _face(tile_id)
    rim = max(1, round(height * rng.uniform(0.02, 0.06)))
    fw = max(4, round(height * 0.75)) - 2 * rim
    fh = height - 2 * rim
    face = cv2.resize(face, (fw, fh), interpolation=cv2.INTER_AREA)
    sprite = np.zeros((height, fw + 2 * rim, 4), np.uint8)
    sprite[..., :3] = bevel
    sprite[..., 3] = 255
    sprite[rim : rim + fh, rim : rim + fw] = np.where(face[..., 3:] > 0, face, np.concatenate([bevel, [255]]))
    return np.ascontiguousarray(np.rot90(sprite, k=rot))


def _paste(canvas: np.ndarray, sprite: np.ndarray, x: int, y: int) -> tuple[float, float, float, float] | None:
    h, w = sprite.shape[:2]
    H, W = canvas.shape[:2]
    if x < 0 or y < 0 or x + w > W or y + h > H:
        return None
    alpha = sprite[..., 3:].astype(np.float32) / 255
    region = canvas[y : y + h, x : x + w].astype(np.float32)
    canvas[y : y + h, x : x + w] = (sprite[..., :3] * alpha + region * (1 - alpha)).astype(np.uint8)
    return float(x), float(y), float(x + w), float(y + h)


def synth_scene(rng: np.random.Generator, long_side: int | None = SOURCE_LONG_SIDE) -> Scene:
    """A table with 1-4 rows of touching tiles split into groups, some turned, then perspective, blur, noise, JPEG.

    ``long_side=None`` keeps the scene at its drawn size (benchmarks); training caches it at ``SOURCE_LONG_SIDE``.
    """
    from sikwu.scoring.tiles import TILE_IDS

    W, H = [(640, 480), (480, 640), (640, 640), (800, 450), (600, 800)][rng.integers(0, 5)]
    img = _background(["felt", "wood", "white", "dark"][rng.integers(0, 4)], W, H, rng)
    tile_h = int(rng.uniform(28, 110))
    tile_w = round(tile_h * 0.75)
    ivory = rng.integers(-25, 10)
    bevel = np.clip(np.array([175, 170, 150]) + ivory + rng.integers(-30, 30, 3), 0, 255).astype(np.uint8)
    n_rows = int(rng.integers(1, 5))
    boxes: list[tuple[float, float, float, float]] = []
    y = int(rng.uniform(0.02, 0.25) * H)
    for _ in range(n_rows):
        x = int(rng.uniform(0.01, 0.2) * W)
        row_h = tile_h
        base_rot = 2 if rng.random() < 0.15 else 0  # a row seen from the other side
        n_groups = int(rng.integers(1, 5))
        for _g in range(n_groups):
            n = int(rng.choice([1, 2, 3, 3, 4, 5, 8, 11, 14]))
            for _t in range(n):
                u = rng.random()
                tid = "back" if u < 0.04 else BLANK if u < 0.07 else TILE_IDS[rng.integers(0, len(TILE_IDS))]
                rot = base_rot
                if rng.random() < 0.1:
                    rot = int(rng.choice([1, 3]))
                elif rng.random() < 0.08:
                    rot = 2 - base_rot
                sprite = _tile_sprite(tid, tile_h, rot, rng, bevel)
                yy = y + (tile_h - sprite.shape[0] if rot % 2 and rng.random() < 0.7 else 0)
                box = _paste(img, sprite, x, yy)
                if box is not None:
                    boxes.append(box)
                row_h = max(row_h, sprite.shape[0])
                x += sprite.shape[1] + (int(rng.integers(1, 4)) if rng.random() < 0.2 else 0)
            x += int(rng.uniform(0.3, 2.0) * tile_w)
            if x > W:
                break
        y += row_h + int(rng.uniform(0.0, 1.5) * tile_h)
        if y + tile_h > H:
            break
    boxes_arr = np.asarray(boxes, np.float32).reshape(-1, 4)
    # mild perspective: move each corner a little and map the boxes through it (bbox of the warped corners)
    j = rng.uniform(0, 0.07)
    src = np.float32([[0, 0], [W, 0], [W, H], [0, H]])
    dst = (src + rng.uniform(-j, j, (4, 2)).astype(np.float32) * [W, H]).astype(np.float32)
    M = cv2.getPerspectiveTransform(src, dst)
    img = cv2.warpPerspective(img, M, (W, H), borderMode=cv2.BORDER_REFLECT)
    if len(boxes_arr):
        corners = np.stack(
            [boxes_arr[:, [0, 1]], boxes_arr[:, [2, 1]], boxes_arr[:, [2, 3]], boxes_arr[:, [0, 3]]], axis=1
        )
        warped = cv2.perspectiveTransform(corners.reshape(-1, 1, 2), M).reshape(-1, 4, 2)
        boxes_arr = np.concatenate([warped.min(1), warped.max(1)], axis=1).astype(np.float32)
    if rng.random() < 0.5:
        k = int(rng.choice([3, 5]))
        img = cv2.GaussianBlur(img, (k, k), 0)
    if rng.random() < 0.4:
        img = np.clip(img + rng.normal(0, rng.uniform(2, 8), img.shape), 0, 255).astype(np.uint8)
    if rng.random() < 0.6:
        ok, enc = cv2.imencode(".jpg", img, [cv2.IMWRITE_JPEG_QUALITY, int(rng.integers(35, 90))])
        img = cv2.imdecode(enc, cv2.IMREAD_UNCHANGED)
    if long_side is None:
        return Scene(img, boxes_arr, "synth")
    s = long_side / max(W, H)
    img = cv2.resize(img, (round(W * s), round(H * s)), interpolation=cv2.INTER_AREA)
    return Scene(img, boxes_arr * s, "synth")


def load_synth(count: int, seed: int = 0) -> list[Scene]:
    """``count`` synthetic scenes from ``seed``, cached (the same seed always gives the same scenes)."""
    cache = CACHE_DIR / f"synth_v{SYNTH_SCENE_VERSION}_{count}_{seed}_{SOURCE_LONG_SIDE}.pkl"
    if cache.is_file():
        with cache.open("rb") as fh:
            return pickle.load(fh)
    rng = np.random.default_rng(seed)
    scenes = [synth_scene(rng) for _ in range(count)]
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
    img, boxes = scene.image, scene.boxes.copy()
    h, w = img.shape[:2]
    k = int(rng.choice([0, 0, 1, 2, 3]))
    for _ in range(k):  # 90 degrees counter-clockwise: (x, y) -> (y, w - x)
        img = np.rot90(img)
        boxes = np.stack([boxes[:, 1], w - boxes[:, 2], boxes[:, 3], w - boxes[:, 0]], axis=1)
        h, w = w, h
    if rng.random() < 0.5:
        img = img[:, ::-1]
        boxes = np.stack([w - boxes[:, 2], boxes[:, 1], w - boxes[:, 0], boxes[:, 3]], axis=1)
    close_up = len(boxes) > 0 and rng.random() < close_up_share
    if close_up:
        # a close-up of a few tiles, stretched to a square the way dataset exports do: tiles far taller (or wider)
        # than a real tile, running off the sample's edge; hk-photos/valid holds such photos, stretched up to ~13x
        aspect = np.exp(rng.choice([-1, 1]) * rng.uniform(0.3, np.log(close_up_max_stretch)))
        zoom = rng.uniform(1.8, 4.5)
        min_visible = min(min_visible, 0.3)
    else:
        # hk-photos are 4:3 photos squashed to a square: undo that (either way) as often as not
        aspect = np.exp(rng.uniform(-0.35, 0.35)) if scene.kind == "hk" else np.exp(rng.uniform(-0.1, 0.1))
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
    M = np.float32([[sx, 0, tx], [0, sy, ty]])
    tilted = len(boxes) > 0 and rng.random() < tilt_share
    if tilted:
        R = cv2.getRotationMatrix2D((size / 2, size / 2), float(rng.uniform(-max_tilt, max_tilt)), 1.0)
        M = np.float32(np.vstack([R, [0, 0, 1]]) @ np.vstack([M, [0, 0, 1]]))[:2]
    pad = PAD_VALUE if rng.random() < 0.7 else int(rng.integers(0, 255))
    out = cv2.warpAffine(
        np.ascontiguousarray(img), M, (size, size), flags=cv2.INTER_LINEAR, borderValue=(pad, pad, pad)
    )
    if tilted:
        corners = boxes[:, [0, 1, 2, 1, 2, 3, 0, 3]].reshape(-1, 4, 2) @ M[:, :2].T + M[:, 2]
        b = np.concatenate([corners.min(axis=1), corners.max(axis=1)], axis=1).astype(np.float32)
    else:
        b = boxes * np.float32([sx, sy, sx, sy]) + np.float32([tx, ty, tx, ty])
    area = (b[:, 2] - b[:, 0]) * (b[:, 3] - b[:, 1])
    bc = b.clip(0, size)
    vis = (bc[:, 2] - bc[:, 0]).clip(0) * (bc[:, 3] - bc[:, 1]).clip(0) / np.maximum(area, 1e-6)
    b = bc[(vis >= min_visible) & ((bc[:, 2] - bc[:, 0]) >= 3) & ((bc[:, 3] - bc[:, 1]) >= 3)]
    # colour: brightness, contrast, per-channel gain, gamma
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
    return out, b.astype(np.float32)


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
