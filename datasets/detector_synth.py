"""Synthetic tables for the tile detector: rows of touching tiles drawn with the project's own faces.

Why: hk-photos shows one style of photo, squashed to a square; these scenes (rows of touching tiles, melds set apart,
tiles turned 90 degrees, backs and blank white dragons, felt / wood / white / dark tables, a slightly slanted camera)
teach the detector layouts and aspect ratios the real set lacks. Scenes are cached per seed by :func:`load_synth`
and mixed with the real ones by :class:`sikwu.datasets.detector_data.DetectorSampler`.
"""

from __future__ import annotations

import pickle

import cv2
import numpy as np
from sikwu.datasets import back_colours
from sikwu.datasets.detector_data import CACHE_DIR, SOURCE_LONG_SIDE, Scene


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
#: Bumped when synth_scene draws differently, so cached scenes are rebuilt (3: more backs, of training colours).
SYNTH_SCENE_VERSION = 3
#: Share of tiles drawn face down. Each table's backs take one training colour (``back_colours.training``: any hue
#: outside the bands of the held-out pink and purple), as one set's backs share a colour.
BACK_SHARE = 0.10


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


def _recoloured_back(face: np.ndarray, back: np.ndarray) -> np.ndarray:
    """The own back face (a green panel in an ivory rim) with its panel painted ``back`` (RGB), edges blended."""
    rgb = face[..., :3].astype(np.float32)
    panel = np.median(rgb.reshape(-1, 3), axis=0)
    rim = rgb[rgb.shape[0] // 2, 0]  # the ivory rim at the left edge
    share = 1 - np.linalg.norm(rgb - panel, axis=2) / max(1.0, float(np.linalg.norm(rim - panel)))
    t = np.clip(share, 0, 1)[..., None]
    out = rgb * (1 - t) + back.astype(np.float32) * t
    return np.dstack([np.clip(out, 0, 255).astype(np.uint8), face[..., 3]])


def _tile_sprite(
    tile_id: str, height: int, rot: int, rng: np.random.Generator, bevel: np.ndarray, back: np.ndarray
) -> np.ndarray:
    """RGBA tile: the face (a back painted ``back``, RGB), a darker bevel rim and sometimes the tile's side."""
    face = _face(tile_id) if tile_id != "back" else _recoloured_back(_face(tile_id), back)
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


def _random_tile(rng: np.random.Generator, base_rot: int) -> tuple[str, int]:
    """A tile id (now and then a back or a blank white dragon) and its quarter turns: mostly the row's own turn,
    sometimes turned sideways (a claimed tile) or the other way up."""
    from sikwu.scoring.tiles import TILE_IDS

    u = rng.random()
    tid = "back" if u < BACK_SHARE else BLANK if u < BACK_SHARE + 0.03 else TILE_IDS[rng.integers(0, len(TILE_IDS))]
    rot = base_rot
    if rng.random() < 0.1:
        rot = int(rng.choice([1, 3]))
    elif rng.random() < 0.08:
        rot = 2 - base_rot
    return tid, rot


def _lay_row(img: np.ndarray, rng: np.random.Generator, y: int, tile_h: int, look: tuple, boxes: list) -> int:
    """One row of touching tiles at height ``y``, split into groups (melds and the hand), drawn onto ``img`` in
    ``look`` = (bevel colour, back colour); the box of every tile that fits is appended to ``boxes``. Returns the
    row's height (a sideways tile is taller)."""
    W = img.shape[1]
    tile_w = round(tile_h * 0.75)
    x = int(rng.uniform(0.01, 0.2) * W)
    row_h = tile_h
    base_rot = 2 if rng.random() < 0.15 else 0  # a row seen from the other side
    n_groups = int(rng.integers(1, 5))
    for _g in range(n_groups):
        n = int(rng.choice([1, 2, 3, 3, 4, 5, 8, 11, 14]))
        for _t in range(n):
            tid, rot = _random_tile(rng, base_rot)
            sprite = _tile_sprite(tid, tile_h, rot, rng, *look)
            yy = y + (tile_h - sprite.shape[0] if rot % 2 and rng.random() < 0.7 else 0)
            box = _paste(img, sprite, x, yy)
            if box is not None:
                boxes.append(box)
            row_h = max(row_h, sprite.shape[0])
            x += sprite.shape[1] + (int(rng.integers(1, 4)) if rng.random() < 0.2 else 0)
        x += int(rng.uniform(0.3, 2.0) * tile_w)
        if x > W:
            break
    return row_h


def _lay_rows(img: np.ndarray, rng: np.random.Generator, tile_h: int, look: tuple) -> np.ndarray:
    """1-4 rows of tiles down ``img`` (as many as fit); returns their boxes as an (n, 4) float32 array."""
    H = img.shape[0]
    n_rows = int(rng.integers(1, 5))
    boxes: list[tuple[float, float, float, float]] = []
    y = int(rng.uniform(0.02, 0.25) * H)
    for _ in range(n_rows):
        row_h = _lay_row(img, rng, y, tile_h, look, boxes)
        y += row_h + int(rng.uniform(0.0, 1.5) * tile_h)
        if y + tile_h > H:
            break
    return np.asarray(boxes, np.float32).reshape(-1, 4)


def _tilt_camera(img: np.ndarray, boxes: np.ndarray, rng: np.random.Generator) -> tuple[np.ndarray, np.ndarray]:
    """Mild perspective: move each corner a little and map the boxes through it (the box around the warped
    corners, as a labeller boxes a slanted tile)."""
    H, W = img.shape[:2]
    j = rng.uniform(0, 0.07)
    src = np.float32([[0, 0], [W, 0], [W, H], [0, H]])
    dst = (src + rng.uniform(-j, j, (4, 2)).astype(np.float32) * [W, H]).astype(np.float32)
    M = cv2.getPerspectiveTransform(src, dst)
    img = cv2.warpPerspective(img, M, (W, H), borderMode=cv2.BORDER_REFLECT)
    if len(boxes):
        corners = np.stack([boxes[:, [0, 1]], boxes[:, [2, 1]], boxes[:, [2, 3]], boxes[:, [0, 3]]], axis=1)
        warped = cv2.perspectiveTransform(corners.reshape(-1, 1, 2), M).reshape(-1, 4, 2)
        boxes = np.concatenate([warped.min(1), warped.max(1)], axis=1).astype(np.float32)
    return img, boxes


def _camera_noise(img: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """Blur, sensor noise and JPEG, each only sometimes, as phone photos differ."""
    if rng.random() < 0.5:
        k = int(rng.choice([3, 5]))
        img = cv2.GaussianBlur(img, (k, k), 0)
    if rng.random() < 0.4:
        img = np.clip(img + rng.normal(0, rng.uniform(2, 8), img.shape), 0, 255).astype(np.uint8)
    if rng.random() < 0.6:
        ok, enc = cv2.imencode(".jpg", img, [cv2.IMWRITE_JPEG_QUALITY, int(rng.integers(35, 90))])
        img = cv2.imdecode(enc, cv2.IMREAD_UNCHANGED)
    return img


def synth_scene(rng: np.random.Generator, long_side: int | None = SOURCE_LONG_SIDE) -> Scene:
    """A table with 1-4 rows of touching tiles split into groups, some turned, then perspective, blur, noise, JPEG.

    ``long_side=None`` keeps the scene at its drawn size (benchmarks); training caches it at ``SOURCE_LONG_SIDE``.
    """
    W, H = [(640, 480), (480, 640), (640, 640), (800, 450), (600, 800)][rng.integers(0, 5)]
    img = _background(["felt", "wood", "white", "dark"][rng.integers(0, 4)], W, H, rng)
    tile_h = int(rng.uniform(28, 110))
    ivory = rng.integers(-25, 10)
    bevel = np.clip(np.array([175, 170, 150]) + ivory + rng.integers(-30, 30, 3), 0, 255).astype(np.uint8)
    back = back_colours.training(rng)[::-1]  # BGR -> RGB: these tables are drawn in RGB
    boxes = _lay_rows(img, rng, tile_h, (bevel, back))
    img, boxes = _tilt_camera(img, boxes, rng)
    img = _camera_noise(img, rng)
    if long_side is None:
        return Scene(img, boxes, "synth")
    s = long_side / max(W, H)
    img = cv2.resize(img, (round(W * s), round(H * s)), interpolation=cv2.INTER_AREA)
    return Scene(img, boxes * s, "synth")


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
