"""The held-out evaluation items of ``datasets.split`` as crops, each with where it came from and its calibration part.

Why one loader: evaluation, calibration and the teaching benchmark must read exactly the same held-out items with the
same framing (the annotated box, native size, as ``prepare.hk_valid_crops``) and the same fit/report parts, so no
figure is fitted on the items it is reported with.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
from sikwu.datasets import hk_photos, split, tile_crops


@dataclass(frozen=True)
class Crop:
    image: np.ndarray  # BGR uint8
    tile: str
    source: str  # "hk-photos/IMG_27xx" or "tile-crops/<group>"
    origin: str  # photo file name
    part: split.Part


def _box_crop(img: np.ndarray, b: hk_photos.Box) -> np.ndarray:
    x0, y0 = int(round(b.x0)), int(round(b.y0))
    x1, y1 = max(x0 + 2, int(round(b.x1))), max(y0 + 2, int(round(b.y1)))
    return img[y0:y1, x0:x1].copy()


def hk_photo_crops(held_out: bool, reviewed: bool = True) -> list[Crop]:
    """Tile crops of ``hk-photos/valid``: the held-out IMG_27xx photos, or (``held_out=False``) all the others.

    Reviewed labels (``hk_photos.REVIEW_FILE``) by default; photos still labelled one class throughout are skipped."""
    import cv2

    out = []
    for path in hk_photos.images("valid"):
        if split.is_held_out_photo(path.name) != held_out:
            continue
        img = cv2.imread(str(path), cv2.IMREAD_COLOR)
        if img is None:
            continue
        boxes = hk_photos.read_boxes(path, img.shape[1], img.shape[0], reviewed=reviewed)
        if hk_photos.is_label_slip(boxes):
            continue
        source = "hk-photos/IMG_27xx" if held_out else "hk-photos/valid in-distribution"
        part = split.calibration_part(path.name)
        out += [Crop(_box_crop(img, b), b.tile, source, path.name, part) for b in boxes]
    return out


def tile_crops_held_out(unseen_by: dict[str, str] | None = None) -> list[Crop]:
    """Crops of the held-out tile-set groups; with a model's metadata, only those that model never trained on."""
    import cv2

    items = split.held_out_tile_crops()
    if unseen_by is not None:
        items = split.unseen_by(unseen_by, items)
    out = []
    for it in items:
        group = split.group_of(it)
        img = cv2.imread(str(it.image), cv2.IMREAD_COLOR)
        if img is not None:
            out.append(Crop(img, it.tile, f"tile-crops/{group}", it.image.name, split.calibration_part("", group)))
    return out


def by_part(crops: list[Crop], part: split.Part) -> list[Crop]:
    return [c for c in crops if c.part == part]


def tile_crops_item(name: str) -> tile_crops.Item:
    return next(it for it in tile_crops.load() if it.image.name == name)
