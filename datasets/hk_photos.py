"""Loader for ``hk-photos``: real phone photos of Hong Kong tiles with YOLO boxes, turned into single-tile crops.

Why crops with padding: the vision pipeline hands the classifier boxes found by segmentation, which are never exactly
the annotated box, so training crops keep a margin around the box and training jitters the framing inside it.
``valid/`` is the measurement set and must never reach training; the split is an explicit argument everywhere.
Negative crops (``not-a-tile``) come from the same photos: table between tiles and boxes straddling two tiles.
"""

from __future__ import annotations

import csv
import functools
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import numpy as np
from sikwu.datasets.paths import shared_path

#: Class index in ``data.yaml`` -> canonical tile id (table in hk-photos/README.md).
CLASS_MAP: tuple[str, ...] = (
    "5f", "1m", "1p", "1s", "1z", "6f", "2m", "2p", "2s", "2z",
    "7f", "3m", "3p", "3s", "3z", "8f", "4m", "4p", "4s", "4z",
    "1f", "5m", "5p", "5s", "5z", "2f", "6m", "6p", "6s", "6z",
    "3f", "7m", "7p", "7s", "7z", "4f", "8m", "8p", "8s", "9m",
    "9p", "9s",
)  # fmt: skip

SPLITS = ("train", "valid")


@dataclass(frozen=True)
class Box:
    """A labelled tile in pixel coordinates (x0, y0) inclusive to (x1, y1) exclusive."""

    tile: str
    x0: float
    y0: float
    x1: float
    y1: float

    @property
    def w(self) -> float:
        return self.x1 - self.x0

    @property
    def h(self) -> float:
        return self.y1 - self.y0


def root() -> Path:
    return shared_path("datasets", "hk-photos")


def parse_label_line(line: str, width: int, height: int) -> Box | None:
    """One YOLO row -> a pixel box. Polygon rows (more than 4 numbers) become their bounding box."""
    parts = line.split()
    if len(parts) < 5:
        return None
    cls = int(float(parts[0]))
    nums = [float(v) for v in parts[1:]]
    if len(nums) == 4:
        xc, yc, w, h = nums
        x0, x1, y0, y1 = xc - w / 2, xc + w / 2, yc - h / 2, yc + h / 2
    else:
        xs, ys = nums[0::2], nums[1::2]
        x0, x1, y0, y1 = min(xs), max(xs), min(ys), max(ys)
    x0, x1 = max(0.0, x0) * width, min(1.0, x1) * width
    y0, y1 = max(0.0, y0) * height, min(1.0, y1) * height
    if x1 - x0 < 2 or y1 - y0 < 2:
        return None
    return Box(CLASS_MAP[cls], x0, y0, x1, y1)


def images(split: str, base: Path | None = None) -> list[Path]:
    if split not in SPLITS:
        raise ValueError(f"unknown hk-photos split {split!r}; expected one of {SPLITS}")
    folder = (base or root()) / split / "images"
    return sorted(folder.glob("*.jpg"))


def label_path(image: Path) -> Path:
    return image.parent.parent / "labels" / (image.stem + ".txt")


#: Box labels in ``valid`` that a person corrected after looking at the crop (photo, 1-based label line, the label
#: as published, the tile the crop shows, what was seen). Every box of ``valid`` was read (2026-11-22) on the contact
#: sheets of ``datasets.review_sheets`` - crops of one label side by side, no model output shown - by two readers
#: per sheet, the seven labelling-slip photos box by box; figures with these corrections are reported beside the
#: as-published ones, never instead of them.
REVIEW_FILE = Path(__file__).with_name("hk_photos_review.csv")
#: The reviewed id of a box that holds no tile of its own (a second box drawn on a tile that already has one):
#: reviewed ground truth leaves it out.
NO_TILE = "none"
#: What the labelled boxes leave out, found by looking at every ``valid`` photo with its boxes drawn on a grid (no
#: model output shown; 2026-11-22): ``tile`` rows are face-up tiles among the labelled ones that have no box (id read
#: by eye, box checked by eye), ``ignore`` rows are regions the labels did not cover and reviewed figures do not score
#: (discards the labeller left unboxed, face-down tiles, faces cut by the photo edge, one tile whose numeral could
#: not be read). Used only for the reviewed figures of the recognition benchmark; the classifier is measured on the
#: labelled boxes.
REVIEW_BOXES_FILE = Path(__file__).with_name("hk_photos_review_boxes.csv")


