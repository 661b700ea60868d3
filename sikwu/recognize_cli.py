"""``sikwu recognize PHOTO [--json] [--annotate OUT.png] [--winning]``: find and name the tiles in a photo."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from sikwu.vision.result import Recognition


def register(subparsers: argparse._SubParsersAction) -> None:
    p = subparsers.add_parser(
        "recognize",
        help="find and name the tiles in a photo",
        description="Find every tile in a photo of a mahjong hand and name it (tile ids as in `sikwu score`).",
    )
    p.add_argument("photo", metavar="PHOTO", help="JPEG/PNG photo of the tiles")
    p.add_argument("--json", action="store_true", help="print the result as JSON")
    p.add_argument("--annotate", metavar="OUT.png", help="write the photo with each tile outlined and named")
    p.add_argument(
        "--winning",
        action="store_true",
        help="the photo is a winning hand: prefer the most probable reading that is a legal hand",
    )
    p.add_argument(
        "--set",
        dest="tile_set",
        metavar="NAME",
        help="read the tiles as the set taught with `sikwu teach PHOTO --set NAME`",
    )
    p.set_defaults(handler=run)


def _fail(message: str) -> int:
    print(f"sikwu recognize: error: {message}", file=sys.stderr)
    return 2


def run(args: argparse.Namespace) -> int:
    # imported here: sikwu.vision loads OpenCV and onnxruntime, which the other subcommands (`sikwu score`) never need
    from sikwu.vision.classifier import ModelError
    from sikwu.vision.io import ImageInputError, load_image
    from sikwu.vision.pipeline import ClassifierUnavailableError, recognize
    from sikwu.vision.tile_sets import TileSetError

    try:
        classifier = _classifier(args.tile_set)
        result = recognize(Path(args.photo), winning=args.winning, classifier=classifier)
    except (ImageInputError, TileSetError) as exc:
        return _fail(str(exc))
    except (ClassifierUnavailableError, ModelError) as exc:
        return _fail(f"cannot name the tiles: {exc}")
    if args.annotate:
        import cv2

        from sikwu.vision.annotate import annotate

        loaded = load_image(Path(args.photo))
        image = annotate(loaded.pixels, result, loaded.scale)
        out = Path(args.annotate)
        if not cv2.imwrite(str(out), image):
            return _fail(f"could not write {out} (use a .png or .jpg name in an existing folder)")
    if args.json:
        print(json.dumps(result.to_dict(), ensure_ascii=False, indent=2))
        return 0
    print(_text(result))
    if args.annotate:
        print(f"annotated photo: {args.annotate}")
    return 0


def _classifier(tile_set: str | None):
    """None (the shipped classifier) or one adapted to the named taught set; recognition calibrates at the end."""
    if tile_set is None:
        return None
    from sikwu.vision.set_classifier import for_recognition
    from sikwu.vision.teach import load_set

    return for_recognition(load_set(tile_set))


def _text(result: Recognition) -> str:
    lines = [
        f"{len(result.tiles)} tiles in a {result.image_size[0]}x{result.image_size[1]} photo "
        f"({result.timings_ms['total']:.0f} ms; candidates: {result.candidates}; decoding: {result.method})"
    ]
    groups: dict[int, list[str]] = {}
    for t in result.tiles:
        mark = "?" if (t.changed or t.low_confidence or t.unknown) else ""
        groups.setdefault(t.group, []).append(t.id + mark)
    for g, ids in groups.items():
        lines.append(f"  group {g}: {' '.join(ids)}")
    for i, t in enumerate(result.tiles):
        if t.changed or t.low_confidence or t.unknown:
            alts = ", ".join(f"{a} {p:.2f}" for a, p in t.top3)
            why = "maybe not a tile of this set" if t.unknown else "changed" if t.changed else "low confidence"
            lines.append(f"  tile {i} {t.id} ({why}; top-3: {alts})")
    lines.extend(f"  note: {n}" for n in result.notes)
    return "\n".join(lines)
