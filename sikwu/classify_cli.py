"""``sikwu classify CROP... [--top K] [--json]``: name single-tile images with the shipped classifier."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from sikwu.scoring.tiles import TILE_NAMES

if TYPE_CHECKING:
    import numpy as np


def register(subparsers: argparse._SubParsersAction) -> None:
    p = subparsers.add_parser(
        "classify", help="name single-tile images (crops) with the tile classifier",
        description="Classify each image as one tile (42 ids), 'back' or 'not-a-tile'; prints the top K with "
        "probabilities.",
    )  # fmt: skip
    p.add_argument("crops", nargs="+", type=Path, metavar="CROP", help="image file(s) showing one tile each")
    p.add_argument("--top", type=int, default=3, metavar="K", help="alternatives per image (default 3)")
    p.add_argument("--model", type=Path, default=None, help="ONNX model (default: the shipped models/ file)")
    p.add_argument("--json", action="store_true", help="print JSON: [{file, top: [{id, probability}]}]")
    p.set_defaults(handler=run)


def _read(path: Path) -> np.ndarray:
    # imported here: OpenCV and NumPy are needed only by this subcommand, never by `sikwu score`
    import cv2
    import numpy as np

    if not path.exists():
        raise ValueError(f"{path}: no such file")
    if path.is_dir():
        raise ValueError(f"{path} is a folder; give image files of single tiles")
    data = np.fromfile(str(path), dtype=np.uint8)
    img = cv2.imdecode(data, cv2.IMREAD_COLOR) if data.size else None
    if img is None:
        raise ValueError(f"{path} is not a readable image (PNG/JPEG/BMP/WebP); give a photo of one tile")
    return img


def run(args: argparse.Namespace) -> int:
    if args.top < 1:
        print("error: --top must be at least 1", file=sys.stderr)
        return 2
    try:
        crops = [_read(p) for p in args.crops]
    except ValueError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    # imported here: sikwu.vision loads OpenCV and onnxruntime, which `sikwu score` never needs
    from sikwu.vision.classifier import ModelError, TileClassifier, default_classifier

    try:
        clf = TileClassifier(args.model) if args.model else default_classifier()
    except ModelError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    preds = clf.predict(crops, k=args.top)
    if args.json:
        out = [
            {"file": str(p), "top": [{"id": lab, "probability": round(prob, 4)} for lab, prob in pred]}
            for p, pred in zip(args.crops, preds, strict=True)
        ]
        print(json.dumps(out, indent=2, ensure_ascii=False))
    else:
        for p, pred in zip(args.crops, preds, strict=True):
            alts = "  ".join(f"{lab} {prob:.1%}" for lab, prob in pred)
            best = pred[0][0]
            name = TILE_NAMES[best].english if best in TILE_NAMES else best
            print(f"{p}: {best} ({name})  [{alts}]")
    return 0