@functools.cache
def reviewed_labels() -> dict[tuple[str, int], tuple[str, str]]:
    """(photo name, label line) -> (published id, reviewed id), from ``REVIEW_FILE``."""
    with REVIEW_FILE.open(newline="", encoding="utf-8") as fh:
        return {(r["photo"], int(r["line"])): (r["labelled"], r["reviewed"]) for r in csv.DictReader(fh)}


@functools.cache
def _review_boxes() -> dict[str, list[tuple[str, Box]]]:
    out: dict[str, list[tuple[str, Box]]] = {}
    if not REVIEW_BOXES_FILE.exists():
        return out
    with REVIEW_BOXES_FILE.open(newline="", encoding="utf-8") as fh:
        for r in csv.DictReader(fh):
            box = Box(r["tile"], float(r["x0"]), float(r["y0"]), float(r["x1"]), float(r["y1"]))
            out.setdefault(r["photo"], []).append((r["kind"], box))
    return out


def added_boxes(image: Path) -> list[Box]:
    """Face-up tiles of the photo that the published labels have no box for (``REVIEW_BOXES_FILE``)."""
    return [b for kind, b in _review_boxes().get(image.name, []) if kind == "tile"]


def ignored_regions(image: Path) -> list[tuple[float, float, float, float]]:
    """Regions of the photo that reviewed figures do not score (face-down tiles, cut faces)."""
    return [(b.x0, b.y0, b.x1, b.y1) for kind, b in _review_boxes().get(image.name, []) if kind == "ignore"]


def read_boxes(image: Path, width: int, height: int, reviewed: bool = False, with_added: bool = False) -> list[Box]:
    """The photo's labelled boxes; with ``reviewed`` the corrections of ``REVIEW_FILE`` replace published labels
    (and drop the boxes reviewed as ``NO_TILE``); ``with_added`` also gives the face-up tiles the labels missed."""
    path = label_path(image)
    if not path.exists():
        return []
    fixes = reviewed_labels() if reviewed else {}
    out = []
    for line_no, line in enumerate(path.read_text().splitlines(), 1):
        box = parse_label_line(line, width, height)
        if box is None:
            continue
        fix = fixes.get((image.name, line_no))
        if fix is not None:
            if fix[0] != box.tile:
                raise ValueError(
                    f"{REVIEW_FILE.name}: {image.name} line {line_no} is labelled {box.tile}, not {fix[0]} as "
                    "reviewed; the dataset changed, so review that box again"
                )
            if fix[1] == NO_TILE:
                continue
            box = Box(fix[1], box.x0, box.y0, box.x1, box.y1)
        out.append(box)
    if reviewed and with_added:
        out += added_boxes(image)
    return out


#: A photo whose boxes all carry one class and number at least this many cannot be a real layout: a set has four
#: copies of a tile (one of a flower), so nine boxes of one id is more than two whole sets. In ``valid`` seven photos
#: (IMG_2778-IMG_2788) have every tile labelled ``sd1`` (1p) whatever it shows: a labelling slip, not a tile.
LABEL_SLIP_MIN_BOXES = 9


def is_label_slip(boxes: list[Box]) -> bool:
    """True when a photo's labels are one class repeated beyond what a tile set holds (see LABEL_SLIP_MIN_BOXES)."""
    return len(boxes) >= LABEL_SLIP_MIN_BOXES and len({b.tile for b in boxes}) == 1


def label_slips(split: str, base: Path | None = None, reviewed: bool = False) -> list[str]:
    """Names of the photos in ``split`` whose labels are a labelling slip; measurements report with and without them.

    With ``reviewed`` the by-eye corrections apply first, so a slip photo whose every box was read again is no slip.
    """
    from PIL import Image

    out = []
    for path in images(split, base):
        with Image.open(path) as im:
            width, height = im.size
        if is_label_slip(read_boxes(path, width, height, reviewed=reviewed)):
            out.append(path.name)
    return out


