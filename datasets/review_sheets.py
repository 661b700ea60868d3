"""Contact sheets for auditing every label of ``hk-photos/valid`` by eye, one labelled class at a time.

Why: the measurement set's published labels have slips, and reviewing only the boxes where the model disagrees
can move a figure only in the model's favour (a wrong label the model agrees with is never looked at). A sheet of
every crop that carries one label, in photo order and with no model output on it, lets a person spot the odd tile
out whatever the model says, so a review made from these sheets covers the whole set.

``python -m sikwu.datasets.review_sheets OUT_DIR`` writes ``OUT_DIR/<id>-<n>.png`` and ``OUT_DIR/index.json`` (sheet
cell -> photo and label line, the keys of ``datasets/hk_photos_review.csv``). The sheets are derived from
``../shared`` and stay outside the project.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import defaultdict
from pathlib import Path

import numpy as np
from sikwu.datasets import hk_photos

CELL = 96
COLUMNS = 10
ROWS = 8
CAPTION = 14


#: A box longer than this many times its width comes from a photo the dataset export squashed (tiles 10-13 times
#: taller or wider than they are); its cell shows it stretched back to a tile's 3:4, or it is an unreadable sliver.
SQUASHED_RATIO = 3.0


def _fit(crop_bgr: np.ndarray, size: int) -> np.ndarray:
    """Scale a crop to fit ``size`` square keeping its shape, so tall tiles stay tall and glyphs stay readable."""
    import cv2

    h, w = crop_bgr.shape[:2]
    if max(h, w) > SQUASHED_RATIO * min(h, w):
        h, w = (size, size * 3 // 4) if h > w else (size * 3 // 4, size)
    scale = size / max(h, w)
    small = cv2.resize(crop_bgr, (max(1, round(w * scale)), max(1, round(h * scale))), interpolation=cv2.INTER_AREA)
    out = np.full((size, size, 3), 40, np.uint8)
    y, x = (size - small.shape[0]) // 2, (size - small.shape[1]) // 2
    out[y : y + small.shape[0], x : x + small.shape[1]] = small
    return out


def collect(split: str = "valid", pad: float = 0.08) -> dict[str, list[tuple[str, int, np.ndarray]]]:
    """Labelled class -> [(photo name, label line, crop)] over the split, photos in name order."""
    import cv2

    by_class: dict[str, list[tuple[str, int, np.ndarray]]] = defaultdict(list)
    for path in hk_photos.images(split):
        img = cv2.imread(str(path), cv2.IMREAD_COLOR)
        if img is None:
            continue
        height, width = img.shape[:2]
        for line_no, line in enumerate(hk_photos.label_path(path).read_text().splitlines(), 1):
            box = hk_photos.parse_label_line(line, width, height)
            if box is None:
                continue
            w, h = box.w, box.h
            x0, y0 = max(0, int(box.x0 - pad * w)), max(0, int(box.y0 - pad * h))
            x1, y1 = min(width, int(box.x1 + pad * w) + 1), min(height, int(box.y1 + pad * h) + 1)
            if x1 <= x0 or y1 <= y0:
                continue
            by_class[box.tile].append((path.name, line_no, img[y0:y1, x0:x1]))
    return by_class


def draw_sheets(by_class: dict[str, list[tuple[str, int, np.ndarray]]], out_dir: Path) -> dict[str, object]:
    """Write the sheets; return the index (sheet file -> list of [photo, line] in cell order)."""
    import cv2
    from sikwu.artwork import render_face

    out_dir.mkdir(parents=True, exist_ok=True)
    index: dict[str, object] = {}
    per_sheet = COLUMNS * ROWS
    for tile, items in sorted(by_class.items()):
        ref = cv2.cvtColor(np.asarray(render_face(tile, CELL - 8).convert("RGB")), cv2.COLOR_RGB2BGR)
        for start in range(0, len(items), per_sheet):
            chunk = items[start : start + per_sheet]
            rows = (len(chunk) + COLUMNS - 1) // COLUMNS
            sheet = np.full((CELL + 2 * CAPTION + rows * (CELL + CAPTION), COLUMNS * CELL, 3), 255, np.uint8)
            sheet[4 : 4 + ref.shape[0], 4 : 4 + ref.shape[1]] = ref
            title = f"labelled {tile}: cells {start + 1}-{start + len(chunk)} of {len(items)} (left: drawn {tile})"
            cv2.putText(sheet, title, (ref.shape[1] + 16, CELL // 2), cv2.FONT_HERSHEY_SIMPLEX, 0.5, (0, 0, 0), 1)
            top = CELL + 2 * CAPTION
            for k, (_, _, crop) in enumerate(chunk):
                r, c = divmod(k, COLUMNS)
                y, x = top + r * (CELL + CAPTION), c * CELL
                sheet[y : y + CELL, x : x + CELL] = _fit(crop, CELL)
                cv2.putText(
                    sheet, str(start + k + 1), (x + 3, y + CELL + 11), cv2.FONT_HERSHEY_SIMPLEX, 0.4, (0, 0, 200), 1
                )
            name = f"{tile}-{start // per_sheet + 1}.png"
            cv2.imwrite(str(out_dir / name), sheet)
            index[name] = {"tile": tile, "first": start + 1, "cells": [[p, line] for p, line, _ in chunk]}
    (out_dir / "index.json").write_text(json.dumps(index, indent=1))
    return index


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m sikwu.datasets.review_sheets", description=__doc__.splitlines()[0])
    parser.add_argument("out_dir", type=Path, help="where to write the sheets (outside the project)")
    parser.add_argument("--split", default="valid", choices=hk_photos.SPLITS)
    args = parser.parse_args(argv)
    if not hk_photos.images(args.split):
        print(
            f"error: no hk-photos/{args.split} photos under {hk_photos.root()}; set SIKWU_SHARED to the shared folder",
            file=sys.stderr,
        )
        return 2
    index = draw_sheets(collect(args.split), args.out_dir)
    print(f"{len(index)} sheets in {args.out_dir}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
