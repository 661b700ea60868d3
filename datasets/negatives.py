"""Things that are not a known tile, from real images, to measure how often recognition says "unknown" for them.

Why these sources, and not shapes drawn to pass: the unknown verdict must hold for what a real table shows besides
tiles. Sources (nothing is copied into the project; each is read where it lies or fetched into ``.cache``):

- ``table``: ``hk-photos/valid`` boxes of tile size that hold no single tile (table cloth, tile edges, a box across
  two tiles), as ``hk_photos.negative_boxes`` cuts them. Real photos of real tables.
- ``coins``: each coin of scikit-image's ``coins.png`` (a photograph of Greek coins, public domain), cut at tile shape.
- ``photo``: tile-shaped crops of the scikit-image photographs (cat, coffee cup, astronaut, camera man, motorcycle,
  rocket) and its surfaces (brick, grass, gravel) and printed page, which stand in for a hand, a cup, a card's print
  and table tops.

The scikit-image pictures come from Debian's ``python3-skimage`` package, fetched with ``apt-get download`` into
``.cache/negatives`` (``fetch_skimage_data``) the first time; without it those sources are skipped and said so.
Jokers, fingers and playing cards: no real photos of them are available here, so they are not in the set.
"""

from __future__ import annotations

import subprocess
import tempfile
from pathlib import Path

import numpy as np
from sikwu.datasets import hk_photos
from sikwu.datasets.paths import PROJECT_ROOT

CACHE = PROJECT_ROOT / ".cache" / "negatives"
SKIMAGE_PACKAGE = "python3-skimage"
PHOTOS = ("chelsea.png", "coffee.png", "astronaut.png", "camera.png", "motorcycle_left.png", "rocket.jpg",
          "brick.png", "grass.png", "gravel.png", "page.png")  # fmt: skip
#: Tile shape (height / width) of a standing tile face.
TILE_ASPECT = 4 / 3


def skimage_data_dir() -> Path:
    return CACHE / "usr" / "lib" / "python3" / "dist-packages" / "skimage" / "data"


def fetch_skimage_data() -> Path | None:
    """Unpack Debian's scikit-image data pictures into ``.cache/negatives`` (once); None when apt cannot fetch it."""
    folder = skimage_data_dir()
    if (folder / "coins.png").is_file():
        return folder
    CACHE.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        try:
            subprocess.run(["apt-get", "download", SKIMAGE_PACKAGE], cwd=tmp, check=True, capture_output=True)
            deb = next(Path(tmp).glob("*.deb"))
            subprocess.run(["dpkg-deb", "-x", str(deb), str(CACHE)], check=True, capture_output=True)
        except (OSError, subprocess.CalledProcessError, StopIteration):
            return None
    return folder if (folder / "coins.png").is_file() else None


def table_crops(per_photo: int = 2, seed: int = 0) -> list[np.ndarray]:
    import cv2

    rng = np.random.default_rng(seed)
    out = []
    for path in hk_photos.images("valid"):
        img = cv2.imread(str(path), cv2.IMREAD_COLOR)
        if img is None:
            continue
        boxes = hk_photos.read_boxes(path, img.shape[1], img.shape[0], reviewed=True)
        for x0, y0, x1, y1 in hk_photos.negative_boxes(boxes, img.shape[1], img.shape[0], rng, per_photo):
            out.append(img[int(y0) : int(y1), int(x0) : int(x1)].copy())
    return [c for c in out if min(c.shape[:2]) >= 8]


def coin_crops(folder: Path) -> list[np.ndarray]:
    """One tile-shaped crop around each coin found (Hough circles) in ``coins.png``."""
    import cv2

    img = cv2.imread(str(folder / "coins.png"), cv2.IMREAD_COLOR)
    if img is None:
        return []
    gray = cv2.medianBlur(cv2.cvtColor(img, cv2.COLOR_BGR2GRAY), 5)
    circles = cv2.HoughCircles(gray, cv2.HOUGH_GRADIENT, 1.2, 25, param1=100, param2=30, minRadius=12, maxRadius=45)
    out = []
    for x, y, r in circles[0] if circles is not None else []:
        w, h = 2.2 * r, 2.2 * r * TILE_ASPECT
        x0, y0 = int(max(0, x - w / 2)), int(max(0, y - h / 2))
        crop = img[y0 : int(y + h / 2), x0 : int(x + w / 2)]
        if min(crop.shape[:2]) >= 16:
            out.append(crop.copy())
    return out


def photo_crops(folder: Path, per_photo: int = 12, seed: int = 0) -> list[np.ndarray]:
    import cv2

    rng = np.random.default_rng(seed)
    out = []
    for name in PHOTOS:
        img = cv2.imread(str(folder / name), cv2.IMREAD_COLOR)
        if img is None:
            continue
        H, W = img.shape[:2]
        for _ in range(per_photo):
            w = int(rng.uniform(0.12, 0.35) * min(H, W))
            h = int(w * TILE_ASPECT)
            x0, y0 = int(rng.integers(0, W - w)), int(rng.integers(0, H - h))
            out.append(img[y0 : y0 + h, x0 : x0 + w].copy())
    return out


def negative_set() -> tuple[dict[str, list[np.ndarray]], list[str]]:
    """Source -> crops, and notes on sources left out."""
    sets: dict[str, list[np.ndarray]] = {"table": table_crops()}
    notes = []
    folder = fetch_skimage_data()
    if folder is None:
        notes.append(f"coins and photo crops skipped: `apt-get download {SKIMAGE_PACKAGE}` failed")
    else:
        sets["coins"] = coin_crops(folder)
        sets["photo"] = photo_crops(folder)
    return sets, notes