def crop_box(img: np.ndarray, x0: float, y0: float, x1: float, y1: float, size: int, pad: float = 0.0) -> np.ndarray:
    """Crop a box grown by ``pad`` of its size on each side (edge-replicated outside the image), resized square."""
    import cv2

    w, h = x1 - x0, y1 - y0
    x0, x1, y0, y1 = x0 - pad * w, x1 + pad * w, y0 - pad * h, y1 + pad * h
    ix0, iy0, ix1, iy1 = int(round(x0)), int(round(y0)), int(round(x1)), int(round(y1))
    H, W = img.shape[:2]
    padl, padt, padr, padb = max(0, -ix0), max(0, -iy0), max(0, ix1 - W), max(0, iy1 - H)
    sub = img[max(0, iy0) : min(H, iy1), max(0, ix0) : min(W, ix1)]
    if padl or padt or padr or padb:
        sub = cv2.copyMakeBorder(sub, padt, padb, padl, padr, cv2.BORDER_REPLICATE)
    return cv2.resize(sub, (size, size), interpolation=cv2.INTER_AREA)


def _overlap(b: tuple[float, float, float, float], t: Box) -> tuple[float, float]:
    """Intersection as a fraction of the tile's area and of the candidate box's area."""
    ix = max(0.0, min(b[2], t.x1) - max(b[0], t.x0))
    iy = max(0.0, min(b[3], t.y1) - max(b[1], t.y0))
    inter = ix * iy
    return inter / max(1.0, t.w * t.h), inter / max(1.0, (b[2] - b[0]) * (b[3] - b[1]))


def negative_boxes(boxes: list[Box], width: int, height: int, rng: np.random.Generator, n: int) -> list[tuple]:
    """Tile-sized boxes that are not one tile: table regions and boxes straddling two tiles (half + half).

    A candidate is kept only when no tile covers more than 55% of it and it holds at most 55% of any tile, so a
    loose crop of a real tile (which overlaps >= 80%) is never labelled ``not-a-tile``.
    """
    if not boxes:
        return []
    out: list[tuple] = []
    for _ in range(n * 6):
        if len(out) >= n:
            break
        ref = boxes[int(rng.integers(len(boxes)))]
        w, h = ref.w * rng.uniform(0.8, 1.2), ref.h * rng.uniform(0.8, 1.2)
        if w >= width or h >= height:
            continue
        if rng.random() < 0.6:  # shift half a tile sideways or up/down: straddles a neighbour or the table edge
            dx, dy = (ref.w * rng.choice([-1, 1]) * rng.uniform(0.45, 0.6), 0.0)
            if rng.random() < 0.5:
                dx, dy = 0.0, ref.h * rng.choice([-1, 1]) * rng.uniform(0.45, 0.6)
            cx, cy = (ref.x0 + ref.x1) / 2 + dx, (ref.y0 + ref.y1) / 2 + dy
        else:
            cx, cy = rng.uniform(w / 2, width - w / 2), rng.uniform(h / 2, height - h / 2)
        cand = (cx - w / 2, cy - h / 2, cx + w / 2, cy + h / 2)
        if cand[0] < 0 or cand[1] < 0 or cand[2] > width or cand[3] > height:
            continue
        if all(max(_overlap(cand, t)) <= 0.55 for t in boxes):
            out.append(cand)
    return out


def iter_crops(
    split: str, size: int, pad: float, negatives_per_image: int = 0, seed: int = 0, base: Path | None = None
) -> Iterator[tuple[np.ndarray, str, str]]:
    """Yield ``(crop_bgr, label, image_name)`` for every labelled tile, then negatives, image by image."""
    import cv2

    rng = np.random.default_rng(seed)
    for path in images(split, base):
        img = cv2.imread(str(path), cv2.IMREAD_COLOR)
        if img is None:
            continue
        H, W = img.shape[:2]
        boxes = read_boxes(path, W, H)
        for b in boxes:
            yield crop_box(img, b.x0, b.y0, b.x1, b.y1, size, pad), b.tile, path.name
        for cand in negative_boxes(boxes, W, H, rng, negatives_per_image):
            x0, y0, x1, y1 = cand
            yield crop_box(img, x0, y0, x1, y1, size, pad), "not-a-tile", path.name
