"""Contact sheets of tile-crops by tile-set group, to check the grouping of ``datasets.split`` by eye.

Why: the held-out split rests on which photos belong to which tile set, and that was decided by looking; anyone
changing ``tile_crops_groups.csv`` should look again. One PNG per group, crops side by side with their file numbers.
Usage: ``python -m sikwu.datasets.group_sheets OUT_DIR`` (needs ../shared).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

import numpy as np
from sikwu.datasets import split, tile_crops

THUMB = (90, 120)  # width, height of one crop on the sheet
COLUMNS = 14


def sheet(items: list[tile_crops.Item], columns: int = COLUMNS) -> np.ndarray:
    """The crops in rows, each with its file number under it."""
    import cv2

    w, h = THUMB
    rows = max(1, (len(items) + columns - 1) // columns)
    img = np.full((rows * (h + 16), columns * w, 3), 255, np.uint8)
    for i, it in enumerate(items):
        crop = cv2.imread(str(it.image), cv2.IMREAD_COLOR)
        y, x = (i // columns) * (h + 16), (i % columns) * w
        if crop is not None:
            img[y : y + h - 4, x : x + w - 4] = cv2.resize(crop, (w - 4, h - 4), interpolation=cv2.INTER_AREA)
        cv2.putText(img, f"{it.image.stem} {it.tile}", (x + 2, y + h + 8), cv2.FONT_HERSHEY_SIMPLEX, 0.35, 0, 1)
    return img


def write_sheets(out: Path) -> list[Path]:
    import cv2

    out.mkdir(parents=True, exist_ok=True)
    by_group: dict[str, list[tile_crops.Item]] = {}
    for it in tile_crops.load():
        by_group.setdefault(split.group_of(it), []).append(it)
    paths = []
    for group, items in by_group.items():
        side = "held-out" if group in split.HELD_OUT_GROUPS else "train"
        path = out / f"{side}-{group}.png"
        cv2.imwrite(str(path), sheet(sorted(items, key=lambda it: int(it.image.stem))))
        paths.append(path)
    return paths


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m sikwu.datasets.group_sheets", description=__doc__.splitlines()[0])
    p.add_argument("out", type=Path, help="folder for the PNG sheets")
    args = p.parse_args(argv)
    if not (tile_crops.root() / "labels.csv").is_file():
        print(f"error: tile-crops not found at {tile_crops.root()} (set SIKWU_SHARED)", file=sys.stderr)
        return 2
    for path in write_sheets(args.out):
        print(path)
    return 0


if __name__ == "__main__":
    sys.exit(main())
