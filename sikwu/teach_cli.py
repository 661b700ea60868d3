"""``sikwu teach PHOTO --set NAME [--json]``: teach sikwu a table's own tile set from one photo of it laid out."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path


def register(subparsers: argparse._SubParsersAction) -> None:
    p = subparsers.add_parser(
        "teach",
        help="teach sikwu your tile set from one photo of its faces laid out",
        description="Lay out one tile of each of the 42 faces face-up (any order, or in order with --in-order) and "
        "photograph them from above. "
        "Recognition with --set NAME then adapts to that set (stored per user; nothing is retrained).",
    )
    p.add_argument("photo", metavar="PHOTO", nargs="?", help="photo of the set laid out (JPEG/PNG/HEIC)")
    p.add_argument("--set", dest="set_name", metavar="NAME", help="name of the set, e.g. the table's name")
    p.add_argument(
        "--in-order",
        action="store_true",
        help="the tiles are laid out in order, rows read left to right: characters 1-9, dots 1-9, bamboo 1-9, "
        "east south west north, white green red, flowers 1-4, seasons 1-4 (34 tiles: no flowers and seasons); "
        "each tile is then named by its place, which teaches a set the classifier reads badly",
    )
    p.add_argument("--replace", action="store_true", help="forget what the set was taught before")
    p.add_argument(
        "--rename",
        nargs="+",
        metavar="TILE=ID",
        help="put right the names of taught tiles, by the numbers a teaching step listed to check (e.g. 12=3m); "
        "with --set NAME and no photo",
    )
    p.add_argument("--list", action="store_true", help="list the sets taught here and exit")
    p.add_argument("--json", action="store_true", help="print the result as JSON")
    p.set_defaults(handler=run)


def _fail(message: str) -> int:
    print(f"sikwu teach: error: {message}", file=sys.stderr)
    return 2


def run(args: argparse.Namespace) -> int:
    from sikwu.vision.classifier import ModelError
    from sikwu.vision.io import ImageInputError
    from sikwu.vision.teach import TeachError, teach_from_photo
    from sikwu.vision.tile_sets import TileSetError, data_dir, list_sets

    if args.list:
        sets = list_sets()
        print(json.dumps({"sets": sets, "folder": str(data_dir() / "tile_sets")}) if args.json else "\n".join(sets))
        return 0
    if args.rename and args.set_name and not args.photo:
        return _rename(args)
    if not args.photo or not args.set_name:
        return _fail("give a photo and a set name: sikwu teach PHOTO --set NAME (or --set NAME --rename TILE=ID)")
    try:
        result = teach_from_photo(Path(args.photo), args.set_name, replace=args.replace, in_order=args.in_order)
    except (ImageInputError, TeachError, TileSetError, ModelError) as exc:
        return _fail(str(exc))
    if args.json:
        print(json.dumps(result.to_dict(), ensure_ascii=False, indent=2))
        return 0
    added = sum(result.taught.values())
    print(f"taught set {result.set_name!r}: {added} tiles of {len(result.taught)} faces from this photo; "
          f"the set now knows {result.faces_in_set} of 42 faces ({result.path})")  # fmt: skip
    if result.table_crops:
        print(f"  the table too: {result.table_crops} crops of it read as no tile with this set")
    for note in result.notes:
        print(f"  note: {note}")
    for tile, name, _crop in result.unsure_tiles:
        print(f"  check tile {tile}: {name}" if tile is not None else f"  not taught (no face): best guess {name}")
    if any(tile is not None for tile, _n, _c in result.unsure_tiles):
        print(f"  put a wrong one right: sikwu teach --set {result.set_name!r} --rename TILE=ID ...")
    return 0


def _rename(args: argparse.Namespace) -> int:
    from sikwu.vision.teach import TeachError, rename_tiles
    from sikwu.vision.tile_sets import TileSetError

    names: dict[int, str] = {}
    for item in args.rename:
        tile, _, face = item.partition("=")
        if not tile.strip().isdigit() or not face.strip():
            return _fail(f"--rename takes TILE=ID, such as 12=3m, not {item!r}")
        names[int(tile)] = face.strip()
    try:
        result = rename_tiles(args.set_name, names)
    except (TeachError, TileSetError) as exc:
        return _fail(str(exc))
    if args.json:
        print(json.dumps(result.to_dict(), ensure_ascii=False, indent=2))
    else:
        print(f"renamed {len(names)} tile(s) of set {result.set_name!r}; it knows {result.faces_in_set} of 42 faces")
    return 0
